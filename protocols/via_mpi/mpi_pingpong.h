// What the seed 003 MPI layers (MPI over SS-VIA, SCI-MPICH) share: MPI_Wait / MPI_Test over a request table,
// and the ping-pong mapping post_receive = MPI_Irecv, send = MPI_Isend, wait_* = MPI_Wait (tag 0).
#pragma once
#include <cstdint>
#include <deque>
#include <map>

#include "hw/host.h"
#include "via_mpi/mpi_match.h"
#include "ports/mpi_endpoint.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

class MpiPingPong : public PingPongEndpoint, public MpiEndpoint {
 public:
  using Done = PingPongEndpoint::Done;
  /// MPI_Irecv; returns the request id; `then` runs when the call returns.
  int irecv(int node, int src, int tag, uint32_t bytes, Done then) override = 0;
  /// MPI_Isend; returns the request id; `then` runs when the call returns.
  int isend(int node, int dst, int tag, uint32_t bytes, Done then) override = 0;
  /// MPI_Wait: returns (after the layer's wait cycles) once request `req` of `node` is complete; an unknown
  /// request returns at once.
  void wait(int node, int req, Done then) override;
  void release(int node, int req) override { requests(node).release(req); }
  /// MPI_Test.
  bool done(int node, int req) const;
  const mpi::Request* request(int node, int req) const;

  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;

 protected:
  /// `wait_cycles`: host cycles of MPI_Wait on a complete request (each layer's costs.h).
  explicit MpiPingPong(uint64_t wait_cycles) : wait_cycles_(wait_cycles) {}
  virtual mpi::RequestTable& requests(int node) = 0;
  virtual const mpi::RequestTable& requests(int node) const = 0;
  virtual Host& host_of(int node) = 0;

 private:
  struct PingPongRequests {
    std::deque<int> recvs;  ///< receives posted by post_receive, oldest first
    int send = 0;           ///< the last send
  };
  std::map<int, PingPongRequests> pp_;
  uint64_t wait_cycles_;
};

}  // namespace hpcsim
