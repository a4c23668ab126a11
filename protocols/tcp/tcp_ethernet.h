// TCP/IP sockets over Fast Ethernet (Linux 2.2; seed 003's "TCP/IP" baseline: data copies, system calls,
// interrupts). One TCP connection per pair of nodes, TCP_NODELAY set (no Nagle delay), no delayed ACK
// timer: a pure ACK goes back after every second segment received; an odd last segment's ACK rides on the
// next data segment to that node. Send windows and retransmission are not modelled (the socket buffers
// are taken to be large enough; nothing is lost).
#pragma once
#include "params/parameter.h"
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "hw/ethernet/ethernet_cluster.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// The parameters of TCP/IP over Fast Ethernet (Linux 2.2, seed 003's baseline) (parameters.cc).
const std::vector<ParameterSpec>& tcp_parameters();


struct TcpOptions {
  int32_t series = 0;  ///< message-catalog series id
};

/// Sockets as a ping-pong endpoint: post_receive = nothing (TCP has no pre-posted receive), send = send()
/// (returns once every segment is copied into the kernel and handed to the driver), wait_send_complete =
/// nothing (TCP has no send completion), wait_arrival = a blocking recv() of the whole message (the process
/// sleeps until segments arrive and is woken for them). A 0-byte message is sent as one segment without
/// data (a stand-in for the benchmark's message boundary).
class TcpEthernet : public PingPongEndpoint {
 public:
  TcpEthernet(Simulator& sim, EthernetCluster& cluster, uint32_t* message_ids, TcpOptions options = {});

  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return "TCP/IP"; }
  bool traces_messages() const override { return false; }

  /// Maximum segment size: MTU - IP header - TCP header.
  uint32_t mss() const { return mss_; }
  uint32_t segments(uint32_t bytes) const { return bytes == 0 ? 1 : (bytes + mss_ - 1) / mss_; }
  uint64_t acks_sent() const { return acks_sent_; }
  /// Called when the last segment of a message from `src` joins `node`'s receive queue; a recv() returning
  /// whole messages returns them in this order. For a layer above (MPICH's ch_p4 device).
  void set_arrival_hook(std::function<void(int node, int src)> hook) { arrival_hook_ = std::move(hook); }

 private:
  struct Segment {
    uint32_t length;
    bool last;
  };
  struct Node {
    std::deque<Segment> queue;  ///< segments in the socket's receive queue
    bool sleeping = false;      ///< the process sleeps in recv()
    Done wake;
    std::map<int, uint32_t> unacked;  ///< segments received from each peer not yet acknowledged
    std::map<int, uint32_t> snd_nxt;  ///< next sequence number towards each peer
  };
  void send_segment(int node, int peer, uint32_t bytes, uint32_t msg, uint32_t k, uint32_t n, Done then);
  void receive(int node, const EthFrame& f, Done done);
  void drain(int node, Done then);
  void catalog(uint32_t msg, int node, int peer, uint32_t bytes, uint32_t n);
  Time copy_ps(uint32_t bytes) const { return transfer_time_ps(bytes, memcpy_Bps_); }
  Time csum_ps(uint32_t bytes) const { return transfer_time_ps(bytes, csum_Bps_); }

  Simulator& sim_;
  EthernetCluster& cluster_;
  uint32_t* ids_;
  TcpOptions opt_;
  uint32_t headers_;
  uint32_t mss_;
  double memcpy_Bps_, csum_Bps_;
  Time entry_ps_, exit_ps_, wakeup_ps_;
  std::vector<Node> nodes_;
  uint64_t acks_sent_ = 0;
  std::function<void(int, int)> arrival_hook_;
};

}  // namespace hpcsim
