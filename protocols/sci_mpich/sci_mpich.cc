#include "sci_mpich/sci_mpich.h"
#include "sci_mpich/layout.h"

#include <string>

namespace hpcsim {

using namespace sci_mpich;

SciMpich::SciMpich(Simulator& sim, SciCluster& cluster, uint32_t* message_ids, SciMpichOptions options)
    : MpichEngine(cluster.size(), mpich::Costs{kIsendCycles, kIrecvCycles, kMatchEntryCycles, kPollCycles, kWaitCycles}),
      sim_(sim), cluster_(cluster), ids_(message_ids), opt_(options) {
  if (opt_.short_credit_batch == 0) opt_.short_credit_batch = 1;
  for (int i = 0; i < cluster.size(); ++i) {
    nodes_.push_back(std::make_unique<NodeState>());
    cluster.adapter(i).export_segment(kSegmentId, kBase + (1ull << 32));
  }
}

void SciMpich::catalog(uint32_t msg, int src, int dst, uint32_t bytes, const char* protocol) {
  MessageCatalog::Entry e;
  e.series = opt_.series;
  e.bytes = bytes;
  e.src = src;
  e.dst = dst;
  e.layers.push_back(HeaderLayer{"MPI", {{"call", "MPI_Isend"}, {"bytes", std::to_string(bytes)}}});
  e.layers.push_back(HeaderLayer{"ch_smi", {{"protocol", protocol},
                                            {"envelope", "64-byte SHORT buffer (47 B payload max)"}}});
  e.layers.push_back(HeaderLayer{"SCI", {{"transaction", "remote write (nwrite64 / nwrite16)"},
                                         {"source node", std::to_string(src)},
                                         {"target node", std::to_string(dst)}}});
  sim_.messages().add(msg, std::move(e));
}

// ------------------------------------------------------------------------------- connection resources

// SCIConnectSegment + SCIMapRemoteSegment were done at MPI_Init (untimed here); each side polls the SHORT
// buffers and counter lines of the other.
void SciMpich::setup_pair(int a, int b) {
  if (pr(a, b).setup) return;
  for (const auto& xy : {std::make_pair(a, b), std::make_pair(b, a)}) {
    const int x = xy.first, y = xy.second;  // plain variables: C++17 lambdas cannot capture bindings
    pr(x, y).setup = true;
    for (uint32_t i = 0; i < kShortBuffers; ++i) watch_slot(y, x, i);
    // Counter lines at x written by y.
    auto watch_credit = std::make_shared<std::function<void()>>();
    *watch_credit = [this, x, y, weak_self = std::weak_ptr<std::function<void()>>(watch_credit)]() {
      auto watch_credit = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
      cluster_.adapter(x).watch(credit_line(y), [this, x, y, watch_credit]() {
        PairState& p = pr(x, y);
        p.credits += static_cast<int>(opt_.short_credit_batch);
        ++credit_returns_;
        while (p.credits > 0 && !p.waiting.empty()) {
          auto f = std::move(p.waiting.front());
          p.waiting.pop_front();
          f();
        }
        (*watch_credit)();
      });
    };
    (*watch_credit)();
    auto watch_block = std::make_shared<std::function<void()>>();
    *watch_block = [this, x, y, weak_self = std::weak_ptr<std::function<void()>>(watch_block)]() {
      auto watch_block = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
      cluster_.adapter(x).watch(block_line(y), [this, x, y, watch_block]() {
        ++pr(x, y).rndv_freed;
        rndv_write(x, y);
        (*watch_block)();
      });
    };
    (*watch_block)();
    for (uint32_t j = 0; j < kEagerBuffers; ++j) {
      auto watch_free = std::make_shared<std::function<void()>>();
      *watch_free = [this, x, y, j, weak_self = std::weak_ptr<std::function<void()>>(watch_free)]() {
        auto watch_free = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
        cluster_.adapter(x).watch(eager_free_line(y, j), [this, x, y, j, watch_free]() {
          pr(x, y).eager_busy[j] = false;
          (*watch_free)();
        });
      };
      (*watch_free)();
    }
    NodeState& n = st(x);
    if (!n.seq_started) {
      n.seq_started = true;
      cluster_.adapter(x).start_sequence(0, [](SciSeqStatus) {});  // SCIStartSequence once
    }
  }
}

void SciMpich::watch_slot(int node, int src, uint32_t i) {
  uint64_t addr = short_addr(src, i);
  cluster_.adapter(node).watch(addr, [this, node, src, i, addr]() {
    auto& q = st(node).slots[addr];
    Slot s = q.empty() ? Slot{} : q.front();
    if (!q.empty()) q.pop_front();
    if (s.kind != 0) run(node, [this, node, src, s](Done d) { on_slot(node, src, s, std::move(d)); });
    watch_slot(node, src, i);
  });
}

// ------------------------------------------------------------------------------- progress engine

void SciMpich::run(int node, std::function<void(Done)> w) {
  st(node).work.push_back(std::move(w));
  pump_work(node);
}

void SciMpich::pump_work(int node) {
  NodeState& n = st(node);
  if (n.busy || n.work.empty() || n.held) return;
  n.busy = true;
  auto w = std::move(n.work.front());
  n.work.pop_front();
  w([this, node]() {
    st(node).busy = false;
    pump_work(node);
  });
}

void SciMpich::hold_progress(int node, bool hold) {
  st(node).held = hold;
  if (!hold) pump_work(node);
}

// ------------------------------------------------------------------------------- SCI writes

void SciMpich::write_slot(int node, int dst, const Slot& s, Done then) {
  PairState& p = pr(node, dst);
  if (p.credits == 0 || !p.waiting.empty()) {
    ++credit_stalls_;
    p.waiting.push_back([this, node, dst, s, then = std::move(then)]() mutable { write_slot(node, dst, s, std::move(then)); });
    return;
  }
  --p.credits;
  uint32_t i = p.next_slot++ % kShortBuffers;
  uint64_t addr = short_addr(node, i);
  st(dst).slots[addr].push_back(s);
  SciAdapter& a = cluster_.adapter(node);
  uint32_t msg = s.message;
  // Envelope + payload as one aligned 64-byte store: one write-combined 64-byte SCI packet.
  a.store(dst, addr, kShortBufferBytes, msg, [&a, msg, then = std::move(then)]() mutable { a.flush(msg, std::move(then)); });
}

void SciMpich::remote_word(int node, int dst, uint64_t addr, uint32_t message) {
  SciAdapter& a = cluster_.adapter(node);
  a.store(dst, addr, 8, message, [&a, message]() { a.flush(message, []() {}); });
}

// SCIStoreBarrier + SCICheckSequence; a retriable error runs `redo` (which completes on its own).
void SciMpich::complete_send(int node, int sreq, uint32_t message, std::function<void()> redo) {
  SciAdapter& a = cluster_.adapter(node);
  a.store_barrier(message, [this, node, sreq, message, &a, redo = std::move(redo)]() mutable {
    a.check_sequence(message, [this, node, sreq, redo = std::move(redo)](SciSeqStatus s) mutable {
      if (s != SciSeqStatus::kOk && redo) {
        ++retries_;
        redo();
        return;
      }
      complete(node, sreq);
    });
  });
}

// ------------------------------------------------------------------------------- MPI calls

// MPI_Isend at the call: message id, protocol by length, catalog entry.
void SciMpich::prepare_send(int node, SendOp& op) {
  op.message = ++*ids_;
  op.protocol = op.bytes <= kShortMaxPayload ? kShort : op.bytes <= kEagerBufferBytes ? kEager : kRendezvous;
  st(node).protocol[op.req] = op.protocol;
  catalog(op.message, node, op.dst, op.bytes,
          op.protocol == kShort ? "SHORT" : op.protocol == kEager ? "EAGER" : "RENDEZVOUS");
}

void SciMpich::start_send(int node, const SendOp& op, Done then) {
  const int dst = op.dst, req = op.req;
  const uint32_t msg = op.message;
  if (op.protocol == kShort) {
    Slot s{kSlotShort, node, op.tag, op.bytes, req, 0, 0, msg};
    write_slot(node, dst, s, [this, node, dst, req, msg, then = std::move(then)]() mutable {
      then();
      // A retriable error: rewrite the same buffer (same sequence flag: the receiver ignores a duplicate).
      uint32_t i = (pr(node, dst).next_slot + kShortBuffers - 1) % kShortBuffers;
      uint64_t addr = short_addr(node, i);
      complete_send(node, req, msg, [this, node, dst, req, msg, addr]() {
        st(dst).slots[addr].push_back(Slot{});
        SciAdapter& a = cluster_.adapter(node);
        a.store(dst, addr, kShortBufferBytes, msg, [this, node, req, msg, &a]() {
          a.flush(msg, [this, node, req, msg]() { complete_send(node, req, msg, nullptr); });
        });
      });
    });
  } else if (op.protocol == kEager) {
    eager_send(node, dst, op.tag, op.bytes, req, msg, 0, std::move(then));
  } else {
    rndv_send(node, dst, op.tag, op.bytes, req, msg, std::move(then));
  }
}

void SciMpich::eager_send(int node, int dst, int tag, uint32_t bytes, int req, uint32_t msg, int checks, Done then) {
  PairState& p = pr(node, dst);
  uint32_t j = kEagerBuffers;
  for (uint32_t k = 0; k < kEagerBuffers; ++k)
    if (!p.eager_busy[k]) {
      j = k;
      break;
    }
  if (j == kEagerBuffers) {
    if (checks < kEagerMaxCheckDev) {
      cluster_.host(node).compute(kCheckDeviceCycles, [this, node, dst, tag, bytes, req, msg, checks,
                                                       then = std::move(then)]() mutable {
        eager_send(node, dst, tag, bytes, req, msg, checks + 1, std::move(then));
      });
      return;
    }
    ++eager_fallbacks_;
    st(node).protocol[req] = kRendezvous;
    rndv_send(node, dst, tag, bytes, req, msg, std::move(then));
    return;
  }
  p.eager_busy[j] = true;
  SciAdapter& a = cluster_.adapter(node);
  // Data into the remote eager buffer, a store barrier so the envelope cannot overtake it, the envelope.
  a.store(dst, eager_addr(node, j), bytes, msg, [this, node, dst, tag, bytes, req, msg, j, &a,
                                                   then = std::move(then)]() mutable {
    a.store_barrier(msg, [this, node, dst, tag, bytes, req, msg, j, then = std::move(then)]() mutable {
      Slot s{kSlotEager, node, tag, bytes, req, 0, j, msg};
      write_slot(node, dst, s, [this, node, req, msg, then = std::move(then)]() mutable {
        then();
        complete_send(node, req, msg, nullptr);
      });
    });
  });
}

void SciMpich::rndv_send(int node, int dst, int tag, uint32_t bytes, int req, uint32_t msg, Done then) {
  Slot s{kSlotRts, node, tag, bytes, req, 0, 0, msg};
  write_slot(node, dst, s, std::move(then));
}

int SciMpich::protocol(int node, int req) const {
  auto it = st(node).protocol.find(req);
  return it == st(node).protocol.end() ? 0 : it->second;
}

int SciMpich::eager_free(int node, int peer) {
  int n = 0;
  for (bool b : pr(node, peer).eager_busy) n += !b;
  return n;
}

// ------------------------------------------------------------------------------- receive side

void SciMpich::consume_slot(int node, int src) {
  PairState& p = pr(node, src);
  if (++p.consumed % opt_.short_credit_batch == 0) remote_word(node, src, credit_line(node), 0);
}

void SciMpich::on_slot(int node, int src, const Slot& s, Done then) {
  Host& h = cluster_.host(node);
  h.read_dma_written(kShortBufferBytes, [this, node, src, s, &h, then = std::move(then)]() mutable {
    if (s.kind == kSlotCts) {
      h.compute(kPollCycles + kBlockCycles, [this, node, src, s, then = std::move(then)]() mutable {
        consume_slot(node, src);
        PairState& p = pr(node, src);
        p.rndv_sreq = s.sreq;
        p.rndv_bytes = s.bytes;
        p.rndv_blocks = blocks_of(s.bytes);
        p.rndv_next = 0;
        p.rndv_freed = 0;
        p.rndv_message = s.message;
        rndv_write(node, src);
        then();
      });
      return;
    }
    mpi::Envelope e;
    e.src = s.src;
    e.tag = s.tag;
    e.bytes = s.bytes;
    e.kind = s.kind;
    e.sender_req = s.sreq;
    e.aux = s.eager;
    e.message = s.message;
    arrived(node, e, [this, node, src, then = std::move(then)]() mutable {
      consume_slot(node, src);
      then();
    });
  });
}

// No receive posted: a SHORT message is copied out so its buffer can be reused; eager data stays in its eager
// buffer; an RTS is only an envelope.
void SciMpich::keep_unexpected(int node, const mpi::Envelope& e, Done then) {
  if (e.kind == kSlotShort)
    cluster_.host(node).memcpy(e.bytes, std::move(then));
  else
    then();
}

void SciMpich::deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) {
  set_status(node, rreq, e);
  Host& h = cluster_.host(node);
  if (e.kind == kSlotShort) {
    (void)unexpected;  // from the SHORT buffer line just read, or from the temporary copy: both cached
    h.memcpy(e.bytes, [this, node, rreq, then = std::move(then)]() mutable {
      complete(node, rreq);
      then();
    });
  } else if (e.kind == kSlotEager) {
    h.read_dma_written(e.bytes, [this, node, rreq, e, then = std::move(then)]() mutable {
      complete(node, rreq);
      remote_word(node, e.src, eager_free_line(node, static_cast<uint32_t>(e.aux)), e.message);
      then();
    });
  } else {
    rndv_start(node, RndvRecv{e.src, rreq, e.sender_req, e.bytes, e.message});
    then();
  }
}

}  // namespace hpcsim
