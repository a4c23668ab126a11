// The one enrolment list of the composition root: every fabric, protocol and workload kind (enrolment.cc).
#pragma once

namespace hpcsim {

/// Enrols every model in catalog() once; later calls do nothing. Called by Session::create, parse_scenario, the
/// wasm bridge and the CLI before they read the catalog.
void enrol_all();

}  // namespace hpcsim
