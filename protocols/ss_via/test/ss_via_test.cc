// SS-VIA (seed 003) on the SCI cluster: the ping-pong against the seed's conclusion (8 us, 84 MB/s), the
// data path ordering, the VIPL rules through the timed provider, and connection set-up.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "hw/qsnet_cluster.h"
#include "hw/sci/sci_cluster.h"
#include "ss_via/costs.h"
#include "ss_via/ss_via.h"
#include "workload/pingpong.h"

namespace hpcsim {
namespace {

constexpr double kSeedLatencyUs = 8.0;     // seed 003, Conclusion
constexpr double kSeedBandwidthMBps = 84;  // seed 003, Conclusion (MB = 10^6 B)

PingPongResult run_pingpong(int nodes, int a, int b, uint32_t bytes, SsViaOptions o = {}) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  SciCluster sci(sim, p, nodes);
  // hpcsim::PingPong takes a QsnetCluster only for host component ids; an Elan3 QsnetCluster of the same size has
  // the same host ids (1 + 3i) as the SciCluster and is otherwise unused.
  QsnetCluster ids(sim, p, nodes);
  uint32_t msg = 0;
  SsVia ep(sim, sci, &msg, o);
  bool finished = false;
  PingPong pp(sim, ids, ep, a, b, bytes, 2, 5, nullptr, [&finished]() { finished = true; });
  pp.start();
  while (!sim.run(1u << 20)) {
  }
  EXPECT_TRUE(finished);
  return pp.result();
}

TEST(SsViaFidelity, SmallMessageLatencyIsEightMicroseconds) {
  for (uint32_t bytes : {4u, 32u}) {
    double us = run_pingpong(2, 0, 1, bytes).one_way_latency_us();
    EXPECT_NEAR(us, kSeedLatencyUs, 0.10 * kSeedLatencyUs) << bytes << " B";
  }
}

TEST(SsViaFidelity, LargeMessageBandwidthIs84MBps) {
  for (uint32_t bytes : {65536u, 262144u}) {
    double bw = run_pingpong(2, 0, 1, bytes).bandwidth_MBps();
    EXPECT_NEAR(bw, kSeedBandwidthMBps, 0.10 * kSeedBandwidthMBps) << bytes << " B";
  }
}

TEST(SsViaFidelity, EightNodeRingletSameTargets) {
  // The seed's 8-node cluster: nodes 0 and 4 are 4 hops apart each way round the ringlet.
  EXPECT_NEAR(run_pingpong(8, 0, 4, 4).one_way_latency_us(), kSeedLatencyUs, 0.10 * kSeedLatencyUs);
  EXPECT_NEAR(run_pingpong(8, 0, 4, 262144).bandwidth_MBps(), kSeedBandwidthMBps, 0.10 * kSeedBandwidthMBps);
}

TEST(SsViaFidelity, PrintSweep) {
  for (uint32_t bytes : {0u, 4u, 32u, 64u, 256u, 1024u, 4096u, 16384u, 65536u, 262144u, 1048576u}) {
    PingPongResult r = run_pingpong(2, 0, 1, bytes);
    std::printf("SS-VIA %8u B  %9.2f us  %6.1f MB/s  [post %.2f send %.2f wait %.2f arrive %.2f]\n", bytes,
                r.one_way_latency_us(), r.bandwidth_MBps(), ps_to_us(r.initiator_step_ps[1]) / 5,
                ps_to_us(r.initiator_step_ps[2]) / 5, ps_to_us(r.initiator_step_ps[3]) / 5,
                ps_to_us(r.initiator_step_ps[4]) / 5);
  }
}

TEST(SsViaFidelity, ReliabilityLevelsOrderCompletionCost) {
  SsViaOptions u, d, r;
  u.reliability = via::kUnreliable;
  d.reliability = via::kReliableDelivery;
  r.reliability = via::kReliableReception;
  Time tu = run_pingpong(2, 0, 1, 4, u).initiator_step_ps[3];
  Time td = run_pingpong(2, 0, 1, 4, d).initiator_step_ps[3];
  Time tr = run_pingpong(2, 0, 1, 4, r).initiator_step_ps[3];
  EXPECT_LT(tu, td);
  EXPECT_LT(td, tr);
}

struct Rig {
  ParameterSet p{"usc-sci-p2-350"};
  Simulator sim{0};
  SciCluster sci{sim, p, 2};
  uint32_t msg = 0;
  std::unique_ptr<SsVia> ep;
  explicit Rig(SsViaOptions o = {}) { ep = std::make_unique<SsVia>(sim, sci, &msg, o); }
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
};

TEST(SsVia, DataLandsBeforeTheFlag) {
  Rig r;
  std::vector<SciLanding> log;
  r.sci.adapter(1).set_landing_log(&log);
  r.ep->post_receive(1, 0, 1000, []() {});
  r.run();
  bool arrived = false;
  r.ep->send(0, 1, 1000, []() {});
  r.ep->wait_arrival(1, [&]() { arrived = true; });
  r.run();
  ASSERT_TRUE(arrived);
  Time flag = -1, last_data = -1;
  for (const auto& l : log) {
    if (l.addr == ss_via::kDescriptorBase + ss_via::kFlagOffset) flag = l.t;
    if (l.addr >= ss_via::kBufferBase) last_data = std::max(last_data, l.t);
  }
  ASSERT_GT(flag, 0);
  EXPECT_LT(last_data, flag);
  EXPECT_EQ(r.ep->last_recv_status(1), via::kStatusDone | via::kStatusOpReceive);
}

TEST(SsVia, UnreliableSendWithoutReceiveIsDropped) {
  SsViaOptions o;
  o.reliability = via::kUnreliable;
  Rig r(o);
  r.ep->send(0, 1, 64, []() {});
  r.ep->wait_send_complete(0, []() {});
  r.run();
  EXPECT_EQ(r.ep->vi(1, 0).state(), via::ViState::kConnected);
  EXPECT_TRUE(r.ep->vi(1, 0).async_errors().empty());
  EXPECT_EQ(r.ep->last_send_status(0) & via::kStatusErrorMask, 0u);
}

TEST(SsVia, ReliableSendWithoutReceiveRaisesRecvqEmptyAndBreaksTheConnection) {
  Rig r;
  r.ep->send(0, 1, 64, []() {});
  r.run();
  ASSERT_EQ(r.ep->vi(1, 0).state(), via::ViState::kError);
  ASSERT_EQ(r.ep->vi(1, 0).async_errors().size(), 1u);
  EXPECT_EQ(r.ep->vi(1, 0).async_errors()[0], via::AsyncError::kRecvqEmpty);
  EXPECT_EQ(r.ep->vi(0, 1).state(), via::ViState::kError);
  EXPECT_EQ(r.ep->vi(0, 1).async_errors()[0], via::AsyncError::kConnLost);
  // Posting on the broken VI completes the descriptor at once with DESC_FLUSHED.
  r.ep->post_receive(1, 0, 64, []() {});
  r.ep->wait_arrival(1, []() {});
  r.run();
}

TEST(SsVia, ConnectionThroughKernelAgents) {
  SsViaOptions o;
  o.connected = false;
  Rig r(o);
  EXPECT_EQ(r.ep->vi(0, 1).state(), via::ViState::kIdle);
  Time done = -1;
  r.ep->connect(0, 1, [&]() { done = r.sim.now(); });
  r.run();
  EXPECT_EQ(r.ep->vi(0, 1).state(), via::ViState::kConnected);
  EXPECT_EQ(r.ep->vi(1, 0).state(), via::ViState::kConnected);
  // Two system-call crossings, two agents' segment work and two remote reads: far above a message.
  EXPECT_GT(ps_to_us(done), 100.0);
  std::printf("SS-VIA connection set-up: %.1f us\n", ps_to_us(done));
}

}  // namespace
}  // namespace hpcsim
