// SS-VIA (seed 003): a software VIA provider over Dolphin SCI. The kernel agent connects VIs by exporting
// and importing SISCI segments (system calls); afterwards no kernel is on the data path: the sender's VI
// manager copies the data by CPU stores through the mapped segment straight into the buffer named by the
// receiver's posted descriptor, issues a store barrier, then writes the descriptor's Length/Status word
// (the flag), which the receiver polls.
#pragma once
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "hw/host_inbox.h"
#include "hw/sci/sci_cluster.h"
#include "via/vipl.h"
#include "via/vipl_provider.h"

namespace hpcsim {

struct SsViaOptions {
  uint32_t reliability = via::kReliableDelivery;  ///< VI reliability level (seed silent: Reliable Delivery)
  bool connected = true;  ///< VIs are connected untimed on first use (as before a benchmark's loop)
  int32_t series = 0;     ///< message-catalog series id
};

/// VIPL over SCI as a ping-pong endpoint: post_receive = VipPostRecv, send = VipPostSend,
/// wait_send_complete = VipSendWait, wait_arrival = VipRecvWait.
///
/// Receives are made known to the sender by a 16-byte notice the receiver writes into the sender's mirror
/// of its receive queue (remote write + SCIFlush; only remote writes are used, as in the seed). A send finds
/// the oldest notice; if there is none the receive was not posted: an Unreliable VI drops the message, a
/// Reliable VI raises RECVQ_EMPTY and goes to ERROR (and tells the sender, whose VI goes to ERROR with
/// CONN_LOST). Completion points: Unreliable after the flag leaves the CPU; Reliable Delivery after a store
/// barrier and a sequence check; Reliable Reception additionally after a remote read of the flag.
class SsVia : public ViplProvider {
 public:
  SsVia(Simulator& sim, SciCluster& cluster, uint32_t* message_ids, SsViaOptions options = {});

  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return "SS-VIA"; }
  bool traces_messages() const override { return false; }

  // --- ViplProvider: credits and arrivals are SCI remote writes watched in the segment (ss_via/costs.h layout)
  Host& host(int node) override { return cluster_.host(node); }
  int nodes() const override { return cluster_.size(); }
  void post_receive_credited(int node, int peer, uint32_t k, uint32_t bytes, Done posted, Done credit) override;
  void on_arrival_known(int node, int peer, uint32_t k, Done known) override;

  /// VipConnectRequest/VipConnectWait+Accept through both kernel agents (timed; needs connected = false).
  void connect(int node, int peer, Done then);
  /// The VI of `node` connected to `peer` (created on demand).
  via::Vi& vi(int node, int peer);
  /// Last completed receive / send descriptor status of `node` (for tests).
  uint32_t last_recv_status(int node) const { return nodes_[static_cast<size_t>(node)].last_recv_status; }
  uint32_t last_send_status(int node) const { return nodes_[static_cast<size_t>(node)].last_send_status; }

 private:
  struct Posted {
    uint64_t buffer;
    uint64_t descriptor;
    uint32_t length;
  };
  struct Pair {
    std::unique_ptr<via::Vi> vi;
    std::deque<std::unique_ptr<via::Descriptor>> descriptors;
    std::deque<Posted> mirror;  ///< notices of the peer's posted receives that have landed here
    uint32_t recv_seq = 0;
    uint32_t send_seq = 0;
  };
  struct Node {
    via::MemoryRegistry memory;
    uint32_t handle = 0;
    std::unique_ptr<via::CompletionQueue> send_cq, recv_cq;
    std::unique_ptr<HostInbox> inbox;
    int recv_peer = -1;
    int send_peer = -1;
    uint32_t last_recv_status = 0;
    uint32_t last_send_status = 0;
  };
  Pair& pair(int node, int peer);
  void ensure(int a, int b);
  void deliver(int node, int peer, uint32_t bytes, uint32_t msg);
  void unmatched(int node, int peer, uint32_t msg);
  void vi_failed(int node, int peer, uint32_t msg);
  void finish_send(int node, uint32_t error_bits, Done then);
  void catalog(uint32_t msg, int node, int peer, uint32_t bytes, bool matched);
  Time ns(const char* name) const { return ns_to_ps(cluster_.parameters().get(name)); }

  Simulator& sim_;
  SciCluster& cluster_;
  uint32_t* ids_;
  SsViaOptions opt_;
  std::vector<Node> nodes_;
  std::map<std::pair<int, int>, Pair> pairs_;
  int next_vi_ = 1;
};

}  // namespace hpcsim
