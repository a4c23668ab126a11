#include "hw/sci/sci_ring.h"

namespace hpcsim {

SciRing::SciRing(Simulator& sim, const ParameterSet& p, std::vector<ComponentId> link_ids)
    : sim_(sim),
      ids_(std::move(link_ids)),
      links_(ids_.size()),
      link_Bps_(p.get("sci.link_MBps") * 1e6),
      cable_ps_(ns_to_ps(p.get("sci.cable_ns"))),
      bypass_ps_(ns_to_ps(p.get("sci.bypass_ns"))) {}

Time SciRing::unloaded_ps(int src, int dst, uint32_t wire_bytes) const {
  int h = hops(src, dst);
  if (h == 0) return 0;
  return h * cable_ps_ + (h - 1) * bypass_ps_ + transfer_time_ps(wire_bytes, link_Bps_);
}

void SciRing::send(int src, int dst, uint32_t wire_bytes, uint32_t message, TraceKind trace, int32_t value,
                   std::function<void()> arrived) {
  if (src == dst) {
    sim_.after(0, ids_[static_cast<size_t>(src)], EventKind::kPacketDelivered, wire_bytes, std::move(arrived));
    return;
  }
  hop(src, dst, sim_.now(), wire_bytes, message, trace, value, std::move(arrived));
}

void SciRing::hop(int at, int dst, Time head, uint32_t wire_bytes, uint32_t message, TraceKind trace,
                  int32_t value, std::function<void()> arrived) {
  size_t l = static_cast<size_t>(at);
  Time ser = transfer_time_ps(wire_bytes, link_Bps_);
  Time start = links_[l].reserve(head, ser);
  int next = (at + 1) % size();
  Time next_head = start + cable_ps_;
  sim_.trace().record(start, start + ser + cable_ps_, trace, ids_[l], message, wire_bytes, value);
  if (next == dst) {
    sim_.at(next_head + ser, ids_[l], EventKind::kPacketDelivered, wire_bytes, std::move(arrived));
    return;
  }
  // Through the bypass of node `next`: the head goes on after the bypass delay (cut-through).
  Time bypassed = next_head + bypass_ps_;
  sim_.at(bypassed, ids_[l], EventKind::kLinkHop, wire_bytes,
          [this, next, dst, bypassed, wire_bytes, message, trace, value, arrived = std::move(arrived)]() mutable {
            hop(next, dst, bypassed, wire_bytes, message, trace, value, std::move(arrived));
          });
}

}  // namespace hpcsim
