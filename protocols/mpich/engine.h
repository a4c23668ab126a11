// The MPICH-style point-to-point engine that SCI-MPICH (ch_smi), MPI over VIA (SS-VIA, M-VIA) and ch_p4 over TCP/IP
// share: MPICH 1.2's generic ADI-2 code (requests, the posted and unexpected queues, MPI_Isend / MPI_Irecv /
// MPI_Wait and their host costs) over a device that moves envelopes and data its own way. The device (the channel
// interface) is the protected hooks below; each layer derives from the engine and implements them.
//
// A call's life: MPI_Isend -> connect -> prepare_send (at the call) -> the engine's isend cycles -> start_send.
// MPI_Irecv -> connect (unless MPI_ANY_SOURCE) -> unexpected queue searched, else posted -> irecv cycles (+ per entry
// inspected) -> deliver(unexpected = true) if a message was waiting. An envelope the device's progress engine reads
// -> arrived() -> dispatch cycles (+ per posted entry inspected) -> deliver(unexpected = false) to the matched
// receive, or keep_unexpected. Matching: mpich/match.h (MPI 1.1 §3.5).
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "hw/host.h"
#include "mpich/costs.h"
#include "mpich/match.h"
#include "ports/mpi_endpoint.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// MPI_Isend / MPI_Irecv / MPI_Wait / MPI_Test over a device, on every node of a cluster (one MPI process per node).
/// PingPongEndpoint: post_receive = MPI_Irecv(peer, tag 0), send = MPI_Isend(peer, tag 0), wait_send_complete =
/// MPI_Wait(last send), wait_arrival = MPI_Wait(oldest receive posted through post_receive).
class MpichEngine : public PingPongEndpoint, public MpiEndpoint {
 public:
  using Done = PingPongEndpoint::Done;

  // --- MPI ---
  int isend(int node, int dst, int tag, uint32_t bytes, Done then) final;
  int irecv(int node, int src, int tag, uint32_t bytes, Done then) final;
  /// MPI_Wait: returns (after Costs::wait_cycles) once request `req` of `node` is complete; an unknown request
  /// returns at once.
  void wait(int node, int req, Done then) final;
  void release(int node, int req) final { state(node).reqs.release(req); }
  /// MPI_Test.
  bool done(int node, int req) const;
  /// A request's state and status; nullptr once released or if unknown.
  const mpi::Request* request(int node, int req) const { return state(node).reqs.find(req); }
  /// Messages waiting in `node`'s unexpected queue / receives waiting in its posted queue.
  size_t unexpected(int node) const { return state(node).match.unexpected(); }
  size_t posted(int node) const { return state(node).match.posted(); }

  // --- PingPongEndpoint ---
  void post_receive(int node, int peer, uint32_t bytes, Done then) final;
  void send(int node, int peer, uint32_t bytes, Done then) final;
  void wait_send_complete(int node, Done then) final;
  void wait_arrival(int node, Done then) final;

 protected:
  /// A send as the engine hands it to the device.
  struct SendOp {
    int dst = 0;
    int tag = 0;
    uint32_t bytes = 0;
    int req = 0;            ///< the send request (complete it with complete())
    uint32_t message = 0;   ///< message id, if the device assigns one in prepare_send
    int protocol = 0;       ///< the device's protocol choice, if it makes it in prepare_send
  };

  /// `nodes` MPI processes; `costs` of the generic calls (each device's costs.h).
  MpichEngine(int nodes, const mpich::Costs& costs);

  // --- the device (channel interface) ---
  /// The host of `node` (where the engine's cycles and copies run).
  virtual Host& host_of(int node) = 0;
  /// The first call naming `peer` sets up the connection's resources (bounce receives, mapped buffers); repeated
  /// calls are no-ops.
  virtual void connect(int node, int peer) {
    (void)node;
    (void)peer;
  }
  /// At the MPI_Isend call, before its cycles: message id, protocol choice, catalog entry.
  virtual void prepare_send(int node, SendOp& op) {
    (void)node;
    (void)op;
  }
  /// After MPI_Isend's cycles: move the message; `returned` when MPI_Isend returns; complete(node, op.req) when the
  /// send buffer may be reused.
  virtual void start_send(int node, const SendOp& op, Done returned) = 0;
  /// Message `e` is matched to receive `rreq`: move the data into the user buffer, set_status, complete(node,
  /// rreq) (or start the rendezvous that will), then `then`. `unexpected`: matched at MPI_Irecv from the unexpected
  /// queue; else matched on arrival.
  virtual void deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) = 0;
  /// Message `e` arrived with no receive posted (it is already in the unexpected queue): keep its data, then `then`.
  virtual void keep_unexpected(int node, const mpi::Envelope& e, Done then) = 0;

  // --- for the device ---
  /// The device's progress engine read envelope `e` at `node`: match it (dispatch cycles + per entry inspected),
  /// then deliver or keep_unexpected, which run `then` when done.
  void arrived(int node, const mpi::Envelope& e, Done then);
  /// A receive's MPI status from its message (truncated when the message is longer than the receive).
  void set_status(int node, int rreq, const mpi::Envelope& e);
  /// Marks a request complete (runs its MPI_Wait, if one is waiting).
  void complete(int node, int req) { state(node).reqs.complete(req); }
  int nodes() const { return static_cast<int>(nodes_.size()); }

 private:
  struct NodeState {
    mpi::MatchQueues match;
    mpi::RequestTable reqs;
    std::deque<int> pingpong_recvs;  ///< receives posted by post_receive, oldest first
    int pingpong_send = 0;           ///< the last send
  };
  NodeState& state(int node) { return *nodes_[static_cast<size_t>(node)]; }
  const NodeState& state(int node) const { return *nodes_[static_cast<size_t>(node)]; }

  mpich::Costs costs_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
};

}  // namespace hpcsim
