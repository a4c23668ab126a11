// MPI over TCP/IP sockets (MPICH 1.2's ch_p4 device; seed 003's "TCP/IP on Fast Ethernet" baseline under the
// NAS runs): one socket per pair of processes; every message, whatever its length, is written as an envelope
// plus its data (eager: no rendezvous); the receiving process reads whole messages from its sockets, matches
// the envelope against its posted receives and reads the data straight into the user buffer, or into a
// temporary buffer for an unexpected message (one more copy at MPI_Irecv). MPI_Isend returns once the data is
// copied into the kernel (the request is then complete). Costs: the socket layer's (protocols/tcp) plus the
// MPICH-level call costs of protocols/via/mpi/costs.h (same ADI code path; [estimate]).
#pragma once
#include <deque>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "tcp/tcp_ethernet.h"
#include "via_mpi/mpi_match.h"
#include "via_mpi/mpi_pingpong.h"

namespace hpcsim {

class TcpMpi : public MpiPingPong {
 public:
  TcpMpi(Simulator& sim, EthernetCluster& cluster, uint32_t* message_ids, int32_t series = 0);

  int irecv(int node, int src, int tag, uint32_t bytes, Done then) override;
  int isend(int node, int dst, int tag, uint32_t bytes, Done then) override;
  const char* table_column() const override { return "MPI/TCP"; }
  bool traces_messages() const override { return false; }
  size_t unexpected(int node) const { return st(node).match.unexpected(); }

 private:
  struct Wire {
    int src = 0;
    int tag = 0;
    uint32_t bytes = 0;
  };
  struct Out {
    int dst;
    Wire w;
    int req;
    Done then;
  };
  struct NodeState {
    mpi::MatchQueues match;
    mpi::RequestTable reqs;
    std::deque<Wire> arrivals;  ///< messages read off the sockets, in order, for the progress engine
    std::deque<Out> out;        ///< writes, one at a time
    bool out_busy = false;
  };
  mpi::RequestTable& requests(int node) override { return st(node).reqs; }
  const mpi::RequestTable& requests(int node) const override { return st(node).reqs; }
  Host& host_of(int node) override { return cluster_.host(node); }
  NodeState& st(int node) { return *nodes_[static_cast<size_t>(node)]; }
  const NodeState& st(int node) const { return *nodes_[static_cast<size_t>(node)]; }
  void pump(int node);
  void progress(int node);

  EthernetCluster& cluster_;
  std::unique_ptr<TcpEthernet> tcp_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
  std::map<std::pair<int, int>, std::deque<Wire>> in_transit_;  ///< written from first to second, not yet read
};

}  // namespace hpcsim
