// PCI bus between a host and its NIC: one transaction at a time, costs in bus cycles (seed 002 §5).
#pragma once
#include <vector>
#include <functional>

#include "kernel/simulator.h"
#include "nlohmann/json.hpp"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of the PCI and PCI-X bus between a host and its NIC (pci_bus_parameters.cc).
const std::vector<ParameterSpec>& pci_bus_parameters();


/// A shared 64-bit/66 MHz PCI bus (parameters pci.*). Every transaction occupies the bus for
/// arbitration + address + ceil(bytes / width) data phases + turnaround cycles, plus, for reads,
/// the target's initial latency (the host bridge, pci.host_read_latency_ns, for DMA reads; the NIC, given by
/// its cluster, for host PIO reads of NIC memory). A PCI-X split read request (PciOp::kSplitRequest) occupies the
/// bus for the overhead and one phase (its split response), with no target latency.
/// Transactions are served first come, first served; `done` runs when the transaction ends.
class PciBus {
 public:
  /// `pio_read_latency_ps`: the NIC's wait as a PCI target before it returns data for a host PIO read (e.g.
  /// elan3.pio_read_latency_ns; 0 for a NIC whose registers the model never reads this way).
  PciBus(Simulator& sim, ComponentId id, const ParameterSet& p, Time pio_read_latency_ps);

  ComponentId id() const { return id_; }
  /// Bus occupancy of one transaction of `bytes` (ps).
  Time duration(PciOp op, uint32_t bytes) const;
  /// Starts a transaction as soon as the bus is free; `done` runs at its end.
  void transact(PciOp op, uint32_t bytes, uint32_t message, std::function<void()> done);
  /// Busy time so far (ps), for utilisation.
  Time busy_ps() const { return bus_.busy_ps(); }
  /// The bus as the page's topology shows it: {"name": `name` ("PCI", "PCI-X"), "width_bits", "clock_MHz",
  /// "MBps" (clock x width, the data rate; MB/s = 10^6 B/s)}, from the pci.clock_MHz and pci.width_bytes it runs at.
  nlohmann::json describe(const char* name) const;

 private:
  Simulator& sim_;
  ComponentId id_;
  double clock_MHz_;
  double cycle_ps_;
  uint32_t width_;
  uint32_t overhead_cycles_;
  Time host_read_latency_ps_;
  Time pio_read_latency_ps_;
  FifoResource bus_;
};

}  // namespace hpcsim
