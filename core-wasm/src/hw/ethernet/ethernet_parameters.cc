// Parameters of switched Fast Ethernet and the Tulip NIC's Linux 2.2 driver (seed 003's baselines), declared beside
// the model (params/parameter.h: name, unit, default, range, description, source); registered through the catalog
// entry that uses them, printed by `npm run sim -- --parameters`.
#include "hw/ethernet/ethernet_cluster.h"

namespace hpcsim {

const std::vector<ParameterSpec>& ethernet_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // Fast Ethernet (seed 003's baselines; REFERENCES §1.5.6): IEEE 802.3 framing, DEC 21140 (Tulip) NIC and its
  // Linux 2.2 driver on a 350 MHz Pentium II, 3Com SuperStack II class store-and-forward switch.
  {"eth.link_Mbps", "Mb/s", 100, 1, 100000, false, "Ethernet line rate (each direction of each cable; full duplex).", "IEEE 802.3u 100BASE-TX"},
  {"eth.preamble_bytes", "B", 8, 0, 64, true, "Preamble (7 B) and start-of-frame delimiter (1 B) before every frame.", "IEEE 802.3 clause 3/4"},
  {"eth.header_bytes", "B", 14, 0, 64, true, "MAC header: destination, source, EtherType/length.", "IEEE 802.3 clause 3"},
  {"eth.fcs_bytes", "B", 4, 0, 16, true, "Frame check sequence (CRC-32).", "IEEE 802.3 clause 3"},
  {"eth.ifg_bytes", "B", 12, 0, 64, true, "Inter-frame gap (96 bit times) after every frame.", "IEEE 802.3 clause 4"},
  {"eth.min_payload_bytes", "B", 46, 0, 1500, true, "Minimum payload; shorter frames are padded (64-byte minimum frame).", "IEEE 802.3 clause 3"},
  {"eth.mtu_bytes", "B", 1500, 64, 9000, true, "Largest payload of one frame (MTU); larger messages are segmented.", "IEEE 802.3 clause 3"},
  {"eth.cable_ns", "ns", 50, 0, 10000, false, "Propagation delay of one Category 5 cable (about 10 m).", "[estimate] ~5 ns/m"},
  {"eth.switch_latency_ns", "ns", 5000, 0, 1000000, false, "Store-and-forward switch: from the last bit of a frame received to its first bit sent on the output port (lookup, forwarding decision, buffer transfer).", "[estimate] 3Com SuperStack II Switch class; no public per-frame figure found"},
  {"eth.nic_dma_burst_bytes", "B", 128, 4, 4096, true, "Largest PCI bus-master burst of the NIC (programmable burst length, CSR0).", "[recalled] DEC 21140: up to 32 longwords per burst"},
  {"eth.descriptor_bytes", "B", 16, 4, 64, true, "Transmit/receive descriptor in a host-memory ring (status, control/length, two buffer addresses).", "[recalled] DEC 21140 descriptor format (4 longwords)"},
  {"eth.nic_tx_start_ns", "ns", 400, 0, 100000, false, "From the transmit-poll-demand write to the NIC's first descriptor fetch.", "[estimate] DEC 21140 transmit process wake-up"},
  {"eth.nic_rx_latency_ns", "ns", 400, 0, 100000, false, "From the end of a received frame to the NIC starting its DMA (address filter, FIFO).", "[estimate] DEC 21140 receive process"},
  {"eth.irq_entry_ns", "ns", 3000, 0, 1000000, false, "NIC interrupt: 8259A PIC delivery, interrupt entry, do_IRQ and the matching exit, once per interrupt.", "[estimate] Linux 2.2 on a 350 MHz Pentium II (uniprocessor, no IO-APIC)"},
  {"eth.tx_driver_cycles", "cycles", 600, 0, 1000000, false, "tulip_start_xmit: fill the transmit descriptor, hand it to the NIC (OWN bit), queue bookkeeping.", "[estimate] Linux 2.2 tulip driver"},
  {"eth.rx_driver_cycles", "cycles", 1200, 0, 1000000, false, "tulip_rx per received frame: check the status, take the buffer, refill the ring (skb allocation), pass it up.", "[estimate] Linux 2.2 tulip driver"},
  {"eth.tx_reap_cycles", "cycles", 300, 0, 1000000, false, "tulip_interrupt per transmitted frame: reap the descriptor, free the buffer.", "[estimate] Linux 2.2 tulip driver"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
