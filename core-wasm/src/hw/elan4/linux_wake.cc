#include "hw/elan4/linux_wake.h"

namespace hpcsim {

LinuxWake::LinuxWake(Simulator& sim, const ParameterSet& p)
    : sim_(sim),
      irq_ps_(ns_to_ps(p.get("os.irq_entry_ns"))),
      ctx_ps_(ns_to_ps(p.get("os.context_switch_ns"))),
      exit_ps_(ns_to_ps(p.get("os.syscall_exit_ns"))),
      entry_ps_(ns_to_ps(p.get("os.syscall_entry_ns"))),
      ipi_ps_(ns_to_ps(p.get("os.ipi_ns"))),
      handler_cycles_(static_cast<uint64_t>(p.get("os.irq_handler_cycles"))),
      wakeup_cycles_(static_cast<uint64_t>(p.get("os.wakeup_cycles"))),
      futex_cycles_(static_cast<uint64_t>(p.get("os.futex_wake_cycles"))) {}

Time LinuxWake::interrupt_wake_ps(const Host& host) const {
  return irq_ps_ + host.cycles_ps(handler_cycles_ + wakeup_cycles_) + ctx_ps_ + exit_ps_;
}

Time LinuxWake::waker_ps(const Host& host) const {
  return entry_ps_ + host.cycles_ps(futex_cycles_ + wakeup_cycles_) + exit_ps_;
}

Time LinuxWake::sleeper_ps(const Host& host) const {
  return entry_ps_ + host.cycles_ps(futex_cycles_ + wakeup_cycles_) + ipi_ps_ + ctx_ps_ + exit_ps_;
}

void LinuxWake::interrupt_wake(Host& host, uint32_t message, std::function<void()> woken) {
  Time d = interrupt_wake_ps(host);
  sim_.trace().record(sim_.now(), sim_.now() + d, TraceKind::kHostWake, host.id(), message, 0,
                      static_cast<int32_t>(HostWakeKind::kInterrupt));
  sim_.after(d, host.id(), EventKind::kHostCpuDone, 0, std::move(woken));
}

void LinuxWake::thread_wake(Host& host, uint32_t message, std::function<void()> waker_free,
                            std::function<void()> woken) {
  Time s = sleeper_ps(host);
  sim_.trace().record(sim_.now(), sim_.now() + s, TraceKind::kHostWake, host.id(), message, 0,
                      static_cast<int32_t>(HostWakeKind::kThread));
  sim_.after(waker_ps(host), host.id(), EventKind::kHostCpuDone, 0, std::move(waker_free));
  sim_.after(s, host.id(), EventKind::kHostCpuDone, 0, std::move(woken));
}

}  // namespace hpcsim
