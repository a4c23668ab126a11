// An SCI ringlet (IEEE 1596-1992): unidirectional links node i -> node i+1 (mod N). A packet enters the
// ring at its source, passes the bypass of every node between source and target, and is stripped by the
// target, which sends an echo packet on downstream around the rest of the ring back to the source.
#pragma once
#include <functional>
#include <vector>

#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// Ring links share their bandwidth (each directed link is a FIFO resource serialising packets at
/// sci.link_MBps); the head of a packet advances one cable (sci.cable_ns) plus one bypass
/// (sci.bypass_ns) per intermediate node; the tail follows after the serialisation time (cut-through).
class SciRing {
 public:
  /// `link_ids[i]` is the component id of the link leaving node i.
  SciRing(Simulator& sim, const ParameterSet& p, std::vector<ComponentId> link_ids);

  int size() const { return static_cast<int>(links_.size()); }
  /// Sends `wire_bytes` (header + payload + CRC) from `src` to `dst` (downstream). `arrived` runs when
  /// the tail reaches `dst`'s link controller. `trace` and `value` label the packet's trace records.
  void send(int src, int dst, uint32_t wire_bytes, uint32_t message, TraceKind trace, int32_t value,
            std::function<void()> arrived);
  /// Hops from `src` downstream to `dst` (1 .. N-1; 0 if equal).
  int hops(int src, int dst) const { return ((dst - src) % size() + size()) % size(); }
  /// Unloaded time from the packet's first byte leaving `src` to its tail at `dst` (ps).
  Time unloaded_ps(int src, int dst, uint32_t wire_bytes) const;
  ComponentId link_id(int node) const { return ids_[static_cast<size_t>(node)]; }
  Time link_busy_ps(int node) const { return links_[static_cast<size_t>(node)].busy_ps(); }

 private:
  void hop(int at, int dst, Time head, uint32_t wire_bytes, uint32_t message, TraceKind trace, int32_t value,
           std::function<void()> arrived);
  Simulator& sim_;
  std::vector<ComponentId> ids_;
  std::vector<FifoResource> links_;
  double link_Bps_;
  Time cable_ps_;
  Time bypass_ps_;
};

}  // namespace hpcsim
