// What a protocol offers the ping-pong workload: the four steps of seed 002 Table 1.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

namespace hpcsim {

/// The nodes a protocol stack runs on: `set[i]` is true when node i runs it; empty = every node. Node groups
/// (cluster.groups) give each stack its own nodes.
using NodeSet = std::vector<bool>;
inline bool runs_on(const NodeSet& set, int node) { return set.empty() || set[static_cast<size_t>(node)]; }

/// Host API steps, as rows of seed 002 Table 1 (also the `value` of host_op trace records).
enum class HostOp : int32_t { kPostReceive = 1, kSend = 2, kWaitSendComplete = 3, kWaitArrival = 4 };

/// Row label of seed 002 Table 1 for an initiator step.
inline const char* host_op_label(HostOp op) {
  switch (op) {
    case HostOp::kPostReceive: return "Post receive for pong";
    case HostOp::kSend: return "Send ping";
    case HostOp::kWaitSendComplete: return "Wait for send to complete";
    case HostOp::kWaitArrival: return "Wait for pong to arrive";
  }
  return "?";
}

/// One protocol stack on every node of the cluster, driven by host programs. Each call runs simulated
/// host (and NIC) work and calls `then` when the host API call returns.
class PingPongEndpoint {
 public:
  using Done = std::function<void()>;
  virtual ~PingPongEndpoint() = default;
  /// Post the receive (or expose the buffer, for GET) for the next message of `bytes` from `peer`.
  virtual void post_receive(int node, int peer, uint32_t bytes, Done then) = 0;
  /// Start the operation of `bytes` towards `peer` (PUT, GET or a tagged send).
  virtual void send(int node, int peer, uint32_t bytes, Done then) = 0;
  /// Wait until the local side of the last operation has completed.
  virtual void wait_send_complete(int node, Done then) = 0;
  /// Wait until the peer's operation targeting this node has completed here.
  virtual void wait_arrival(int node, Done then) = 0;
  /// Column name in the breakdown tables ("Portals", "Tports").
  virtual const char* table_column() const = 0;
  /// Whether the endpoint writes its own `message` trace records (send to delivery). If not, the ping-pong
  /// writes them from the send to the peer's arrival, for the message the endpoint registered in the catalog.
  virtual bool traces_messages() const { return true; }
};

}  // namespace hpcsim
