// A VIPL provider as an MPI layer above it sees one (seed 003 "MPI on SS-VIA"; MVICH did the same over M-VIA): the
// VipPostRecv / VipPostSend / VipSendWait / VipRecvWait calls of a ping-pong endpoint, plus the two things MPI's
// flow control and progress engine learn from the provider's own mechanism, which differs between providers.
#pragma once
#include <cstdint>
#include <functional>

#include "hw/host.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// Implemented by SsVia (SCI remote writes into the peer's segment) and Mvia (kernel VIA over Fast Ethernet).
/// post_receive, send, wait_send_complete and wait_arrival are the VIPL calls (PingPongEndpoint).
class ViplProvider : public PingPongEndpoint {
 public:
  /// The host of `node` (0 <= node < nodes()), whose CPU runs the layer above.
  virtual Host& host(int node) = 0;
  /// Nodes the provider connects.
  virtual int nodes() const = 0;
  /// VipPostRecv of the k-th receive (k from 0, per ordered pair) that `node` posts for `peer`: `posted` runs when the
  /// call returns, `credit` when the peer can count on the receive for its flow control (SS-VIA: when the receive's
  /// notice lands in the peer's mirror; M-VIA tells the peer nothing, so at once, before `posted`).
  virtual void post_receive_credited(int node, int peer, uint32_t k, uint32_t bytes, Done posted, Done credit) = 0;
  /// Called just before VipPostSend of the k-th send from `node` to `peer`: `known` runs when the receiver can tell
  /// that this send's descriptor completed there (SS-VIA: its flag lands in the receiver's segment; M-VIA: the
  /// receive it completes is delivered, sends of a pair arriving in order).
  virtual void on_arrival_known(int node, int peer, uint32_t k, Done known) = 0;
};

}  // namespace hpcsim
