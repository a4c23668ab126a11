// A switched Fast Ethernet cluster (seed 003's Ethernet baselines; REFERENCES §1.5.6): N Pentium II nodes,
// each a host on a 32-bit/33 MHz PCI bus with a Tulip-class (DEC 21140) 100 Mb/s NIC, every NIC on one port
// of a store-and-forward switch (3Com SuperStack II class).
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include "hw/host.h"
#include "hw/network.h"
#include "hw/pci_bus.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of switched Fast Ethernet and the Tulip NIC's Linux 2.2 driver (seed 003's baselines) (ethernet_parameters.cc).
const std::vector<ParameterSpec>& ethernet_parameters();


/// One Ethernet frame. `payload` is what follows the 14-byte MAC header (protocol headers included;
/// at most eth.mtu_bytes, padded on the wire to eth.min_payload_bytes). The other fields are the
/// protocol's own header contents, carried for the receiver's demultiplexing.
struct EthFrame {
  int src = 0;
  int dst = 0;
  uint32_t payload = 0;
  uint32_t message = 0;
  int32_t type = 0;      ///< protocol frame type (data, ack...)
  uint32_t seq = 0;      ///< protocol sequence number
  uint32_t offset = 0;   ///< offset of this fragment's data in the message
  uint32_t length = 0;   ///< data bytes in this fragment
  uint32_t total = 0;    ///< data bytes of the whole message
  bool last = false;     ///< last fragment of the message
};

/// IEEE 802.3 framing and the 100 Mb/s line (parameters eth.*).
struct EthTiming {
  double link_Bps = 12.5e6;
  uint32_t preamble = 8, header = 14, fcs = 4, ifg = 12, min_payload = 46, mtu = 1500;
  explicit EthTiming(const ParameterSet& p);
  /// Bytes a frame of `payload` occupies on the wire: preamble + header + max(payload, min) + FCS + IFG.
  uint32_t wire_bytes(uint32_t payload) const;
  /// Bytes the NIC moves over PCI for a frame (header + payload, no padding, no FCS on transmit).
  uint32_t frame_bytes(uint32_t payload) const { return header + payload; }
  /// Time a frame of `payload` occupies one link (the inter-frame gap included).
  Time wire_ps(uint32_t payload) const { return transfer_time_ps(wire_bytes(payload), link_Bps); }
  /// Frames needed for `bytes` of data when each frame carries `per_frame_header` protocol bytes.
  uint32_t segments(uint32_t bytes, uint32_t per_frame_header) const;
};

/// A store-and-forward switch: a frame is received in full on the sender's port (uplink), waits
/// eth.switch_latency_ns (address lookup, forwarding decision), then queues FIFO for the output port
/// (downlink). Each link direction serves one frame at a time. Output buffers are not bounded (no drops).
class EthernetSwitch {
 public:
  /// `uplinks[i]`: component id of the cable node i -> switch; `downlinks[i]`: switch -> node i.
  EthernetSwitch(Simulator& sim, ComponentId id, const ParameterSet& p, std::vector<ComponentId> uplinks,
                 std::vector<ComponentId> downlinks);
  ComponentId id() const { return id_; }
  /// Component ids of the cables node i -> switch (uplink) and switch -> node i (downlink).
  ComponentId uplink(int i) const { return up_ids_[static_cast<size_t>(i)]; }
  ComponentId downlink(int i) const { return down_ids_[static_cast<size_t>(i)]; }
  /// Starts `f` on its sender's uplink as soon as that link is free (not before now); `started` runs when the
  /// first bit leaves the NIC, `sent` when its last bit (and the gap) has, `delivered` when the frame is
  /// wholly in the destination NIC.
  void send(const EthFrame& f, std::function<void()> started, std::function<void()> sent,
            std::function<void()> delivered);
  /// Busy time of the uplink of node `i` (ps).
  Time uplink_busy_ps(int i) const { return up_[static_cast<size_t>(i)].busy_ps(); }
  uint64_t frames_forwarded() const { return forwarded_; }
  const EthTiming& timing() const { return timing_; }

 private:
  void forward(const EthFrame& f, std::function<void()> delivered);
  Simulator& sim_;
  ComponentId id_;
  EthTiming timing_;
  Time cable_ps_;
  Time latency_ps_;
  std::vector<ComponentId> up_ids_, down_ids_;
  std::vector<FifoResource> up_, down_;
  uint64_t forwarded_ = 0;
};

class EthernetCluster;

/// A DEC 21140 (Tulip) class NIC and its Linux 2.2 driver. Descriptor rings live in host memory: the driver
/// fills a transmit descriptor and writes the transmit-poll-demand register (CSR1) by PIO; the NIC fetches
/// the descriptor and the frame by bus-master DMA reads (bursts of eth.nic_dma_burst_bytes), transmits it,
/// writes the descriptor status back and interrupts. On receive it fetches the next receive descriptor,
/// writes the frame into the ring buffer by DMA, writes the status back and interrupts. The interrupt
/// handler (eth.irq_entry_ns, then per frame eth.rx_driver_cycles or eth.tx_reap_cycles) hands each
/// received frame to the protocol's handler; frames arriving while it runs are taken in the same interrupt.
class TulipNic {
 public:
  using Done = std::function<void()>;
  /// Runs in the interrupt handler (kernel context) for each received frame; calls `done` when the protocol's
  /// processing of the frame is over (the handler then takes the next frame or returns from the interrupt).
  using RxHandler = std::function<void(const EthFrame&, Done done)>;

  TulipNic(Simulator& sim, ComponentId id, int node, EthernetCluster& cluster, const ParameterSet& p);
  ComponentId id() const { return id_; }

  /// Driver transmit (tulip_start_xmit), in kernel context: eth.tx_driver_cycles on the node's kernel CPU,
  /// then the PIO write of CSR1. `cpu_free` runs when the CPU may go on; `tx_done` runs in the interrupt
  /// handler once the NIC has reported the frame sent (descriptor status written back).
  void xmit(const EthFrame& f, Done cpu_free, Done tx_done = {});
  void set_receive_handler(RxHandler h) { rx_handler_ = std::move(h); }
  /// A protocol with its own driver for this NIC (M-VIA's) replaces eth.tx_driver_cycles / eth.rx_driver_cycles.
  void set_driver_cycles(uint64_t tx, uint64_t rx) {
    tx_driver_cycles_ = tx;
    rx_driver_cycles_ = rx;
  }

  uint64_t interrupts() const { return interrupts_; }
  uint64_t frames_sent() const { return sent_; }
  uint64_t frames_received() const { return received_; }

  /// Called by the switch when a frame has wholly arrived.
  void arrive(const EthFrame& f);

 private:
  struct TxItem {
    EthFrame f;
    Done tx_done;
  };
  void dma(PciOp op, uint32_t bytes, uint32_t message, Done then);
  void tx_kick();
  void rx_kick();
  void raise();
  void service();

  Simulator& sim_;
  ComponentId id_;
  int node_;
  EthernetCluster& cluster_;
  uint32_t burst_;
  uint32_t descriptor_bytes_;
  Time tx_start_ps_, rx_latency_ps_, irq_entry_ps_;
  uint64_t tx_driver_cycles_, rx_driver_cycles_, tx_reap_cycles_;
  std::deque<TxItem> tx_queue_;
  bool tx_busy_ = false;
  std::deque<EthFrame> rx_fifo_;
  bool rx_busy_ = false;
  std::deque<EthFrame> rx_ready_;
  std::deque<Done> tx_reaped_;
  bool in_irq_ = false;
  RxHandler rx_handler_;
  uint64_t interrupts_ = 0, sent_ = 0, received_ = 0;
};

/// Owns the hardware of a Fast Ethernet run. Component ids as in the Elan3 QsnetCluster: node i has host 1 + 3i,
/// PCI bus 2 + 3i and NIC 3 + 3i; then the uplink cables 3N + 1 + i, the downlink cables 4N + 1 + i and the
/// switch 5N + 1. The parameters are copied. Each node has one kernel CPU timeline (`kernel`): system-call paths, interrupt handlers and
/// the protocol processing in them are served one after another.
class EthernetCluster : public Network {
 public:
  /// `nodes` >= 2 (the seed's testbed has 8). Component ids start at `first_id` (1 unless the Ethernet is a
  /// second network beside another cluster in the same run, as the seed's nodes have SCI and Fast Ethernet).
  EthernetCluster(Simulator& sim, const ParameterSet& p, int nodes, ComponentId first_id = 1);

  int size() const override { return static_cast<int>(hosts_.size()); }
  Host& host(int node) override { return *hosts_[static_cast<size_t>(node)]; }
  std::string nic() const override { return "tulip"; }
  /// fabric "fast-ethernet", nic, nodes, levels 1 (one switch), arity 0, link_MBps (eth.link rate), switch
  /// ("store-and-forward Fast Ethernet switch") and bus (PciBus::describe).
  void describe(nlohmann::json& topology) const override;
  /// Hosts, PCI buses, Tulip NICs and the switch, each with "network": "ethernet" (the page draws it apart from
  /// another network of the same nodes), and the cables each way.
  void append_topology(nlohmann::json& components, nlohmann::json& links) const override;
  const void* type() const override { return network_type<EthernetCluster>(); }
  PciBus& pci(int node) { return *pcis_[static_cast<size_t>(node)]; }
  TulipNic& nic(int node) { return *nics_[static_cast<size_t>(node)]; }
  EthernetSwitch& fabric() { return *switch_; }
  const EthTiming& timing() const { return switch_->timing(); }
  const ParameterSet& parameters() const { return params_; }
  Simulator& sim() { return sim_; }

  /// Kernel work of `d` on `node`'s CPU, after the kernel work already queued there; then `then`.
  void kernel(int node, Time d, std::function<void()> then);
  void kernel_cycles(int node, uint64_t cycles, std::function<void()> then) {
    kernel(node, host(node).cycles_ps(cycles), std::move(then));
  }
  /// Busy time of `node`'s kernel CPU timeline (ps).
  Time kernel_busy_ps(int node) const { return cpus_[static_cast<size_t>(node)].busy_ps(); }

 private:
  Simulator& sim_;
  ParameterSet params_;
  std::vector<std::unique_ptr<PciBus>> pcis_;
  std::vector<std::unique_ptr<Host>> hosts_;
  std::vector<std::unique_ptr<TulipNic>> nics_;
  std::vector<FifoResource> cpus_;
  std::unique_ptr<EthernetSwitch> switch_;
};

}  // namespace hpcsim
