#include "tcp/tcp_mpi.h"

#include "via_mpi/costs.h"

namespace hpcsim {

using namespace via_mpi;

TcpMpi::TcpMpi(Simulator& sim, EthernetCluster& cluster, uint32_t* message_ids, int32_t series)
    : MpiPingPong(kWaitCycles), cluster_(cluster) {
  TcpOptions o;
  o.series = series;
  tcp_ = std::make_unique<TcpEthernet>(sim, cluster, message_ids, o);
  // A message whose last segment reached `node`'s socket: the oldest written on that pair.
  tcp_->set_arrival_hook([this](int node, int src) {
    auto& q = in_transit_[{src, node}];
    if (q.empty()) return;
    st(node).arrivals.push_back(q.front());
    q.pop_front();
  });
  for (int i = 0; i < cluster.size(); ++i) nodes_.push_back(std::make_unique<NodeState>());
  for (int i = 0; i < cluster.size(); ++i) progress(i);
}

int TcpMpi::isend(int node, int dst, int tag, uint32_t bytes, Done then) {
  mpi::Request r;
  r.is_send = true;
  r.peer = dst;
  r.tag = tag;
  r.bytes = bytes;
  int req = st(node).reqs.add(r);
  host_of(node).compute(kIsendCycles, [this, node, dst, tag, bytes, req, then = std::move(then)]() mutable {
    st(node).out.push_back(Out{dst, Wire{node, tag, bytes}, req, std::move(then)});
    pump(node);
  });
  return req;
}

// write() of envelope + data on the pair's socket; the call (and the request) completes when the kernel has it.
void TcpMpi::pump(int node) {
  NodeState& s = st(node);
  if (s.out_busy || s.out.empty()) return;
  s.out_busy = true;
  auto o = std::make_shared<Out>(std::move(s.out.front()));
  s.out.pop_front();
  in_transit_[{node, o->dst}].push_back(o->w);
  tcp_->send(node, o->dst, kHeaderBytes + o->w.bytes, [this, node, o]() {
    st(node).out_busy = false;
    st(node).reqs.complete(o->req);
    if (o->then) o->then();
    pump(node);
  });
}

int TcpMpi::irecv(int node, int src, int tag, uint32_t bytes, Done then) {
  NodeState& s = st(node);
  int req = s.reqs.add_recv(src, tag, bytes);
  mpi::Envelope e;
  int searched = 0;
  bool found = s.match.take_unexpected_or_post(req, src, tag, &e, &searched);
  Host& h = host_of(node);
  uint64_t cycles = kIrecvCycles + kMatchEntryCycles * static_cast<uint64_t>(searched);
  h.compute(cycles, [this, node, req, found, e, &h, then = std::move(then)]() mutable {
    if (!found) {
      then();
      return;
    }
    // Unexpected: the data waits in a temporary buffer; copy it into the user buffer.
    h.memcpy(e.bytes, [this, node, req, e, then = std::move(then)]() mutable {
      if (mpi::Request* r = st(node).reqs.find(req)) {
        r->status_src = e.src;
        r->status_tag = e.tag;
        r->status_bytes = e.bytes;
      }
      st(node).reqs.complete(req);
      then();
    });
  });
  return req;
}

// The progress engine: recv() of the next whole message (the socket layer's costs), then match it.
void TcpMpi::progress(int node) {
  tcp_->wait_arrival(node, [this, node]() {
    NodeState& s = st(node);
    if (s.arrivals.empty()) {
      progress(node);
      return;
    }
    Wire w = s.arrivals.front();
    s.arrivals.pop_front();
    int searched = 0;
    mpi::Envelope e;
    e.src = w.src;
    e.tag = w.tag;
    e.bytes = w.bytes;
    int rreq = s.match.match_arrival(e, &searched);
    uint64_t cycles = kDispatchCycles + kMatchEntryCycles * static_cast<uint64_t>(searched);
    host_of(node).compute(cycles, [this, node, rreq, w]() {
      if (rreq >= 0) {
        if (mpi::Request* r = st(node).reqs.find(rreq)) {
          r->status_src = w.src;
          r->status_tag = w.tag;
          r->status_bytes = w.bytes;
        }
        st(node).reqs.complete(rreq);
      }
      progress(node);
    });
  });
}

}  // namespace hpcsim
