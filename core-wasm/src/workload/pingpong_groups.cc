// cluster.groups: protocol stacks per group of nodes, all running at once on one fabric (ping-pong workloads).
#include "workload/pingpong_groups.h"

#include <algorithm>
#include <tuple>

#include "catalog/catalog.h"
#include "scenario/json_fields.h"

namespace hpcsim {

namespace {

using nlohmann::json;
using namespace fields;

std::string range_text(int first, int last) {
  return first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last);
}

/// The NIC family a protocol runs on, as the errors name it: "Elan4 (QsNetII)".
std::string family_of(const ProtocolEntry& protocol) {
  const FabricEntry* f = catalog().fabric_of_nic(protocol.nic);
  return f ? f->nic_label + " (" + f->label + ")" : protocol.nic;
}

/// Index of the group holding `node`, or -1.
int group_of(const std::vector<NodeGroup>& groups, int node) {
  for (size_t g = 0; g < groups.size(); ++g)
    if (node >= groups[g].first && node <= groups[g].last) return static_cast<int>(g);
  return -1;
}

// Reads one group's "nodes", "series" and optional "pair"; `p` is its path ("cluster.groups/1").
std::string read_group(const json& g, const std::string& p, const Scenario& s, const PingPongSpec& pp,
                       NodeGroup* out, int* pair_a, int* pair_b) {
  if (!g.is_object()) return p + ": must be object";
  std::string err;
  const json* nodes = field(g, "nodes", p + ".nodes", true, json::value_t::array, &err);
  if (!nodes) return err;
  if (nodes->size() != 2 || !(*nodes)[0].is_number_integer() || !(*nodes)[1].is_number_integer())
    return p + ".nodes: must be [first, last], two node numbers";
  int64_t first = (*nodes)[0].get<int64_t>(), last = (*nodes)[1].get<int64_t>();
  for (int64_t n : {first, last})
    if (n < 0 || n >= s.nodes)
      return p + ".nodes: " + std::to_string(n) + " is not a node of a " + std::to_string(s.nodes) + "-node cluster";
  if (first > last) return p + ".nodes: the first node (" + std::to_string(first) + ") is after the last (" +
                           std::to_string(last) + ")";
  out->first = static_cast<int>(first);
  out->last = static_cast<int>(last);
  std::string id;
  if (!read_string(g, "series", p + ".series", true, &id, &err)) return err;
  auto it = std::find_if(s.series.begin(), s.series.end(), [&](const SeriesSpec& x) { return x.id == id; });
  if (it == s.series.end()) {
    std::string ids;
    for (const auto& x : s.series) ids += (ids.empty() ? "" : ", ") + x.id;
    return p + ".series: \"" + id + "\" is not a series of the workload (" + ids + ")";
  }
  const ProtocolEntry* protocol = catalog().protocol(it->protocol);
  const FabricEntry* fabric = catalog().fabric(s.fabric);
  if (protocol && fabric && protocol->nic != fabric->nic)
    return p + ".series: " + it->protocol + " runs on " + family_of(*protocol) + "; this cluster's fabric " + s.fabric +
           " carries " + fabric->nic_label;
  out->series = static_cast<size_t>(it - s.series.begin());
  if (auto pr = g.find("pair"); pr != g.end()) {
    if (pp.half_shift) return p + ".pair: the half-shift pairing sets the pairs (node i with i + nodes / 2)";
    if (!pr->is_array() || pr->size() != 2 || !(*pr)[0].is_number_integer() || !(*pr)[1].is_number_integer())
      return p + ".pair: must be [initiator, target], two node numbers";
    int64_t a = (*pr)[0].get<int64_t>(), b = (*pr)[1].get<int64_t>();
    for (int64_t n : {a, b})
      if (n < first || n > last)
        return p + ".pair: node " + std::to_string(n) + " is outside the group's nodes " + range_text(out->first, out->last);
    if (a == b) return p + ".pair: the target must differ from the initiator";
    *pair_a = static_cast<int>(a);
    *pair_b = static_cast<int>(b);
  }
  return "";
}

// The pairs of a half-shift run (node i with i + N/2) whose ends run a stack; both ends must run the same series.
std::string half_shift_pairs(const Scenario& sc, PingPongSpec* s) {
  int half = sc.nodes / 2;
  for (int i = 0; i < half; ++i) {
    int gi = group_of(s->groups, i), gj = group_of(s->groups, i + half);
    if (gi < 0 && gj < 0) continue;
    int g = gi >= 0 ? gi : gj;
    std::string p = "cluster.groups/" + std::to_string(g) + ".nodes: ";
    std::string pair = "node " + std::to_string(i) + " is paired with node " + std::to_string(i + half) +
                       " by the half-shift pairing";
    if (gi < 0 || gj < 0)
      return p + pair + ", and node " + std::to_string(gi < 0 ? i : i + half) + " is in no group";
    size_t a = s->groups[static_cast<size_t>(gi)].series, b = s->groups[static_cast<size_t>(gj)].series;
    if (a != b)
      return p + pair + ", but they run " + sc.series[a].id + " and " + sc.series[b].id +
             ": both ends of a pair must run the same series";
    s->group_pairs.push_back(GroupPair{i, i + half, a, false});
  }
  return "";
}

}  // namespace

std::string parse_groups(const json& cluster, const Scenario& sc, PingPongSpec* s) {
  auto it = cluster.find("groups");
  if (it == cluster.end()) return "";
  if (!it->is_array()) return "cluster.groups: must be array";
  if (it->empty() || it->size() > 16) return "cluster.groups: must hold 1 to 16 groups";
  const FabricEntry* fabric = catalog().fabric(sc.fabric);
  if (!fabric || !fabric->fat_tree) {
    std::string trees;
    for (const auto& f : catalog().fabrics())
      if (f.fat_tree) trees += (trees.empty() ? "" : ", ") + f.id;
    return "cluster.groups: node groups run on fat trees only (" + trees + ")";
  }
  std::vector<std::pair<int, int>> chosen;  // each group's "pair", or (-1, -1)
  for (size_t g = 0; g < it->size(); ++g) {
    std::string p = "cluster.groups/" + std::to_string(g);
    NodeGroup group;
    int a = -1, b = -1;
    std::string e = read_group((*it)[g], p, sc, *s, &group, &a, &b);
    if (!e.empty()) return e;
    for (size_t h = 0; h < s->groups.size(); ++h)
      if (group.first <= s->groups[h].last && s->groups[h].first <= group.last)
        return p + ".nodes: nodes " + range_text(group.first, group.last) + " overlap group " + std::to_string(h) +
               " (nodes " + range_text(s->groups[h].first, s->groups[h].last) + ")";
    s->groups.push_back(group);
    chosen.push_back({a, b});
  }
  int gi = group_of(s->groups, s->initiator), gt = group_of(s->groups, s->target);
  if (!s->half_shift) {
    // The workload's pair runs within one group, whose default pair it is; other groups name theirs or run
    // their first node with their last.
    if (gi >= 0 && gt != gi)
      return "workload.target: node " + std::to_string(s->target) + " is not in the initiator's group " +
             std::to_string(gi) + " (nodes " + range_text(s->groups[static_cast<size_t>(gi)].first,
                                                       s->groups[static_cast<size_t>(gi)].last) +
             "): a ping-pong pair runs within one group";
    for (size_t g = 0; g < s->groups.size(); ++g) {
      const NodeGroup& group = s->groups[g];
      auto [a, b] = chosen[g];
      if (a < 0 && static_cast<int>(g) == gi) std::tie(a, b) = std::make_pair(s->initiator, s->target);
      if (a < 0) {
        if (group.first == group.last)
          return "cluster.groups/" + std::to_string(g) + ".nodes: one node cannot run a ping-pong; name two or more";
        std::tie(a, b) = std::make_pair(group.first, group.last);
      }
      s->group_pairs.push_back(GroupPair{a, b, group.series, false});
    }
  } else {
    std::string e = half_shift_pairs(sc, s);
    if (!e.empty()) return e;
  }
  // Each series is measured on the workload's pair when that pair runs it, else on its first pair.
  for (size_t k = 0; k < sc.series.size(); ++k) {
    GroupPair *first = nullptr, *workload = nullptr;
    for (auto& gp : s->group_pairs) {
      if (gp.series != k) continue;
      if (!first) first = &gp;
      if (gp.initiator == s->initiator && gp.target == s->target) workload = &gp;
    }
    if (!first) return "workload.series/" + std::to_string(k) + ": runs on no node group (cluster.groups)";
    (workload ? workload : first)->measured = true;
  }
  return "";
}

}  // namespace hpcsim
