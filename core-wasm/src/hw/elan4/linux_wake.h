// Linux 2.6 on the seed-001 host (3.0 GHz Xeon): what it costs to put a thread to sleep and to wake it, from
// an Elan4 interrupt or from another thread (os.* parameters).
#pragma once
#include <functional>

#include "hw/host.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// `value` of host_wake trace records.
enum class HostWakeKind : int32_t { kInterrupt = 1, kThread = 2 };

/// Wake-up paths. interrupt_wake: the interrupt cookie has landed -> IRQ entry (os.irq_entry_ns) -> the
/// Elan4 driver's handler (os.irq_handler_cycles) -> try_to_wake_up (os.wakeup_cycles) -> schedule() to the
/// sleeper (os.context_switch_ns) -> return from the ioctl (os.syscall_exit_ns). thread_wake: the waker
/// enters futex (os.syscall_entry_ns), wakes (os.futex_wake_cycles + os.wakeup_cycles) and returns
/// (os.syscall_exit_ns); the sleeper, on the other CPU, takes the IPI (os.ipi_ns), is switched in and
/// returns from futex_wait. Each wake is a host_wake trace record spanning the whole path.
class LinuxWake {
 public:
  LinuxWake(Simulator& sim, const ParameterSet& p);

  /// Cost of going to sleep in a system call (entry), paid by the thread before it sleeps.
  Time sleep_entry_ps() const { return entry_ps_; }
  /// Total time from the interrupt cookie landing to the woken thread running in user space.
  Time interrupt_wake_ps(const Host& host) const;
  /// Time the waker spends in pthread_cond_signal, and from its start to the sleeper running.
  Time waker_ps(const Host& host) const;
  Time sleeper_ps(const Host& host) const;

  void interrupt_wake(Host& host, uint32_t message, std::function<void()> woken);

  // The items of those paths, for models that take them apart (hw/elan4/elan4_driver.h).
  Time irq_entry_ps() const { return irq_ps_; }
  Time irq_handler_ps(const Host& host) const { return host.cycles_ps(handler_cycles_); }
  Time try_to_wake_up_ps(const Host& host) const { return host.cycles_ps(wakeup_cycles_); }
  Time context_switch_ps() const { return ctx_ps_; }
  Time syscall_entry_ps() const { return entry_ps_; }
  Time syscall_exit_ps() const { return exit_ps_; }
  void thread_wake(Host& host, uint32_t message, std::function<void()> waker_free, std::function<void()> woken);

 private:
  Simulator& sim_;
  Time irq_ps_, ctx_ps_, exit_ps_, entry_ps_, ipi_ps_;
  uint64_t handler_cycles_, wakeup_cycles_, futex_cycles_;
};

}  // namespace hpcsim
