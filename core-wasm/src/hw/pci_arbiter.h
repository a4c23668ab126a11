// Fair arbitration of one PCI / PCI-X bus between its bus masters (a device and the host bridge returning split
// completions), for devices that keep several transactions pending at once.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

#include "hw/pci_bus.h"

namespace hpcsim {

/// Round-robin arbitration in front of a PciBus (PCI 2.2 §3.4: the arbiter must be fair; PCI-X keeps the rule for
/// split completions, which the completer masters). Each master's transactions keep their order; whenever the bus
/// is free and several masters wait, the grant passes to the next master after the last one served. A transaction
/// reaches the PciBus only when the one granted before it has ended, so a device's short read request is not queued
/// behind the whole backlog of completions the host bridge holds for it (a FIFO of bus reservations would do that
/// and leave the bus idle for a memory latency after each batch of reads). Transactions that bypass the arbiter
/// (host PIO writes) still queue on the PciBus itself.
class PciArbiter {
 public:
  /// `masters`: how many masters share the bus through this arbiter (>= 1), numbered from 0.
  PciArbiter(PciBus& bus, int masters);
  /// Queues a transaction of `master`; `done` runs when it ends on the bus.
  void transact(int master, PciOp op, uint32_t bytes, uint32_t message, std::function<void()> done);

 private:
  struct Pending {
    PciOp op;
    uint32_t bytes;
    uint32_t message;
    std::function<void()> done;
  };
  void grant();
  PciBus& bus_;
  std::vector<std::deque<Pending>> queues_;
  int last_ = 0;
  bool busy_ = false;
};

}  // namespace hpcsim
