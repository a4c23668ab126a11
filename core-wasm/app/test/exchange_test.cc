// The exchange workload: MPICH 1.2's MPI_Sendrecv between node i and node i + N/2 as rank programs, run over Open
// MPI on Elan4 and over an SCI cluster's MPI layer; its table; both directions of a link busy at once; every
// directed channel of the fat tree carrying a packet at the same moment; the parser's checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "nlohmann/json.hpp"
#include "run/session.h"
#include "workload/exchange.h"

namespace hpcsim {
namespace {

TEST(Exchange, ProgramsPairEachRankWithTheOtherHalfAndMatch) {
  auto p = exchange_programs(8, 1000, 3);
  npb::Totals t = npb::totals(p);
  EXPECT_EQ(t.messages, 8 * 3);
  EXPECT_EQ(t.bytes, 8 * 3 * 1000);
  EXPECT_EQ(t.self_messages, 0);
  EXPECT_EQ(npb::check_matching(p, true), "");
  // Rank 1 receives from and sends to rank 5 (Irecv first, as MPICH's MPI_Sendrecv), and rank 5 to rank 1.
  EXPECT_EQ(p[1].ops[0].kind, npb::OpKind::Irecv);
  EXPECT_EQ(p[1].ops[0].peer, 5);
  EXPECT_EQ(p[1].ops[1].kind, npb::OpKind::Isend);
  EXPECT_EQ(p[1].ops[1].peer, 5);
  EXPECT_EQ(p[5].ops[1].peer, 1);
  EXPECT_EQ(p[1].ops[2].kind, npb::OpKind::Wait);
  EXPECT_EQ(p[1].ops.size(), 4u * 3);
}

std::string exchange_scenario(const std::string& fabric, int nodes, int bytes, const std::string& series) {
  return R"({"format":"hpc-interconnect-scenario","version":1,"id":"x","cluster":{"fabric":")" + fabric +
         R"(","nodes":)" + std::to_string(nodes) + R"(},"workload":{"kind":"exchange","bytes":)" +
         std::to_string(bytes) + R"(,"series":[)" + series + "]}}";
}

const char* kOmpiWrite = R"({"id":"w","protocol":"ompi","operation":"rdma-write"})";

std::unique_ptr<Session> run_exchange(const std::string& text) {
  std::string err;
  auto s = Session::create(text, &err);
  EXPECT_TRUE(s) << err;
  if (!s) return s;
  while (!s->run(1u << 22)) {
  }
  return s;
}

TEST(Exchange, RunsOverOpenMpiOnElan4AndTheTableHasEveryCall) {
  auto s = run_exchange(exchange_scenario("qsnet2", 16, 65536, std::string(kOmpiWrite) +
                                                 R"(,{"id":"r","protocol":"ompi","operation":"rdma-read"})"));
  ASSERT_TRUE(s);
  auto j = nlohmann::json::parse(s->result_json());
  ASSERT_FALSE(j.contains("stalled")) << j["stalled"];
  const auto& t = j["tables"][0];
  EXPECT_EQ(t["id"], "exchange");
  EXPECT_EQ(t["unit"], "us | MB/s | MB/s");  // one unit per column
  ASSERT_EQ(t["columns"].size(), 3u);
  ASSERT_EQ(t["rows"].size(), 2u);
  for (const auto& row : t["rows"]) {
    double us = row["values"][0].get<double>(), node = row["values"][1].get<double>(),
           all = row["values"][2].get<double>();
    EXPECT_NEAR(node, 65536 / us, 1e-9 * node);
    EXPECT_NEAR(all, 16 * node, 1e-9 * all);
    // Each node's PCI-X bus (133 MHz x 8 B = 1064 MB/s) carries both directions: its data out and its partner's in.
    EXPECT_LT(2 * node, 1064.0);
    EXPECT_GT(2 * node, 0.5 * 1064.0);
  }
  EXPECT_EQ(j["message_histograms"][0]["id"], "exchange/w");
  EXPECT_EQ(j["message_histograms"][0]["histogram"][0]["count"], 16);
}

// Both directed channels of node 0's cable carry RDMA data of the exchange at the same moment.
TEST(Exchange, BothDirectionsOfALinkCarryDataAtOnce) {
  auto s = run_exchange(exchange_scenario("qsnet2", 8, 16384, kOmpiWrite));
  ASSERT_TRUE(s);
  auto topo = nlohmann::json::parse(s->topology_json());
  uint32_t nic0 = 0;
  for (const auto& c : topo["components"])
    if (c["kind"] == "nic" && c["node"] == 0) nic0 = c["id"].get<uint32_t>();
  uint32_t out = 0, in = 0;
  for (const auto& l : topo["links"]) {
    if (l["kind"] != "link") continue;
    if (l["from"] == nic0) out = l["id"].get<uint32_t>();
    if (l["to"] == nic0) in = l["id"].get<uint32_t>();
  }
  ASSERT_NE(out, 0u);
  ASSERT_NE(in, 0u);
  auto& t = s->sim().trace();
  size_t n = t.take(1u << 30);
  std::vector<std::pair<double, double>> sent, received;
  for (size_t i = 0; i < n; ++i) {
    if (static_cast<TraceKind>(t.batch_kind()[i]) != TraceKind::kRdmaPacket) continue;
    if (t.batch_component()[i] == out) sent.push_back({t.batch_t0()[i], t.batch_t1()[i]});
    if (t.batch_component()[i] == in) received.push_back({t.batch_t0()[i], t.batch_t1()[i]});
  }
  ASSERT_EQ(sent.size(), 32u);  // 16 KiB in 512-byte packets
  ASSERT_EQ(received.size(), 32u);
  int overlapping = 0;
  for (const auto& a : sent)
    for (const auto& b : received) overlapping += a.first < b.second && b.first < a.second;
  EXPECT_GT(overlapping, 16);
}

// Peak of packet records (kinds 1-5) on links at one time, as e2e/bench/packetDensity.ts counts them.
int peak_in_flight(TraceBuffer& t) {
  size_t n = t.take(1u << 30);
  std::vector<std::pair<double, int>> edges;
  for (size_t i = 0; i < n; ++i) {
    uint32_t k = t.batch_kind()[i];
    if (k < 1 || k > 5 || t.batch_t1()[i] <= t.batch_t0()[i]) continue;
    edges.push_back({t.batch_t0()[i], 1});
    edges.push_back({t.batch_t1()[i], -1});
  }
  std::sort(edges.begin(), edges.end());
  int count = 0, peak = 0;
  for (const auto& e : edges) peak = std::max(peak, count += e.second);
  return peak;
}

// Partners are N/2 apart, so every route climbs to the top of the fat tree (6 links on 64 nodes); d-mod-k routing
// gives the shift permutation disjoint routes and every node starts its first packet at the same time, so for a
// moment every one of the tree's 64 x 6 directed channels carries a packet: no more can be in flight at once.
TEST(Exchange, EveryDirectedChannelOfTheTreeCarriesAPacketAtOnce) {
  auto s = run_exchange(exchange_scenario("qsnet2", 64, 16384, kOmpiWrite));
  ASSERT_TRUE(s);
  auto topo = nlohmann::json::parse(s->topology_json());
  int channels = 0;
  for (const auto& l : topo["links"]) channels += l["kind"] == "link";
  EXPECT_EQ(channels, 64 * 6);
  EXPECT_EQ(peak_in_flight(s->sim().trace()), channels);
}

TEST(Exchange, RunsOverMpiOnSciToo) {
  auto s = run_exchange(exchange_scenario("sci-ringlet", 8, 4096, R"({"id":"v","protocol":"ss-via","operation":"send"})"));
  ASSERT_TRUE(s);
  auto j = nlohmann::json::parse(s->result_json());
  ASSERT_FALSE(j.contains("stalled")) << j["stalled"];
  EXPECT_GT(j["tables"][0]["rows"][0]["values"][0].get<double>(), 0);
}

TEST(Exchange, BadWorkloadsAreRefusedNamingTheField) {
  std::string err;
  EXPECT_FALSE(Session::create(exchange_scenario("qsnet", 8, 100, R"({"id":"t","protocol":"tports","operation":"send"})"), &err));
  EXPECT_NE(err.find("workload.series/0.protocol: tports has no MPI layer"), std::string::npos) << err;
  EXPECT_FALSE(Session::create(exchange_scenario("qsnet2", 7, 100, kOmpiWrite), &err));
  EXPECT_EQ(err.rfind("cluster.nodes: the exchange pairs node i with node i + N/2", 0), 0u) << err;
  std::string no_bytes = exchange_scenario("qsnet2", 8, 100, kOmpiWrite);
  no_bytes.replace(no_bytes.find("\"bytes\":100,"), 12, "");
  EXPECT_FALSE(Session::create(no_bytes, &err));
  EXPECT_EQ(err, "workload.bytes: is required");
  EXPECT_FALSE(Session::create(exchange_scenario("qsnet2", 8, -1, kOmpiWrite), &err));
  EXPECT_EQ(err, "workload.bytes: -1 is outside [0, 16777216]");
  std::string many = exchange_scenario("qsnet2", 8, 100, kOmpiWrite);
  many.replace(many.find("\"bytes\""), 0, "\"iterations\":101,");
  EXPECT_FALSE(Session::create(many, &err));
  EXPECT_EQ(err, "workload.iterations: 101 is outside [1, 100]");
}

}  // namespace
}  // namespace hpcsim
