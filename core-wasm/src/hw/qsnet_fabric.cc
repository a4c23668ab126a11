#include "hw/qsnet_fabric.h"

namespace hpcsim {

QsnetFabric::QsnetFabric(Simulator& sim, const ParameterSet& p, const std::vector<ComponentId>& nic_ids,
                         ComponentId& next_id, const std::string& family, int arity, int levels)
    : sim_(sim),
      nodes_(static_cast<int>(nic_ids.size())),
      arity_(arity < 2 ? 2 : arity),
      link_Bps_((family == "qsnet2" ? p.get("qsnet2.link_MBps") : p.get("qsnet.link_MBps")) * 1e6),
      hop_latency_ps_(ns_to_ps(family == "qsnet2" ? p.get("qsnet2.switch_latency_ns") + p.get("qsnet2.cable_ns")
                                                  : p.get("qsnet.switch_latency_ns") + p.get("qsnet.cable_ns"))),
      nic_ids_(nic_ids),
      nic_prefix_(family == "qsnet2" ? "elan4-" : "elan3-") {
  levels_ = min_fat_tree_levels(arity_, nodes_);
  if (levels > levels_) levels_ = levels;
  switch_at_.resize(levels_);
  for (int l = 1; l <= levels_; ++l) {
    int subtrees = (nodes_ + pow(l) - 1) / pow(l);
    int per = pow(l - 1);
    switch_at_[l - 1].assign(static_cast<size_t>(subtrees * per), -1);
    for (int g = 0; g < subtrees; ++g)
      for (int r = 0; r < per; ++r) {
        switch_at_[l - 1][static_cast<size_t>(g * per + r)] = static_cast<int>(switches_.size());
        switches_.push_back(EliteSwitch{next_id++, l, g, r});
      }
  }
  pw_.resize(static_cast<size_t>(levels_) + 1);
  for (int e = 0; e <= levels_; ++e) pw_[static_cast<size_t>(e)] = pow(e);
  // Channels in pairs (up, down); the route tables keep each pair's index, so a route is looked up, never searched.
  auto connect = [&](ComponentId a, ComponentId b) {
    channels_.push_back(Channel{next_id++, a, b, {}});
    channels_.push_back(Channel{next_id++, b, a, {}});
    return static_cast<int>(channels_.size()) - 2;
  };
  nic_up_.resize(static_cast<size_t>(nodes_));
  for (int i = 0; i < nodes_; ++i)
    nic_up_[static_cast<size_t>(i)] = connect(nic_ids_[static_cast<size_t>(i)], switches_[switch_index(1, i / arity_, 0)].id);
  up_.assign(switches_.size() * static_cast<size_t>(arity_), -1);
  for (int l = 1; l < levels_; ++l) {
    int subtrees = (nodes_ + pow(l) - 1) / pow(l);
    for (int g = 0; g < subtrees; ++g)
      for (int r = 0; r < pow(l - 1); ++r)
        for (int u = 0; u < arity_; ++u) {
          int s = switch_index(l, g, r);
          up_[static_cast<size_t>(s * arity_ + u)] =
              connect(switches_[static_cast<size_t>(s)].id, switches_[switch_index(l + 1, g / arity_, r + pow(l - 1) * u)].id);
        }
  }
  // Component id -> what it is, for route names: a switch's index, or -(node + 1) for a NIC.
  what_.assign(static_cast<size_t>(next_id), 0);
  for (size_t s = 0; s < switches_.size(); ++s) what_[static_cast<size_t>(switches_[s].id)] = static_cast<int>(s);
  for (int i = 0; i < nodes_; ++i) what_[static_cast<size_t>(nic_ids_[static_cast<size_t>(i)])] = -(i + 1);
}

int QsnetFabric::switch_index(int level, int subtree, int rank) const {
  return switch_at_[static_cast<size_t>(level - 1)][static_cast<size_t>(subtree * pow(level - 1) + rank)];
}

std::vector<int> QsnetFabric::route(int src, int dst) const {
  std::vector<int> path;
  route_into(src, dst, path);
  return path;
}

void QsnetFabric::route_into(int src, int dst, std::vector<int>& path) const {
  path.clear();
  if (src == dst) return;
  // Up to the lowest level whose subtree holds both nodes, taking the up port that the destination's digits name
  // (so routes to different destinations spread over the top switches), then down to the destination.
  size_t top = 1;
  while (src / pw_[top] != dst / pw_[top]) ++top;
  path.push_back(nic_up_[static_cast<size_t>(src)]);
  int g = src / arity_, r = 0;
  for (size_t k = 1; k < top; ++k) {  // up: from the level-k switch (g, r) to its parent u
    int u = (dst / pw_[k - 1]) % arity_;
    path.push_back(up_[static_cast<size_t>(switch_index(static_cast<int>(k), g, r) * arity_ + u)]);
    g /= arity_;
    r += pw_[k - 1] * u;
  }
  for (size_t k = top - 1; k >= 1; --k) {  // down: from the level-(k+1) switch of rank r to its child of level k
    int u = r / pw_[k - 1];
    r = r % pw_[k - 1];
    path.push_back(up_[static_cast<size_t>(switch_index(static_cast<int>(k), dst / pw_[k], r) * arity_ + u)] + 1);
  }
  path.push_back(nic_up_[static_cast<size_t>(dst)] + 1);
}

std::string QsnetFabric::route_names(int src, int dst) const {
  return route_names(route(src, dst));
}

std::string QsnetFabric::route_names(const std::vector<int>& path) const {
  auto name = [this](ComponentId id) -> std::string {
    int w = what_[static_cast<size_t>(id)];
    if (w < 0) return nic_prefix_ + std::to_string(-w - 1);
    const EliteSwitch& s = switches_[static_cast<size_t>(w)];
    return "elite-L" + std::to_string(s.level) + "-" + std::to_string(s.subtree) + "." + std::to_string(s.rank);
  };
  if (path.empty()) return "loopback";
  std::string out = name(channels_[static_cast<size_t>(path.front())].from);
  for (int c : path) out += " \u2192 " + name(channels_[static_cast<size_t>(c)].to);
  return out;
}

HeaderLayer QsnetFabric::packet_layer(int src, int dst, uint32_t bytes, uint32_t packet_payload,
                                      const char* kind) const {
  uint32_t packets = bytes == 0 ? 1 : (bytes + packet_payload - 1) / packet_payload;
  HeaderLayer l{"QsNet wire (Elite wormhole routing)", {}};
  l.fields.push_back({"packets", std::to_string(packets) + " " + kind});
  l.fields.push_back({"payload per packet", "up to " + std::to_string(packet_payload) + " B"});
  std::vector<int> path = route(src, dst);
  l.fields.push_back({"route", route_names(path)});
  l.fields.push_back({"links crossed", std::to_string(path.size())});
  l.fields.push_back({"link rate", std::to_string(static_cast<int>(link_Bps_ / 1e6)) + " MB/s per direction"});
  l.fields.push_back({"acknowledgement", "end-to-end, back along the route"});
  return l;
}

void QsnetFabric::send(int src, int dst, uint32_t bytes, TraceKind kind, uint32_t message,
                       std::function<void()> delivered) {
  if (src == dst) {
    sim_.after(0, nic_ids_[static_cast<size_t>(dst)], EventKind::kPacketDelivered, bytes, std::move(delivered));
    return;
  }
  uint32_t id = in_flight_.take();
  InFlight& f = in_flight_[id];
  route_into(src, dst, f.path);
  f.i = 0;
  f.head_at = sim_.now();
  f.bytes = bytes;
  f.kind = kind;
  f.message = message;
  f.delivered = std::move(delivered);
  hop(id);
}

void QsnetFabric::hop(uint32_t packet) {
  InFlight& f = in_flight_[packet];
  Channel& c = channels_[static_cast<size_t>(f.path[f.i])];
  Time ser = transfer_time_ps(f.bytes, link_Bps_);
  Time start = c.busy.reserve(f.head_at, ser);
  sim_.trace().record(start, start + ser, f.kind, c.id, f.message, f.bytes, 0);
  if (f.i + 1 == f.path.size()) {
    sim_.at(start + ser + hop_latency_ps_, c.to, EventKind::kPacketDelivered, f.bytes, std::move(f.delivered));
    f.delivered = nullptr;
    in_flight_.give(packet);
    return;
  }
  ++f.i;
  f.head_at = start + hop_latency_ps_;
  sim_.at(start, c.id, EventKind::kLinkHop, f.bytes, [this, packet]() { hop(packet); });
}

}  // namespace hpcsim
