// MPI over TCP/IP sockets (MPICH 1.2's ch_p4 device; seed 003's "TCP/IP on Fast Ethernet" baseline under the
// NAS runs): one socket per pair of processes; every message, whatever its length, is written as an envelope
// plus its data (eager: no rendezvous); the receiving process reads whole messages from its sockets, matches
// the envelope against its posted receives and reads the data straight into the user buffer, or into a
// temporary buffer for an unexpected message (one more copy at MPI_Irecv). MPI_Isend returns once the data is
// copied into the kernel (the request is then complete). Costs: the socket layer's (protocols/tcp) plus the
// MPICH engine's generic calls over a message-passing device (mpich/costs.h; same ADI code path; [estimate]).
#pragma once
#include <deque>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "mpich/engine.h"
#include "tcp/tcp_ethernet.h"

namespace hpcsim {

/// The ch_p4 device under the MPICH engine (mpich/engine.h: MPI calls, matching, the ping-pong mapping).
class TcpMpi : public MpichEngine {
 public:
  TcpMpi(Simulator& sim, EthernetCluster& cluster, uint32_t* message_ids, int32_t series = 0);

  const char* table_column() const override { return "MPI/TCP"; }
  bool traces_messages() const override { return false; }

 private:
  struct Out {
    int dst;
    mpi::Envelope e;
    int req;
    Done then;
  };
  struct NodeState {
    std::deque<mpi::Envelope> arrivals;  ///< messages read off the sockets, in order, for the progress engine
    std::deque<Out> out;                 ///< writes, one at a time
    bool out_busy = false;
  };
  // --- the device (mpich/engine.h) ---
  Host& host_of(int node) override { return cluster_.host(node); }
  void start_send(int node, const SendOp& op, Done returned) override;
  void deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) override;
  void keep_unexpected(int node, const mpi::Envelope& e, Done then) override;

  NodeState& st(int node) { return *nodes_[static_cast<size_t>(node)]; }
  void pump(int node);
  void progress(int node);

  EthernetCluster& cluster_;
  std::unique_ptr<TcpEthernet> tcp_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
  std::map<std::pair<int, int>, std::deque<mpi::Envelope>> in_transit_;  ///< written from first to second, not yet read
};

}  // namespace hpcsim
