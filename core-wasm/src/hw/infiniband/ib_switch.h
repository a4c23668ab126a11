// An InfiniScale-class (Mellanox MT43132) 8-port 4X InfiniBand switch: cut-through, one FIFO per output port.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "hw/infiniband/ib_wire.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// One switch joining every node's HCA by a 4X cable (both directions). A packet is serialised on its sender's
/// uplink (HCA -> switch) when that link is free; its head crosses the cable (ib.cable_ns) and the switch
/// (ib.switch_latency_ns: routing lookup and crossbar arbitration), then it cuts through onto the destination's
/// downlink as soon as that link is free (FIFO per output port: packets of two senders to one receiver queue
/// there); `delivered` runs when its tail reaches the destination HCA. Input and output run at the same rate, so
/// a packet that waits for its output port is buffered in the switch (credit-based link flow control keeps the
/// buffers from overflowing: no packet is lost, IBA vol. 1 §7.9).
class IbSwitch {
 public:
  /// `uplinks[i]`: component id of the cable direction node i -> switch; `downlinks[i]`: switch -> node i.
  IbSwitch(Simulator& sim, ComponentId id, const ParameterSet& p, std::vector<ComponentId> uplinks,
           std::vector<ComponentId> downlinks);
  ComponentId id() const { return id_; }
  int ports() const { return static_cast<int>(up_ids_.size()); }
  ComponentId uplink(int i) const { return up_ids_[static_cast<size_t>(i)]; }
  ComponentId downlink(int i) const { return down_ids_[static_cast<size_t>(i)]; }
  const IbWire& wire() const { return wire_; }

  /// Sends one packet of `wire_bytes` (headers included) from node `src` to node `dst` (src != dst), recorded as
  /// trace `kind` on both link directions. `sent` (optional) runs when its tail has left the sender's HCA.
  void send(int src, int dst, uint32_t wire_bytes, TraceKind kind, uint32_t message, std::function<void()> delivered,
            std::function<void()> sent = {});

  Time uplink_busy_ps(int i) const { return up_[static_cast<size_t>(i)].busy_ps(); }
  Time downlink_busy_ps(int i) const { return down_[static_cast<size_t>(i)].busy_ps(); }
  uint64_t packets_forwarded() const { return forwarded_; }

 private:
  Simulator& sim_;
  ComponentId id_;
  IbWire wire_;
  Time cable_ps_;
  Time latency_ps_;
  std::vector<ComponentId> up_ids_, down_ids_;
  std::vector<FifoResource> up_, down_;
  uint64_t forwarded_ = 0;
};

}  // namespace hpcsim
