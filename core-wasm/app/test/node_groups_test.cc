// Node groups (cluster.groups): protocol stacks per group of nodes, all at once on one fabric; every rule refused
// with its field.
#include <gtest/gtest.h>

#include <limits>

#include "nlohmann/json.hpp"
#include "run/session.h"
#include "scenario/parse_scenario.h"
#include "support/scenario_runs.h"

namespace hpcsim {
namespace {

using test::parse_error_of;

using nlohmann::json;

// 16 Elan3 nodes; Portals PUT on nodes 0-7 (pair 0-5), Tports on 8-15 (pair 8-13).
json mixed() {
  return json::parse(R"({"format":"hpc-interconnect-scenario","version":1,"id":"g",
    "cluster":{"fabric":"qsnet","nodes":16,"groups":[
      {"nodes":[0,7],"series":"portals-put"},
      {"nodes":[8,15],"series":"tports-send","pair":[8,13]}]},
    "workload":{"kind":"pingpong","initiator":0,"target":5,"sizes_bytes":[0,4096],"iterations":3,
      "series":[{"id":"portals-put","protocol":"portals","operation":"put"},
                {"id":"tports-send","protocol":"tports","operation":"send"}]}})");
}

struct Span {
  double first = std::numeric_limits<double>::max();
  double last = 0;
};

struct RunOutcome {
  json result, topology;
  std::map<int32_t, Span> message_span_ps;  ///< by series: first start and last end of its message records
};

RunOutcome run_groups(const json& scenario) {
  std::string err;
  auto s = Session::create(scenario.dump(), &err);
  EXPECT_TRUE(s) << err;
  RunOutcome r;
  if (!s) return r;
  while (!s->run(1u << 18)) {
  }
  TraceBuffer& t = s->sim().trace();
  for (size_t n; (n = t.take(4096)) > 0;)
    for (size_t i = 0; i < n; ++i)
      if (t.batch_kind()[i] == static_cast<uint32_t>(TraceKind::kMessage)) {
        Span& sp = r.message_span_ps[t.batch_value()[i]];
        sp.first = std::min(sp.first, t.batch_t0()[i]);
        sp.last = std::max(sp.last, t.batch_t1()[i]);
      }
  r.result = json::parse(s->result_json());
  r.topology = json::parse(s->topology_json());
  return r;
}

double group_latency(const RunOutcome& r, size_t series, size_t point) {
  return r.result["series"][series]["points"][point]["latency_us"].get<double>();
}

TEST(NodeGroups, TwoStacksRunAtTheSameTimeOnOneFabric) {
  RunOutcome both = run_groups(mixed());
  ASSERT_EQ(both.result["series"].size(), 2u);
  for (size_t s = 0; s < 2; ++s)
    for (size_t k = 0; k < 2; ++k) EXPECT_GT(group_latency(both, s, k), 0.0) << s << " " << k;
  // Portals is the slower stack (seed 002 Table 1), each on its own pair.
  EXPECT_GT(group_latency(both, 0, 0), group_latency(both, 1, 0) + 5.0);
  EXPECT_EQ(both.result["series"][0]["pair"], json::array({0, 5}));
  EXPECT_EQ(both.result["series"][1]["pair"], json::array({8, 13}));
  // Both series' messages are on the wire in overlapping intervals of simulated time.
  ASSERT_EQ(both.message_span_ps.count(0), 1u);
  ASSERT_EQ(both.message_span_ps.count(1), 1u);
  const Span &a = both.message_span_ps[0], &b = both.message_span_ps[1];
  EXPECT_LT(a.first, b.last);
  EXPECT_LT(b.first, a.last);
  // Without groups the same two series run one after the other on one pair: the grouped run is shorter.
  json sequential = mixed();
  sequential["cluster"].erase("groups");
  RunOutcome seq = run_groups(sequential);
  EXPECT_LT(both.result["sim_time_us"].get<double>(), seq.result["sim_time_us"].get<double>());
  // The stacks do not disturb each other here (disjoint links): Portals on 0-5 has the latency it has alone.
  EXPECT_NEAR(group_latency(both, 0, 0), group_latency(seq, 0, 0), 1e-9);
  // The topology tells the groups apart.
  EXPECT_EQ(both.topology["groups"].size(), 2u);
  for (const auto& c : both.topology["components"])
    if (c["kind"] == "host") {
      EXPECT_EQ(c["group"], c["node"].get<int>() < 8 ? 0 : 1);
    }
}

TEST(NodeGroups, HalfShiftPairsRunTheirGroupsStacksAndTheBusyFabricIsNoFasterThanTheIdleOne) {
  // 16 nodes, pairs i <-> i + 8: Portals on 0-3 and 8-11, Tports on 4-7 and 12-15.
  json j = mixed();
  j["workload"]["pairing"] = "half-shift";
  j["workload"]["target"] = 8;
  j["workload"]["sizes_bytes"] = {65536};
  j["cluster"]["groups"] = json::parse(R"([{"nodes":[0,3],"series":"portals-put"},{"nodes":[4,7],"series":"tports-send"},
    {"nodes":[8,11],"series":"portals-put"},{"nodes":[12,15],"series":"tports-send"}])");
  RunOutcome busy = run_groups(j);
  EXPECT_EQ(busy.result["series"][0]["pair"], json::array({0, 8}));
  EXPECT_EQ(busy.result["series"][1]["pair"], json::array({4, 12}));
  // Every pair sent its messages: 8 pairs x (1 warm-up + 3) iterations x 2 directions, 4 pairs per series.
  EXPECT_EQ(busy.result["message_histograms"][0]["histogram"][0]["count"], 4 * 4 * 2);
  // The Tports half idle: Portals alone on its pairs.
  json idle = j;
  idle["cluster"]["groups"] = json::parse(R"([{"nodes":[0,3],"series":"portals-put"},{"nodes":[8,11],"series":"portals-put"},
    {"nodes":[4,7],"series":"tports-send"}])");
  // (A Tports group with no partners is refused; so the idle run drops the Tports series instead.)
  EXPECT_NE(parse_error_of(idle), "");
  idle["cluster"]["groups"] = json::parse(R"([{"nodes":[0,3],"series":"portals-put"},{"nodes":[8,11],"series":"portals-put"}])");
  idle["workload"]["series"].erase(1);
  RunOutcome alone = run_groups(idle);
  EXPECT_GE(group_latency(busy, 0, 0), group_latency(alone, 0, 0) - 1e-9);
  const Span &a = busy.message_span_ps[0], &b = busy.message_span_ps[1];
  EXPECT_LT(a.first, b.last);
  EXPECT_LT(b.first, a.last);
}

TEST(NodeGroups, EveryRuleIsRefusedWithItsField) {
  json j = mixed();
  ASSERT_EQ(parse_error_of(j), "");
  auto with_groups = [](const char* groups) {
    json x = mixed();
    x["cluster"]["groups"] = json::parse(groups);
    return parse_error_of(x);
  };
  EXPECT_EQ(with_groups(R"([{"nodes":[0,7],"series":"portals-put"},{"nodes":[4,15],"series":"tports-send"}])"),
            "cluster.groups/1.nodes: nodes 4-15 overlap group 0 (nodes 0-7)");
  EXPECT_EQ(with_groups(R"([{"nodes":[0,7],"series":"portals-put"},{"nodes":[8,16],"series":"tports-send"}])"),
            "cluster.groups/1.nodes: 16 is not a node of a 16-node cluster");
  EXPECT_EQ(with_groups(R"([{"nodes":[7,0],"series":"portals-put"}])"),
            "cluster.groups/0.nodes: the first node (7) is after the last (0)");
  EXPECT_EQ(with_groups(R"([{"nodes":[0],"series":"portals-put"}])"),
            "cluster.groups/0.nodes: must be [first, last], two node numbers");
  EXPECT_EQ(with_groups(R"([{"nodes":[0,7],"series":"portals-put"},{"nodes":[8,15],"series":"mpi"}])"),
            "cluster.groups/1.series: \"mpi\" is not a series of the workload (portals-put, tports-send)");
  EXPECT_EQ(with_groups(R"([{"nodes":[0,7],"series":"portals-put"},{"nodes":[8,15],"series":"tports-send","pair":[3,9]}])"),
            "cluster.groups/1.pair: node 3 is outside the group's nodes 8-15");
  EXPECT_EQ(with_groups(R"([{"nodes":[0,4],"series":"portals-put"},{"nodes":[5,15],"series":"tports-send"}])"),
            "workload.target: node 5 is not in the initiator's group 0 (nodes 0-4): a ping-pong pair runs within one group");
  EXPECT_EQ(with_groups(R"([{"nodes":[0,7],"series":"portals-put"},{"nodes":[8,8],"series":"tports-send"}])"),
            "cluster.groups/1.nodes: one node cannot run a ping-pong; name two or more");
  EXPECT_EQ(with_groups(R"([{"nodes":[0,7],"series":"portals-put"}])"),
            "workload.series/1: runs on no node group (cluster.groups)");
  EXPECT_EQ(with_groups(R"([])"), "cluster.groups: must hold 1 to 16 groups");
  // A series whose NIC family the fabric does not carry (Open MPI needs Elan4 on QsNetII).
  json e4 = mixed();
  e4["workload"]["series"].push_back({{"id", "ompi"}, {"protocol", "ompi"}, {"operation", "rdma-read"}});
  e4["cluster"]["groups"].push_back({{"nodes", {8, 15}}, {"series", "ompi"}});
  e4["cluster"]["groups"][1]["nodes"] = {8, 8};
  e4["cluster"]["groups"][1].erase("pair");
  e4["cluster"]["groups"][2]["nodes"] = {9, 15};
  EXPECT_EQ(parse_error_of(e4), "cluster.groups/2.series: ompi runs on Elan4 (QsNetII); this cluster's fabric qsnet carries Elan3");
  // Half-shift: both ends of every pair run the same series; pairs come from the pairing.
  json hs = mixed();
  hs["workload"]["pairing"] = "half-shift";
  hs["workload"]["target"] = 8;
  hs["cluster"]["groups"] = json::parse(R"([{"nodes":[0,7],"series":"portals-put"},{"nodes":[8,15],"series":"tports-send"}])");
  EXPECT_EQ(parse_error_of(hs), "cluster.groups/0.nodes: node 0 is paired with node 8 by the half-shift pairing, but they "
                          "run portals-put and tports-send: both ends of a pair must run the same series");
  hs["cluster"]["groups"] = json::parse(R"([{"nodes":[0,3],"series":"portals-put"},{"nodes":[8,10],"series":"portals-put"},
    {"nodes":[4,7],"series":"tports-send"},{"nodes":[12,15],"series":"tports-send"}])");
  EXPECT_EQ(parse_error_of(hs), "cluster.groups/0.nodes: node 3 is paired with node 11 by the half-shift pairing, and node 11 is in no group");
  hs["cluster"]["groups"] = json::parse(R"([{"nodes":[0,3],"series":"portals-put","pair":[0,1]}])");
  EXPECT_EQ(parse_error_of(hs), "cluster.groups/0.pair: the half-shift pairing sets the pairs (node i with i + nodes / 2)");
  // Other workloads and the ringlet refuse groups.
  json ring = json::parse(R"({"format":"hpc-interconnect-scenario","version":1,"id":"r",
    "cluster":{"fabric":"sci-ringlet","nodes":8,"groups":[{"nodes":[0,7],"series":"v"}]},
    "workload":{"kind":"pingpong","initiator":0,"target":4,"sizes_bytes":[0],
      "series":[{"id":"v","protocol":"ss-via","operation":"send"}]}})");
  EXPECT_EQ(parse_error_of(ring), "cluster.groups: node groups run on fat trees only (qsnet, qsnet2)");
  json a2a = json::parse(R"({"format":"hpc-interconnect-scenario","version":1,"id":"a",
    "cluster":{"fabric":"qsnet2","nodes":8,"groups":[{"nodes":[0,7],"series":"o"}]},
    "workload":{"kind":"alltoall","bytes":1024,"series":[{"id":"o","protocol":"ompi","operation":"rdma-write"}]}})");
  EXPECT_EQ(parse_error_of(a2a), "cluster.groups: only ping-pong workloads run node groups (this one is alltoall)");
}

TEST(NodeGroups, ElanFourStacksShareAQsNetTwoFabric) {
  // Open MPI (RDMA read) on 0-3 next to MPICH-QsNet on 4-7 of an 8-node QsNetII cluster.
  json j = json::parse(R"({"format":"hpc-interconnect-scenario","version":1,"id":"e4",
    "cluster":{"fabric":"qsnet2","nodes":8,"groups":[{"nodes":[0,3],"series":"ompi"},{"nodes":[4,7],"series":"mpich"}]},
    "workload":{"kind":"pingpong","initiator":0,"target":3,"sizes_bytes":[4,4096],
      "series":[{"id":"ompi","protocol":"ompi","operation":"rdma-read"},{"id":"mpich","protocol":"mpich-qsnet","operation":"send"}]}})");
  RunOutcome r = run_groups(j);
  EXPECT_EQ(r.result["series"][1]["pair"], json::array({4, 7}));
  for (size_t s = 0; s < 2; ++s) EXPECT_GT(group_latency(r, s, 1), group_latency(r, s, 0)) << s;
  const Span &a = r.message_span_ps[0], &b = r.message_span_ps[1];
  EXPECT_LT(a.first, b.last);
  EXPECT_LT(b.first, a.last);
}

}  // namespace
}  // namespace hpcsim
