// Parameters of a node's host: CPU, memory and the Linux kernel paths it runs, declared beside the model
// (params/parameter.h: name, unit, default, range, description, source); registered through the catalog entry that
// uses them, printed by `npm run sim -- --parameters`.
#include "hw/host.h"

namespace hpcsim {

const std::vector<ParameterSpec>& host_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // Host (seed 002 §5: Dell 1550, two 1 GHz Pentium III).
  {"host.clock_MHz", "MHz", 1000, 100, 5000, false, "Host CPU clock; library code paths are counted in cycles.", "seed 002 §5 (1 GHz Pentium III)"},
  {"host.uncached_store_ns", "ns", 50, 1, 1000, false, "CPU stall for one 8-byte uncached (PIO) store to NIC memory or command port.", "[estimate] Pentium III front-side bus at 133 MHz, ~7 clocks"},
  {"host.cache_miss_ns", "ns", 150, 1, 1000, false, "Host DRAM access for a cache line invalidated by a NIC DMA write (polling sees the new value).", "[estimate] Pentium III + PC133 SDRAM"},
  {"host.cache_line_bytes", "B", 32, 16, 128, true, "Host cache line size.", "Intel Pentium III datasheet [recalled]"},
  {"host.memcpy_MBps", "MB/s", 600, 10, 20000, false, "Host memory-to-memory copy rate (EQ slot to user buffer).", "[estimate] Pentium III 1 GHz with PC133 SDRAM"},
  // Linux 2.6 on a 3.0 GHz Xeon (seed 001 testbed): interrupts and thread wake-ups.
  {"os.irq_entry_ns", "ns", 2000, 0, 100000, false, "From the NIC's interrupt to the driver handler running: IO-APIC delivery, NetBurst interrupt entry and do_IRQ (and the matching exit).", "[estimate] Linux 2.6 on a 3 GHz Pentium 4 Xeon"},
  {"os.irq_handler_cycles", "cycles", 4500, 0, 1000000, false, "Elan4 driver interrupt handler: read the interrupt queue, find the sleeper by its cookie, wake_up.", "[estimate]; REFERENCES §1.3.4 (elan4_pollevent_word sleeps with an interrupt cookie)"},
  {"os.wakeup_cycles", "cycles", 3000, 0, 1000000, false, "try_to_wake_up: run-queue lock, enqueue, need_resched, for a thread sleeping on a wait queue or futex.", "[estimate] Linux 2.6 O(1) scheduler"},
  {"os.context_switch_ns", "ns", 4500, 0, 100000, false, "schedule() switching to the woken thread: switch_mm (CR3 reload flushes the TLB on NetBurst), register state, TLB and cache refill.", "[estimate] lmbench lat_ctx class figure for a 3 GHz Xeon"},
  {"os.syscall_exit_ns", "ns", 800, 0, 100000, false, "Return from the sleeping system call (ioctl or futex) to user space, re-taking the user lock.", "[estimate] int 0x80 exit on NetBurst"},
  {"os.syscall_entry_ns", "ns", 500, 0, 100000, false, "Enter a system call (ioctl, futex) from user space.", "[estimate] int 0x80 entry on NetBurst"},
  {"os.ipi_ns", "ns", 1500, 0, 100000, false, "Reschedule inter-processor interrupt to the other CPU and its exit from the idle loop (HLT).", "[estimate] dual Xeon, Linux 2.6"},
  {"os.futex_wake_cycles", "cycles", 1500, 0, 1000000, false, "Waker side of pthread_cond_signal: futex hash lookup and wake in the kernel (besides entry/exit).", "[estimate] NPTL on Linux 2.6"},
  {"os.page_pin_ns", "ns", 400, 0, 100000, false, "Pinning one 4 KiB page of user memory for NIC DMA (get_user_pages: page-table walk, reference count), or releasing it, per page registered or deregistered.", "[estimate] Linux 2.6 on a 3 GHz Xeon"},
  {"os.page_bytes", "B", 4096, 4096, 4194304, true, "Page size of host memory registration and of the Elan4 MMU translations.", "IA-32 base page [recalled]"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
