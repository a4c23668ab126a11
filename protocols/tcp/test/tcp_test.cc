// TCP/IP sockets over Fast Ethernet (protocols/tcp): ping-pong sanity against 1999 published ballparks
// (TCP on Fast Ethernet ~60-80 us, ~10-11 MB/s; bounds, not targets), slower than M-VIA; segmentation to
// the MSS and ACKs.
#include <gtest/gtest.h>

#include <cstdio>
#include <type_traits>

#include "hw/qsnet_cluster.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "mvia/mvia.h"
#include "tcp/tcp_ethernet.h"
#include "workload/pingpong.h"

namespace hpcsim {
namespace {

struct TcpRun {
  PingPongResult r;
  uint64_t frames_sent_0 = 0;
  uint64_t acks = 0;
};

template <typename Endpoint>
TcpRun run(int nodes, int a, int b, uint32_t bytes, int iterations = 5) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  EthernetCluster eth(sim, p, nodes);
  QsnetCluster ids(sim, p, nodes);  // host component ids only (1 + 3i, as the EthernetCluster's)
  uint32_t msg = 0;
  Endpoint ep(sim, eth, &msg);
  bool finished = false;
  PingPong pp(sim, ids, ep, a, b, bytes, 2, iterations, nullptr, [&finished]() { finished = true; });
  pp.start();
  while (!sim.run(1u << 20)) {
  }
  EXPECT_TRUE(finished);
  TcpRun out{pp.result(), eth.nic(a).frames_sent(), 0};
  if constexpr (std::is_same_v<Endpoint, TcpEthernet>) out.acks = ep.acks_sent();
  return out;
}

TEST(TcpEthernet, SmallMessageLatencyInPublishedRange) {
  for (uint32_t bytes : {4u, 32u}) {
    double us = run<TcpEthernet>(2, 0, 1, bytes).r.one_way_latency_us();
    EXPECT_GE(us, 45.0) << bytes << " B";
    EXPECT_LE(us, 100.0) << bytes << " B";
  }
}

TEST(TcpEthernet, SlowerThanMvia) {
  for (uint32_t bytes : {4u, 1024u}) {
    EXPECT_GT(run<TcpEthernet>(2, 0, 1, bytes).r.one_way_latency_us(),
              run<Mvia>(2, 0, 1, bytes).r.one_way_latency_us() + 10.0)
        << bytes << " B";
  }
  EXPECT_LT(run<TcpEthernet>(2, 0, 1, 262144).r.bandwidth_MBps(), run<Mvia>(2, 0, 1, 262144).r.bandwidth_MBps());
}

TEST(TcpEthernet, LargeMessageBandwidthBelowLineRate) {
  for (uint32_t bytes : {65536u, 262144u}) {
    double bw = run<TcpEthernet>(2, 0, 1, bytes).r.bandwidth_MBps();
    EXPECT_LT(bw, 12.5) << bytes << " B";
    EXPECT_GT(bw, 8.0) << bytes << " B";  // published ~10-11 MB/s
  }
}

TEST(TcpEthernet, SegmentsToTheMssAndAcksEverySecondSegment) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  EthernetCluster eth(sim, p, 2);
  uint32_t msg = 0;
  TcpEthernet ep(sim, eth, &msg);
  EXPECT_EQ(ep.mss(), 1460u);
  EXPECT_EQ(ep.segments(1460), 1u);
  EXPECT_EQ(ep.segments(1461), 2u);
  bool got = false;
  ep.wait_arrival(1, [&]() { got = true; });
  ep.send(0, 1, 14600, []() {});
  while (!sim.run(1u << 20)) {
  }
  EXPECT_TRUE(got);
  EXPECT_EQ(eth.nic(0).frames_sent(), 10u);
  EXPECT_EQ(ep.acks_sent(), 5u);
  EXPECT_EQ(eth.nic(1).frames_sent(), 5u);
}

TEST(TcpEthernet, PrintSweep) {
  for (uint32_t bytes : {4u, 64u, 256u, 1024u, 1460u, 1461u, 4096u, 16384u, 65536u, 262144u}) {
    PingPongResult r = run<TcpEthernet>(2, 0, 1, bytes).r;
    std::printf("TCP   %8u B  %9.2f us  %6.2f MB/s  [post %.2f send %.2f wait %.2f arrive %.2f]\n", bytes,
                r.one_way_latency_us(), r.bandwidth_MBps(), ps_to_us(r.initiator_step_ps[1]) / 5,
                ps_to_us(r.initiator_step_ps[2]) / 5, ps_to_us(r.initiator_step_ps[3]) / 5,
                ps_to_us(r.initiator_step_ps[4]) / 5);
  }
}

}  // namespace
}  // namespace hpcsim
