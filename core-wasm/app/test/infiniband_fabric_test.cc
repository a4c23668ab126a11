// InfiniBand as a fabric of its own (cluster.fabric "infiniband", InfiniHost HCAs on one InfiniScale switch) and as
// the second network of a QsNetII cluster (seed 000's testbed carries Elan4 and InfiniBand), so one scenario compares
// Elan4 series with an InfiniBand series on the same hosts.
#include <gtest/gtest.h>

#include <set>
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

const std::string kVerbs =
    R"({"kind":"pingpong","initiator":0,"target":1,"warmup_iterations":1,"iterations":2,"sizes_bytes":[4,65536],
        "series":[{"id":"w","protocol":"ib-verbs","operation":"rdma-write"},{"id":"s","protocol":"ib-verbs","operation":"send"}]})";
const std::string kElan4AndIb =
    R"({"kind":"pingpong","initiator":0,"target":1,"warmup_iterations":1,"iterations":2,"sizes_bytes":[4,65536],
        "series":[{"id":"q","protocol":"elan4-qdma","operation":"send"},{"id":"w","protocol":"ib-verbs","operation":"rdma-write"}]})";

TEST(InfinibandFabric, ParsesWithInfiniHostNicsAndTheSeed000Hosts) {
  Scenario s;
  ASSERT_EQ(parse_scenario(scenario_text(R"({"fabric":"infiniband","nodes":8})", kVerbs), &s), "");
  EXPECT_EQ(s.nic, "infinihost");
  EXPECT_EQ(s.testbed, "osu-elan4-2005");
  EXPECT_EQ(s.parameters.get("pci.clock_MHz"), 133.0);
}

TEST(InfinibandFabric, RefusesWhatItCannotCarryNamingTheField) {
  Scenario s;
  auto err = [&](const std::string& cluster, const std::string& workload) {
    return parse_scenario(scenario_text(cluster, workload), &s);
  };
  EXPECT_EQ(err(R"({"fabric":"infiniband","nodes":9})", kVerbs), "cluster.nodes: 9 is outside [2, 8]");
  EXPECT_EQ(err(R"({"fabric":"infiniband","nic":"elan4","nodes":4})", kVerbs).rfind("cluster.nic:", 0), 0u);
  EXPECT_EQ(err(R"({"fabric":"infiniband","nodes":4,"arity":8})", kVerbs).rfind("cluster.arity:", 0), 0u);
  EXPECT_EQ(err(R"({"fabric":"infiniband","nodes":4,"levels":2})", kVerbs).rfind("cluster.levels:", 0), 0u);
  std::string bad_op = R"({"kind":"pingpong","initiator":0,"target":1,"sizes_bytes":[0],
      "series":[{"id":"x","protocol":"ib-verbs","operation":"rdma-read"}]})";
  EXPECT_EQ(err(R"({"fabric":"infiniband","nodes":2})", bad_op),
            "workload.series/0.operation: \"rdma-read\" is not an operation of ib-verbs");
  std::string qdma = R"({"kind":"pingpong","initiator":0,"target":1,"sizes_bytes":[0],
      "series":[{"id":"q","protocol":"elan4-qdma","operation":"send"}]})";
  EXPECT_EQ(err(R"({"fabric":"infiniband","nodes":2})", qdma),
            "workload.series/0.protocol: elan4-qdma does not run on infinihost NICs");
  // Beside a QsNetII fat tree the InfiniBand still has one 8-port switch.
  EXPECT_EQ(err(R"({"fabric":"qsnet2","nodes":16})", kElan4AndIb),
            "workload.series/1.protocol: ib-verbs runs on the nodes' InfiniHost (InfiniBand 4X), which holds at most "
            "8 nodes; this cluster has 16");
  // QsNet (Elan3, seed 002) nodes carry no InfiniBand.
  EXPECT_EQ(err(R"({"fabric":"qsnet","nodes":4})", kVerbs), "workload.series/0.protocol: ib-verbs does not run on elan3 NICs");
}

TEST(InfinibandFabric, VapiLatencyAndBandwidthInOsuRange) {
  json r = run_to_end(scenario_text(R"({"fabric":"infiniband","nodes":2})", kVerbs));
  double write = point_latency_us(r, "w", 4), send = point_latency_us(r, "s", 4);
  EXPECT_GT(write, 3.5);
  EXPECT_LT(write, 8.0);
  EXPECT_GT(send, write);
  double MBps = 65536 / point_latency_us(r, "w", 65536);
  EXPECT_GT(MBps, 600.0);
  EXPECT_LT(MBps, 1000.0);
}

// Seed 000's testbed: the Elan4 series and the InfiniBand series of one scenario run on the same hosts' two NICs;
// the InfiniBand is the same hardware as alone, so the same latencies, and the topology carries both networks.
TEST(InfinibandFabric, BesideElan4OnTheSeed000Testbed) {
  json topology;
  json both = run_to_end(scenario_text(R"({"fabric":"qsnet2","nodes":8})", kElan4AndIb), &topology);
  json alone = run_to_end(scenario_text(R"({"fabric":"infiniband","nodes":8})", kVerbs));
  for (int bytes : {4, 65536}) {
    EXPECT_DOUBLE_EQ(point_latency_us(both, "w", bytes), point_latency_us(alone, "w", bytes)) << bytes;
    EXPECT_GT(point_latency_us(both, "q", bytes), 0.0) << bytes;
  }
  EXPECT_LT(point_latency_us(both, "q", 4), point_latency_us(both, "w", 4));  // Elan4's QDMA is the faster small-message path
  EXPECT_EQ(topology["fabric"], "qsnet2");
  int ib = 0, hcas = 0;
  std::set<int> ids;
  for (const auto& c : topology["components"]) {
    EXPECT_TRUE(ids.insert(c["id"].get<int>()).second) << c;
    if (c.contains("network") && c["network"] == "infiniband") {
      ++ib;
      if (c["kind"] == "nic") ++hcas;
    }
  }
  for (const auto& l : topology["links"]) EXPECT_TRUE(ids.insert(l["id"].get<int>()).second) << l;
  EXPECT_EQ(hcas, 8);
  EXPECT_EQ(ib, 8 * 3 + 1);
  // Without an InfiniBand series a QsNetII cluster builds no InfiniBand.
  json plain;
  run_to_end(scenario_text(R"({"fabric":"qsnet2","nodes":8})", R"({"kind":"pingpong","initiator":0,"target":1,"sizes_bytes":[4],
        "series":[{"id":"q","protocol":"elan4-qdma","operation":"send"}]})"),
      &plain);
  for (const auto& c : plain["components"]) EXPECT_FALSE(c.contains("network")) << c;
}

}  // namespace
}  // namespace hpcsim
