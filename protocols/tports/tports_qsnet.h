// Tports (Quadrics' tagged message-passing layer) over Elan3: the baseline of seed 002.
#pragma once
#include "params/parameter.h"
#include <deque>
#include <map>
#include <memory>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "hw/host_inbox.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// The parameters of the vendor's Tports on Elan3 (seed 002's baseline) (parameters.cc).
const std::vector<ParameterSpec>& tports_parameters();


/// Tag-matched sends over QsNet with NIC-thread matching against posted receives.
/// Short messages (<= 288 B) go in one queued DMA (the envelope and <= 32 B as a 64-byte object written by
/// PIO); the NIC thread matches and DMA-writes data and a done word into the posted buffer. Longer
/// messages send the envelope; the thread matches and pulls the data with an RDMA read.
class TportsQsnet : public PingPongEndpoint {
 public:
  /// `nodes`: the nodes that run this stack (empty: all); only their NICs get its thread code, so another stack
  /// may run on the others (node groups).
  TportsQsnet(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, uint32_t* message_ids, int32_t series,
              const NodeSet& nodes = {});

  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return "Tports"; }

  size_t posted(int node) const { return nodes_[static_cast<size_t>(node)]->posted.size(); }

 private:
  struct Posted {
    int src;
    uint32_t tag;
    uint32_t bytes;
  };
  struct InFlight {
    int src;
    uint32_t tag;
    uint32_t bytes;
    Time sent_at;
  };
  struct NodeState {
    std::deque<Posted> posted;
    std::unique_ptr<HostInbox> inbox;
    bool send_done_immediately = false;
  };
  void thread_program(int node, const QueueItem& item);
  void done_word(int node, int32_t tag, uint32_t msg, uint32_t data_bytes);
  void thread_deliver(int node, uint32_t msg, uint32_t data_bytes);

  Simulator& sim_;
  QsnetCluster& cluster_;
  uint32_t* ids_;
  int32_t series_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
  std::map<uint32_t, InFlight> messages_;
};

}  // namespace hpcsim
