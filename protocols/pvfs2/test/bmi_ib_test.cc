// bmi_ib as PVFS2 1.2 shipped it (references/pvfs2-elan4.md §1.7; bmi_ib/ib.c @pvfs2-1-2-0): sends complete at the
// receiver's acknowledgement, 20 eager buffers per connection, per-segment registration and one RDMA write per
// receiver segment in a rendezvous, and the BMI contract's errors.
#include <gtest/gtest.h>

#include "hw/infiniband/infiniband_cluster.h"
#include "pvfs2/bmi_ib.h"
#include "pvfs2/file_system.h"

namespace hpcsim::pvfs2 {
namespace {

struct IbRig {
  IbRig() : p("osu-elan4-2005"), net(sim, p, 4) {
    for (int n = 0; n < 4; ++n) threads.push_back(std::make_unique<Thread>(sim, net.host(n)));
    bmi = std::make_unique<BmiIb>(sim, net, p, [this](int n) -> Thread& { return *threads[n]; }, &ids, 0);
  }
  Simulator sim;
  ParameterSet p;
  InfinibandCluster net;
  std::vector<std::unique_ptr<Thread>> threads;
  uint32_t ids = 0;
  std::unique_ptr<BmiIb> bmi;
};

TEST(BmiIb, AnEagerSendCompletesOnlyAtTheReceiversAcknowledgement) {
  IbRig r;
  Time sent = 0, received = 0;
  BmiPost e = r.bmi->post_send(0, 1, 7, {100}, 100, [&](int err, uint64_t b) {
    EXPECT_EQ(err, 0);
    EXPECT_EQ(b, 100u);
    sent = r.sim.now();
  });
  EXPECT_EQ(e.status, BmiPost::kPosted);  // BMI_ib_post_send never completes at once
  r.bmi->post_recv(1, 0, 7, {100}, 100, [&](int, uint64_t) { received = r.sim.now(); });
  r.sim.run(UINT64_MAX);
  EXPECT_GT(received, 0);
  EXPECT_GT(sent, received);  // the ack is sent after the copy out and the repost
  EXPECT_EQ(r.bmi->registrations(), 0u);
  EXPECT_EQ(r.bmi->rdma_writes(), 0u);
}

TEST(BmiIb, ARendezvousRegistersEverySegmentAndWritesOncePerReceiverSegment) {
  IbRig r;
  Time sent = 0, received = 0;
  // Sender: 8 segments of 4 KiB; receiver: 2 of 16 KiB (a server's flow buffer pieces).
  std::vector<uint32_t> sender(8, 4096), receiver(2, 16384);
  r.bmi->post_recv(1, 0, 5, receiver, 32768, [&](int err, uint64_t b) {
    EXPECT_EQ(err, 0);
    EXPECT_EQ(b, 32768u);
    received = r.sim.now();
  });
  r.bmi->post_send(0, 1, 5, sender, 32768, [&](int err, uint64_t) {
    EXPECT_EQ(err, 0);
    sent = r.sim.now();
  });
  r.sim.run(UINT64_MAX);
  EXPECT_GT(sent, 0);  // after the last write's completion, the CTS's acknowledgement and 8 deregistrations
  EXPECT_GT(received, 0);  // at the CTS's acknowledgement, after its 2 deregistrations
  EXPECT_EQ(r.bmi->registrations(), 8u + 2u);
  EXPECT_EQ(r.bmi->rdma_writes(), 2u);
}

TEST(BmiIb, AWriteNeedingMoreGatherEntriesThanTheQpHoldsIsSplit) {
  IbRig r;
  const uint32_t max_sge = r.net.hca(0).max_sge();
  std::vector<uint32_t> sender(max_sge + 5, 1024);
  const uint32_t total = 1024 * (max_sge + 5);
  bool done = false;
  r.bmi->post_recv(1, 0, 2, {total}, total, [&](int err, uint64_t) { done = err == 0; });
  r.bmi->post_send(0, 1, 2, sender, total, {});
  r.sim.run(UINT64_MAX);
  EXPECT_TRUE(done);
  EXPECT_EQ(r.bmi->rdma_writes(), 2u);
}

TEST(BmiIb, TheTwentyFirstMessageWaitsForABufferToBeAcknowledged) {
  IbRig r;
  int received = 0, sent = 0;
  const int n = static_cast<int>(r.p.count("bmi_ib.eager_buffers")) + 1;
  for (int i = 0; i < n; ++i) r.bmi->post_send(0, 1, i, {64}, 64, [&](int, uint64_t) { ++sent; });
  for (int i = 0; i < n; ++i) r.bmi->post_recv(1, 0, i, {64}, 64, [&](int, uint64_t) { ++received; });
  r.sim.run(UINT64_MAX);
  EXPECT_EQ(received, n);
  EXPECT_EQ(sent, n);
  EXPECT_EQ(r.bmi->buffer_waits(), 1u);
}

TEST(BmiIb, ARendezvousLargerThanTheReceiveFailsBothSides) {
  IbRig r;
  int recv_err = 0, send_err = 0;
  r.bmi->post_recv(1, 0, 3, {16384}, 16384, [&](int err, uint64_t) { recv_err = err; });
  r.bmi->post_send(0, 1, 3, {65536}, 65536, [&](int err, uint64_t) { send_err = err; });
  r.sim.run(UINT64_MAX);
  EXPECT_EQ(recv_err, kBmiEmsgsize);
  EXPECT_EQ(send_err, kBmiEmsgsize);
}

TEST(BmiIb, UnexpectedMessagesFitOneEagerBuffer) {
  IbRig r;
  EXPECT_EQ(r.bmi->unexpected_limit(), 8192u - 8u);
  BmiPost big = r.bmi->post_sendunexpected(0, 1, 1, {9000}, 9000, {});
  EXPECT_EQ(big.status, BmiPost::kRefused);
  int got = 0;
  r.bmi->set_unexpected_handler(1, [&](const BmiIncoming& in) { got = static_cast<int>(in.bytes); });
  r.bmi->post_sendunexpected(0, 1, 1, {5000}, 5000, {});
  r.sim.run(UINT64_MAX);
  EXPECT_EQ(got, 5000);
}

}  // namespace
}  // namespace hpcsim::pvfs2

namespace hpcsim::pvfs2 {
namespace {

/// An eager send from 0 to 1 posted at `at` (ps); returns when node 1's receive completed.
Time eager_at(Time at) {
  IbRig r;
  Time received = 0;
  r.sim.at(at, r.net.host(0).id(), EventKind::kGeneric, 0, [&]() {
    r.bmi->post_recv(1, 0, 7, {100}, 100, [&](int, uint64_t) { received = r.sim.now(); });
    r.bmi->post_send(0, 1, 7, {100}, 100, [](int, uint64_t) {});
  });
  r.sim.run(UINT64_MAX);
  return received - at;
}

TEST(BmiIb, AfterASecondIdleACompletionWaitsForTheEndOfTheTestLoopsSleepInPoll) {
  // ib.c: BMI_ib_testcontext spins for 1 s after the last completion, then blocks max_idle_time (10 ms) in poll()
  // on the listen socket, which the arriving message does not wake.
  const Time busy = eager_at(ns_to_ps(500e6));  // 0.5 s after the file system's start: still spinning
  const Time idle = eager_at(ns_to_ps(1500e6));  // 1.5 s: asleep in 10 ms steps from 1 s on
  EXPECT_LT(busy, ns_to_ps(100e3));
  EXPECT_GE(idle, busy + ns_to_ps(1e6));
  // The receiver's sleeps run from 1 s on in 10 ms steps: the message is seen at 1.51 s, not before.
  EXPECT_GE(idle + ns_to_ps(1500e6), ns_to_ps(1510e6));
  EXPECT_LT(idle + ns_to_ps(1500e6), ns_to_ps(1510e6) + busy + ns_to_ps(50e3));
}

}  // namespace
}  // namespace hpcsim::pvfs2
