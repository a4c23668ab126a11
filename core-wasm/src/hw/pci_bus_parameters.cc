// Parameters of the PCI and PCI-X bus between a host and its NIC, declared beside the model (params/parameter.h:
// name, unit, default, range, description, source); registered through the catalog entry that uses them, printed by
// `npm run sim -- --parameters`.
#include "hw/pci_bus.h"

namespace hpcsim {

const std::vector<ParameterSpec>& pci_bus_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // PCI bus between host and NIC (seed 002 §5: 64-bit, 66 MHz, 532 MB/s theoretical).
  {"pci.clock_MHz", "MHz", 66, 33, 133, false, "PCI bus clock.", "seed 002 §5 (64-bit/66 MHz slot)"},
  {"pci.width_bytes", "B", 8, 4, 8, true, "PCI data path width; one data phase moves this many bytes.", "seed 002 §5 (64-bit slot, 532 MB/s theoretical)"},
  {"pci.arbitration_cycles", "cycles", 2, 0, 16, true, "REQ#/GNT# arbitration before each transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.address_cycles", "cycles", 1, 1, 4, true, "Address phase(s) of a transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.turnaround_cycles", "cycles", 1, 0, 4, true, "Bus turnaround after each transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.host_read_latency_ns", "ns", 360, 0, 5000, false, "Initial latency of the host bridge when a device reads host DRAM (wait states before the first data phase).", "[estimate] ServerWorks HE-SL class bridge, ~24 PCI clocks; also sets the RDMA read-side bandwidth asymptote (seed 002 §5.2)"},
  {"pcix.read_latency_ns", "ns", 900, 0, 10000, false, "PCI-X split read: from the device's read request to the first split-completion data phase (chipset reads host DRAM); the bus is free meanwhile.", "[estimate] Intel E7501 MCH + P64H2 PCI-X bridge"},
  {"pcix.bridge_latency_ns", "ns", 300, 0, 10000, false, "A posted write crossing the memory controller hub and the PCI-X bridge (CPU store to the bus, or device write to visible host memory).", "[estimate] E7501 hub interface 2.0 + P64H2"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
