// The Quadrics elan4 kernel driver of one host as a user thread meets it when it blocks on an interrupt cookie
// (qsnet 4.30, drivers/net/qsnet/elan4/{intcookie,device,user}.c; ../shared/references/elan4-threads.md §1).
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

#include "hw/elan4/linux_wake.h"
#include "hw/host.h"
#include "kernel/simulator.h"

namespace hpcsim {

/// Kernel code of one intcookie operation (intcookie_arm, the check in intcookie_wait, its return after a
/// wake-up): spin_lock_irqsave of the table's tbl_lock (one locked read-modify-write, ~150 cycles on a NetBurst
/// Xeon) and the walk to the cookie's entry. [estimate]; elan4-threads.md §1.1-1.3.
constexpr uint64_t kIntcookieOpCycles = 200;
/// elan4_mainint_punt_loops (device.c:56, default 1): cookies the IRQ handler drains itself before it hands
/// the rest to the elan4_mainint kernel thread.
constexpr uint32_t kMainintPuntLoops = 1;

/// One host's elan4 driver: interrupt cookies, each with its own wait entry (intcookie_alloc); the main
/// interrupt queue and its IRQ handler; ioctls under the Big Kernel Lock. Costs are LinuxWake's items
/// (os.* parameters). Callbacks run in simulated time; a cookie index comes from alloc_cookie().
///
/// * arm(): ELAN4IO_ARM_INTCOOKIE, clears the cookie's fired flag (intcookie_arm).
/// * wait(): ELAN4IO_WAIT_INTCOOKIE (intcookie_wait): if the cookie fired since it was armed, returns at once
///   without sleeping (intcookie.c:315); else the thread sleeps (schedule() drops the BKL) until
///   intcookie_fire wakes it: try_to_wake_up, context switch, the BKL taken again, the ioctl's exit.
/// * interrupt(): the NIC wrote the cookie into the main interrupt queue and raised the IRQ: IRQ entry, then
///   handle_mainints fires it (user_interrupt -> intcookie_fire). When more than kMainintPuntLoops cookies are
///   pending together the handler punts them to the elan4_mainint kernel thread (device.c:413, 833-840): the
///   thread is woken and switched in, then fires each cookie.
/// * Every ioctl holds the BKL from its entry to its exit (sys_ioctl's lock_kernel around f_op->ioctl on
///   Linux < 2.6.11; the driver has no unlocked_ioctl): a second thread in an ioctl spins until it is free.
class Elan4Driver {
 public:
  using Fn = std::function<void()>;
  Elan4Driver(Simulator& sim, Host& host, const LinuxWake& costs);

  /// ELAN4IO_ALLOC_INTCOOKIE: a new cookie (armed, not fired); returns its index.
  int alloc_cookie();
  /// ARM ioctl on `cookie`; `then` back in user space.
  void arm(int cookie, Fn then);
  /// WAIT ioctl on `cookie`. Exactly one of `returned` (it had fired: no sleep) or `woken` (slept, then woken by
  /// its interrupt; `asleep` ran when it blocked and `waking` when the interrupt reached the host) is called,
  /// back in user space.
  void wait(int cookie, Fn asleep, Fn waking, Fn returned, Fn woken);
  /// The cookie's interrupt reaches the host on behalf of `message` (for the host_wake trace record).
  void interrupt(int cookie, uint32_t message);

  bool fired(int cookie) const { return cookies_[static_cast<size_t>(cookie)].fired; }
  /// Interrupts that found their thread asleep and woke it (each a host_wake record).
  uint64_t wakes() const { return wakes_; }
  /// WAIT ioctls that returned without sleeping (the cookie had fired).
  uint64_t waits_without_sleep() const { return returned_; }
  /// Handler passes punted to the elan4_mainint kernel thread.
  uint64_t punts() const { return punts_; }
  /// Time threads spun for the BKL, in all.
  Time bkl_spin_ps() const { return bkl_spin_ps_; }

 private:
  struct Cookie {
    bool fired = false;
    bool in_wait = false;   ///< in the WAIT ioctl, before its check
    bool sleeping = false;  ///< blocked in kcondvar_waitsig
    bool raised = false;    ///< its interrupt reached the host and has not been handled yet
    Time raised_ps = 0;
    uint32_t message = 0;
    Fn waking, woken;
  };
  /// Takes the BKL for `hold_ps` of kernel work starting at the earliest time it is free; returns when the
  /// work ends.
  Time hold_bkl(Time hold_ps);
  void handler_pass(bool in_thread);
  void fire(int cookie);

  Simulator& sim_;
  Host& host_;
  const LinuxWake& costs_;
  std::vector<Cookie> cookies_;
  std::deque<int> pending_;  ///< main interrupt queue: cookies raised, not yet handled
  bool irq_busy_ = false;    ///< an IRQ pass (or the kernel thread) is draining the queue
  uint32_t handled_in_irq_ = 0;  ///< cookies the current IRQ pass has fired itself ("done")
  Time bkl_free_ps_ = 0;
  Time bkl_spin_ps_ = 0;
  uint64_t wakes_ = 0, returned_ = 0, punts_ = 0;
};

}  // namespace hpcsim
