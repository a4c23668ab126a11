// The elan4 driver's interrupt cookies (qsnet 4.30; ../shared/references/elan4-threads.md §1): a WAIT on a cookie
// that already fired returns without sleeping, a sleeper is woken by its own cookie only, two cookies pending
// together are punted to the elan4_mainint kernel thread, and ioctls of two threads serialise on the BKL.
#include <gtest/gtest.h>

#include "hw/elan4/elan4_driver.h"
#include "hw/qsnet_cluster.h"

namespace hpcsim {
namespace {

struct DriverRig {
  ParameterSet p{"osu-elan4-2005"};
  Simulator sim{100000};
  QsnetCluster cluster{sim, p, 2, NicFamily::kElan4, 1};
  LinuxWake wake{sim, p};
  Host& host = cluster.host(0);
  Elan4Driver driver{sim, host, wake};
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
  /// Runs the simulation up to `t` (events at later times stay queued).
  void at(Time t, std::function<void()> f) { sim.at(t, host.id(), EventKind::kGeneric, 0, std::move(f)); }
};

struct WaitOutcome {
  bool asleep = false, waking = false, returned = false, woken = false;
  Time back = -1;  ///< back in user space
};

void wait_on(DriverRig& r, int cookie, WaitOutcome* o) {
  r.driver.wait(
      cookie, [o]() { o->asleep = true; }, [o]() { o->waking = true; },
      [&r, o]() {
        o->returned = true;
        o->back = r.sim.now();
      },
      [&r, o]() {
        o->woken = true;
        o->back = r.sim.now();
      });
}

Time op_ps(DriverRig& r) { return r.host.cycles_ps(kIntcookieOpCycles); }

TEST(Elan4Driver, WaitOnACookieThatFiredReturnsWithoutSleeping) {
  DriverRig r;
  int c = r.driver.alloc_cookie();
  WaitOutcome o;
  r.driver.interrupt(c, 1);
  r.run();
  ASSERT_TRUE(r.driver.fired(c));
  Time start = r.sim.now();
  wait_on(r, c, &o);
  r.run();
  EXPECT_TRUE(o.returned);
  EXPECT_FALSE(o.asleep);
  EXPECT_FALSE(o.woken);
  EXPECT_EQ(r.driver.waits_without_sleep(), 1u);
  EXPECT_EQ(r.driver.wakes(), 0u);
  EXPECT_EQ(o.back - start, r.wake.syscall_entry_ps() + op_ps(r) + r.wake.syscall_exit_ps());  // no switch
}

TEST(Elan4Driver, ArmClearsAnEarlierFiringSoTheWaitSleepsUntilTheNextInterrupt) {
  DriverRig r;
  int c = r.driver.alloc_cookie();
  r.driver.interrupt(c, 1);
  r.run();
  bool armed = false;
  r.driver.arm(c, [&]() { armed = true; });
  r.run();
  ASSERT_TRUE(armed);
  EXPECT_FALSE(r.driver.fired(c));
  WaitOutcome o;
  wait_on(r, c, &o);
  r.run();
  EXPECT_TRUE(o.asleep);
  EXPECT_FALSE(o.returned || o.woken);
  Time raised = r.sim.now() + 5 * kUs;
  r.at(raised, [&]() { r.driver.interrupt(c, 2); });
  r.run();
  EXPECT_TRUE(o.waking);
  EXPECT_TRUE(o.woken);
  EXPECT_EQ(r.driver.wakes(), 1u);
  // IRQ entry, the handler, try_to_wake_up, the context switch, the BKL again, the ioctl's exit: the items of
  // LinuxWake::interrupt_wake_ps plus the intcookie_wait return path.
  EXPECT_EQ(o.back - raised, r.wake.irq_entry_ps() + r.wake.irq_handler_ps(r.host) + r.wake.try_to_wake_up_ps(r.host) +
                                 r.wake.context_switch_ps() + op_ps(r) + r.wake.syscall_exit_ps());
}

TEST(Elan4Driver, AnInterruptWakesOnlyTheThreadOfItsCookie) {
  DriverRig r;
  int a = r.driver.alloc_cookie(), b = r.driver.alloc_cookie();
  WaitOutcome oa, ob;
  wait_on(r, a, &oa);
  wait_on(r, b, &ob);
  r.run();
  ASSERT_TRUE(oa.asleep && ob.asleep);
  r.driver.interrupt(a, 1);
  r.run();
  EXPECT_TRUE(oa.woken);
  EXPECT_FALSE(ob.woken || ob.waking || ob.returned);  // per-cookie condvar: kcondvar_wakeupall on a's entry only
  EXPECT_EQ(r.driver.wakes(), 1u);
  EXPECT_EQ(r.driver.punts(), 0u);
}

TEST(Elan4Driver, TwoPendingCookiesArePuntedToTheKernelThread) {
  DriverRig r;
  int a = r.driver.alloc_cookie(), b = r.driver.alloc_cookie();
  WaitOutcome oa, ob, alone;
  wait_on(r, a, &oa);
  wait_on(r, b, &ob);
  r.run();
  Time t0 = r.sim.now();
  r.driver.interrupt(a, 1);
  r.driver.interrupt(b, 2);  // both in the main interrupt queue before the handler runs
  r.run();
  ASSERT_TRUE(oa.woken && ob.woken);
  EXPECT_EQ(r.driver.punts(), 1u);
  // The handler punts: the elan4_mainint thread is woken and switched in, then fires a, then b.
  Time punt = r.wake.try_to_wake_up_ps(r.host) + r.wake.context_switch_ps();
  Time wake_tail = r.wake.try_to_wake_up_ps(r.host) + r.wake.context_switch_ps() + op_ps(r) + r.wake.syscall_exit_ps();
  EXPECT_EQ(oa.back - t0, r.wake.irq_entry_ps() + punt + r.wake.irq_handler_ps(r.host) + wake_tail);
  EXPECT_GE(ob.back - t0, r.wake.irq_entry_ps() + punt + 2 * r.wake.irq_handler_ps(r.host) + wake_tail);
  // A lone cookie is fired by the IRQ handler itself.
  int c = r.driver.alloc_cookie();
  wait_on(r, c, &alone);
  r.run();
  r.driver.interrupt(c, 3);
  r.run();
  EXPECT_TRUE(alone.woken);
  EXPECT_EQ(r.driver.punts(), 1u);
}

TEST(Elan4Driver, IoctlsOfTwoThreadsSerialiseOnTheBigKernelLock) {
  DriverRig r;
  int a = r.driver.alloc_cookie(), b = r.driver.alloc_cookie();
  Time back_a = -1, back_b = -1;
  r.driver.arm(a, [&]() { back_a = r.sim.now(); });
  r.driver.arm(b, [&]() { back_b = r.sim.now(); });  // same instant: b spins while a holds the BKL
  r.run();
  Time one = r.wake.syscall_entry_ps() + op_ps(r) + r.wake.syscall_exit_ps();
  EXPECT_EQ(back_a, one);
  EXPECT_EQ(back_b, one + op_ps(r));
  EXPECT_EQ(r.driver.bkl_spin_ps(), op_ps(r));
}

}  // namespace
}  // namespace hpcsim
