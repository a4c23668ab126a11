// Raw verbs ping-pong over the InfiniHost model (protocols/ib_verbs): one-way latency and bandwidth against OSU's
// VAPI-level figures for MT23108 HCAs on PCI-X 133 (about 5.5 us for a small RDMA write, 830-870 MB/s; bounds here,
// not targets), send/receive against RDMA write, receives consumed, spare receive, message records.
#include <gtest/gtest.h>

#include <cstdio>

#include "hw/infiniband/infiniband_cluster.h"
#include "ib_verbs/ib_verbs.h"
#include "workload/pingpong.h"

namespace hpcsim {
namespace {

struct Outcome {
  PingPongResult r;
  uint64_t wqes = 0;
  size_t messages = 0;
};

Outcome run(IbVerbsPingPong::Mode mode, uint32_t bytes, PingPongOrder order = PingPongOrder::kReceiveFirst,
        int iterations = 5) {
  ParameterSet p("osu-elan4-2005");
  Simulator sim(0);
  InfinibandCluster net(sim, p, 2);
  uint32_t ids = 0;
  IbVerbsPingPong ep(sim, net, mode, &ids, 0);
  bool finished = false;
  PingPong pp(sim, [&net](int n) { return net.host(n).id(); }, ep, 0, 1, bytes, 2, iterations, nullptr,
              [&finished]() { finished = true; });
  pp.set_order(order);
  pp.start();
  while (!sim.run(1u << 20)) {
  }
  EXPECT_TRUE(finished);
  return Outcome{pp.result(), net.hca(0).wqes_processed() + net.hca(1).wqes_processed(), sim.messages().size()};
}

TEST(IbVerbs, SmallRdmaWriteLatencyNearOsuVapiFigure) {
  double us = run(IbVerbsPingPong::Mode::kRdmaWrite, 4).r.one_way_latency_us();
  std::printf("[ib-verbs] 4 B RDMA write ping-pong: %.2f us one way (OSU, VAPI on MT23108/PCI-X: ~5.5 us)\n", us);
  EXPECT_GT(us, 3.5);
  EXPECT_LT(us, 8.0);
}

TEST(IbVerbs, SendReceiveIsSlowerThanRdmaWrite) {
  for (uint32_t bytes : {0u, 4u, 4096u}) {
    double write = run(IbVerbsPingPong::Mode::kRdmaWrite, bytes).r.one_way_latency_us();
    double send = run(IbVerbsPingPong::Mode::kSend, bytes).r.one_way_latency_us();
    std::printf("[ib-verbs] %u B: RDMA write %.2f us, send/receive %.2f us\n", bytes, write, send);
    // The responder fetches the receive WQE and writes a CQE the host polls.
    EXPECT_GT(send, write + 0.5) << bytes << " B";
  }
}

TEST(IbVerbs, LargeMessageBandwidthUnderPciXAndLink) {
  double MBps = run(IbVerbsPingPong::Mode::kRdmaWrite, 1u << 20, PingPongOrder::kReceiveFirst, 2).r.bandwidth_MBps();
  std::printf("[ib-verbs] 1 MiB RDMA write ping-pong: %.0f MB/s (OSU: 830-870 MB/s unidirectional)\n", MBps);
  EXPECT_LT(MBps, 1000.0);
  EXPECT_GT(MBps, 700.0);
}

TEST(IbVerbs, EveryIterationSendsTwoMessages) {
  Outcome r = run(IbVerbsPingPong::Mode::kSend, 64);
  EXPECT_EQ(r.wqes, 2u * 7);  // (2 warm-up + 5) iterations, a ping and a pong each
  EXPECT_EQ(r.messages, 2u * 7);
}

// MPI-style order (each receive posted after the rank's own send completed): the spare receive posted first keeps
// every send from finding the queue empty.
TEST(IbVerbs, SendFirstOrderRunsOnTheSpareReceive) {
  Outcome r = run(IbVerbsPingPong::Mode::kSend, 256, PingPongOrder::kSendFirst);
  EXPECT_EQ(r.r.iterations_ps.size(), 5u);
  EXPECT_GT(r.r.one_way_latency_us(), 0.0);
}

}  // namespace
}  // namespace hpcsim
