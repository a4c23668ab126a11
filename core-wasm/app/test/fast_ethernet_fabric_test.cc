// A cluster of switched Fast Ethernet alone (cluster.fabric "fast-ethernet", Tulip NICs): seed 003's baseline
// network as a topology of its own. The same hardware model as beside the SCI ringlet, so the same latencies.
#include <gtest/gtest.h>

#include <string>

#include "nlohmann/json.hpp"
#include "run/session.h"
#include "scenario/parse_scenario.h"
#include "support/scenario_runs.h"

namespace hpcsim {
namespace {

using test::scenario_text;
using test::run_to_end;
using test::point_latency_us;

using json = nlohmann::json;

const std::string kPingPong =
    R"({"kind":"pingpong","initiator":0,"target":1,"warmup_iterations":1,"iterations":2,"sizes_bytes":[0,1024],
        "series":[{"id":"m","protocol":"m-via","operation":"send"},{"id":"t","protocol":"tcp","operation":"send"}]})";

TEST(FastEthernetFabric, ParsesWithTulipNicsAndSeed003Defaults) {
  Scenario s;
  ASSERT_EQ(parse_scenario(scenario_text(R"({"fabric":"fast-ethernet","nodes":16})", kPingPong), &s), "");
  EXPECT_EQ(s.nic, "tulip");
  EXPECT_EQ(s.testbed, "usc-sci-p2-350");
}

TEST(FastEthernetFabric, RefusesWhatItCannotCarryNamingTheField) {
  Scenario s;
  auto err = [&](const std::string& cluster, const std::string& workload) {
    return parse_scenario(scenario_text(cluster, workload), &s);
  };
  EXPECT_EQ(err(R"({"fabric":"fast-ethernet","nic":"elan3","nodes":4})", kPingPong).rfind("cluster.nic:", 0), 0u);
  EXPECT_EQ(err(R"({"fabric":"fast-ethernet","nodes":4,"arity":8})", kPingPong).rfind("cluster.arity:", 0), 0u);
  EXPECT_EQ(err(R"({"fabric":"fast-ethernet","nodes":4,"levels":2})", kPingPong).rfind("cluster.levels:", 0), 0u);
  EXPECT_EQ(err(R"({"fabric":"fast-ethernet","nodes":4,"groups":[{"nodes":[0,1],"series":"m"},{"nodes":[2,3],"series":"t"}]})",
                kPingPong)
                .rfind("cluster.groups:", 0),
            0u);
  std::string ssvia = R"({"kind":"pingpong","initiator":0,"target":1,"sizes_bytes":[0],
      "series":[{"id":"s","protocol":"ss-via","operation":"send"}]})";
  EXPECT_EQ(err(R"({"fabric":"fast-ethernet","nodes":4})", ssvia), "workload.series/0.protocol: ss-via does not run on tulip NICs");
  std::string npb = R"({"kind":"npb","processes":4,"benchmarks":[{"benchmark":"EP","class":"S"}],
      "series":[{"id":"t","protocol":"tcp","operation":"send"}]})";
  EXPECT_EQ(err(R"({"fabric":"fast-ethernet","nodes":4})", npb).rfind("workload.kind:", 0), 0u);
}

TEST(FastEthernetFabric, SameLatencyAsTheEthernetBesideTheRinglet) {
  json alone = run_to_end(scenario_text(R"({"fabric":"fast-ethernet","nodes":2})", kPingPong));
  json beside = run_to_end(scenario_text(R"({"fabric":"sci-ringlet","nodes":2})", kPingPong));
  for (const char* series : {"m", "t"})
    for (int bytes : {0, 1024}) {
      double a = point_latency_us(alone, series, bytes), b = point_latency_us(beside, series, bytes);
      EXPECT_GT(a, 10.0) << series << " " << bytes;  // a kernel path and a 100 Mb/s wire: tens of us
      EXPECT_DOUBLE_EQ(a, b) << series << " " << bytes;
    }
}

TEST(FastEthernetFabric, TopologyIsHostsPciTulipsAndOneSwitch) {
  std::string err;
  auto s = Session::create(scenario_text(R"({"fabric":"fast-ethernet","nodes":6})", kPingPong), &err);
  ASSERT_TRUE(s) << err;
  json t = json::parse(s->topology_json());
  EXPECT_EQ(t["fabric"], "fast-ethernet");
  EXPECT_EQ(t["nodes"], 6);
  int hosts = 0, nics = 0, switches = 0;
  for (const auto& c : t["components"]) {
    hosts += c["kind"] == "host";
    nics += c["kind"] == "nic";
    switches += c["kind"] == "switch";
  }
  EXPECT_EQ(hosts, 6);
  EXPECT_EQ(nics, 6);
  EXPECT_EQ(switches, 1);
  EXPECT_EQ(t["links"].size(), 12u);  // a cable each way per node
}

TEST(FastEthernetFabric, AlltoallRunsOverTcpAndMvia) {
  json r = run_to_end(scenario_text(R"({"fabric":"fast-ethernet","nodes":4})",
                        R"({"kind":"alltoall","bytes":1024,"iterations":1,
                            "series":[{"id":"m","protocol":"m-via","operation":"send"},
                                      {"id":"t","protocol":"tcp","operation":"send"}]})"));
  bool found = false;
  for (const auto& t : r["tables"])
    if (t["id"] == "alltoall") {
      found = true;
      ASSERT_EQ(t["rows"].size(), 2u);
      for (const auto& row : t["rows"]) EXPECT_GT(row["values"][0].get<double>(), 0.0) << row["label"];
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace hpcsim
