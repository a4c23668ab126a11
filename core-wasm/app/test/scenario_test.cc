// Scenario parsing: every bad input gets one line naming the field; good input round-trips.
#include <gtest/gtest.h>

#include "nlohmann/json.hpp"
#include "scenario/parse_scenario.h"
#include "support/scenario_runs.h"
#include "workload/pingpong_spec.h"

namespace hpcsim {
namespace {

using test::parse_error_of;

nlohmann::json base() {
  return nlohmann::json::parse(R"({"format":"hpc-interconnect-scenario","version":1,"id":"t",
    "cluster":{"fabric":"qsnet","nodes":16},
    "workload":{"kind":"pingpong","initiator":0,"target":5,"sizes_bytes":[0,8],
      "series":[{"id":"a","protocol":"portals","operation":"put"}]}})");
}

TEST(Scenario, AcceptsAValidScenario) {
  Scenario s;
  ASSERT_EQ(parse_scenario(base().dump(), &s), "");
  EXPECT_EQ(s.nodes, 16);
  EXPECT_EQ(s.workload_as<PingPongSpec>().sizes_bytes.size(), 2u);
  EXPECT_EQ(s.series[0].label, "a");
}

TEST(Scenario, FatTreeArityIsReadAndChecked) {
  auto j = base();
  Scenario s;
  ASSERT_EQ(parse_scenario(j.dump(), &s), "");
  EXPECT_EQ(s.arity, 4);  // the Elite switches
  j["cluster"]["arity"] = 8;
  ASSERT_EQ(parse_scenario(j.dump(), &s), "");
  EXPECT_EQ(s.arity, 8);
  j["cluster"]["arity"] = 9;
  EXPECT_EQ(parse_error_of(j), "cluster.arity: 9 is outside [2, 8]");
  j = nlohmann::json::parse(R"({"format":"hpc-interconnect-scenario","version":1,"id":"t",
    "cluster":{"fabric":"sci-ringlet","nodes":8,"arity":2},
    "workload":{"kind":"pingpong","initiator":0,"target":4,"sizes_bytes":[0],
      "series":[{"id":"a","protocol":"ss-via","operation":"send"}]}})");
  EXPECT_EQ(parse_error_of(j), "cluster.arity: a ringlet has no switch radix (fat trees only)");
}

TEST(Scenario, RejectsMalformedJson) { EXPECT_EQ(parse_error_of(nlohmann::json("x")), "scenario: must be an object"); }

TEST(Scenario, NamesTheOffendingField) {
  Scenario s;
  EXPECT_EQ(parse_scenario("{not json", &s), "scenario: not valid JSON");
  auto j = base();
  j["cluster"]["nodes"] = 2000;
  EXPECT_EQ(parse_error_of(j), "cluster.nodes: 2000 is outside [2, 1024]");
  // QsNetII's fat tree reaches 4,096 nodes (its catalog entry's max_nodes); a 3-way what-if tree cannot hold them.
  j = base();
  j["cluster"]["fabric"] = "qsnet2";
  j["cluster"]["nic"] = "elan4";
  j["cluster"]["nodes"] = 4097;
  EXPECT_EQ(parse_error_of(j), "cluster.nodes: 4097 is outside [2, 4096]");
  j["cluster"]["nodes"] = 4096;
  j["cluster"]["arity"] = 3;
  EXPECT_EQ(parse_error_of(j), "cluster.arity: 3-way switches hold at most 2187 nodes within 4096 host ports (7 levels), not 4096");
  j = base();
  j["cluster"]["nodes"] = "16";
  EXPECT_EQ(parse_error_of(j), "cluster.nodes: must be integer");
  j = base();
  j["workload"]["target"] = 0;
  EXPECT_EQ(parse_error_of(j), "workload.target: must differ from workload.initiator");
  j = base();
  j["workload"]["target"] = 16;
  EXPECT_EQ(parse_error_of(j), "workload.target: 16 is outside [0, 15]");
  j = base();
  j.erase("cluster");
  EXPECT_EQ(parse_error_of(j), "cluster: is required");
  j = base();
  j["workload"]["sizes_bytes"][1] = -1;
  EXPECT_EQ(parse_error_of(j), "workload.sizes_bytes/1: -1 is outside [0, 16777216]");
  j = base();
  j["workload"]["series"][0]["operation"] = "send";
  EXPECT_EQ(parse_error_of(j), "workload.series/0.operation: \"send\" is not an operation of portals");
  j = base();
  j["workload"]["series"].push_back(j["workload"]["series"][0]);
  EXPECT_EQ(parse_error_of(j), "workload.series/1.id: \"a\" is used twice");
}

TEST(Scenario, ChecksParametersAgainstTheRegistry) {
  auto j = base();
  j["parameters"]["pci.clock_MHz"] = 700;
  EXPECT_EQ(parse_error_of(j), "parameters.pci.clock_MHz: 700 MHz is outside the allowed range [33, 133]");
  j = base();
  j["parameters"]["pci.frobs"] = 1;
  EXPECT_NE(parse_error_of(j).find("parameters.pci.frobs: unknown parameter"), std::string::npos);
  j = base();
  j["parameters"]["elan3.input_queue_slots"] = 2.5;
  EXPECT_EQ(parse_error_of(j), "parameters.elan3.input_queue_slots: must be a whole number");
  j = base();
  j["parameters"]["pci.clock_MHz"] = 133;
  Scenario s;
  ASSERT_EQ(parse_scenario(j.dump(), &s), "");
  EXPECT_EQ(s.parameters.get("pci.clock_MHz"), 133);
}

TEST(ParameterRegistry, EveryParameterHasUnitRangeAndSource) {
  for (const auto& p : parameter_registry()) {
    EXPECT_STRNE(p.unit, "") << p.name;
    EXPECT_STRNE(p.source, "") << p.name;
    EXPECT_STRNE(p.description, "") << p.name;
    EXPECT_LE(p.min, p.default_value) << p.name;
    EXPECT_GE(p.max, p.default_value) << p.name;
  }
  auto j = nlohmann::json::parse(parameter_registry_json());
  EXPECT_EQ(j.size(), parameter_registry().size());
}

}  // namespace
}  // namespace hpcsim
