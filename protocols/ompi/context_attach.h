// Attaching a process to a context of an Elan4 capability and detaching it (seed 001 "Dynamic MPI-2 Process Pool":
// "Allocate a capability with more contexts"), as the host and the driver do it: the costs a joining process pays
// before it can send its first QDMA, and a leaving one after its last.
#pragma once
#include <cstdint>
#include <functional>

#include "hw/host.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim::ompi {

/// One process's context. attach(): enter the driver (os.syscall_entry_ns), claim the context and set up its MMU
/// (elan4.context_attach_us), load one route entry (kRouteEntryBytes) per VPID of the capability by PIO, leave the
/// driver (os.syscall_exit_ns); allocate kCommandQueues command queues (each a system call of
/// elan4.command_queue_alloc_us); register `registered_bytes` (one system call: per os.page_bytes page,
/// os.page_pin_ns to pin it and a kPteBytes PIO write of its translation); initialise the PTL (kPtlInit cycles).
/// detach(): close the PTL (kPtlClose cycles); deregister (per page a PIO invalidation and os.page_pin_ns to
/// release it); free the context (elan4.context_detach_us), each inside the driver. Each records a host_op trace
/// span (5 attach, 8 detach). PIO writes stall the CPU host.uncached_store_ns per 8 bytes; their PCI-X
/// transactions are posted. Parameters are read when the step runs.
class ContextAttach {
 public:
  using Done = std::function<void()>;
  ContextAttach(Simulator& sim, Host& host, const ParameterSet& p, int vpids, uint64_t registered_bytes)
      : sim_(sim), host_(host), params_(p), vpids_(vpids), registered_(registered_bytes) {}
  void attach(Done then);
  void detach(Done then);
  /// Bytes an Open MPI PTL registers with its context: the input-queue ring (elan4.input_queue_slots + 1 slots of
  /// elan4.qdma_max_bytes rounded up to 128 B), a completion-queue ring when `completion_queues` is 2, and
  /// kQdmaDescriptors send buffers of elan4.qdma_max_bytes (REFERENCES §1.2.5, §1.3.1).
  static uint64_t registered_bytes(const ParameterSet& p, int completion_queues, uint32_t ctl_header_bytes);

 private:
  void pio_writes(Host& host, int n, uint32_t bytes, Done then);
  Simulator& sim_;
  Host& host_;
  const ParameterSet& params_;
  int vpids_;
  uint64_t registered_;
};

}  // namespace hpcsim::ompi
