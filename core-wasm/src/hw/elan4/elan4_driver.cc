#include "hw/elan4/elan4_driver.h"

#include <algorithm>

namespace hpcsim {

Elan4Driver::Elan4Driver(Simulator& sim, Host& host, const LinuxWake& costs) : sim_(sim), host_(host), costs_(costs) {}

int Elan4Driver::alloc_cookie() {
  cookies_.emplace_back();
  return static_cast<int>(cookies_.size() - 1);
}

Time Elan4Driver::hold_bkl(Time hold_ps) {
  Time now = sim_.now();
  Time start = std::max(now, bkl_free_ps_);
  bkl_spin_ps_ += start - now;
  bkl_free_ps_ = start + hold_ps;
  return bkl_free_ps_;
}

void Elan4Driver::arm(int cookie, Fn then) {
  sim_.after(costs_.syscall_entry_ps(), host_.id(), EventKind::kHostCpuDone, 0, [this, cookie, then = std::move(then)]() {
    Time end = hold_bkl(host_.cycles_ps(kIntcookieOpCycles));
    sim_.at(end, host_.id(), EventKind::kHostCpuDone, 0, [this, cookie, then]() {
      cookies_[static_cast<size_t>(cookie)].fired = false;  // intcookie_arm: ent_fired = 0
      sim_.after(costs_.syscall_exit_ps(), host_.id(), EventKind::kHostCpuDone, 0, then);
    });
  });
}

void Elan4Driver::wait(int cookie, Fn asleep, Fn waking, Fn returned, Fn woken) {
  Cookie& c = cookies_[static_cast<size_t>(cookie)];
  c.in_wait = true;
  c.waking = std::move(waking);
  c.woken = std::move(woken);
  sim_.after(costs_.syscall_entry_ps(), host_.id(), EventKind::kHostCpuDone, 0,
             [this, cookie, asleep = std::move(asleep), returned = std::move(returned)]() {
               Time end = hold_bkl(host_.cycles_ps(kIntcookieOpCycles));
               sim_.at(end, host_.id(), EventKind::kHostCpuDone, 0, [this, cookie, asleep, returned]() {
                 Cookie& k = cookies_[static_cast<size_t>(cookie)];
                 k.in_wait = false;
                 if (k.fired) {  // intcookie.c:315: ent_fired != 0, return 0 without sleeping
                   ++returned_;
                   k.waking = nullptr;
                   k.woken = nullptr;
                   sim_.after(costs_.syscall_exit_ps(), host_.id(), EventKind::kHostCpuDone, 0, returned);
                   return;
                 }
                 k.sleeping = true;  // kcondvar_waitsig: schedule(), which drops the BKL
                 if (asleep) asleep();
                 if (k.raised && k.waking) k.waking();  // its interrupt is already on its way
               });
             });
}

void Elan4Driver::interrupt(int cookie, uint32_t message) {
  Cookie& c = cookies_[static_cast<size_t>(cookie)];
  c.raised = true;
  c.raised_ps = sim_.now();
  c.message = message;
  if (c.sleeping && c.waking) c.waking();
  pending_.push_back(cookie);
  if (irq_busy_) return;  // the pass under way drains it (INT_MainInterrupt stays masked while punted)
  irq_busy_ = true;
  handled_in_irq_ = 0;
  sim_.after(costs_.irq_entry_ps(), host_.id(), EventKind::kHostCpuDone, 0, [this]() { handler_pass(false); });
}

void Elan4Driver::handler_pass(bool in_thread) {
  if (pending_.empty()) {
    irq_busy_ = false;
    return;
  }
  // handle_mainints(dev, -1, elan4_mainint_punt_loops): "punt because too many to do in interrupt" once
  // done + todo exceeds the loop count; the elan4_mainint thread is woken and switched in to drain the rest.
  if (!in_thread && handled_in_irq_ + pending_.size() > kMainintPuntLoops) {
    ++punts_;
    sim_.after(costs_.try_to_wake_up_ps(host_) + costs_.context_switch_ps(), host_.id(), EventKind::kHostCpuDone, 0,
               [this]() { handler_pass(true); });
    return;
  }
  int cookie = pending_.front();
  pending_.pop_front();
  sim_.after(costs_.irq_handler_ps(host_), host_.id(), EventKind::kHostCpuDone, 0, [this, cookie, in_thread]() {
    if (!in_thread) ++handled_in_irq_;
    fire(cookie);
    handler_pass(in_thread);
  });
}

void Elan4Driver::fire(int cookie) {
  Cookie& c = cookies_[static_cast<size_t>(cookie)];
  c.raised = false;
  c.fired = true;  // intcookie_fire: ent_fired = cookie, kcondvar_wakeupall on this entry only
  if (!c.sleeping) return;
  c.sleeping = false;
  ++wakes_;
  Fn woken = std::move(c.woken);
  c.woken = nullptr;
  c.waking = nullptr;
  // try_to_wake_up, schedule() switches the thread in, it takes the BKL again and leaves the ioctl.
  sim_.after(costs_.try_to_wake_up_ps(host_) + costs_.context_switch_ps(), host_.id(), EventKind::kHostCpuDone, 0,
             [this, cookie, woken]() {
               Time end = hold_bkl(host_.cycles_ps(kIntcookieOpCycles));
               sim_.at(end + costs_.syscall_exit_ps(), host_.id(), EventKind::kHostCpuDone, 0, [this, cookie, woken]() {
                 const Cookie& k = cookies_[static_cast<size_t>(cookie)];
                 sim_.trace().record(k.raised_ps, sim_.now(), TraceKind::kHostWake, host_.id(), k.message, 0,
                                     static_cast<int32_t>(HostWakeKind::kInterrupt));
                 woken();
               });
             });
}

}  // namespace hpcsim
