// MPICH-QsNet: MPICH over Quadrics Tports on Elan4, with tag matching on the NIC (seed 001's baseline).
#pragma once
#include "params/parameter.h"
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// The parameters of MPICH-QsNet over Tports on Elan4 (seed 001's baseline) (parameters.cc).
const std::vector<ParameterSpec>& mpich_qsnet_parameters();


/// Tports on Elan4: receives are posted into the NIC (PIO), messages go by QDMA into a NIC-resident queue
/// served by the Elan4 thread, which matches (source, tag) against the posted list. Messages up to
/// elan4.qdma_max_bytes - envelope travel in the QDMA; the thread DMAs the data and a done word into host
/// memory. Longer ones send the envelope; the thread pulls the data with an RDMA read, then writes the
/// receiver's done word and tells the sender's thread (a small QDMA), which writes the sender's. The host
/// only spins on done words: no host-side matching. Unexpected messages wait on the NIC.
class MpichQsnetElan4 : public PingPongEndpoint {
 public:
  /// `nodes`: the nodes that run this stack (empty: all); only their NICs get its thread code, so another stack
  /// may run on the others (node groups).
  MpichQsnetElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, uint32_t* message_ids, int32_t series,
                  const NodeSet& nodes = {});

  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return "MPICH-QsNet"; }

  size_t posted(int node) const { return nodes_[static_cast<size_t>(node)]->posted.size(); }
  size_t unexpected(int node) const { return nodes_[static_cast<size_t>(node)]->unexpected.size(); }

 private:
  struct Envelope {
    int src = 0;
    int tag = 0;
    uint32_t bytes = 0;
    uint32_t message = 0;
    bool tx_done = false;  ///< a "your send is complete" notice for the sender's thread
  };
  struct Posted {
    int src;
    int tag;
    uint32_t bytes;
  };
  struct DoneWords {
    uint32_t landed = 0;
    Done waiter;
  };
  struct NodeState {
    std::deque<Posted> posted;
    std::deque<Envelope> unexpected;
    DoneWords send_done, recv_done;
  };
  void arrival(int node, const QueueSlot& slot);
  void match_and_deliver(int node, const Envelope& e, std::function<void()> then);
  void land(DoneWords& w);
  void wait_word(int node, DoneWords& w, Done then);
  void thread(int node, uint32_t message, int32_t step, uint32_t instr, uint32_t sdram, std::function<void()> then);

  Simulator& sim_;
  QsnetCluster& cluster_;
  uint32_t* ids_;
  int32_t series_;
  uint32_t eager_limit_;
  uint32_t context_words_;
  uint64_t next_cookie_ = 0;
  std::map<uint64_t, Envelope> envelopes_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
};

}  // namespace hpcsim
