// libFuzzer target over the whole path a scenario text takes into the core (issue 12 item 1): the JSON parse, the
// scenario parser's checks, the catalog's fabric, protocol and workload factories (Session::create), then a short
// bounded run of what was built. Built with clang's -fsanitize=fuzzer,address,undefined by
// core-wasm/tools/fuzz.sh; seeded with every shipped scenario, inputs that once crashed kept in
// core-wasm/test/fuzz/regressions/. A refusal is a normal outcome; a crash, leak, sanitizer report or hang is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "run/session.h"

namespace {

/// Kernel events a built session may run per input: enough to start every series' first messages, small enough
/// that libFuzzer's per-input timeout is never the bound.
constexpr uint64_t kEventBudget = 20000;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto session = hpcsim::Session::create(text, &error);
  if (!session) {
    // Every refusal names something: an empty message would reach the user as a blank error line.
    if (error.empty()) __builtin_trap();
    return 0;
  }
  session->run(kEventBudget);
  return 0;
}
