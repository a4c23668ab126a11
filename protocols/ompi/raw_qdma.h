// The libelan4 queue layer alone (seed 001 "Communication cost in different layers", the QDMA baseline that
// PTL/Elan4 is compared with): a QDMA of the message into the peer's input queue, a done word for the send.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "hw/elan4/input_queue.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// Raw QDMA ping-pong on rail 0 of an Elan4 cluster: send = build a descriptor and ring the command
/// queue (the DMA reads `bytes` from host memory; srcEvent writes a done word); wait_send_complete = spin
/// on that done word; wait_arrival = spin on the queue's done word, read the slot, advance fptr (q_fptr
/// write-back and re-prime). post_receive does nothing (the queue is always there). `bytes` <= 2048.
class RawQdmaElan4 : public PingPongEndpoint {
 public:
  RawQdmaElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, uint32_t* message_ids, int32_t series);
  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return "QDMA"; }

 private:
  struct NodeState {
    std::unique_ptr<InputQueue> queue;
    uint32_t done_words = 0;  ///< landed and not yet consumed
    Done send_waiter;
  };
  Simulator& sim_;
  QsnetCluster& cluster_;
  uint32_t* ids_;
  int32_t series_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
};

}  // namespace hpcsim
