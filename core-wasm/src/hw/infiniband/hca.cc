#include "hw/infiniband/hca.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace hpcsim {

namespace {

// A request the hardware or VAPI would fail (too many gather entries, no posted receive, a short receive buffer):
// a programming error of the protocol model, so it stops the run with a message naming the rule.
[[noreturn]] void refuse(const std::string& why) {
  std::fprintf(stderr, "InfiniBand HCA: %s\n", why.c_str());
  std::abort();
}

}  // namespace

struct Hca::SendJob {
  IbWorkRequest wr;
  int src = -1;
  uint32_t bytes = 0;
  uint32_t packets = 1;
  // Responder side (set when the first packet arrives).
  IbReceive recv;
  bool receive_ready = false;      ///< the receive WQE is fetched (a send's payloads may be written, its CQE too)
  std::vector<uint32_t> deferred;  ///< a send's packets that arrived before it
  uint32_t landed = 0;
  bool complete_when_ready = false;  ///< every payload landed before the receive WQE was fetched
};

struct Hca::TxPacket {
  std::shared_ptr<SendJob> job;
  uint32_t k = 0;
  uint32_t reads_left = 0;
};

struct Hca::ReadChunk {
  std::shared_ptr<TxPacket> packet;
  uint32_t bytes = 0;
};

uint32_t IbWorkRequest::bytes() const {
  uint64_t b = 0;
  for (uint32_t s : gather) b += s;
  if (b > (1ull << 31)) refuse("a work request's gather list exceeds 2^31 bytes, the largest IBA message");
  return static_cast<uint32_t>(b);
}

Hca::Hca(Simulator& sim, ComponentId id, int node, PciBus& pci, const ParameterSet& p)
    : sim_(sim),
      id_(id),
      node_(node),
      pci_(pci),
      arbiter_(pci, 2),
      wire_(p),
      post_send_ps_(ns_to_ps(p.get("ib.post_send_ns"))),
      post_sge_ps_(ns_to_ps(p.get("ib.post_sge_ns"))),
      post_recv_ps_(ns_to_ps(p.get("ib.post_recv_ns"))),
      store_ps_(ns_to_ps(p.get("host.uncached_store_ns"))),
      hub_ps_(ns_to_ps(p.get("pcix.bridge_latency_ns"))),
      bridge_ps_(ns_to_ps(p.get("ib.bridge_latency_ns"))),
      read_latency_ps_(ns_to_ps(p.get("pcix.read_latency_ns"))),
      doorbell_ps_(ns_to_ps(p.get("ib.doorbell_ns"))),
      wqe_ps_(ns_to_ps(p.get("ib.wqe_process_ns"))),
      sge_ps_(ns_to_ps(p.get("ib.sge_ns"))),
      rx_ps_(ns_to_ps(p.get("ib.rx_packet_ns"))),
      poll_ps_(ns_to_ps(p.get("ib.poll_cq_ns"))),
      poll_empty_ps_(ns_to_ps(p.get("ib.poll_cq_empty_ns"))),
      reg_kernel_ps_(ns_to_ps(p.get("ib.reg_kernel_us") * 1000.0)),
      dereg_kernel_ps_(ns_to_ps(p.get("ib.dereg_kernel_us") * 1000.0)),
      command_ps_(ns_to_ps(p.get("ib.hca_command_us") * 1000.0)),
      syscall_entry_ps_(ns_to_ps(p.get("os.syscall_entry_ns"))),
      syscall_exit_ps_(ns_to_ps(p.get("os.syscall_exit_ns"))),
      page_pin_ps_(ns_to_ps(p.get("os.page_pin_ns"))),
      outstanding_(static_cast<uint32_t>(p.count("ib.outstanding_reads"))),
      read_request_(static_cast<uint32_t>(p.count("ib.read_request_bytes"))),
      cqe_bytes_(static_cast<uint32_t>(p.count("ib.cqe_bytes"))),
      max_sge_(static_cast<uint32_t>(p.count("ib.max_sge"))),
      page_bytes_(static_cast<uint64_t>(p.count("os.page_bytes"))) {}

void Hca::step(Time start, Time d, HcaStep what, uint32_t message, uint32_t bytes) {
  sim_.trace().record(start, start + d, TraceKind::kHcaStep, id_, message, bytes, static_cast<int32_t>(what));
}

size_t Hca::receives_posted(int peer, int qp) const {
  auto it = receives_.find({peer, qp});
  return it == receives_.end() ? 0 : it->second.size();
}

// ------------------------------------------------------------------------------------------- host side

void Hca::pio_write(Host& host, uint32_t bytes, uint32_t message, std::function<void()> then,
                    std::function<void()> landed) {
  uint32_t stores = bytes == 0 ? 1 : (bytes + 7) / 8;
  // Posted: through the memory controller hub and the PCI-X bridge, the bus, then the MT23108's own bridge.
  sim_.after(hub_ps_, pci_.id(), EventKind::kGeneric, bytes, [this, bytes, message, landed = std::move(landed)]() mutable {
    pci_.transact(PciOp::kPioWrite, bytes, message, [this, bytes, landed = std::move(landed)]() mutable {
      if (landed) sim_.after(bridge_ps_, id_, EventKind::kGeneric, bytes, std::move(landed));
    });
  });
  sim_.after(store_ps_ * stores, host.id(), EventKind::kHostCpuDone, bytes, std::move(then));
}

void Hca::post_send(Host& host, IbWorkRequest wr, std::function<void()> then) {
  if (wr.gather.size() > max_sge_)
    refuse("node " + std::to_string(node_) + ": a work request with " + std::to_string(wr.gather.size()) +
           " gather entries; the QP takes at most " + std::to_string(max_sge_) + " (ib.max_sge)");
  if (!peers_ || wr.peer < 0 || wr.peer >= static_cast<int>(peers_->size()) || wr.peer == node_)
    refuse("node " + std::to_string(node_) + ": a work request to node " + std::to_string(wr.peer) +
           ", which has no QP to this node");
  if (!wr.signaled && wr.on_local)
    refuse("an unsignaled work request writes no CQE, so its local completion would never run");
  auto job = std::make_shared<SendJob>();
  job->src = node_;
  job->bytes = wr.bytes();
  job->packets = wire_.packets(job->bytes);
  Time cpu = post_send_ps_ + post_sge_ps_ * static_cast<Time>(wr.gather.size());
  job->wr = std::move(wr);
  uint32_t msg = job->wr.message;
  sim_.after(cpu, host.id(), EventKind::kHostCpuDone, 0, [this, &host, job, msg, then = std::move(then)]() mutable {
    pio_write(host, kIbDoorbellBytes, msg, std::move(then), [this, job, msg]() {
      Time s = doorbell_unit_.reserve(sim_.now(), doorbell_ps_);
      step(s, doorbell_ps_, HcaStep::kDoorbell, msg, 0);
      sim_.at(s + doorbell_ps_, id_, EventKind::kDmaStart, 0, [this, job]() { fetch_wqe(job); });
    });
  });
}

void Hca::post_recv(Host& host, IbReceive rr, std::function<void()> then) {
  Time cpu = post_recv_ps_ + post_sge_ps_ * static_cast<Time>(rr.scatter_entries);
  auto r = std::make_shared<IbReceive>(std::move(rr));
  sim_.after(cpu, host.id(), EventKind::kHostCpuDone, 0, [this, &host, r, then = std::move(then)]() mutable {
    pio_write(host, kIbDoorbellBytes, 0, std::move(then), [this, r]() {
      receives_[{r->peer, r->qp}].push_back(std::move(*r));
      size_t total = 0;
      for (const auto& kv : receives_) total += kv.second.size();
      sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMatchList, id_, 0, 0, static_cast<int32_t>(total));
    });
  });
}

void Hca::poll_cq(Host& host, std::function<void(bool found)> then) {
  if (cqes_pending_ == 0) {
    sim_.after(poll_empty_ps_, host.id(), EventKind::kHostCpuDone, 0, [then = std::move(then)]() { then(false); });
    return;
  }
  --cqes_pending_;
  sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kEventQueue, id_, 0, 0, static_cast<int32_t>(cqes_pending_));
  // The CQE's line was invalidated by the HCA's write: one miss; then the consumer-index doorbell (Tavor).
  sim_.after(poll_ps_ + host.cache_miss_ps(), host.id(), EventKind::kHostCpuDone, cqe_bytes_,
             [this, &host, then = std::move(then)]() mutable {
               pio_write(host, kIbDoorbellBytes, 0, [then = std::move(then)]() { then(true); }, nullptr);
             });
}

// ------------------------------------------------------------------------------------------- PCI-X

void Hca::dma_read(uint32_t bytes, uint32_t message, std::function<void()> done) {
  ++read_requests_;
  sim_.after(bridge_ps_, id_, EventKind::kDmaStart, bytes, [this, bytes, message, done = std::move(done)]() mutable {
    arbiter_.transact(0, PciOp::kSplitRequest, 0, message, [this, bytes, message, done = std::move(done)]() mutable {
      // The bus is free while the chipset reads memory; then the split completion's data phases.
      sim_.after(read_latency_ps_, pci_.id(), EventKind::kRdmaPacketRead, bytes,
                 [this, bytes, message, done = std::move(done)]() mutable {
                   arbiter_.transact(1, PciOp::kDmaRead, bytes, message, [this, bytes, done = std::move(done)]() mutable {
                     sim_.after(bridge_ps_, id_, EventKind::kGeneric, bytes, std::move(done));
                   });
                 });
    });
  });
}

void Hca::dma_write(uint32_t bytes, uint32_t message, std::function<void()> done) {
  sim_.after(bridge_ps_, id_, EventKind::kGeneric, bytes, [this, bytes, message, done = std::move(done)]() mutable {
    arbiter_.transact(0, PciOp::kDmaWrite, bytes, message, std::move(done));
  });
}

void Hca::write_cqe(uint32_t message, std::function<void()> visible) {
  step(sim_.now(), 0, HcaStep::kCqe, message, cqe_bytes_);
  dma_write(cqe_bytes_, message, [this, visible = std::move(visible)]() mutable {
    sim_.after(hub_ps_, pci_.id(), EventKind::kHostWordWritten, cqe_bytes_, [this, visible = std::move(visible)]() {
      ++cqes_pending_;
      sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kEventQueue, id_, 0, 0,
                          static_cast<int32_t>(cqes_pending_));
      if (visible) visible();
    });
  });
}

// ------------------------------------------------------------------------------------------- requester

void Hca::fetch_wqe(std::shared_ptr<SendJob> job) {
  const IbWorkRequest& wr = job->wr;
  uint32_t bytes = kIbNextSegBytes + (ib_is_rdma(wr.opcode) ? kIbRaddrSegBytes : 0) +
                   kIbDataSegBytes * static_cast<uint32_t>(wr.gather.size());
  dma_read(bytes, wr.message, [this, job]() {
    fetched_.push_back(job);
    if (!engine_busy_) next_wqe();
  });
}

void Hca::next_wqe() {
  if (fetched_.empty()) {
    engine_busy_ = false;
    return;
  }
  engine_busy_ = true;
  auto job = fetched_.front();
  fetched_.pop_front();
  Time d = wqe_ps_ + sge_ps_ * static_cast<Time>(job->wr.gather.size());
  Time s = wqe_engine_.reserve(sim_.now(), d);
  step(s, d, HcaStep::kWqe, job->wr.message, job->bytes);
  ++wqes_;
  sim_.at(s + d, id_, EventKind::kDmaStart, job->bytes, [this, job]() {
    // Each packet gathers its payload from the segments in order, in reads of at most ib.read_request_bytes
    // that do not cross a segment.
    size_t seg = 0;
    uint32_t used = 0;  // bytes of gather[seg] already assigned
    for (uint32_t k = 0; k < job->packets; ++k) {
      auto pkt = std::make_shared<TxPacket>();
      pkt->job = job;
      pkt->k = k;
      uint32_t need = wire_.payload(job->bytes, k);
      while (need > 0) {
        while (seg < job->wr.gather.size() && used == job->wr.gather[seg]) {
          ++seg;
          used = 0;
        }
        uint32_t piece = job->wr.gather[seg] - used;
        if (piece > need) piece = need;
        if (piece > read_request_) piece = read_request_;
        auto c = std::make_shared<ReadChunk>();
        c->packet = pkt;
        c->bytes = piece;
        reads_.push_back(c);
        ++pkt->reads_left;
        used += piece;
        need -= piece;
      }
      tx_.push_back(pkt);
    }
    issue_reads();
    transmit_ready();
    next_wqe();
  });
}

void Hca::issue_reads() {
  while (reads_in_flight_ < outstanding_ && !reads_.empty()) {
    auto c = reads_.front();
    reads_.pop_front();
    ++reads_in_flight_;
    dma_read(c->bytes, c->packet->job->wr.message, [this, c]() {
      --reads_in_flight_;
      --c->packet->reads_left;
      transmit_ready();
      issue_reads();
    });
  }
}

void Hca::transmit_ready() {
  while (!tx_.empty() && tx_.front()->reads_left == 0) {
    auto pkt = tx_.front();
    tx_.pop_front();
    auto job = pkt->job;
    uint32_t k = pkt->k;
    uint32_t payload = wire_.payload(job->bytes, k);
    uint32_t wire = wire_.packet_bytes(job->wr.opcode, k, job->packets, payload);
    TraceKind kind = ib_is_rdma(job->wr.opcode) ? TraceKind::kRdmaPacket : TraceKind::kQdmaPacket;
    ++packets_sent_;
    int to = job->wr.peer;
    fabric_->send(node_, to, wire, kind, job->wr.message, [this, job, k, to]() { peer(to).arrive(job, k); });
  }
}

void Hca::ack_arrived(std::shared_ptr<SendJob> job) {
  Time s = rx_unit_.reserve(sim_.now(), rx_ps_);
  step(s, rx_ps_, HcaStep::kAck, job->wr.message, 0);
  sim_.at(s + rx_ps_, id_, EventKind::kPacketDelivered, 0, [this, job]() {
    if (!job->wr.signaled) return;
    write_cqe(job->wr.message, [job]() {
      if (job->wr.on_local) job->wr.on_local();
    });
  });
}

// ------------------------------------------------------------------------------------------- responder

void Hca::arrive(std::shared_ptr<SendJob> job, uint32_t k) {
  uint32_t payload = wire_.payload(job->bytes, k);
  Time s = rx_unit_.reserve(sim_.now(), rx_ps_);
  step(s, rx_ps_, HcaStep::kInboundPacket, job->wr.message, payload);
  sim_.at(s + rx_ps_, id_, EventKind::kPacketDelivered, payload, [this, job, k]() {
    IbOpcode op = job->wr.opcode;
    bool consumes = ib_consumes_receive(op);
    bool is_send = consumes && !ib_is_rdma(op);
    if (consumes && k == 0) {
      auto it = receives_.find({job->src, job->wr.qp});
      if (it == receives_.end() || it->second.empty())
        refuse("node " + std::to_string(node_) + ": a " + ib_opcode_name(op) + " from node " +
               std::to_string(job->src) + " on QP " + std::to_string(job->wr.qp) +
               " found no posted receive (receiver not ready; post receives before the peer sends)");
      job->recv = std::move(it->second.front());
      it->second.pop_front();
      // A write with immediate puts its data where the RETH says; only a send fills the receive buffer.
      if (is_send && job->recv.bytes < job->bytes)
        refuse("node " + std::to_string(node_) + ": a receive buffer of " + std::to_string(job->recv.bytes) +
               " B is too short for a " + std::to_string(job->bytes) + " B " + ib_opcode_name(op) +
               " (local length error)");
      // The receive WQE is in host memory: fetch it (a send needs its buffer's address before writing).
      uint32_t wqe = kIbNextSegBytes + kIbDataSegBytes * job->recv.scatter_entries;
      dma_read(wqe, job->wr.message, [this, job]() {
        job->receive_ready = true;
        std::vector<uint32_t> waiting;
        waiting.swap(job->deferred);
        for (uint32_t w : waiting) write_payload(job, w);
        if (job->complete_when_ready) complete(job);
      });
    }
    if (is_send && !job->receive_ready) {
      job->deferred.push_back(k);
      return;
    }
    write_payload(job, k);
  });
}

void Hca::write_payload(std::shared_ptr<SendJob> job, uint32_t k) {
  uint32_t payload = wire_.payload(job->bytes, k);
  if (payload == 0) {
    landed(job);
    return;
  }
  dma_write(payload, job->wr.message, [this, job]() { landed(job); });
}

void Hca::landed(std::shared_ptr<SendJob> job) {
  if (++job->landed < job->packets) return;
  // The whole message is in host memory: acknowledge it (RC) and complete it here.
  int requester = job->src;
  fabric_->send(node_, requester, wire_.ack_bytes(), TraceKind::kAckPacket, job->wr.message,
                [this, job, requester]() { peer(requester).ack_arrived(job); });
  if (!ib_consumes_receive(job->wr.opcode)) {
    sim_.after(hub_ps_, pci_.id(), EventKind::kHostWordWritten, job->bytes, [job]() {
      if (job->wr.on_remote) job->wr.on_remote();
    });
    return;
  }
  if (!job->receive_ready) {  // a write with immediate whose receive WQE is still being fetched
    job->complete_when_ready = true;
    return;
  }
  complete(job);
}

void Hca::complete(std::shared_ptr<SendJob> job) {
  write_cqe(job->wr.message, [job]() {
    const IbWorkRequest& wr = job->wr;
    bool imm = wr.opcode == IbOpcode::kSendWithImm || wr.opcode == IbOpcode::kRdmaWriteWithImm;
    IbCompletion c{job->src, wr.qp, wr.opcode, job->bytes, imm, wr.immediate, wr.message};
    if (job->recv.on_complete) job->recv.on_complete(c);
    if (wr.on_remote) wr.on_remote();
  });
}

// ------------------------------------------------------------------------------------------- registration

uint64_t Hca::pages(uint64_t bytes, uint32_t offset_in_page) const {
  uint64_t span = static_cast<uint64_t>(offset_in_page % page_bytes_) + bytes;
  uint64_t n = (span + page_bytes_ - 1) / page_bytes_;
  return n == 0 ? 1 : n;
}

void Hca::hca_command(Host& host, uint32_t mailbox_read, uint32_t mailbox_write, uint32_t message,
                      std::function<void()> then) {
  ++commands_;
  auto done = std::make_shared<std::function<void()>>(std::move(then));
  // The driver writes the HCR (posted); the firmware reads the mailbox, executes, writes any output mailbox; the
  // driver, spinning on the HCR's go bit, sees it clear with a PIO read.
  pio_write(host, kIbHcrBytes, message, []() {}, [this, mailbox_read, mailbox_write, message, done]() {
    auto execute = [this, mailbox_write, message, done]() {
      Time s = command_unit_.reserve(sim_.now(), command_ps_);
      step(s, command_ps_, HcaStep::kCommand, message, mailbox_write);
      sim_.at(s + command_ps_, id_, EventKind::kGeneric, 0, [this, mailbox_write, message, done]() {
        auto finish = [this, message, done]() { pci_.transact(PciOp::kPioRead, 4, message, *done); };
        if (mailbox_write > 0)
          dma_write(mailbox_write, message, finish);
        else
          finish();
      });
    };
    if (mailbox_read > 0)
      dma_read(mailbox_read, message, execute);
    else
      execute();
  });
}

void Hca::register_memory(Host& host, uint64_t bytes, std::function<void()> then, uint32_t offset_in_page) {
  uint64_t n = pages(bytes, offset_in_page);
  Time cpu = syscall_entry_ps_ + reg_kernel_ps_ + page_pin_ps_ * static_cast<Time>(n);
  auto done = std::make_shared<std::function<void()>>(std::move(then));
  // WRITE_MTT commands (510 entries each, an even count: odd ones get a dummy entry), then SW2HW_MPT.
  auto commands = std::make_shared<std::function<void(uint64_t)>>();
  *commands = [this, &host, n, done, weak_self = std::weak_ptr<std::function<void(uint64_t)>>(commands)](uint64_t written) {
    auto commands = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
    if (written < n) {
      uint64_t entries = n - written < kIbMttEntriesPerCommand ? n - written : kIbMttEntriesPerCommand;
      uint32_t mailbox = kIbMailboxHeaderBytes + 8 * static_cast<uint32_t>(entries + (entries & 1));
      hca_command(host, mailbox, 0, 0, [commands, written, entries]() { (*commands)(written + entries); });
      return;
    }
    hca_command(host, kIbMptEntryBytes, 0, 0, [this, &host, done, commands]() {
      sim_.after(syscall_exit_ps_, host.id(), EventKind::kHostCpuDone, 0, [done, commands]() mutable {
        auto d = std::move(*done);
        *commands = nullptr;  // break the cycle
        d();
      });
    });
  };
  sim_.after(cpu, host.id(), EventKind::kHostCpuDone, 0, [commands]() { (*commands)(0); });
}

void Hca::deregister_memory(Host& host, uint64_t bytes, std::function<void()> then, uint32_t offset_in_page) {
  uint64_t n = pages(bytes, offset_in_page);
  sim_.after(syscall_entry_ps_ + dereg_kernel_ps_, host.id(), EventKind::kHostCpuDone, 0,
             [this, &host, n, then = std::move(then)]() mutable {
               hca_command(host, 0, kIbMptEntryBytes, 0, [this, &host, n, then = std::move(then)]() mutable {
                 Time unpin = page_pin_ps_ * static_cast<Time>(n) + syscall_exit_ps_;
                 sim_.after(unpin, host.id(), EventKind::kHostCpuDone, 0, std::move(then));
               });
             });
}

}  // namespace hpcsim
