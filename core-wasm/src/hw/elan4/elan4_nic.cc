#include "hw/elan4/elan4_nic.h"

#include "hw/elan4/input_queue.h"

namespace hpcsim {

E4Event::E4Event(Elan4Nic& nic, uint32_t count) : nic_(nic), remaining_(count), count_(count), id_(nic.next_event_id()) {
  nic_.trace_event(*this, 0);
}

void E4Event::prime(uint32_t count) {
  remaining_ = count;
  count_ = count;
  nic_.trace_event(*this, 0);
}

void E4Event::trigger(uint32_t message) {
  if (remaining_ == 0) return;  // already fired and not re-primed: the set-event is lost
  --remaining_;
  nic_.trace_event(*this, message);
  if (observer_) observer_(remaining_);
  if (remaining_ > 0) return;
  nic_.fire(*this, message);
}

void Elan4Nic::trace_event(const E4Event& ev, uint32_t message) {
  uint32_t count = ev.count() > 0xffff ? 0xffff : ev.count();
  uint32_t left = ev.remaining() > 0xffff ? 0xffff : ev.remaining();
  sim_.trace().record_state(sim_.now(), sim_.now(), TraceKind::kE4EventCount, id_, message, count << 16 | left,
                            static_cast<int32_t>(ev.id()));
}

Elan4Nic::Elan4Nic(Simulator& sim, ComponentId id, int node, int rail, PciBus& pci, const ParameterSet& p)
    : sim_(sim),
      id_(id),
      node_(node),
      rail_(rail),
      pci_(pci),
      store_ps_(ns_to_ps(p.get("host.uncached_store_ns"))),
      command_ps_(ns_to_ps(p.get("elan4.command_ns"))),
      dma_setup_ps_(ns_to_ps(p.get("elan4.dma_setup_ns"))),
      event_ps_(ns_to_ps(p.get("elan4.event_ns"))),
      event_copy_ps_(ns_to_ps(p.get("elan4.event_copy_ns"))),
      input_ps_(ns_to_ps(p.get("elan4.input_ns"))),
      sdram_ps_(ns_to_ps(p.get("elan4.sdram_access_ns"))),
      retry_ps_(ns_to_ps(p.get("elan4.qdma_retry_ns"))),
      read_latency_ps_(ns_to_ps(p.get("pcix.read_latency_ns"))),
      bridge_ps_(ns_to_ps(p.get("pcix.bridge_latency_ns"))),
      outstanding_(static_cast<uint32_t>(p.get("elan4.outstanding_reads"))),
      thread_cycle_ps_(ns_to_ps(1000.0 / p.get("elan4.thread_clock_MHz"))),
      packet_payload_(static_cast<uint32_t>(p.get("qsnet2.packet_payload_bytes"))),
      packet_header_(static_cast<uint32_t>(p.get("qsnet2.packet_header_bytes"))),
      ack_bytes_(static_cast<uint32_t>(p.get("qsnet2.ack_bytes"))) {}

void Elan4Nic::pio_write(Host& host, uint32_t bytes, uint32_t message, std::function<void()> then,
                         std::function<void()> landed) {
  uint32_t stores = bytes == 0 ? 1 : (bytes + 7) / 8;
  // Posted write: through the memory controller hub and the PCI-X bridge, then the bus.
  sim_.after(bridge_ps_, pci_.id(), EventKind::kGeneric, bytes, [this, bytes, message, landed = std::move(landed)]() mutable {
    pci_.transact(PciOp::kPioWrite, bytes, message, [landed = std::move(landed)]() {
      if (landed) landed();
    });
  });
  sim_.after(store_ps_ * stores, host.id(), EventKind::kHostCpuDone, bytes, std::move(then));
}

void Elan4Nic::post_dma(Host& host, std::shared_ptr<E4Dma> dma, std::function<void()> then) {
  pio_write(host, kE4DmaDescriptorBytes, dma->message, std::move(then), [this, dma]() { start_dma(dma); });
}

void Elan4Nic::post_command(Host& host, uint32_t bytes, uint32_t message, std::function<void()> run,
                            std::function<void()> then) {
  pio_write(host, bytes, message, std::move(then), [this, bytes, run = std::move(run)]() {
    Time start = command_processor_.reserve(sim_.now(), command_ps_);
    sim_.at(start + command_ps_, id_, EventKind::kGeneric, bytes, run);
  });
}

void Elan4Nic::start_dma(std::shared_ptr<E4Dma> dma) {
  Time start = command_processor_.reserve(sim_.now(), command_ps_);
  sim_.at(start + command_ps_, id_, EventKind::kDmaStart, dma->bytes, [this, dma]() {
    jobs_.push_back(dma);
    if (!engine_busy_) next_job();
  });
}

void Elan4Nic::next_job() {
  if (jobs_.empty()) {
    engine_busy_ = false;
    return;
  }
  engine_busy_ = true;
  auto d = jobs_.front();
  jobs_.pop_front();
  sim_.after(dma_setup_ps_, id_, EventKind::kDmaStart, d->bytes, [this, d]() {
    switch (d->type) {
      case E4Dma::Type::kQueued: run_queued(d); break;
      case E4Dma::Type::kRdmaWrite: run_rdma(d, d->peer); break;
      case E4Dma::Type::kRdmaRead:
        // STEN packet: the remote engine runs the DMA that pushes the data to us.
        fabric_->send(node_, d->peer, packet_header_ + kE4DmaDescriptorBytes, TraceKind::kControlPacket, d->message,
                      [this, d]() {
                        Elan4Nic& far = peer(d->peer);
                        sim_.after(far.input_ps_, far.id_, EventKind::kPacketDelivered, 0,
                                   [d, &far, reader = node_]() { far.push_for_read(d, reader); });
                      });
        next_job();
        break;
    }
  });
}

void Elan4Nic::host_read(uint32_t bytes, uint32_t message, std::function<void()> done) {
  // PCI-X split transaction: the request is a short bus transaction, the bus is free while the chipset
  // reads memory (pcix.read_latency_ns), then the split completion carries the data phases.
  sim_.after(read_latency_ps_, pci_.id(), EventKind::kRdmaPacketRead, bytes, [this, bytes, message, done = std::move(done)]() mutable {
    pci_.transact(PciOp::kDmaRead, bytes, message, std::move(done));
  });
}

void Elan4Nic::bus_write(uint32_t bytes, uint32_t message, std::function<void()> done) {
  pci_.transact(PciOp::kDmaWrite, bytes, message, std::move(done));
}

void Elan4Nic::run_queued(std::shared_ptr<E4Dma> d) {
  host_read(d->bytes, d->message, [this, d]() {
    auto attempt = std::make_shared<std::function<void()>>();
    *attempt = [this, d, weak_self = std::weak_ptr<std::function<void()>>(attempt)]() {
      auto attempt = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
      fabric_->send(node_, d->peer, packet_header_ + d->bytes, TraceKind::kQdmaPacket, d->message, [this, d, attempt]() {
        Elan4Nic& dst = peer(d->peer);
        sim_.after(dst.input_ps_, dst.id_, EventKind::kPacketDelivered, d->bytes, [this, d, attempt, &dst]() {
          if (d->queue == nullptr) {  // NIC-resident queue of a NIC thread (Tports)
            fabric_->send(dst.node_, node_, ack_bytes_, TraceKind::kAckPacket, d->message, [d]() {
              if (d->src_event) d->src_event->trigger(d->message);
            });
            if (dst.thread_queue_) dst.thread_queue_(d->slot);
            sim_.after(0, id_, EventKind::kGeneric, 0, [attempt]() { *attempt = nullptr; });  // break the cycle
            return;
          }
          if (d->queue->full()) {  // NAK: the sender's engine retries the packet (QDMA_RETRY)
            d->queue->count_refused();
            ++naks_;
            fabric_->send(dst.node_, node_, ack_bytes_, TraceKind::kNakPacket, d->message, [this, attempt]() {
              sim_.after(retry_ps_, id_, EventKind::kDmaStart, 0, [attempt]() { (*attempt)(); });
            });
            return;
          }
          d->queue->write(d->slot);
          sim_.after(0, id_, EventKind::kGeneric, 0, [attempt]() { *attempt = nullptr; });  // break the cycle
          fabric_->send(dst.node_, node_, ack_bytes_, TraceKind::kAckPacket, d->message, [d]() {
            if (d->src_event) d->src_event->trigger(d->message);
          });
        });
      });
    };
    (*attempt)();
    next_job();
  });
}

void Elan4Nic::run_rdma(std::shared_ptr<E4Dma> d, int to) {
  uint32_t t = rdma_.take();
  RdmaProgress& r = rdma_[t];
  r = RdmaProgress{};
  r.packets = d->bytes == 0 ? 1 : (d->bytes + packet_payload_ - 1) / packet_payload_;
  r.d = std::move(d);
  r.to = to;
  for (uint32_t k = 0; k < outstanding_ && k < rdma_[t].packets; ++k) rdma_issue_read(t);
}

void Elan4Nic::rdma_issue_read(uint32_t t) {
  RdmaProgress& r = rdma_[t];
  uint32_t k = r.requested++;
  uint32_t offset = k * packet_payload_;
  uint32_t chunk = r.d->bytes - offset < packet_payload_ ? r.d->bytes - offset : packet_payload_;
  const uint32_t p = packets_.take();
  packets_[p] = RdmaPacket{t, chunk};
  host_read(chunk, r.d->message, [this, p]() { rdma_packet_read(p); });
}

void Elan4Nic::rdma_packet_read(uint32_t p) {
  // Copies: the pools may grow (and move their elements) before the steps below run.
  const uint32_t t = packets_[p].transfer, chunk = packets_[p].chunk;
  uint32_t done = ++rdma_[t].read;
  if (rdma_[t].requested < rdma_[t].packets) rdma_issue_read(t);  // keep `outstanding_` split reads in flight
  // The engine is free once the last is read; its next job may take a transfer from the pool (no reference is held).
  if (done == rdma_[t].packets) next_job();
  const RdmaProgress& r = rdma_[t];
  fabric_->send(node_, r.to, packet_header_ + chunk, TraceKind::kRdmaPacket, r.d->message, [this, p]() {
    Elan4Nic& dst = peer(rdma_[packets_[p].transfer].to);
    sim_.after(dst.input_ps_, dst.id_, EventKind::kPacketDelivered, packets_[p].chunk, [this, p]() {
      const RdmaProgress& r = rdma_[packets_[p].transfer];
      peer(r.to).bus_write(packets_[p].chunk, r.d->message, [this, p]() {
        const uint32_t t = packets_[p].transfer;
        packets_.give(p);
        rdma_packet_landed(t);
      });
    });
  });
}

void Elan4Nic::rdma_packet_landed(uint32_t t) {
  RdmaProgress& r = rdma_[t];
  if (++r.landed < r.packets) return;
  std::shared_ptr<E4Dma> d = std::move(r.d);
  int to = r.to;
  r.d = nullptr;
  rdma_.give(t);
  if (d->dst_event) d->dst_event->trigger(d->message);
  if (d->on_landed) d->on_landed();
  fabric_->send(to, node_, ack_bytes_, TraceKind::kAckPacket, d->message, [d]() {
    if (d->src_event) d->src_event->trigger(d->message);
  });
}

void Elan4Nic::push_for_read(std::shared_ptr<E4Dma> d, int reader) {
  // The remote DMA: this engine writes to the reader. Both of the reader's events are set when the last byte
  // is in its host memory (dst_event first); nothing is set here (no host on this side is involved).
  auto job = std::make_shared<E4Dma>(*d);
  job->type = E4Dma::Type::kRdmaWrite;
  job->peer = reader;
  job->src_event = nullptr;
  auto src = d->src_event;
  auto dst = d->dst_event;
  job->dst_event = nullptr;
  job->on_landed = [src, dst, msg = d->message]() {
    if (dst) dst->trigger(msg);
    if (src) src->trigger(msg);
  };
  jobs_.push_back(job);
  if (!engine_busy_) next_job();
}

void Elan4Nic::fire(E4Event& ev, uint32_t message) {
  ++events_fired_;
  auto copy = ev.copy_;
  auto write = ev.write_;
  auto interrupt = ev.interrupt_;
  Time start = event_processor_.reserve(sim_.now(), event_ps_);
  sim_.trace().record(start, start + event_ps_, TraceKind::kE4Event, id_, message, 0,
                      static_cast<int32_t>(E4EventAction::kCountReached));
  sim_.at(start + event_ps_, id_, EventKind::kEventFired, 0, [this, copy, write, interrupt, message]() {
    if (copy) {
      Time s = event_processor_.reserve(sim_.now(), event_copy_ps_);
      sim_.trace().record(s, s + event_copy_ps_, TraceKind::kE4Event, id_, message, kE4DmaDescriptorBytes,
                          static_cast<int32_t>(E4EventAction::kCopy));
      sim_.at(s + event_copy_ps_, id_, EventKind::kEventFired, kE4DmaDescriptorBytes,
              [this, copy]() { start_dma(copy); });
    }
    if (write) {
      sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kE4Event, id_, message, 8,
                          static_cast<int32_t>(E4EventAction::kWrite));
      host_write(8, message, write);
    }
    if (interrupt) {
      sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kE4Event, id_, message, 8,
                          static_cast<int32_t>(E4EventAction::kInterrupt));
      host_write(8, message, interrupt);  // the interrupt cookie into the host's interrupt queue, then IRQ
    }
  });
}

void Elan4Nic::host_write(uint32_t bytes, uint32_t message, std::function<void()> done) {
  // Posted: the bus transaction, then the bridge and hub until the word is visible in host memory.
  pci_.transact(PciOp::kDmaWrite, bytes, message, [this, bytes, done = std::move(done)]() mutable {
    sim_.after(bridge_ps_, pci_.id(), EventKind::kHostWordWritten, bytes, std::move(done));
  });
}

void Elan4Nic::thread_run(uint32_t instructions, uint32_t sdram, uint32_t message, int32_t step,
                          std::function<void()> then) {
  Time d = thread_cycle_ps_ * instructions + sdram_ps_ * sdram;
  Time start = thread_processor_.reserve(sim_.now(), d);
  sim_.trace().record(start, start + d, TraceKind::kNicThread, id_, message, 0, step);
  sim_.at(start + d, id_, EventKind::kNicThreadStepEnd, static_cast<uint32_t>(step), std::move(then));
}

}  // namespace hpcsim
