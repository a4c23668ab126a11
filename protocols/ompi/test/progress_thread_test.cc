// Progress threads' poll and sleep states (ptl_elan wait_queue + elan4 driver; ../shared/references/
// elan4-threads.md): an entry that lands while its thread polls costs no wake-up; one that lands while it is
// asleep costs one interrupt wake-up; the states are traced in order; completions go to the queue (and thread)
// ptl_elan routes them to in each progress mode.
#include <gtest/gtest.h>

#include <vector>

#include "hw/qsnet_cluster.h"
#include "ompi/ompi_elan4.h"
#include "ompi/progress.h"
#include "workload/pingpong.h"

namespace hpcsim {
namespace {

using ompi::ProgressMode;
using ompi::ThreadState;

struct Rig {
  ParameterSet p{"osu-elan4-2005"};
  Simulator sim{100000};
  QsnetCluster cluster{sim, p, 2, NicFamily::kElan4, 1};
  Host& host = cluster.host(0);
  LinuxWake wake{sim, p};
  Elan4Driver driver{sim, host, wake};
  InputQueue queue{sim, cluster.elan4(0), 16, 128};
  ompi::Source source;
  std::unique_ptr<ompi::Progress> progress;
  std::vector<Time> handled;
  Time landed = -1;

  explicit Rig(Time thread_poll_ps) {
    ompi::PollWindows w;
    w.application_ps = 50 * kUs;
    w.thread_ps = thread_poll_ps;
    progress = std::make_unique<ompi::Progress>(sim, host, wake, driver, ProgressMode::kTwoThreads, w);
    source.queue = &queue;
    source.process_one = [this](std::function<void()> then) {
      handled.push_back(sim.now());
      queue.consume(host, std::move(then));
    };
    progress->add_source(&source, 0);
  }
  /// The inputter writes one 64-byte entry at `t`; `landed` is when its done word reaches host memory.
  void entry_at(Time t) {
    sim.at(t, host.id(), EventKind::kGeneric, 0, [this]() { queue.write(QueueSlot{1, 1, 64, 1}); });
  }
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
  /// Runs event by event until the receive thread is in `s`.
  void run_until(ThreadState s) {
    while (progress->state(0) != s && !sim.run(1)) {
    }
  }
};

TEST(ProgressThread, AnEntryLandingWhileTheThreadPollsCostsNoWakeUp) {
  Rig r(10 * kUs);  // a window long enough to cover the landing
  r.entry_at(1 * kUs);
  r.run();
  ASSERT_EQ(r.handled.size(), 1u);
  EXPECT_EQ(r.progress->seen_polling(), 1u);
  EXPECT_EQ(r.progress->interrupts(), 0u);
  EXPECT_EQ(r.driver.wakes(), 0u);
  // It sees the done word after one cache miss: well under a microsecond after the inputter's write.
  EXPECT_LT(r.handled[0] - 1 * kUs, 2 * kUs);
}

TEST(ProgressThread, AnEntryLandingWhileTheThreadIsAsleepCostsOneInterruptWakeUp) {
  Rig r(1 * kUs);
  r.run();  // polls 1 us, arms, sleeps
  ASSERT_EQ(r.progress->state(0), ThreadState::kAsleep);
  Time t = r.sim.now() + 20 * kUs;
  r.entry_at(t);
  r.run();
  ASSERT_EQ(r.handled.size(), 1u);
  EXPECT_EQ(r.progress->seen_polling(), 0u);
  EXPECT_EQ(r.progress->interrupts(), 1u);
  EXPECT_EQ(r.progress->interrupts(0), 1u);
  EXPECT_EQ(r.driver.wakes(), 1u);
  EXPECT_GT(r.handled[0] - t, r.wake.interrupt_wake_ps(r.host));  // IRQ, handler, wake-up, switch, exit
  // Handled, it polls again, then sleeps again with nothing more to do.
  EXPECT_EQ(r.progress->state(0), ThreadState::kAsleep);
}

TEST(ProgressThread, AnEntryLandingWhileTheThreadArmsIsNotLost) {
  Rig r(1 * kUs);
  r.run_until(ThreadState::kArming);
  r.queue.write(QueueSlot{1, 1, 64, 1});
  r.run();
  ASSERT_EQ(r.handled.size(), 1u);
  EXPECT_EQ(r.progress->seen_polling(), 0u);
  // Its cookie's interrupt either finds the WAIT still to check (it returns without sleeping) or wakes it.
  EXPECT_EQ(r.progress->interrupts() + r.progress->waits_without_sleep(), 1u);
}

TEST(ProgressThread, StatesAreTracedInTheOrderOfWaitQueue) {
  Rig r(1 * kUs);
  r.run();
  r.entry_at(r.sim.now() + 20 * kUs);
  r.run();
  std::vector<int32_t> states;
  size_t n = r.sim.trace().take(1000000);
  for (size_t i = 0; i < n; ++i)
    if (r.sim.trace().batch_kind()[i] == static_cast<uint32_t>(TraceKind::kHostThread) &&
        r.sim.trace().batch_bytes()[i] == static_cast<uint32_t>(ompi::ThreadRole::kReceive))
      states.push_back(r.sim.trace().batch_value()[i]);
  auto v = [](ThreadState s) { return static_cast<int32_t>(s); };
  std::vector<int32_t> expected = {v(ThreadState::kPolling), v(ThreadState::kArming), v(ThreadState::kAsleep),
                                   v(ThreadState::kWaking),  v(ThreadState::kRunning), v(ThreadState::kPolling),
                                   v(ThreadState::kArming),  v(ThreadState::kAsleep)};
  EXPECT_EQ(states, expected);
}

// A 4 KB RDMA-read ping-pong: the receiver's GET completion lands in the queue of the thread that issued the GET
// under ONE_QUEUE (One-Thread) and in the completion thread's queue with two queues (Two-Threads).
struct PingPongRun {
  ParameterSet p{"osu-elan4-2005"};
  Simulator sim{16};
  QsnetCluster cluster{sim, p, 2, NicFamily::kElan4, 1};
  uint32_t ids = 0;
  std::unique_ptr<OmpiElan4> ep;
  explicit PingPongRun(ProgressMode mode, int completion_queues) {
    OmpiElan4Options o;
    o.path = ompi::RdmaPath::kRead;
    o.progress = mode;
    o.completion_queues = completion_queues;
    ep = std::make_unique<OmpiElan4>(sim, cluster, p, o, &ids, 0);
    PingPong pp(sim, cluster, *ep, 0, 1, 4096, 1, 3, nullptr, []() {});
    pp.start();
    while (!sim.run(1u << 20)) {
    }
  }
};

TEST(ProgressThread, CompletionsGoToTheQueueOfTheirProgressMode) {
  PingPongRun one(ProgressMode::kOneThread, 2);  // ptl_elan runs ONE_QUEUE with one thread
  EXPECT_EQ(one.ep->options().completion_queues, 1);
  EXPECT_EQ(one.ep->ptl(1, 0).comp_queue(), nullptr);
  EXPECT_GT(one.ep->progress(1).interrupts(0), 0u);
  EXPECT_EQ(one.ep->progress(1).interrupts(1), 0u);  // no completion thread

  PingPongRun two(ProgressMode::kTwoThreads, 1);
  EXPECT_EQ(two.ep->options().completion_queues, 2);
  ASSERT_NE(two.ep->ptl(1, 0).comp_queue(), nullptr);
  // The receiver's update_desc thread is woken for its GET completions (and its sends' completions).
  EXPECT_GT(two.ep->progress(1).interrupts(1), 0u);
  EXPECT_GT(two.ep->progress(1).interrupts(0), 0u);  // drain_recv: the MATCH arrivals
}

}  // namespace
}  // namespace hpcsim
