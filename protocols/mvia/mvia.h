// M-VIA over Fast Ethernet (REFERENCES §1.5.6): VIA in the kernel. The VIPL calls trap into the kernel
// (VipPostSend's doorbell is a fast trap), the kernel's VIA module does the protocol processing on the host
// CPU, segments a message to the Ethernet MTU and hands each fragment to the Tulip driver; the NIC reads the
// data by DMA straight from the registered user buffer (or, with copy_on_send, from a kernel buffer it was
// copied into). On receive, the NIC's interrupt runs the driver, which hands M-VIA frames to the VIA module:
// it demultiplexes to the VI by the header, copies the data from the ring buffer into the posted buffer and,
// after the last fragment, writes the descriptor's status, which the user polls (VipRecvWait / VipSendWait).
#pragma once
#include "params/parameter.h"
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "hw/ethernet/ethernet_cluster.h"
#include "via/vipl.h"
#include "via/vipl_provider.h"

namespace hpcsim {

/// The parameters of M-VIA over Fast Ethernet (seed 003's baseline) (parameters.cc).
const std::vector<ParameterSpec>& mvia_parameters();


struct MviaOptions {
  uint32_t reliability = via::kUnreliable;  ///< M-VIA's default VI reliability level
  bool copy_on_send = false;  ///< copy the data into a kernel buffer instead of DMA from registered memory
  bool connected = true;      ///< VIs are connected untimed on first use (as before a benchmark's loop)
  int32_t series = 0;         ///< message-catalog series id
};

/// VIPL over M-VIA as a ping-pong endpoint: post_receive = VipPostRecv, send = VipPostSend,
/// wait_send_complete = VipSendWait, wait_arrival = VipRecvWait (both polling the descriptor status).
/// Send completion (Unreliable): once the NIC has reported the last fragment sent (transmit interrupt), or at
/// once after the copy with copy_on_send. A message finding no posted receive follows the VIA rule of the
/// receiving VI (Unreliable: dropped; Reliable: RECVQ_EMPTY and the VI goes to ERROR). Reliable levels'
/// acknowledgements and retransmission are not modelled.
class Mvia : public ViplProvider {
 public:
  Mvia(Simulator& sim, EthernetCluster& cluster, uint32_t* message_ids, MviaOptions options = {});

  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return "M-VIA"; }
  bool traces_messages() const override { return false; }

  via::Vi& vi(int node, int peer);
  /// Frames of one message of `bytes` (M-VIA header in each).
  uint32_t fragments(uint32_t bytes) const;
  uint32_t last_recv_status(int node) const { return nodes_[static_cast<size_t>(node)].last_recv_status; }
  uint32_t last_send_status(int node) const { return nodes_[static_cast<size_t>(node)].last_send_status; }
  uint64_t messages_dropped() const { return dropped_; }
  /// Called when a message from `src` completes a receive descriptor of `node` (before VipRecvWait sees it);
  /// arrivals are reported in the order VipRecvWait returns them. For a layer above (MPI over VIA).
  // --- ViplProvider: M-VIA tells the sender nothing of posted receives, and a pair's sends arrive in order
  Host& host(int node) override { return cluster_.host(node); }
  int nodes() const override { return cluster_.size(); }
  void post_receive_credited(int node, int peer, uint32_t k, uint32_t bytes, Done posted, Done credit) override;
  void on_arrival_known(int node, int peer, uint32_t k, Done known) override;

 private:
  struct Pair {
    std::unique_ptr<via::Vi> vi;
    std::deque<std::unique_ptr<via::Descriptor>> descriptors;
    uint32_t recv_seq = 0, send_seq = 0, frame_seq = 0;
  };
  struct Node {
    via::MemoryRegistry memory;
    uint32_t handle = 0;
    std::unique_ptr<via::CompletionQueue> send_cq, recv_cq;
    int recv_peer = -1, send_peer = -1;
    int arrivals = 0;  ///< receive completions not yet consumed by VipRecvWait
    int sends_done = 0;  ///< send completions not yet consumed by VipSendWait
    int sends_pending = 0;
    Done recv_waiter, send_waiter;
    uint32_t last_recv_status = 0, last_send_status = 0;
  };
  Pair& pair(int node, int peer);
  void receive(int node, const EthFrame& f, Done done);
  void notify_recv(int node);
  void notify_send(int node);
  void catalog(uint32_t msg, int node, int peer, uint32_t bytes, uint32_t frames);
  void send_fragment(int node, int peer, uint32_t bytes, uint32_t msg, uint32_t k, uint32_t n, Done then);

  Simulator& sim_;
  EthernetCluster& cluster_;
  uint32_t* ids_;
  MviaOptions opt_;
  /// on_arrival_known callbacks per (sender, receiver), oldest first: run as that pair's receives are delivered.
  std::map<std::pair<int, int>, std::deque<Done>> arrival_known_;
  uint32_t header_;
  Time trap_ps_;
  double memcpy_Bps_;
  std::vector<Node> nodes_;
  std::map<std::pair<int, int>, Pair> pairs_;
  int next_vi_ = 1;
  uint64_t dropped_ = 0;
};

}  // namespace hpcsim
