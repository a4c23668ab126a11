// The one enrolment list of the composition root: every fabric, protocol and workload kind (enrolment_list.h), or
// in a per-system wasm module the list's lines for that system (enrolment.cc).
#pragma once

namespace hpcsim {

/// Enrols the models of this build in catalog() once (every model; in a per-system wasm module, that system's); later
/// calls do nothing. Called by Session::create, parse_scenario, the wasm bridge and the CLI before they read the
/// catalog.
void enrol_all();

}  // namespace hpcsim
