// Parameters of the Dolphin PCI-SCI adapter and the SCI ringlet (seed 003), declared beside the model
// (params/parameter.h: name, unit, default, range, description, source); registered through the catalog entry that
// uses them, printed by `npm run sim -- --parameters`.
#include "hw/sci/sci_cluster.h"

namespace hpcsim {

const std::vector<ParameterSpec>& sci_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // Dolphin PCI-SCI adapter and SCI ringlet (seed 003; REFERENCES §1.6; IEEE 1596-1992).
  {"sci.link_MBps", "MB/s", 400, 1, 100000, false, "SCI link data rate (each ringlet link, one direction); packets, echoes and bypassed traffic share it.", "[recalled] Dolphin D310/D320-class adapters with the LC-2 link controller (16-bit links)"},
  {"sci.cable_ns", "ns", 10, 0, 1000, false, "Propagation delay of one SCI cable (about 2 m).", "[estimate] ~5 ns/m"},
  {"sci.bypass_ns", "ns", 60, 0, 10000, false, "Delay through the bypass FIFO of a node a packet passes on the ringlet.", "[estimate] LC-2 class link controller"},
  {"sci.request_header_bytes", "B", 18, 8, 64, true, "Header and CRC of an SCI request or response packet (target id, command, source id, control, 48-bit address, CRC).", "IEEE 1596-1992 [recalled]: 16-byte header + 2-byte CRC"},
  {"sci.echo_bytes", "B", 8, 2, 32, true, "SCI echo packet returned by the target for every request.", "IEEE 1596-1992 [recalled]: 4-symbol echo"},
  {"sci.stream_buffers", "buffers", 8, 1, 64, true, "Write-combining stream buffers of 64 B in the PCI-SCI bridge.", "[estimate]; REFERENCES §1.6.2 (64-byte stream buffers)"},
  {"sci.stream_flush_timeout_ns", "ns", 1000, 0, 1000000, false, "A partial stream buffer idle this long leaves on its own.", "[estimate]"},
  {"sci.host_posted_writes", "bursts", 2, 1, 64, true, "Write-combined CPU bursts the host bridge holds before the CPU stalls on the next one.", "[estimate] Intel 440BX CPU-to-PCI posted write buffer"},
  {"sci.adapter_request_ns", "ns", 500, 0, 100000, false, "PCI-SCI bridge: from a stream buffer leaving (or a read request) to the packet entering the link (address translation, packet build, internal B-link to the link controller).", "[estimate] Dolphin PSB + LC-2"},
  {"sci.adapter_receive_ns", "ns", 500, 0, 100000, false, "From a packet accepted by the link controller to the bridge starting its PCI master write (or read) into host memory.", "[estimate] Dolphin LC-2 + PSB"},
  {"sci.register_read_ns", "ns", 800, 0, 100000, false, "PCI delayed read of a bridge register (status for a store barrier, error counter for a sequence check) before the retried read completes.", "[estimate] Dolphin PSB as a PCI target"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
