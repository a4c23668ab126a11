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
  auto connect = [&](ComponentId a, ComponentId b) {
    channels_.push_back(Channel{next_id++, a, b, {}});
    channels_.push_back(Channel{next_id++, b, a, {}});
  };
  for (int i = 0; i < nodes_; ++i) connect(nic_ids_[static_cast<size_t>(i)], switches_[switch_index(1, i / arity_, 0)].id);
  for (int l = 1; l < levels_; ++l) {
    int subtrees = (nodes_ + pow(l) - 1) / pow(l);
    for (int g = 0; g < subtrees; ++g)
      for (int r = 0; r < pow(l - 1); ++r)
        for (int u = 0; u < arity_; ++u)
          connect(switches_[switch_index(l, g, r)].id, switches_[switch_index(l + 1, g / arity_, r + pow(l - 1) * u)].id);
  }
  out_.resize(next_id);
  for (size_t c = 0; c < channels_.size(); ++c) out_[channels_[c].from].push_back({channels_[c].to, static_cast<int>(c)});
}

int QsnetFabric::switch_index(int level, int subtree, int rank) const {
  return switch_at_[static_cast<size_t>(level - 1)][static_cast<size_t>(subtree * pow(level - 1) + rank)];
}

int QsnetFabric::channel_between(ComponentId from, ComponentId to) const {
  for (const auto& e : out_[from])
    if (e.first == to) return e.second;
  return -1;
}

std::vector<int> QsnetFabric::route(int src, int dst) const {
  std::vector<int> path;
  route_into(src, dst, path);
  return path;
}

void QsnetFabric::route_into(int src, int dst, std::vector<int>& path) const {
  path.clear();
  if (src == dst) return;
  int top = 1;
  while (src / pow(top) != dst / pow(top)) ++top;
  ComponentId cur = nic_ids_[static_cast<size_t>(src)];
  int g = src / arity_, r = 0;
  ComponentId next = switches_[switch_index(1, g, r)].id;
  path.push_back(channel_between(cur, next));
  cur = next;
  for (int k = 1; k < top; ++k) {  // up
    int u = (dst / pow(k - 1)) % arity_;
    g /= arity_;
    r += pow(k - 1) * u;
    next = switches_[switch_index(k + 1, g, r)].id;
    path.push_back(channel_between(cur, next));
    cur = next;
  }
  for (int k = top - 1; k >= 1; --k) {  // down
    r = r % pow(k - 1);
    next = switches_[switch_index(k, dst / pow(k), r)].id;
    path.push_back(channel_between(cur, next));
    cur = next;
  }
  path.push_back(channel_between(cur, nic_ids_[static_cast<size_t>(dst)]));
}

std::string QsnetFabric::route_names(int src, int dst) const {
  auto name = [this](ComponentId id) -> std::string {
    for (size_t i = 0; i < nic_ids_.size(); ++i)
      if (nic_ids_[i] == id) return nic_prefix_ + std::to_string(i);
    for (const auto& s : switches_)
      if (s.id == id)
        return "elite-L" + std::to_string(s.level) + "-" + std::to_string(s.subtree) + "." + std::to_string(s.rank);
    return "?";
  };
  std::vector<int> path = route(src, dst);
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
  l.fields.push_back({"route", route_names(src, dst)});
  l.fields.push_back({"links crossed", std::to_string(route(src, dst).size())});
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
  uint32_t id;
  if (!free_in_flight_.empty()) {
    id = free_in_flight_.back();
    free_in_flight_.pop_back();
  } else {
    id = static_cast<uint32_t>(in_flight_.size());
    in_flight_.emplace_back();
  }
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
    free_in_flight_.push_back(packet);
    return;
  }
  ++f.i;
  f.head_at = start + hop_latency_ps_;
  sim_.at(start, c.id, EventKind::kLinkHop, f.bytes, [this, packet]() { hop(packet); });
}

}  // namespace hpcsim
