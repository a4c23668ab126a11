#include "via_mpi/via_mpi.h"

namespace hpcsim {

using namespace via_mpi;

namespace {
// Bounce receives are posted with the VI's maximum transfer size: SS-VIA's receive queue is FIFO and it has
// no RDMA-write path, so a rendezvous data send consumes the oldest posted receive (see post_via_recv).
constexpr uint32_t kBounceLength = 1u << 24;
}  // namespace

ViaMpi::ViaMpi(Simulator& sim, std::unique_ptr<ViplProvider> provider, uint32_t* message_ids, ViaMpiOptions options)
    : MpiPingPong(kWaitCycles),
      sim_(sim),
      ids_(message_ids),
      opt_(options),
      via_(std::move(provider)),
      column_(std::string("MPI/") + via_->table_column()) {
  for (int i = 0; i < size(); ++i) nodes_.push_back(std::make_unique<NodeState>());
  for (int i = 0; i < size(); ++i) progress(i);
}

// ------------------------------------------------------------------------------- connection resources

void ViaMpi::setup_pair(int a, int b) {
  if (pr(a, b).setup) return;
  pr(a, b).setup = true;
  pr(b, a).setup = true;
  for (int i = 0; i < opt_.bounce_buffers; ++i) {
    post_via_recv(a, b, kBounceLength, nullptr);
    post_via_recv(b, a, kBounceLength, nullptr);
  }
}

// VipPostRecv for `peer`; the peer gains a credit when the provider makes the receive known to it.
void ViaMpi::post_via_recv(int node, int peer, uint32_t bytes, Done then) {
  uint32_t k = pr(node, peer).posted++;
  via_->post_receive_credited(node, peer, k, bytes, std::move(then), [this, node, peer]() {
    ++pr(peer, node).credits;
    pump(peer);
  });
}

// ------------------------------------------------------------------------------- sends (one at a time)

void ViaMpi::enqueue(int node, Out o) {
  st(node).out.push_back(std::move(o));
  pump(node);
}

// VipPostSend of the oldest queued message once a credit for its peer is held, then VipSendWait.
void ViaMpi::pump(int node) {
  NodeState& s = st(node);
  if (s.out_busy || s.out.empty()) return;
  PairState& p = pr(node, s.out.front().dst);
  if (p.credits == 0) return;
  --p.credits;
  s.out_busy = true;
  auto o = std::make_shared<Out>(std::move(s.out.front()));
  s.out.pop_front();
  uint32_t k = p.sent++;
  int dst = o->dst;
  Wire w = o->w;
  // The receiver's progress engine learns what arrived when the provider makes the arrival known there.
  via_->on_arrival_known(node, dst, k, [this, dst, w]() { st(dst).arrivals.push_back(w); });
  via_->send(node, dst, o->wire_bytes, [this, node, o]() {
    if (o->on_posted) o->on_posted();
    via_->wait_send_complete(node, [this, node, o]() {
      st(node).out_busy = false;
      if (o->on_complete) o->on_complete();
      pump(node);
    });
  });
}

// ------------------------------------------------------------------------------- MPI calls

int ViaMpi::isend(int node, int dst, int tag, uint32_t bytes, Done then) {
  setup_pair(node, dst);
  mpi::Request r;
  r.is_send = true;
  r.peer = dst;
  r.tag = tag;
  r.bytes = bytes;
  int req = st(node).reqs.add(r);
  Host& h = host_of(node);
  h.compute(kIsendCycles, [this, node, dst, tag, bytes, req, &h, then = std::move(then)]() mutable {
    Wire w;
    w.src = node;
    w.tag = tag;
    w.bytes = bytes;
    w.sreq = req;
    if (bytes <= opt_.eager_limit) {
      ++eager_sends_;
      w.kind = kEager;
      // Copy envelope + data into the registered bounce buffer, then VipPostSend.
      h.memcpy(kHeaderBytes + bytes, [this, node, dst, w, req, then = std::move(then)]() mutable {
        enqueue(node, Out{dst, w, kHeaderBytes + w.bytes, std::move(then),
                          [this, node, req]() { st(node).reqs.complete(req); }});
      });
    } else {
      ++rndv_sends_;
      w.kind = kRts;
      enqueue(node, Out{dst, w, kHeaderBytes, std::move(then), nullptr});
    }
  });
  return req;
}

int ViaMpi::irecv(int node, int src, int tag, uint32_t bytes, Done then) {
  if (src != mpi::kAnySource) setup_pair(node, src);
  NodeState& s = st(node);
  int req = s.reqs.add_recv(src, tag, bytes);
  // Search the unexpected queue and post atomically (at the call), charge the time after.
  mpi::Envelope e;
  int searched = 0;
  bool found = s.match.take_unexpected_or_post(req, src, tag, &e, &searched);
  Host& h = host_of(node);
  uint64_t cycles = kIrecvCycles + kMatchEntryCycles * static_cast<uint64_t>(searched);
  h.compute(cycles, [this, node, req, found, e, then = std::move(then)]() mutable {
    if (!found) {
      then();
    } else if (e.kind == kEager) {
      deliver_eager(node, req, e, true, std::move(then));
    } else {
      start_rndv(node, req, e, std::move(then));
    }
  });
  return req;
}

// ------------------------------------------------------------------------------- receive side

// Copy an eager message into the user buffer (from the bounce buffer, last written by the adapter, or from
// the temporary copy of an unexpected message) and complete the receive.
void ViaMpi::deliver_eager(int node, int rreq, const mpi::Envelope& e, bool from_temp, Done then) {
  Host& h = host_of(node);
  auto finish = [this, node, rreq, e, then = std::move(then)]() mutable {
    mpi::Request* r = st(node).reqs.find(rreq);
    if (r) {
      r->status_src = e.src;
      r->status_tag = e.tag;
      r->truncated = e.bytes > r->bytes;
      r->status_bytes = r->truncated ? r->bytes : e.bytes;
    }
    st(node).reqs.complete(rreq);
    then();
  };
  if (from_temp)
    h.memcpy(e.bytes, std::move(finish));
  else
    h.read_dma_written(e.bytes, std::move(finish));
}

// Matched RTS: post a receive descriptor for the user buffer (VipPostRecv), then send CTS.
void ViaMpi::start_rndv(int node, int rreq, const mpi::Envelope& e, Done then) {
  host_of(node).compute(kRndvSetupCycles, [this, node, rreq, e, then = std::move(then)]() mutable {
    mpi::Request* r = st(node).reqs.find(rreq);
    if (r) {
      r->status_src = e.src;
      r->status_tag = e.tag;
      r->status_bytes = e.bytes;
    }
    post_via_recv(node, e.src, e.bytes, [this, node, rreq, e, then = std::move(then)]() mutable {
      Wire cts;
      cts.kind = kCts;
      cts.src = node;
      cts.tag = e.tag;
      cts.bytes = e.bytes;
      cts.sreq = e.sender_req;
      cts.rreq = rreq;
      enqueue(node, Out{e.src, cts, kHeaderBytes, nullptr, nullptr});
      then();
    });
  });
}

// The progress engine: one completed VIA receive at a time (VipRecvWait charged by SS-VIA).
void ViaMpi::progress(int node) {
  via_->wait_arrival(node, [this, node]() {
    NodeState& s = st(node);
    if (s.arrivals.empty()) {  // a VI error notice, not a message
      progress(node);
      return;
    }
    Wire w = s.arrivals.front();
    s.arrivals.pop_front();
    handle(node, w, [this, node]() { progress(node); });
  });
}

void ViaMpi::handle(int node, const Wire& w, Done then) {
  NodeState& s = st(node);
  Host& h = host_of(node);
  auto repost = [this, node, src = w.src]() { post_via_recv(node, src, kBounceLength, nullptr); };
  if (w.kind == kData) {  // rendezvous data landed in the user buffer: the receive is complete
    s.reqs.complete(w.rreq);
    then();
    return;
  }
  if (w.kind == kCts) {
    h.compute(kDispatchCycles + kCtsCycles, [this, node, w, repost, then = std::move(then)]() mutable {
      repost();
      Wire d;
      d.kind = kData;
      d.src = node;
      d.tag = w.tag;
      d.bytes = w.bytes;
      d.sreq = w.sreq;
      d.rreq = w.rreq;
      int sreq = w.sreq;
      enqueue(node, Out{w.src, d, w.bytes, nullptr, [this, node, sreq]() { st(node).reqs.complete(sreq); }});
      then();
    });
    return;
  }
  mpi::Envelope e;
  e.src = w.src;
  e.tag = w.tag;
  e.bytes = w.bytes;
  e.kind = w.kind;
  e.sender_req = w.sreq;
  int searched = 0;
  int rreq = s.match.match_arrival(e, &searched);
  uint64_t cycles = kDispatchCycles + kMatchEntryCycles * static_cast<uint64_t>(searched);
  h.compute(cycles, [this, node, e, rreq, &h, repost, then = std::move(then)]() mutable {
    if (rreq < 0) {
      if (e.kind == kEager) {
        // Unexpected eager data is copied out so the bounce buffer can be re-posted.
        h.read_dma_written(e.bytes, [repost, then = std::move(then)]() mutable {
          repost();
          then();
        });
      } else {
        repost();
        then();
      }
      return;
    }
    if (e.kind == kEager) {
      deliver_eager(node, rreq, e, false, [repost, then = std::move(then)]() mutable {
        repost();
        then();
      });
    } else {
      repost();
      start_rndv(node, rreq, e, std::move(then));
    }
  });
}

// ------------------------------------------------------------------------------- ping-pong endpoint

}  // namespace hpcsim
