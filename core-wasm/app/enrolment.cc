// Enrols the models of app/enrolment_list.h. Static libraries would drop self-registering objects, so the list is
// explicit (docs/architecture.md).
//
// Compiled once into hpcsim_app with every line (HPCSIM_WASM_SYSTEM undefined), and once more into each per-system
// wasm module with HPCSIM_WASM_SYSTEM="<system>" (core-wasm/cmake/wasm.cmake): there the lines of other systems sit
// in discarded `if constexpr` branches of a template, are never instantiated, and so never reference their
// enrol_<name>; the linker then leaves those models out. The module's own enrolment.o defines enrol_all, so the
// archive's full one is never pulled in (an archive member is linked only for a symbol still undefined).
#include "enrolment.h"

#include <string_view>

#include "catalog/catalog.h"

#ifndef HPCSIM_WASM_SYSTEM
#define HPCSIM_WASM_SYSTEM ""  // the full core
#endif

namespace hpcsim {

#define HPCSIM_ENROLMENT(name, systems) void enrol_##name(Catalog&);
#include "enrolment_list.h"
#undef HPCSIM_ENROLMENT

namespace {

/// True when the build is the full core (`system` empty) or `system` is one of the space-separated words of
/// `systems`.
constexpr bool carries(std::string_view systems, std::string_view system) {
  if (system.empty()) return true;
  while (!systems.empty()) {
    const auto end = systems.find(' ');
    if (systems.substr(0, end) == system) return true;
    if (end == std::string_view::npos) break;
    systems.remove_prefix(end + 1);
  }
  return false;
}

}  // namespace

/// Calls every enrol_<name> this build carries, in the list's order. A template so that the discarded branches are
/// never instantiated (and name no symbol).
template <int = 0>
void enrol_listed(Catalog& c) {
#define HPCSIM_ENROLMENT(name, systems) \
  if constexpr (carries(systems, HPCSIM_WASM_SYSTEM)) enrol_##name(c);
#include "enrolment_list.h"
#undef HPCSIM_ENROLMENT
}

void enrol_all() {
  static const bool done = [] {
    enrol_listed(catalog());
    return true;
  }();
  (void)done;
}

}  // namespace hpcsim
