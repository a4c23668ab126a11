#include "hw/elan3_nic.h"

#include <memory>

#include "hw/nic_thread_step.h"

namespace hpcsim {

Elan3Nic::Elan3Nic(Simulator& sim, ComponentId id, int node, PciBus& pci, const ParameterSet& p)
    : sim_(sim),
      id_(id),
      node_(node),
      pci_(pci),
      thread_cycle_ps_(1e6 / p.get("elan3.thread_clock_MHz")),
      sdram_ps_(ns_to_ps(p.get("elan3.sdram_access_ns"))),
      dma_setup_ps_(ns_to_ps(p.get("elan3.dma_setup_ns"))),
      dispatch_ps_(ns_to_ps(p.get("elan3.event_dispatch_ns"))),
      slots_(static_cast<uint32_t>(p.get("elan3.input_queue_slots"))),
      packet_payload_(static_cast<uint32_t>(p.get("qsnet.packet_payload_bytes"))),
      ack_bytes_(static_cast<uint32_t>(p.get("qsnet.ack_bytes"))),
      sdram_Bps_(p.get("elan3.sdram_MBps") * 1e6) {}

Time Elan3Nic::thread_cost_ps(ThreadCost c) const {
  return static_cast<Time>(c.instructions * thread_cycle_ps_ + 0.5) + sdram_ps_ * c.sdram_accesses;
}

void Elan3Nic::submit(DmaJob job) {
  jobs_.push_back(std::move(job));
  if (!engine_busy_) next_job();
}

void Elan3Nic::next_job() {
  if (jobs_.empty()) {
    engine_busy_ = false;
    return;
  }
  engine_busy_ = true;
  DmaJob job = std::move(jobs_.front());
  jobs_.pop_front();
  sim_.after(dma_setup_ps_, id_, EventKind::kDmaStart, 0, [this, job = std::move(job)]() {
    job.run([this]() { next_job(); });
  });
}

namespace {
// Runs PCI DMA reads one after another, then `then`.
void read_chain(PciBus& pci, std::shared_ptr<std::vector<uint32_t>> reads, size_t i, uint32_t message,
                std::function<void()> then) {
  if (i >= reads->size()) {
    then();
    return;
  }
  pci.transact(PciOp::kDmaRead, (*reads)[i], message, [&pci, reads, i, message, then = std::move(then)]() mutable {
    read_chain(pci, reads, i + 1, message, std::move(then));
  });
}
}  // namespace

void Elan3Nic::queued_dma(int dst, std::vector<uint32_t> host_reads, uint32_t wire_bytes, uint32_t message,
                          std::function<void()> local_done) {
  auto reads = std::make_shared<std::vector<uint32_t>>(std::move(host_reads));
  submit(DmaJob{[this, dst, reads, wire_bytes, message, local_done](std::function<void()> engine_free) {
    read_chain(pci_, reads, 0, message, [this, dst, wire_bytes, message, local_done, engine_free]() {
      auto attempt = std::make_shared<std::function<void()>>();
      *attempt = [this, dst, wire_bytes, message, local_done, weak_self = std::weak_ptr<std::function<void()>>(attempt)]() {
        auto attempt = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
        fabric_->send(node_, dst, wire_bytes, TraceKind::kQdmaPacket, message, [this, dst, wire_bytes, message,
                                                                                 local_done, attempt]() {
          Elan3Nic* d = (*all_)[static_cast<size_t>(dst)];
          d->deliver_to_queue(
              QueueItem{message, node_, wire_bytes},
              [this, d, message, local_done]() {
                fabric_->send(d->node_, node_, ack_bytes_, TraceKind::kAckPacket, message, local_done);
              },
              [this, d, message, attempt]() {  // queue full: NAK, then the source retries the packet
                fabric_->send(d->node_, node_, ack_bytes_, TraceKind::kNakPacket, message, [attempt]() { (*attempt)(); });
              });
        });
      };
      (*attempt)();
      engine_free();
    });
  }});
}

void Elan3Nic::rdma_write(int dst, uint32_t bytes, uint32_t message, std::function<void()> remote_done,
                          std::function<void()> local_done) {
  uint32_t packets = bytes == 0 ? 1 : (bytes + packet_payload_ - 1) / packet_payload_;
  submit(DmaJob{[this, dst, bytes, message, packets, remote_done, local_done](std::function<void()> engine_free) {
    uint32_t t = rdma_.take();
    rdma_[t] = RdmaTransfer{dst, bytes, 0, message, packets, 0, remote_done, local_done, std::move(engine_free)};
    rdma_packets(t);
  }});
}

void Elan3Nic::rdma_packets(uint32_t t) {
  const RdmaTransfer& x = rdma_[t];
  uint32_t chunk = x.bytes - x.sent < packet_payload_ ? x.bytes - x.sent : packet_payload_;
  const uint32_t p = packets_.take();
  packets_[p] = RdmaPacket{t, chunk};
  pci_.transact(PciOp::kDmaRead, chunk, x.message, [this, p]() { rdma_packet_read(p); });
}

void Elan3Nic::rdma_packet_read(uint32_t p) {
  // Copies: the pools may grow (and move their elements) before the steps below run.
  const uint32_t t = packets_[p].transfer, chunk = packets_[p].chunk;
  {
    const RdmaTransfer& x = rdma_[t];
    uint32_t wire = chunk == 0 ? ack_bytes_ : chunk;
    fabric_->send(node_, x.dst, wire, TraceKind::kRdmaPacket, x.message, [this, p]() {
      const uint32_t t = packets_[p].transfer, chunk = packets_[p].chunk;
      packets_.give(p);
      const RdmaTransfer& y = rdma_[t];
      (*all_)[static_cast<size_t>(y.dst)]->pci_.transact(PciOp::kDmaWrite, chunk, y.message,
                                                         [this, t]() { rdma_packet_written(t); });
    });
  }
  RdmaTransfer& x = rdma_[t];
  x.sent += chunk;
  if (x.sent < x.bytes) {
    rdma_packets(t);
    return;
  }
  // The engine may start its next job at once (and take a transfer from the pool): nothing of `x` is used after.
  std::function<void()> engine_free = std::move(x.engine_free);
  x.engine_free = nullptr;
  engine_free();
}

void Elan3Nic::rdma_packet_written(uint32_t t) {
  RdmaTransfer& x = rdma_[t];
  if (++x.written < x.packets) return;
  Elan3Nic* d = (*all_)[static_cast<size_t>(x.dst)];
  std::function<void()> remote_done = std::move(x.remote_done);
  std::function<void()> local_done = std::move(x.local_done);
  int dst = x.dst;
  uint32_t bytes = x.bytes, message = x.message;
  x.remote_done = nullptr;
  x.local_done = nullptr;
  rdma_.give(t);
  sim_.after(0, d->id_, EventKind::kEventFired, bytes, std::move(remote_done));
  fabric_->send(dst, node_, ack_bytes_, TraceKind::kAckPacket, message, std::move(local_done));
}

void Elan3Nic::rdma_read(int src, uint32_t bytes, uint32_t message, std::function<void()> data_here,
                         std::function<void()> source_done) {
  fabric_->send(node_, src, 4 * ack_bytes_, TraceKind::kControlPacket, message,
                [this, src, bytes, message, data_here, source_done]() {
                  (*all_)[static_cast<size_t>(src)]->rdma_write(node_, bytes, message, data_here, source_done);
                });
}

void Elan3Nic::deliver_to_queue(const QueueItem& item, std::function<void()> accepted,
                                std::function<void()> refused) {
  if (queue_.size() >= slots_) {
    refused();
    return;
  }
  queue_.push_back(item);
  sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kInputQueue, id_, item.message, item.bytes,
                      static_cast<int32_t>(queue_.size()));
  accepted();
  // The inputter writes the packet into the slot in Elan SDRAM (one access, then a burst), then sets the
  // queue event that wakes the thread.
  Time write = sdram_ps_ + transfer_time_ps(item.bytes, sdram_Bps_);
  sim_.after(write, id_, EventKind::kEventFired, item.bytes, [this]() { maybe_run_thread(); });
}

void Elan3Nic::set_thread_program(std::function<void(const QueueItem&)> handler, uint32_t context_words) {
  program_ = std::move(handler);
  context_words_ = context_words;
}

void Elan3Nic::maybe_run_thread() {
  if (thread_running_ || !program_ || (queue_.empty() && event_work_.empty())) return;
  thread_running_ = true;
  Time wake = dispatch_ps_ + sdram_ps_ * context_words_;
  uint32_t msg = event_work_.empty() ? queue_.front().message : event_work_.front().first;
  sim_.trace().record(sim_.now(), sim_.now() + wake, TraceKind::kNicThread, id_, msg, 0,
                      static_cast<int32_t>(ThreadStep::kWake));
  thread_busy_ps_ += wake;
  sim_.after(wake, id_, EventKind::kNicThreadWake, 0, [this]() { run_next_work(); });
}

void Elan3Nic::run_next_work() {
  if (!event_work_.empty()) {
    current_is_event_work_ = true;
    auto work = std::move(event_work_.front().second);
    event_work_.pop_front();
    work();
    return;
  }
  current_is_event_work_ = false;
  program_(queue_.front());
}

void Elan3Nic::thread_event_work(uint32_t message, std::function<void()> work) {
  event_work_.emplace_back(message, std::move(work));
  maybe_run_thread();
}

void Elan3Nic::thread_step(int32_t step, ThreadCost c, std::function<void()> then) {
  Time d = thread_cost_ps(c);
  uint32_t msg = queue_.empty() ? 0 : queue_.front().message;
  sim_.trace().record(sim_.now(), sim_.now() + d, TraceKind::kNicThread, id_, msg, 0, step);
  thread_busy_ps_ += d;
  current_step_ = step;
  step_ps_[static_cast<size_t>(step) % step_ps_.size()] += d;
  sim_.after(d, id_, EventKind::kNicThreadStepEnd, static_cast<uint32_t>(step), std::move(then));
}

void Elan3Nic::host_write_dma(std::vector<uint32_t> transactions, uint32_t message, std::function<void()> done) {
  auto list = std::make_shared<std::vector<uint32_t>>(std::move(transactions));
  submit(DmaJob{[this, list, message, done](std::function<void()> engine_free) {
    auto step = std::make_shared<std::function<void(size_t)>>();
    *step = [this, list, message, done, engine_free, weak_self = std::weak_ptr<std::function<void(size_t)>>(step)](size_t i) {
      auto step = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
      if (i >= list->size()) {
        engine_free();
        done();
        return;
      }
      pci_.transact(PciOp::kDmaWrite, (*list)[i], message, [step, i]() { (*step)(i + 1); });
    };
    (*step)(0);
  }});
}

void Elan3Nic::thread_dma_wait(uint32_t bytes, uint32_t message, std::function<void()> then) {
  Time t0 = sim_.now();
  host_write_dma({bytes}, message, [this, t0, message, then = std::move(then)]() mutable {
    sim_.after(sdram_ps_, id_, EventKind::kEventFired, 0, [this, t0, message, then = std::move(then)]() {
      Time d = sim_.now() - t0;
      thread_busy_ps_ += d;
      step_ps_[static_cast<size_t>(current_step_) % step_ps_.size()] += d;
      sim_.trace().record(t0, sim_.now(), TraceKind::kNicThread, id_, message, 0, current_step_);
      then();
    });
  });
}

void Elan3Nic::thread_done() {
  if (!current_is_event_work_ && !queue_.empty()) {
    QueueItem done = queue_.front();
    queue_.pop_front();
    ++items_done_;
    sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kInputQueue, id_, done.message, done.bytes,
                        static_cast<int32_t>(queue_.size()));
  }
  if (queue_.empty() && event_work_.empty()) {
    thread_running_ = false;
    return;
  }
  sim_.after(0, id_, EventKind::kNicThreadWake, 0, [this]() { run_next_work(); });
}

}  // namespace hpcsim
