// Test support: scenario text put together from a cluster and a workload object, a whole run through Session to its
// result JSON, a ping-pong point's latency read from that result, and the parser's error for a scenario.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "nlohmann/json.hpp"
#include "run/session.h"
#include "scenario/parse_scenario.h"

namespace hpcsim::test {

/// A scenario file's text with `cluster` and `workload` (JSON object texts) and id "t".
inline std::string scenario_text(const std::string& cluster, const std::string& workload) {
  return R"({"format":"hpc-interconnect-scenario","version":1,"id":"t","cluster":)" + cluster +
         R"(,"workload":)" + workload + "}";
}

/// Runs `text` to its end; its result JSON (and its topology JSON into `topology` when given). A scenario the core
/// refuses fails the calling test and gives null.
inline nlohmann::json run_to_end(const std::string& text, nlohmann::json* topology = nullptr) {
  std::string err;
  auto s = Session::create(text, &err);
  EXPECT_TRUE(s) << err;
  if (!s) return nlohmann::json();
  while (!s->run(1u << 20)) {
  }
  if (topology) *topology = nlohmann::json::parse(s->topology_json());
  return nlohmann::json::parse(s->result_json());
}

/// One-way latency (µs) of the point of `bytes` in series `series` of a ping-pong result; -1 when absent.
inline double point_latency_us(const nlohmann::json& result, const std::string& series, int bytes) {
  for (const auto& s : result["series"])
    if (s["id"] == series)
      for (const auto& p : s["points"])
        if (p["bytes"] == bytes) return p["latency_us"].get<double>();
  return -1;
}

/// The parser's error for scenario `j` ("" when it is accepted).
inline std::string parse_error_of(const nlohmann::json& j) {
  Scenario s;
  return parse_scenario(j.dump(), &s);
}

}  // namespace hpcsim::test
