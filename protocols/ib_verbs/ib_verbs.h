// Raw InfiniBand verbs ping-pong (OSU's VAPI-level tests of 2003-2004 on InfiniHost HCAs): the HCA and its network
// seen alone, below any message-passing or file-system layer.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "hw/infiniband/infiniband_cluster.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// The ping-pong endpoint of protocol "ib-verbs" on an InfinibandCluster, one reliable-connected QP per pair of nodes.
/// Operation kRdmaWrite ("rdma-write"): each message is a signaled RDMA write of `bytes` (one gather entry) into the
/// peer's registered buffer; the peer spins on the buffer's last byte (one cache miss when it lands), so nothing is
/// posted to receive. Operation kSend ("send"): a signaled send into a receive the peer posted (post_receive posts
/// one; the first post to a peer also posts a spare, as benchmarks pre-post a ring of receives, so a send never
/// finds the queue empty); the peer polls its CQ. wait_send_complete polls the CQ for the local CQE in both. Buffers
/// are registered once before the run (not timed), as in the benchmarks; the QPs are set up anew (reset_qp) when the
/// endpoint is made, so receives a run of an earlier message size left posted are not consumed by this one.
class IbVerbsPingPong : public PingPongEndpoint {
 public:
  enum class Mode { kRdmaWrite, kSend };
  IbVerbsPingPong(Simulator& sim, InfinibandCluster& net, Mode mode, uint32_t* message_ids, int32_t series);
  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return mode_ == Mode::kRdmaWrite ? "VAPI RDMA write" : "VAPI send"; }
  bool traces_messages() const override { return false; }

 private:
  /// Completions of one node that its host has not consumed yet, and who waits for the next one.
  struct Pending {
    uint32_t ready = 0;
    Done waiter;
    void signal();
    void wait(Done then);
  };
  struct NodeState {
    Pending local;    ///< local CQEs of its sends
    Pending arrival;  ///< messages landed for it (RDMA) or their receive CQEs (send)
  };
  void catalog(uint32_t msg, int node, int peer, uint32_t bytes);
  void post_one(int node, int peer, uint32_t bytes, Done then);

  Simulator& sim_;
  InfinibandCluster& net_;
  Mode mode_;
  uint32_t* ids_;
  int32_t series_;
  std::vector<NodeState> nodes_;
  std::map<std::pair<int, int>, bool> spare_posted_;
};

}  // namespace hpcsim
