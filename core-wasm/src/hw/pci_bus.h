// PCI bus between a host and its NIC: one transaction at a time, costs in bus cycles (seed 002 §5).
#pragma once
#include <functional>

#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// A shared 64-bit/66 MHz PCI bus (parameters pci.*). Every transaction occupies the bus for
/// arbitration + address + ceil(bytes / width) data phases + turnaround cycles, plus, for reads,
/// the target's initial latency (host bridge for DMA reads, the Elan3 for PIO reads).
/// Transactions are served first come, first served; `done` runs when the transaction ends.
class PciBus {
 public:
  PciBus(Simulator& sim, ComponentId id, const ParameterSet& p);

  ComponentId id() const { return id_; }
  /// Bus occupancy of one transaction of `bytes` (ps).
  Time duration(PciOp op, uint32_t bytes) const;
  /// Starts a transaction as soon as the bus is free; `done` runs at its end.
  void transact(PciOp op, uint32_t bytes, uint32_t message, std::function<void()> done);
  /// Busy time so far (ps), for utilisation.
  Time busy_ps() const { return bus_.busy_ps(); }

 private:
  Simulator& sim_;
  ComponentId id_;
  double cycle_ps_;
  uint32_t width_;
  uint32_t overhead_cycles_;
  Time host_read_latency_ps_;
  Time pio_read_latency_ps_;
  FifoResource bus_;
};

}  // namespace hpcsim
