// M-VIA over Fast Ethernet (protocols/mvia): ping-pong sanity against 1999 published ballparks (M-VIA on
// Fast Ethernet ~23 us and ~11-12 MB/s; treated as bounds, not targets), segmentation, the VIA rules
// through the kernel provider, and SS-VIA (existing) being faster.
#include <gtest/gtest.h>

#include <cstdio>

#include "hw/qsnet_cluster.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "hw/sci/sci_cluster.h"
#include "mvia/mvia.h"
#include "ss_via/ss_via.h"
#include "workload/pingpong.h"

namespace hpcsim {
namespace {

constexpr double kLineRateMBps = 12.5;

struct MviaRun {
  PingPongResult r;
  uint64_t frames_sent_0 = 0;
  uint64_t interrupts_1 = 0;
};

MviaRun run_mvia(int nodes, int a, int b, uint32_t bytes, MviaOptions o = {}, int iterations = 5) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  EthernetCluster eth(sim, p, nodes);
  // hpcsim::PingPong takes a QsnetCluster only for host component ids; an Elan3 QsnetCluster of the same size has the
  // same host ids (1 + 3i) as the EthernetCluster and is otherwise unused.
  QsnetCluster ids(sim, p, nodes);
  uint32_t msg = 0;
  Mvia ep(sim, eth, &msg, o);
  bool finished = false;
  PingPong pp(sim, ids, ep, a, b, bytes, 2, iterations, nullptr, [&finished]() { finished = true; });
  pp.start();
  while (!sim.run(1u << 20)) {
  }
  EXPECT_TRUE(finished);
  return MviaRun{pp.result(), eth.nic(a).frames_sent(), eth.nic(b).interrupts()};
}

PingPongResult run_ss_via(uint32_t bytes) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  SciCluster sci(sim, p, 2);
  QsnetCluster ids(sim, p, 2);
  uint32_t msg = 0;
  SsVia ep(sim, sci, &msg);
  PingPong pp(sim, ids, ep, 0, 1, bytes, 2, 5, nullptr, []() {});
  pp.start();
  while (!sim.run(1u << 20)) {
  }
  return pp.result();
}

TEST(MviaEthernet, SmallMessageLatencyInPublishedRange) {
  for (uint32_t bytes : {0u, 4u}) {  // minimum-size frames
    double us = run_mvia(2, 0, 1, bytes).r.one_way_latency_us();
    EXPECT_GE(us, 20.0) << bytes << " B";
    EXPECT_LE(us, 40.0) << bytes << " B";
  }
}

TEST(MviaEthernet, LargeMessageBandwidthBelowLineRate) {
  for (uint32_t bytes : {65536u, 262144u}) {
    double bw = run_mvia(2, 0, 1, bytes).r.bandwidth_MBps();
    EXPECT_LT(bw, kLineRateMBps) << bytes << " B";
    EXPECT_GT(bw, 9.0) << bytes << " B";  // published ~11-12 MB/s
  }
}

TEST(MviaEthernet, SegmentsToTheMtu) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  EthernetCluster eth(sim, p, 2);
  uint32_t msg = 0;
  Mvia ep(sim, eth, &msg);
  EXPECT_EQ(ep.fragments(4), 1u);
  EXPECT_EQ(ep.fragments(1468), 1u);  // 1500 - 32-byte M-VIA header
  EXPECT_EQ(ep.fragments(1469), 2u);
  // A ping-pong of 64 KB: 2 warm-up + 3 measured iterations of ceil(65536 / 1468) = 45 frames from node 0.
  MviaRun r = run_mvia(2, 0, 1, 65536, {}, 3);
  EXPECT_EQ(r.frames_sent_0, 5u * 45u);
}

TEST(MviaEthernet, EightNodeSwitchSameLatency) {
  double two = run_mvia(2, 0, 1, 4).r.one_way_latency_us();
  double eight = run_mvia(8, 0, 4, 4).r.one_way_latency_us();
  EXPECT_NEAR(two, eight, 0.01);  // one switch between any two nodes
}

TEST(MviaEthernet, SsViaIsFaster) {
  EXPECT_LT(run_ss_via(4).one_way_latency_us(), run_mvia(2, 0, 1, 4).r.one_way_latency_us());
  EXPECT_GT(run_ss_via(65536).bandwidth_MBps(), run_mvia(2, 0, 1, 65536).r.bandwidth_MBps());
}

TEST(MviaEthernet, CopyOnSendCompletesAtPost) {
  MviaOptions copy;
  copy.copy_on_send = true;
  MviaRun dma = run_mvia(2, 0, 1, 4);
  MviaRun cp = run_mvia(2, 0, 1, 4, copy);
  // With the copy, VipSendWait finds the descriptor done at once.
  EXPECT_LT(cp.r.initiator_step_ps[3], dma.r.initiator_step_ps[3]);
  EXPECT_GE(cp.r.one_way_latency_us(), 20.0);
}

TEST(MviaEthernet, UnpostedReceiveIsDroppedOnUnreliableVi) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  EthernetCluster eth(sim, p, 2);
  uint32_t msg = 0;
  Mvia ep(sim, eth, &msg);
  bool sent = false;
  ep.send(0, 1, 100, [&]() { ep.wait_send_complete(0, [&]() { sent = true; }); });
  while (!sim.run(1u << 20)) {
  }
  EXPECT_TRUE(sent);
  EXPECT_EQ(ep.messages_dropped(), 1u);
  EXPECT_EQ(ep.last_send_status(0) & via::kStatusDone, via::kStatusDone);
  EXPECT_EQ(ep.vi(1, 0).state(), via::ViState::kConnected);
}

TEST(MviaEthernet, UnpostedReceiveBreaksReliableVi) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  EthernetCluster eth(sim, p, 2);
  uint32_t msg = 0;
  MviaOptions o;
  o.reliability = via::kReliableDelivery;
  Mvia ep(sim, eth, &msg, o);
  ep.send(0, 1, 100, []() {});
  while (!sim.run(1u << 20)) {
  }
  EXPECT_EQ(ep.vi(1, 0).state(), via::ViState::kError);
}

TEST(MviaEthernet, PrintSweep) {
  for (uint32_t bytes : {0u, 4u, 64u, 256u, 1024u, 1468u, 1469u, 4096u, 16384u, 65536u, 262144u}) {
    PingPongResult r = run_mvia(2, 0, 1, bytes).r;
    std::printf("M-VIA %8u B  %9.2f us  %6.2f MB/s  [post %.2f send %.2f wait %.2f arrive %.2f]\n", bytes,
                r.one_way_latency_us(), r.bandwidth_MBps(), ps_to_us(r.initiator_step_ps[1]) / 5,
                ps_to_us(r.initiator_step_ps[2]) / 5, ps_to_us(r.initiator_step_ps[3]) / 5,
                ps_to_us(r.initiator_step_ps[4]) / 5);
  }
}

}  // namespace
}  // namespace hpcsim
