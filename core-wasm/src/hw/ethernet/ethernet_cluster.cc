#include "hw/ethernet/ethernet_cluster.h"

#include <algorithm>

namespace hpcsim {

// ------------------------------------------------------------------------------------------- framing

EthTiming::EthTiming(const ParameterSet& p)
    : link_Bps(p.get("eth.link_Mbps") * 1e6 / 8.0),
      preamble(static_cast<uint32_t>(p.get("eth.preamble_bytes"))),
      header(static_cast<uint32_t>(p.get("eth.header_bytes"))),
      fcs(static_cast<uint32_t>(p.get("eth.fcs_bytes"))),
      ifg(static_cast<uint32_t>(p.get("eth.ifg_bytes"))),
      min_payload(static_cast<uint32_t>(p.get("eth.min_payload_bytes"))),
      mtu(static_cast<uint32_t>(p.get("eth.mtu_bytes"))) {}

uint32_t EthTiming::wire_bytes(uint32_t payload) const {
  return preamble + header + std::max(payload, min_payload) + fcs + ifg;
}

uint32_t EthTiming::segments(uint32_t bytes, uint32_t per_frame_header) const {
  uint32_t room = mtu > per_frame_header ? mtu - per_frame_header : 1;
  return bytes == 0 ? 1 : (bytes + room - 1) / room;
}

// ------------------------------------------------------------------------------------------- switch

EthernetSwitch::EthernetSwitch(Simulator& sim, ComponentId id, const ParameterSet& p, std::vector<ComponentId> uplinks,
                               std::vector<ComponentId> downlinks)
    : sim_(sim),
      id_(id),
      timing_(p),
      cable_ps_(ns_to_ps(p.get("eth.cable_ns"))),
      latency_ps_(ns_to_ps(p.get("eth.switch_latency_ns"))),
      up_ids_(std::move(uplinks)),
      down_ids_(std::move(downlinks)),
      up_(up_ids_.size()),
      down_(down_ids_.size()) {}

void EthernetSwitch::send(const EthFrame& f, std::function<void()> started, std::function<void()> sent,
                          std::function<void()> delivered) {
  size_t s = static_cast<size_t>(f.src);
  uint32_t wire = timing_.wire_bytes(f.payload);
  Time ser = timing_.wire_ps(f.payload);
  Time start = up_[s].reserve(sim_.now(), ser);
  TraceKind kind = f.length == 0 && !f.last ? TraceKind::kAckPacket : TraceKind::kQdmaPacket;
  sim_.trace().record(start, start + ser + cable_ps_, kind, up_ids_[s], f.message, wire, f.type);
  if (started) sim_.at(start, up_ids_[s], EventKind::kLinkHop, wire, std::move(started));
  if (sent) sim_.at(start + ser, up_ids_[s], EventKind::kLinkHop, wire, std::move(sent));
  // Store and forward: the whole frame is in the switch's buffer, then the forwarding decision.
  sim_.at(start + ser + cable_ps_ + latency_ps_, id_, EventKind::kLinkHop, wire,
          [this, f, delivered = std::move(delivered)]() mutable { forward(f, std::move(delivered)); });
}

void EthernetSwitch::forward(const EthFrame& f, std::function<void()> delivered) {
  size_t d = static_cast<size_t>(f.dst);
  uint32_t wire = timing_.wire_bytes(f.payload);
  Time ser = timing_.wire_ps(f.payload);
  Time start = down_[d].reserve(sim_.now(), ser);
  ++forwarded_;
  TraceKind kind = f.length == 0 && !f.last ? TraceKind::kAckPacket : TraceKind::kQdmaPacket;
  sim_.trace().record(start, start + ser + cable_ps_, kind, down_ids_[d], f.message, wire, f.type);
  sim_.at(start + ser + cable_ps_, down_ids_[d], EventKind::kPacketDelivered, wire, std::move(delivered));
}

// ------------------------------------------------------------------------------------------- Tulip

TulipNic::TulipNic(Simulator& sim, ComponentId id, int node, EthernetCluster& cluster, const ParameterSet& p)
    : sim_(sim),
      id_(id),
      node_(node),
      cluster_(cluster),
      burst_(static_cast<uint32_t>(p.get("eth.nic_dma_burst_bytes"))),
      descriptor_bytes_(static_cast<uint32_t>(p.get("eth.descriptor_bytes"))),
      tx_start_ps_(ns_to_ps(p.get("eth.nic_tx_start_ns"))),
      rx_latency_ps_(ns_to_ps(p.get("eth.nic_rx_latency_ns"))),
      irq_entry_ps_(ns_to_ps(p.get("eth.irq_entry_ns"))),
      tx_driver_cycles_(static_cast<uint64_t>(p.get("eth.tx_driver_cycles"))),
      rx_driver_cycles_(static_cast<uint64_t>(p.get("eth.rx_driver_cycles"))),
      tx_reap_cycles_(static_cast<uint64_t>(p.get("eth.tx_reap_cycles"))) {}

void TulipNic::dma(PciOp op, uint32_t bytes, uint32_t message, Done then) {
  uint32_t n = std::min(bytes, burst_);
  cluster_.pci(node_).transact(op, n, message, [this, op, bytes, n, message, then = std::move(then)]() mutable {
    if (bytes <= n) {
      then();
      return;
    }
    dma(op, bytes - n, message, std::move(then));
  });
}

void TulipNic::xmit(const EthFrame& f, Done cpu_free, Done tx_done) {
  cluster_.kernel_cycles(node_, tx_driver_cycles_, [this, f, cpu_free = std::move(cpu_free),
                                                    tx_done = std::move(tx_done)]() mutable {
    tx_queue_.push_back(TxItem{f, std::move(tx_done)});
    // Transmit poll demand: one 4-byte PIO write of CSR1; the NIC wakes when it lands.
    cluster_.host(node_).pio_write(4, f.message, std::move(cpu_free), [this]() { tx_kick(); });
  });
}

// The transmit process: descriptor fetch, frame fetch, then onto the wire. The next frame is fetched once
// this one has started on the wire (the FIFO then has room for it).
void TulipNic::tx_kick() {
  if (tx_busy_ || tx_queue_.empty()) return;
  tx_busy_ = true;
  sim_.after(tx_start_ps_, id_, EventKind::kDmaStart, 0, [this]() {
    uint32_t msg = tx_queue_.front().f.message;
    dma(PciOp::kDmaRead, descriptor_bytes_, msg, [this, msg]() {
      const EthFrame& f = tx_queue_.front().f;
      dma(PciOp::kDmaRead, cluster_.timing().frame_bytes(f.payload), msg, [this, msg]() {
        TxItem item = std::move(tx_queue_.front());
        tx_queue_.pop_front();
        ++sent_;
        EthFrame f = item.f;
        auto done = std::make_shared<Done>(std::move(item.tx_done));
        cluster_.fabric().send(
            f,
            [this]() {
              tx_busy_ = false;
              tx_kick();
            },
            [this, msg, done]() {
              // Status written back into the descriptor, then the transmit interrupt.
              cluster_.pci(node_).transact(PciOp::kDmaWrite, 4, msg, [this, done]() {
                tx_reaped_.push_back(*done ? std::move(*done) : Done([]() {}));
                raise();
              });
            },
            [this, f]() { cluster_.nic(f.dst).arrive(f); });
      });
    });
  });
}

void TulipNic::arrive(const EthFrame& f) {
  rx_fifo_.push_back(f);
  rx_kick();
}

// The receive process: next receive descriptor, the frame (with its FCS) into the ring buffer, status.
void TulipNic::rx_kick() {
  if (rx_busy_ || rx_fifo_.empty()) return;
  rx_busy_ = true;
  sim_.after(rx_latency_ps_, id_, EventKind::kDmaStart, 0, [this]() {
    uint32_t msg = rx_fifo_.front().message;
    dma(PciOp::kDmaRead, descriptor_bytes_, msg, [this, msg]() {
      const EthFrame& f = rx_fifo_.front();
      const EthTiming& t = cluster_.timing();
      dma(PciOp::kDmaWrite, t.frame_bytes(f.payload) + t.fcs, msg, [this, msg]() {
        cluster_.pci(node_).transact(PciOp::kDmaWrite, 4, msg, [this]() {
          ++received_;
          rx_ready_.push_back(rx_fifo_.front());
          rx_fifo_.pop_front();
          rx_busy_ = false;
          raise();
          rx_kick();
        });
      });
    });
  });
}

void TulipNic::raise() {
  if (in_irq_) return;  // the running handler sees the new status before it returns
  in_irq_ = true;
  ++interrupts_;
  cluster_.kernel(node_, irq_entry_ps_, [this]() { service(); });
}

// tulip_interrupt: reap transmitted descriptors, then hand received frames up one by one, until none is left.
void TulipNic::service() {
  if (!tx_reaped_.empty()) {
    Done d = std::move(tx_reaped_.front());
    tx_reaped_.pop_front();
    cluster_.kernel_cycles(node_, tx_reap_cycles_, [this, d = std::move(d)]() {
      if (d) d();
      service();
    });
    return;
  }
  if (!rx_ready_.empty()) {
    EthFrame f = rx_ready_.front();
    rx_ready_.pop_front();
    cluster_.kernel_cycles(node_, rx_driver_cycles_, [this, f]() {
      if (!rx_handler_) {
        service();
        return;
      }
      rx_handler_(f, [this]() { service(); });
    });
    return;
  }
  in_irq_ = false;
}

// ------------------------------------------------------------------------------------------- cluster

EthernetCluster::EthernetCluster(Simulator& sim, const ParameterSet& p, int nodes, ComponentId first_id)
    : sim_(sim), params_(p) {
  if (nodes < 2) nodes = 2;
  ComponentId next = first_id;
  std::vector<ComponentId> host_ids, pci_ids, nic_ids, up, down;
  for (int i = 0; i < nodes; ++i) {
    host_ids.push_back(next++);
    pci_ids.push_back(next++);
    nic_ids.push_back(next++);
  }
  for (int i = 0; i < nodes; ++i) up.push_back(next++);
  for (int i = 0; i < nodes; ++i) down.push_back(next++);
  ComponentId switch_id = next++;
  switch_ = std::make_unique<EthernetSwitch>(sim, switch_id, params_, up, down);
  cpus_.resize(static_cast<size_t>(nodes));
  for (int i = 0; i < nodes; ++i) {
    size_t k = static_cast<size_t>(i);
    pcis_.push_back(std::make_unique<PciBus>(sim, pci_ids[k], params_, 0));  // the NIC's registers are only written
    hosts_.push_back(std::make_unique<Host>(sim, host_ids[k], i, *pcis_.back(), params_));
    nics_.push_back(std::make_unique<TulipNic>(sim, nic_ids[k], i, *this, params_));
  }
}

void EthernetCluster::kernel(int node, Time d, std::function<void()> then) {
  size_t k = static_cast<size_t>(node);
  Time start = cpus_[k].reserve(sim_.now(), d);
  sim_.at(start + d, hosts_[k]->id(), EventKind::kHostCpuDone, 0, std::move(then));
}

}  // namespace hpcsim
