#include "via_mpi/mpi_pingpong.h"

#include <utility>

namespace hpcsim {

void MpiPingPong::wait(int node, int req, Done then) {
  mpi::Request* r = requests(node).find(req);
  Host& h = host_of(node);
  if (!r) {
    then();
    return;
  }
  uint64_t cycles = wait_cycles_;
  if (r->complete) {
    h.compute(cycles, std::move(then));
    return;
  }
  r->waiter = [&h, cycles, then = std::move(then)]() mutable { h.compute(cycles, std::move(then)); };
}

bool MpiPingPong::done(int node, int req) const {
  const mpi::Request* r = requests(node).find(req);
  return r && r->complete;
}

const mpi::Request* MpiPingPong::request(int node, int req) const { return requests(node).find(req); }

void MpiPingPong::post_receive(int node, int peer, uint32_t bytes, Done then) {
  pp_[node].recvs.push_back(irecv(node, peer, 0, bytes, std::move(then)));
}

void MpiPingPong::send(int node, int peer, uint32_t bytes, Done then) {
  pp_[node].send = isend(node, peer, 0, bytes, std::move(then));
}

void MpiPingPong::wait_send_complete(int node, Done then) { wait(node, pp_[node].send, std::move(then)); }

void MpiPingPong::wait_arrival(int node, Done then) {
  PingPongRequests& p = pp_[node];
  if (p.recvs.empty()) {
    then();
    return;
  }
  int req = p.recvs.front();
  p.recvs.pop_front();
  wait(node, req, std::move(then));
}

}  // namespace hpcsim
