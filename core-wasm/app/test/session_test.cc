// Whole runs: determinism, slicing, parameter sensitivity, protocol behaviour visible in results.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "nlohmann/json.hpp"
#include "run/session.h"

namespace hpcsim {
namespace {

std::string small_scenario(const std::string& protocol, const std::string& op, const std::string& extra = "") {
  return R"({"format":"hpc-interconnect-scenario","version":1,"id":"s","cluster":{"fabric":"qsnet","nodes":16},
    "workload":{"kind":"pingpong","initiator":0,"target":5,"iterations":2,"sizes_bytes":[0,64,4096],
    "series":[{"id":"x","protocol":")" +
         protocol + R"(","operation":")" + op + R"("}]})" + extra + "}";
}

nlohmann::json run_session(const std::string& text, uint64_t budget = 1u << 20) {
  std::string err;
  auto s = Session::create(text, &err);
  EXPECT_TRUE(s) << err;
  if (!s) return {};
  while (!s->run(budget)) {
  }
  return nlohmann::json::parse(s->result_json());
}

TEST(Session, SameScenarioSameFingerprint) {
  auto a = run_session(small_scenario("portals", "put"));
  auto b = run_session(small_scenario("portals", "put"));
  EXPECT_EQ(a["fingerprint"], b["fingerprint"]);
  EXPECT_GT(a["events"].get<uint64_t>(), 100u);
}

TEST(Session, SlicingDoesNotChangeTheRun) {
  EXPECT_EQ(run_session(small_scenario("tports", "send"), 97)["fingerprint"],
            run_session(small_scenario("tports", "send"), 1u << 20)["fingerprint"]);
}

// The progress line's share done (WorkloadRun::fraction_done): never goes back, lies in [0, 1], and is 1 at the end,
// for a ping-pong sweep (its jobs) and for an MPI job's series (their ranks' steps).
TEST(Session, ShareDoneGrowsToOne) {
  const std::string alltoall = R"({"format":"hpc-interconnect-scenario","version":1,"id":"a",
    "cluster":{"fabric":"qsnet2","nic":"elan4","nodes":512},"workload":{"kind":"alltoall","bytes":1024,"iterations":2,
    "series":[{"id":"w","protocol":"ompi","operation":"rdma-write"},{"id":"r","protocol":"ompi","operation":"rdma-read"}]}})";
  for (const std::string& text : {small_scenario("portals", "put"), alltoall}) {
    std::string err;
    auto s = Session::create(text, &err);
    ASSERT_TRUE(s) << err;
    double last = s->fraction_done();
    EXPECT_GE(last, 0.0);
    int rises = 0;
    while (!s->run(200)) {
      double f = s->fraction_done();
      EXPECT_GE(f, last);
      EXPECT_LE(f, 1.0);
      rises += f > last ? 1 : 0;
      last = f;
    }
    EXPECT_EQ(s->fraction_done(), 1.0);
    EXPECT_GE(rises, 2) << text;  // the ping-pong: 0, 1/3, 2/3 of its three sizes, then 1
  }
}

// An all-to-all's share done follows its work: its exchange counts the sends, which go out as the MPI layer takes
// them (Open MPI's PTL holds at most 128 QDMA descriptors), not the receives posted at once and the waits run at its
// end. Counting every step, a 512-node 1 KiB all-to-all's share stood up to 0.32 from its share of events; counting
// the sends, 0.17 (at 1,024 nodes, where the descriptors pace more of the sends, about 0.06). Within 0.2.
TEST(Session, AlltoallShareFollowsItsEvents) {
  const std::string text = R"({"format":"hpc-interconnect-scenario","version":1,"id":"a",
    "cluster":{"fabric":"qsnet2","nic":"elan4","nodes":512},"workload":{"kind":"alltoall","bytes":1024,
    "series":[{"id":"w","protocol":"ompi","operation":"rdma-write"}]}})";
  std::string err;
  auto s = Session::create(text, &err);
  ASSERT_TRUE(s) << err;
  std::vector<std::pair<double, double>> samples;  // (events, share done)
  while (!s->run(1u << 19)) samples.emplace_back(static_cast<double>(s->sim().events_executed()), s->fraction_done());
  const double total = static_cast<double>(s->sim().events_executed());
  double worst = 0;
  for (const auto& [events, share] : samples) worst = std::max(worst, std::abs(share - events / total));
  EXPECT_GT(samples.size(), 20u);
  EXPECT_LT(worst, 0.2);
}

TEST(Session, ParametersChangeTheRun) {
  auto base = run_session(small_scenario("portals", "get"));
  auto fast = run_session(small_scenario("portals", "get", R"(,"parameters":{"elan3.thread_clock_MHz":200})"));
  EXPECT_NE(base["fingerprint"], fast["fingerprint"]);
  // A faster NIC processor shortens every latency (seed 002 §6: QsNetII's faster processor).
  for (size_t k = 0; k < 3; ++k)
    EXPECT_LT(fast["series"][0]["points"][k]["latency_us"].get<double>(),
              base["series"][0]["points"][k]["latency_us"].get<double>());
}

TEST(Session, LatencyGrowsWithSizeAndBandwidthIsSizeOverLatency) {
  auto r = run_session(small_scenario("tports", "send"));
  auto pts = r["series"][0]["points"];
  EXPECT_LT(pts[0]["latency_us"].get<double>(), pts[2]["latency_us"].get<double>());
  EXPECT_NEAR(pts[2]["bandwidth_MBps"].get<double>(), 4096 / pts[2]["latency_us"].get<double>(), 1e-9);
  EXPECT_EQ(pts[0]["bandwidth_MBps"].get<double>(), 0.0);
}

TEST(Session, TracesRecordPacketsOnLinksAndThreadSteps) {
  std::string err;
  auto s = Session::create(small_scenario("portals", "put"), &err);
  ASSERT_TRUE(s);
  while (!s->run(1u << 20)) {
  }
  auto& t = s->sim().trace();
  size_t n = t.take(1u << 30);
  int packets = 0, thread = 0, pci = 0;
  for (size_t i = 0; i < n; ++i) {
    auto k = static_cast<TraceKind>(t.batch_kind()[i]);
    packets += k == TraceKind::kQdmaPacket || k == TraceKind::kRdmaPacket;
    thread += k == TraceKind::kNicThread;
    pci += k == TraceKind::kPciTransaction;
    EXPECT_LE(t.batch_t0()[i], t.batch_t1()[i]);
  }
  EXPECT_GT(packets, 0);
  EXPECT_GT(thread, 0);
  EXPECT_GT(pci, 0);
}

TEST(Session, TopologyListsEveryComponentOnce) {
  std::string err;
  auto s = Session::create(small_scenario("portals", "put"), &err);
  ASSERT_TRUE(s);
  auto topo = nlohmann::json::parse(s->topology_json());
  EXPECT_EQ(topo["components"].size(), 16u * 3 + 8);
  EXPECT_EQ(topo["links"].size(), 64u);
}

TEST(Session, BadScenarioIsRefusedWithTheField) {
  std::string err;
  EXPECT_FALSE(Session::create(R"({"format":"hpc-interconnect-scenario"})", &err));
  EXPECT_EQ(err, "version: is required");
}

}  // namespace
}  // namespace hpcsim

namespace hpcsim {
namespace {

TEST(Session, EveryMessageHasItsHeaderLayersTopToWire) {
  std::string err;
  auto s = Session::create(small_scenario("portals", "put"), &err);
  ASSERT_TRUE(s);
  while (!s->run(1u << 20)) {
  }
  auto& t = s->sim().trace();
  size_t n = t.take(1u << 30);
  int seen = 0;
  for (size_t i = 0; i < n; ++i) {
    if (static_cast<TraceKind>(t.batch_kind()[i]) != TraceKind::kQdmaPacket) continue;
    auto j = nlohmann::json::parse(s->sim().messages().json(t.batch_message()[i]));
    ASSERT_TRUE(j.contains("layers")) << t.batch_message()[i];
    EXPECT_EQ(j["layers"].front()["name"], "Portals 3.3 API");
    EXPECT_EQ(j["layers"].back()["name"], "QsNet wire (Elite wormhole routing)");
    EXPECT_EQ(j["src"].get<int>() == 0 ? j["dst"].get<int>() : j["src"].get<int>(), 5);
    ++seen;
  }
  EXPECT_GT(seen, 0);
  EXPECT_EQ(s->sim().messages().json(999999), "{}");
  // A 4096-byte PUT goes by the long protocol: it lists the RDMA layer and a 4-link route.
  bool long_put = false;
  for (uint32_t m = 1; m < 200; ++m) {
    auto j = nlohmann::json::parse(s->sim().messages().json(m));
    if (j.empty() || j["bytes"] != 4096) continue;
    long_put = true;
    EXPECT_EQ(j["layers"][3]["name"], "Elan3 RDMA");
    EXPECT_EQ(j["layers"][4]["fields"][3][1], "4");
  }
  EXPECT_TRUE(long_put);
}

}  // namespace
}  // namespace hpcsim
