// A scenario file (scenarios/scenario.schema.json) as the core reads it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "params/parameter.h"

namespace hpcsim {

struct SeriesSpec {
  std::string id;
  std::string label;
  std::string protocol;   ///< "portals" | "tports"
  std::string operation;  ///< "put" | "get" | "send"
};

struct Scenario {
  std::string id;
  uint32_t seed = 1;
  int nodes = 16;
  std::string testbed = "sandia-elan3-2004";
  int initiator = 0;
  int target = 1;
  bool half_shift = false;  ///< every node i < N/2 pings node i + N/2 concurrently
  int warmup_iterations = 1;
  int iterations = 2;
  std::vector<uint32_t> sizes_bytes;
  std::vector<SeriesSpec> series;
  ParameterSet parameters;
  uint64_t trace_max_records = 1000000;
};

/// Parses and checks a scenario. The full structural check is the JSON schema (applied by the CLI and the
/// page with ajv); this parser re-checks every value the core uses, so a bad file can never crash it.
/// Returns "" on success, else one line naming the offending field, e.g.
/// "workload.target: 20 is not a node of a 16-node cluster". Never throws.
std::string parse_scenario(const std::string& text, Scenario* out);

}  // namespace hpcsim
