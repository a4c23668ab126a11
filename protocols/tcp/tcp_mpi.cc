#include "tcp/tcp_mpi.h"

namespace hpcsim {

TcpMpi::TcpMpi(Simulator& sim, EthernetCluster& cluster, uint32_t* message_ids, int32_t series)
    : MpichEngine(cluster.size(), mpich::kMessageDeviceCosts), cluster_(cluster) {
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

void TcpMpi::start_send(int node, const SendOp& op, Done then) {
  mpi::Envelope e;
  e.src = node;
  e.tag = op.tag;
  e.bytes = op.bytes;
  st(node).out.push_back(Out{op.dst, e, op.req, std::move(then)});
  pump(node);
}

// write() of envelope + data on the pair's socket; the call (and the request) completes when the kernel has it.
void TcpMpi::pump(int node) {
  NodeState& s = st(node);
  if (s.out_busy || s.out.empty()) return;
  s.out_busy = true;
  auto o = std::make_shared<Out>(std::move(s.out.front()));
  s.out.pop_front();
  in_transit_[{node, o->dst}].push_back(o->e);
  tcp_->send(node, o->dst, mpich::kEnvelopeBytes + o->e.bytes, [this, node, o]() {
    st(node).out_busy = false;
    complete(node, o->req);
    if (o->then) o->then();
    pump(node);
  });
}

// The data is read straight into the user buffer on arrival; at MPI_Irecv an unexpected message waits in a
// temporary buffer and is copied into the user buffer.
void TcpMpi::deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) {
  auto finish = [this, node, rreq, e, then = std::move(then)]() mutable {
    set_status(node, rreq, e);
    complete(node, rreq);
    then();
  };
  if (unexpected)
    host_of(node).memcpy(e.bytes, std::move(finish));
  else
    finish();
}

// recv() already read it into a temporary buffer (the socket layer's costs).
void TcpMpi::keep_unexpected(int, const mpi::Envelope&, Done then) { then(); }

// The progress engine: recv() of the next whole message (the socket layer's costs), then match it.
void TcpMpi::progress(int node) {
  tcp_->wait_arrival(node, [this, node]() {
    NodeState& s = st(node);
    if (s.arrivals.empty()) {
      progress(node);
      return;
    }
    mpi::Envelope e = s.arrivals.front();
    s.arrivals.pop_front();
    arrived(node, e, [this, node]() { progress(node); });
  });
}

}  // namespace hpcsim
