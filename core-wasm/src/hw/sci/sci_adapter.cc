#include "hw/sci/sci_adapter.h"

#include <memory>

namespace hpcsim {

namespace {
constexpr uint32_t kBlock = 64;    // stream buffer and largest SCI write payload (REFERENCES §1.6.2)
constexpr uint32_t kQuarter = 16;  // smallest SCI write payload (IEEE 1596-1992 [recalled])
constexpr uint32_t kRegisterBytes = 4;
}  // namespace

struct SciAdapter::Stream {
  int dst;
  uint64_t addr;
  uint32_t left;
  uint32_t message;
  int in_bridge = 0;
  bool cpu_busy = false;
  bool waiting = false;
  std::function<void()> then;
};

SciAdapter::SciAdapter(Simulator& sim, ComponentId id, int node, Host& host, PciBus& pci, SciRing& ring,
                       const ParameterSet& p)
    : sim_(sim),
      id_(id),
      node_(node),
      host_(host),
      pci_(pci),
      ring_(ring),
      buffers_(static_cast<size_t>(p.get("sci.stream_buffers"))),
      line_bytes_(static_cast<uint32_t>(p.get("host.cache_line_bytes"))),
      posted_writes_(static_cast<uint32_t>(p.get("sci.host_posted_writes"))),
      cpu_Bps_(p.get("host.memcpy_MBps") * 1e6),
      store_ps_(ns_to_ps(p.get("host.uncached_store_ns"))),
      request_ps_(ns_to_ps(p.get("sci.adapter_request_ns"))),
      receive_ps_(ns_to_ps(p.get("sci.adapter_receive_ns"))),
      register_ps_(ns_to_ps(p.get("sci.register_read_ns"))),
      timeout_ps_(ns_to_ps(p.get("sci.stream_flush_timeout_ns"))),
      header_bytes_(static_cast<uint32_t>(p.get("sci.request_header_bytes"))),
      echo_bytes_(static_cast<uint32_t>(p.get("sci.echo_bytes"))) {}

uint64_t SciAdapter::segment_size(uint32_t segment_id) const {
  auto it = segments_.find(segment_id);
  return it == segments_.end() ? 0 : it->second;
}

// ---------------------------------------------------------------- CPU stores into a mapped segment

void SciAdapter::store(int dst, uint64_t addr, uint32_t bytes, uint32_t message, std::function<void()> then) {
  auto s = std::make_shared<Stream>();
  s->dst = dst;
  s->addr = addr;
  s->left = bytes;
  s->message = message;
  s->then = std::move(then);
  pump(s);
}

// The CPU fills one write-combining line at a time (source loads and 8-byte stores at host.memcpy_MBps),
// hands it to the host bridge as one PCI burst, and stalls while the bridge holds sci.host_posted_writes.
void SciAdapter::pump(const std::shared_ptr<Stream>& s) {
  if (s->cpu_busy) return;
  if (s->left == 0) {
    if (s->then) {
      auto t = std::move(s->then);
      s->then = nullptr;
      t();
    }
    return;
  }
  if (s->in_bridge >= static_cast<int>(posted_writes_)) {
    s->waiting = true;
    return;
  }
  uint32_t room = line_bytes_ - static_cast<uint32_t>(s->addr % line_bytes_);
  uint32_t chunk = s->left < room ? s->left : room;
  uint64_t a = s->addr;
  s->addr += chunk;
  s->left -= chunk;
  s->cpu_busy = true;
  Time cpu = transfer_time_ps(chunk, cpu_Bps_);
  sim_.after(cpu, host_.id(), EventKind::kHostCpuDone, chunk, [this, s, a, chunk]() {
    s->cpu_busy = false;
    ++s->in_bridge;
    ++cpu_writes_in_flight_;
    pci_.transact(PciOp::kPioWrite, chunk, s->message, [this, s, a, chunk]() {
      --s->in_bridge;
      --cpu_writes_in_flight_;
      accept_write(s->dst, a, chunk, s->message);
      if (s->waiting) {
        s->waiting = false;
        pump(s);
      }
      check_waiters();
    });
    pump(s);
  });
}

void SciAdapter::accept_write(int dst, uint64_t addr, uint32_t bytes, uint32_t message) {
  uint64_t end = addr + bytes;
  while (addr < end) {
    uint64_t block = addr / kBlock;
    uint64_t stop = (block + 1) * kBlock < end ? (block + 1) * kBlock : end;
    uint32_t lo = static_cast<uint32_t>(addr % kBlock), n = static_cast<uint32_t>(stop - addr);
    uint64_t bits = n == 64 ? ~0ull : (((1ull << n) - 1) << lo);
    size_t idx = static_cast<size_t>(block % buffers_.size());
    StreamBuffer& b = buffers_[idx];
    if (b.valid && (b.dst != dst || b.block != block)) emit(idx);  // evicted by another block
    b.valid = true;
    b.dst = dst;
    b.block = block;
    b.mask |= bits;
    b.message = message;
    uint64_t gen = ++b.generation;
    if (b.mask == ~0ull) {
      emit(idx);
    } else if (timeout_ps_ > 0) {
      sim_.after(timeout_ps_, id_, EventKind::kGeneric, 0, [this, idx, gen]() {
        if (buffers_[idx].valid && buffers_[idx].generation == gen) emit(idx);
        check_waiters();
      });
    }
    addr = stop;
  }
}

void SciAdapter::emit(size_t idx) {
  StreamBuffer& b = buffers_[idx];
  if (!b.valid) return;
  uint64_t base = b.block * kBlock;
  if (b.mask == ~0ull) {
    ++packets64_;
    send_write(b.dst, base, kBlock, base, kBlock, b.message);
  } else {
    for (uint32_t q = 0; q < kBlock / kQuarter; ++q) {
      uint64_t m = (b.mask >> (q * kQuarter)) & 0xffffull;
      if (!m) continue;
      uint32_t first = 0, last = 15;
      while (!((m >> first) & 1)) ++first;
      while (!((m >> last) & 1)) --last;
      ++packets16_;
      send_write(b.dst, base + q * kQuarter, kQuarter, base + q * kQuarter + first, last - first + 1, b.message);
    }
  }
  b.valid = false;
  b.mask = 0;
}

void SciAdapter::emit_all() {
  for (size_t i = 0; i < buffers_.size(); ++i) emit(i);
}

void SciAdapter::send_write(int dst, uint64_t addr, uint32_t payload, uint64_t land_addr, uint32_t land_bytes,
                            uint32_t message) {
  ++outstanding_;
  bytes_sent_ += payload;
  (void)addr;
  uint32_t wire = header_bytes_ + payload;
  sim_.after(request_ps_, id_, EventKind::kDmaStart, payload, [this, dst, wire, payload, land_addr, land_bytes,
                                                                message]() {
    ring_.send(node_, dst, wire, message, TraceKind::kRdmaPacket, static_cast<int32_t>(payload),
               [this, dst, payload, land_addr, land_bytes, message]() {
                 SciAdapter* target = (*all_)[static_cast<size_t>(dst)];
                 // The target's link controller accepts the packet and echoes it at once.
                 target->ring_.send(dst, node_, echo_bytes_, message, TraceKind::kAckPacket, 0,
                                    [this]() { echo_back(); });
                 target->receive_write(node_, land_addr, payload, land_bytes, message);
               });
  });
}

void SciAdapter::echo_back() {
  ++echoes_;
  --outstanding_;
  check_waiters();
}

// The target adapter moves the payload into host memory as a PCI master write (order preserved).
void SciAdapter::receive_write(int src, uint64_t addr, uint32_t payload, uint32_t land_bytes, uint32_t message) {
  sim_.after(receive_ps_, id_, EventKind::kPacketDelivered, payload, [this, src, addr, payload, land_bytes, message]() {
    pci_.transact(PciOp::kDmaWrite, payload, message, [this, src, addr, land_bytes]() {
      if (log_) log_->push_back(SciLanding{sim_.now(), src, addr, land_bytes});
      std::vector<std::function<void()>> fire;
      auto it = watches_.lower_bound(addr);
      while (it != watches_.end() && it->first < addr + land_bytes) {
        fire.push_back(std::move(it->second));
        it = watches_.erase(it);
      }
      for (auto& f : fire) f();
    });
  });
}

// ---------------------------------------------------------------- flush, barrier, sequence check

void SciAdapter::flush(uint32_t message, std::function<void()> then) {
  ++cpu_writes_in_flight_;
  pci_.transact(PciOp::kPioWrite, kRegisterBytes, message, [this]() {
    --cpu_writes_in_flight_;
    emit_all();
    check_waiters();
  });
  sim_.after(store_ps_, host_.id(), EventKind::kHostCpuDone, 0, std::move(then));
}

bool SciAdapter::quiet() const {
  if (cpu_writes_in_flight_ > 0 || outstanding_ > 0) return false;
  for (const auto& b : buffers_)
    if (b.valid) return false;
  return true;
}

// A PCI delayed read of an adapter register: the adapter needs sci.register_read_ns to produce the value
// (for the barrier: and waits until it is quiet), then the retried read completes on the bus.
void SciAdapter::register_read(uint32_t message, bool barrier, std::function<void()> then) {
  sim_.after(register_ps_, id_, EventKind::kGeneric, 0, [this, message, barrier, then = std::move(then)]() mutable {
    auto answer = [this, message, then = std::move(then)]() mutable {
      pci_.transact(PciOp::kPioRead, kRegisterBytes, message, std::move(then));
    };
    if (!barrier || quiet()) {
      answer();
      return;
    }
    barrier_waiters_.push_back(std::move(answer));
  });
}

void SciAdapter::check_waiters() {
  if (barrier_waiters_.empty() || !quiet()) return;
  auto w = std::move(barrier_waiters_);
  barrier_waiters_.clear();
  for (auto& f : w) f();
}

void SciAdapter::store_barrier(uint32_t message, std::function<void()> then) {
  flush(message, [this, message, then = std::move(then)]() mutable { register_read(message, true, std::move(then)); });
}

void SciAdapter::start_sequence(uint32_t message, std::function<void(SciSeqStatus)> then) {
  register_read(message, false, [this, then = std::move(then)]() {
    seq_errors_ = errors_;
    then(SciSeqStatus::kOk);
  });
}

void SciAdapter::check_sequence(uint32_t message, std::function<void(SciSeqStatus)> then) {
  register_read(message, false, [this, then = std::move(then)]() {
    SciSeqStatus st = errors_ == seq_errors_ ? SciSeqStatus::kOk : SciSeqStatus::kRetriable;
    seq_errors_ = errors_;
    then(st);
  });
}

// ---------------------------------------------------------------- remote read

void SciAdapter::remote_read(int dst, uint64_t addr, uint32_t bytes, uint32_t message, std::function<void()> then) {
  (void)addr;
  sim_.after(request_ps_, id_, EventKind::kDmaStart, 0, [this, dst, bytes, message, then = std::move(then)]() mutable {
    ring_.send(node_, dst, header_bytes_, message, TraceKind::kControlPacket, 0,
               [this, dst, bytes, message, then = std::move(then)]() mutable {
                 SciAdapter* target = (*all_)[static_cast<size_t>(dst)];
                 target->ring_.send(dst, node_, echo_bytes_, message, TraceKind::kAckPacket, 0, []() {});
                 target->sim_.after(target->receive_ps_, target->id_, EventKind::kPacketDelivered, 0,
                                    [this, target, dst, bytes, message, then = std::move(then)]() mutable {
                   target->pci_.transact(PciOp::kDmaRead, bytes, message,
                                         [this, target, dst, bytes, message, then = std::move(then)]() mutable {
                     target->sim_.after(target->request_ps_, target->id_, EventKind::kDmaStart, bytes,
                                        [this, dst, bytes, message, then = std::move(then)]() mutable {
                       ring_.send(dst, node_, header_bytes_ + bytes, message, TraceKind::kRdmaPacket,
                                  static_cast<int32_t>(bytes),
                                  [this, bytes, message, then = std::move(then)]() mutable {
                                    sim_.after(receive_ps_, id_, EventKind::kPacketDelivered, bytes,
                                               [this, bytes, message, then = std::move(then)]() mutable {
                                                 pci_.transact(PciOp::kPioRead, bytes, message, std::move(then));
                                               });
                                  });
                     });
                   });
                 });
               });
  });
}

}  // namespace hpcsim
