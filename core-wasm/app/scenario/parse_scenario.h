// The scenario parser: a scenario file's text into a Scenario, every field checked, errors naming the field.
#pragma once
#include <string>

#include "scenario/scenario.h"

namespace hpcsim {

/// Parses and checks a scenario. The full structural check is the JSON schema (applied by the CLI and the page
/// with ajv); this parser re-checks every value the core uses, so a bad file can never crash it: the common
/// fields here, the fabric's, the workload kind's and each protocol's through their catalog entries (enrolled
/// first, enrol_all()). Returns "" on success, else one line naming the offending field, e.g.
/// "workload.target: 20 is not a node of a 16-node cluster". Never throws.
std::string parse_scenario(const std::string& text, Scenario* out);

}  // namespace hpcsim
