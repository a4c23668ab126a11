#include "hw/infiniband/ib_switch.h"

#include <utility>

namespace hpcsim {

IbSwitch::IbSwitch(Simulator& sim, ComponentId id, const ParameterSet& p, std::vector<ComponentId> uplinks,
                   std::vector<ComponentId> downlinks)
    : sim_(sim),
      id_(id),
      wire_(p),
      cable_ps_(ns_to_ps(p.get("ib.cable_ns"))),
      latency_ps_(ns_to_ps(p.get("ib.switch_latency_ns"))),
      up_ids_(std::move(uplinks)),
      down_ids_(std::move(downlinks)),
      up_(up_ids_.size()),
      down_(down_ids_.size()) {}

void IbSwitch::send(int src, int dst, uint32_t wire_bytes, TraceKind kind, uint32_t message,
                    std::function<void()> delivered, std::function<void()> sent) {
  size_t s = static_cast<size_t>(src), d = static_cast<size_t>(dst);
  Time ser = wire_.wire_ps(wire_bytes);
  Time start = up_[s].reserve(sim_.now(), ser);
  sim_.trace().record(start, start + ser + cable_ps_, kind, up_ids_[s], message, wire_bytes, 0);
  if (sent) sim_.at(start + ser, up_ids_[s], EventKind::kLinkHop, wire_bytes, std::move(sent));
  // Cut-through: the head is at the output port one cable and one switch latency after it left.
  sim_.at(start + cable_ps_ + latency_ps_, id_, EventKind::kLinkHop, wire_bytes,
          [this, d, ser, wire_bytes, kind, message, delivered = std::move(delivered)]() mutable {
            Time out = down_[d].reserve(sim_.now(), ser);
            ++forwarded_;
            sim_.trace().record(out, out + ser + cable_ps_, kind, down_ids_[d], message, wire_bytes, 0);
            sim_.at(out + ser + cable_ps_, down_ids_[d], EventKind::kPacketDelivered, wire_bytes,
                    std::move(delivered));
          });
}

}  // namespace hpcsim
