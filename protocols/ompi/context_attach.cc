#include "ompi/context_attach.h"

#include "ompi/dynamic_costs.h"

namespace hpcsim::ompi {

namespace {
constexpr int32_t kOpAttach = 5, kOpDetach = 8;  ///< host_op trace values (names in wasm/bridge.cc)
}

uint64_t ContextAttach::registered_bytes(const ParameterSet& p, int completion_queues, uint32_t ctl_header_bytes) {
  uint64_t slots = static_cast<uint64_t>(p.get("elan4.input_queue_slots")) + 1;  // one slot lost
  uint64_t qdma = static_cast<uint64_t>(p.get("elan4.qdma_max_bytes"));
  uint64_t slot = (qdma + 127) / 128 * 128;
  uint64_t bytes = slots * slot + kQdmaDescriptors * qdma;
  if (completion_queues == 2) bytes += slots * ((ctl_header_bytes + 127) / 128 * 128);
  return bytes;
}

void ContextAttach::pio_writes(Host& host, int n, uint32_t bytes, Done then) {
  if (n <= 0) {
    then();
    return;
  }
  host.pio_write(bytes, 0, [this, &host, n, bytes, then = std::move(then)]() mutable {
    pio_writes(host, n - 1, bytes, std::move(then));
  });
}

void ContextAttach::attach(Done then) {
  Host& host = host_;
  ComponentId hid = host.id();
  Time entry = ns_to_ps(params_.get("os.syscall_entry_ns")), exit = ns_to_ps(params_.get("os.syscall_exit_ns"));
  Time attach = ns_to_ps(params_.get("elan4.context_attach_us") * 1000.0);
  Time cq = ns_to_ps(params_.get("elan4.command_queue_alloc_us") * 1000.0);
  Time pin = ns_to_ps(params_.get("os.page_pin_ns"));
  uint64_t page = static_cast<uint64_t>(params_.get("os.page_bytes"));
  int pages = static_cast<int>((registered_ + page - 1) / page);
  int vpids = vpids_;
  Time t0 = sim_.now();
  auto finish = [this, &host, hid, t0, then = std::move(then)]() mutable {
    host.compute(kPtlInit, [this, hid, t0, then = std::move(then)]() {
      sim_.trace().record(t0, sim_.now(), TraceKind::kHostOp, hid, 0, 0, kOpAttach);
      then();
    });
  };
  // elan4_attach: enter the driver, claim the context and set up its MMU, load one route entry per VPID of the
  // capability by PIO, return; allocate the command queues; register the queues and buffers (pin each page, load
  // its translation by PIO); then initialise the PTL module.
  sim_.after(entry + attach, hid, EventKind::kHostCpuDone, 0,
             [this, &host, hid, vpids, pages, entry, exit, cq, pin, finish = std::move(finish)]() mutable {
    pio_writes(host, vpids, kRouteEntryBytes, [this, &host, hid, pages, entry, exit, cq, pin,
                                               finish = std::move(finish)]() mutable {
      Time t = exit + kCommandQueues * (entry + cq + exit) + entry + static_cast<Time>(pages) * pin;
      sim_.after(t, hid, EventKind::kHostCpuDone, 0, [this, &host, hid, pages, exit, finish = std::move(finish)]() mutable {
        pio_writes(host, pages, kPteBytes, [this, hid, exit, finish = std::move(finish)]() mutable {
          sim_.after(exit, hid, EventKind::kHostCpuDone, 0, std::move(finish));
        });
      });
    });
  });
}

void ContextAttach::detach(Done then) {
  Host& host = host_;
  ComponentId hid = host.id();
  Time entry = ns_to_ps(params_.get("os.syscall_entry_ns")), exit = ns_to_ps(params_.get("os.syscall_exit_ns"));
  Time detach = ns_to_ps(params_.get("elan4.context_detach_us") * 1000.0);
  Time pin = ns_to_ps(params_.get("os.page_pin_ns"));
  uint64_t page = static_cast<uint64_t>(params_.get("os.page_bytes"));
  int pages = static_cast<int>((registered_ + page - 1) / page);
  Time t0 = sim_.now();
  // PTL close, then deregistration (invalidate each translation by PIO, release each page), the command queues
  // and the context (elan4_detach), each inside the driver.
  host.compute(kPtlClose, [this, &host, hid, pages, entry, exit, detach, pin, t0, then = std::move(then)]() mutable {
    sim_.after(entry, hid, EventKind::kHostCpuDone, 0,
               [this, &host, hid, pages, entry, exit, detach, pin, t0, then = std::move(then)]() mutable {
      pio_writes(host, pages, kPteBytes, [this, hid, pages, entry, exit, detach, pin, t0, then = std::move(then)]() mutable {
        Time t = static_cast<Time>(pages) * pin + exit + entry + detach + exit;
        sim_.after(t, hid, EventKind::kHostCpuDone, 0, [this, hid, t0, then = std::move(then)]() {
          sim_.trace().record(t0, sim_.now(), TraceKind::kHostOp, hid, 0, 0, kOpDetach);
          then();
        });
      });
    });
  });
}
}  // namespace hpcsim::ompi
