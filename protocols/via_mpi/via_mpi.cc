#include "via_mpi/via_mpi.h"

namespace hpcsim {

using namespace via_mpi;

ViaMpi::ViaMpi(std::unique_ptr<ViplProvider> provider, ViaMpiOptions options)
    : MpichEngine(provider->nodes(), mpich::kMessageDeviceCosts),
      opt_(options),
      via_(std::move(provider)),
      column_(std::string("MPI/") + via_->table_column()) {
  for (int i = 0; i < nodes(); ++i) nodes_.push_back(std::make_unique<NodeState>());
  for (int i = 0; i < nodes(); ++i) progress(i);
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

void ViaMpi::start_send(int node, const SendOp& op, Done then) {
  Wire w;
  w.src = node;
  w.tag = op.tag;
  w.bytes = op.bytes;
  w.sreq = op.req;
  const int dst = op.dst, req = op.req;
  if (op.bytes <= opt_.eager_limit) {
    ++eager_sends_;
    w.kind = kEager;
    // Copy envelope + data into the registered bounce buffer, then VipPostSend.
    host_of(node).memcpy(mpich::kEnvelopeBytes + op.bytes, [this, node, dst, w, req, then = std::move(then)]() mutable {
      enqueue(node, Out{dst, w, mpich::kEnvelopeBytes + w.bytes, std::move(then), [this, node, req]() { complete(node, req); }});
    });
  } else {
    ++rndv_sends_;
    w.kind = kRts;
    enqueue(node, Out{dst, w, mpich::kEnvelopeBytes, std::move(then), nullptr});
  }
}

// ------------------------------------------------------------------------------- receive side

// Copy an eager message into the user buffer (from the bounce buffer, last written by the adapter, or from
// the temporary copy of an unexpected message) and complete the receive.
void ViaMpi::deliver_eager(int node, int rreq, const mpi::Envelope& e, bool from_temp, Done then) {
  Host& h = host_of(node);
  auto finish = [this, node, rreq, e, then = std::move(then)]() mutable {
    set_status(node, rreq, e);
    complete(node, rreq);
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
    set_status(node, rreq, e);
    post_via_recv(node, e.src, e.bytes, [this, node, rreq, e, then = std::move(then)]() mutable {
      Wire cts;
      cts.kind = kCts;
      cts.src = node;
      cts.tag = e.tag;
      cts.bytes = e.bytes;
      cts.sreq = e.sender_req;
      cts.rreq = rreq;
      enqueue(node, Out{e.src, cts, mpich::kEnvelopeBytes, nullptr, nullptr});
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
  if (w.kind == kData) {  // rendezvous data landed in the user buffer: the receive is complete
    complete(node, w.rreq);
    then();
    return;
  }
  if (w.kind == kCts) {
    host_of(node).compute(mpich::kDispatchCycles + kCtsCycles, [this, node, w, then = std::move(then)]() mutable {
      repost(node, w.src);
      Wire d;
      d.kind = kData;
      d.src = node;
      d.tag = w.tag;
      d.bytes = w.bytes;
      d.sreq = w.sreq;
      d.rreq = w.rreq;
      int sreq = w.sreq;
      enqueue(node, Out{w.src, d, w.bytes, nullptr, [this, node, sreq]() { complete(node, sreq); }});
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
  arrived(node, e, std::move(then));
}

// A matched eager message is copied out of its bounce buffer, which is then re-posted; a matched RTS (its bounce
// buffer re-posted at once) starts the rendezvous. At MPI_Irecv (unexpected), the bounce buffer was re-posted when
// the message arrived.
void ViaMpi::deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) {
  if (unexpected) {
    if (e.kind == kEager)
      deliver_eager(node, rreq, e, true, std::move(then));
    else
      start_rndv(node, rreq, e, std::move(then));
    return;
  }
  if (e.kind == kEager) {
    deliver_eager(node, rreq, e, false, [this, node, src = e.src, then = std::move(then)]() mutable {
      repost(node, src);
      then();
    });
  } else {
    repost(node, e.src);
    start_rndv(node, rreq, e, std::move(then));
  }
}

// Unexpected eager data is copied out so the bounce buffer can be re-posted; an RTS is only an envelope.
void ViaMpi::keep_unexpected(int node, const mpi::Envelope& e, Done then) {
  if (e.kind == kEager) {
    host_of(node).read_dma_written(e.bytes, [this, node, src = e.src, then = std::move(then)]() mutable {
      repost(node, src);
      then();
    });
  } else {
    repost(node, e.src);
    then();
  }
}

}  // namespace hpcsim
