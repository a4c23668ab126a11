#include "hw/pci_bus.h"

namespace hpcsim {

PciBus::PciBus(Simulator& sim, ComponentId id, const ParameterSet& p, Time pio_read_latency_ps)
    : sim_(sim),
      id_(id),
      clock_MHz_(p.get("pci.clock_MHz")),
      cycle_ps_(1e6 / clock_MHz_),
      width_(static_cast<uint32_t>(p.get("pci.width_bytes"))),
      overhead_cycles_(static_cast<uint32_t>(p.get("pci.arbitration_cycles") + p.get("pci.address_cycles") +
                                             p.get("pci.turnaround_cycles"))),
      host_read_latency_ps_(ns_to_ps(p.get("pci.host_read_latency_ns"))),
      pio_read_latency_ps_(pio_read_latency_ps) {}

nlohmann::json PciBus::describe(const char* name) const {
  return {{"name", name}, {"width_bits", 8 * width_}, {"clock_MHz", clock_MHz_}, {"MBps", clock_MHz_ * width_}};
}

Time PciBus::duration(PciOp op, uint32_t bytes) const {
  uint32_t phases = bytes == 0 ? 1 : (bytes + width_ - 1) / width_;
  Time t = static_cast<Time>((overhead_cycles_ + phases) * cycle_ps_ + 0.5);
  if (op == PciOp::kDmaRead) t += host_read_latency_ps_;
  if (op == PciOp::kPioRead) t += pio_read_latency_ps_;
  return t;
}

void PciBus::transact(PciOp op, uint32_t bytes, uint32_t message, std::function<void()> done) {
  Time d = duration(op, bytes);
  Time start = bus_.reserve(sim_.now(), d);
  sim_.trace().record(start, start + d, TraceKind::kPciTransaction, id_, message, bytes, static_cast<int32_t>(op));
  sim_.at(start + d, id_, EventKind::kPciTransactionEnd, bytes, std::move(done));
}

}  // namespace hpcsim
