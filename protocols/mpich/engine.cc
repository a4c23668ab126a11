#include "mpich/engine.h"

#include <utility>

namespace hpcsim {

MpichEngine::MpichEngine(int nodes, const mpich::Costs& costs) : costs_(costs) {
  for (int i = 0; i < nodes; ++i) nodes_.push_back(std::make_unique<NodeState>());
}

// ------------------------------------------------------------------------------- MPI calls

int MpichEngine::isend(int node, int dst, int tag, uint32_t bytes, Done then) {
  connect(node, dst);
  mpi::Request r;
  r.is_send = true;
  r.peer = dst;
  r.tag = tag;
  r.bytes = bytes;
  SendOp op;
  op.dst = dst;
  op.tag = tag;
  op.bytes = bytes;
  op.req = state(node).reqs.add(r);
  prepare_send(node, op);
  host_of(node).compute(costs_.isend_cycles, [this, node, op, then = std::move(then)]() mutable {
    start_send(node, op, std::move(then));
  });
  return op.req;
}

int MpichEngine::irecv(int node, int src, int tag, uint32_t bytes, Done then) {
  if (src != mpi::kAnySource) connect(node, src);
  NodeState& n = state(node);
  int req = n.reqs.add_recv(src, tag, bytes);
  // Search the unexpected queue and post atomically (at the call), charge the time after.
  mpi::Envelope e;
  int searched = 0;
  bool found = n.match.take_unexpected_or_post(req, src, tag, &e, &searched);
  uint64_t cycles = costs_.irecv_cycles + costs_.match_entry_cycles * static_cast<uint64_t>(searched);
  host_of(node).compute(cycles, [this, node, req, found, e, then = std::move(then)]() mutable {
    if (found)
      deliver(node, req, e, true, std::move(then));
    else
      then();
  });
  return req;
}

void MpichEngine::wait(int node, int req, Done then) {
  mpi::Request* r = state(node).reqs.find(req);
  if (!r) {
    then();
    return;
  }
  Host& h = host_of(node);
  uint64_t cycles = costs_.wait_cycles;
  if (r->complete) {
    h.compute(cycles, std::move(then));
    return;
  }
  r->waiter = [&h, cycles, then = std::move(then)]() mutable { h.compute(cycles, std::move(then)); };
}

bool MpichEngine::done(int node, int req) const {
  const mpi::Request* r = request(node, req);
  return r && r->complete;
}

// ------------------------------------------------------------------------------- the device's side

void MpichEngine::arrived(int node, const mpi::Envelope& e, Done then) {
  int searched = 0;
  int rreq = state(node).match.match_arrival(e, &searched);
  uint64_t cycles = costs_.dispatch_cycles + costs_.match_entry_cycles * static_cast<uint64_t>(searched);
  host_of(node).compute(cycles, [this, node, e, rreq, then = std::move(then)]() mutable {
    if (rreq >= 0)
      deliver(node, rreq, e, false, std::move(then));
    else
      keep_unexpected(node, e, std::move(then));
  });
}

void MpichEngine::set_status(int node, int rreq, const mpi::Envelope& e) {
  mpi::Request* r = state(node).reqs.find(rreq);
  if (!r) return;
  r->status_src = e.src;
  r->status_tag = e.tag;
  r->truncated = e.bytes > r->bytes;
  r->status_bytes = r->truncated ? r->bytes : e.bytes;
}

// ------------------------------------------------------------------------------- ping-pong endpoint

void MpichEngine::post_receive(int node, int peer, uint32_t bytes, Done then) {
  int req = irecv(node, peer, 0, bytes, std::move(then));
  state(node).pingpong_recvs.push_back(req);
}

void MpichEngine::send(int node, int peer, uint32_t bytes, Done then) {
  state(node).pingpong_send = isend(node, peer, 0, bytes, std::move(then));
}

void MpichEngine::wait_send_complete(int node, Done then) { wait(node, state(node).pingpong_send, std::move(then)); }

void MpichEngine::wait_arrival(int node, Done then) {
  NodeState& n = state(node);
  if (n.pingpong_recvs.empty()) {
    then();
    return;
  }
  int req = n.pingpong_recvs.front();
  n.pingpong_recvs.pop_front();
  wait(node, req, std::move(then));
}

}  // namespace hpcsim
