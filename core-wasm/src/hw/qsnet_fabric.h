// QsNet fabric: Elite 8-port switches in a quaternary fat tree, wormhole routed (seed 002 §2.3).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "hw/fat_tree_shape.h"
#include "kernel/message_catalog.h"
#include "kernel/index_pool.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of the QsNet fat tree (links, Elite switches; `qsnet.*`) and of the QsNetII one (Elite4 switches;
/// `qsnet2.*`) (qsnet_fabric_parameters.cc).
const std::vector<ParameterSpec>& qsnet_fabric_parameters();
const std::vector<ParameterSpec>& qsnet2_fabric_parameters();


/// One directed channel of a physical link (every cable has two).
struct Channel {
  ComponentId id;
  ComponentId from;  ///< NIC or switch component
  ComponentId to;
  FifoResource busy;
};

/// An Elite switch: level 1 is the leaf level (its down ports reach NICs).
struct EliteSwitch {
  ComponentId id;
  int level;
  int subtree;  ///< index of the subtree of arity^level nodes it serves
  int rank;     ///< index among the switches of that subtree, 0 .. arity^(level-1) - 1
};

/// k-ary n-tree fat tree (k = `arity`, 4 for the Elite switches: quaternary) for `nodes` NICs: nodes kj..kj+k-1
/// share leaf switch j; a level-l switch (subtree g, rank r) sends up-port u to level l+1 switch
/// (g / k, r + k^(l-1) u).
/// Subtrees with no node are pruned. With more levels than the node count needs (`levels` above the minimum: a
/// partially populated tree), the hosts fill the first leaf switches and the spare upper stages are built whole
/// (arity^(l-1) switches at level l, each with one populated down port): nodes are not spread, so the nearest
/// common ancestor of any two hosts, which depends only on their addresses, stays below the spare stages, and
/// those carry no traffic. Routing is up to the lowest common level and down again,
/// choosing the up port by the destination's address digits (deterministic d-mod-k routing).
/// Packets cut through: the head advances one hop per (switch latency + cable); each channel is
/// busy for bytes / link rate. Contention delays a packet until the channel is free.
class QsnetFabric {
 public:
  /// `nic_ids[i]` is the component id of node i's NIC; `next_id` hands out ids for switches and channels.
  /// `family` names the parameter group of the links and switches: "qsnet" (Elan3/Elite, seed 002) or
  /// "qsnet2" (Elan4/Elite4, seed 001): it reads <family>.link_MBps, .switch_latency_ns and .cable_ns.
  /// `arity`: the fat tree's switch radix each way (down and up); Elite and Elite4 are 8-port switches with 4 links
  /// down and 4 up (seed 002 §2.3), so 4 is the machine's and other values are what-if topologies.
  /// `levels`: switch stages; 0 (or fewer than the nodes need) builds min_fat_tree_levels(arity, nodes). The
  /// scenario parser refuses values that break fat_tree_levels_rule (hw/fat_tree_shape.h) before this is built.
  QsnetFabric(Simulator& sim, const ParameterSet& p, const std::vector<ComponentId>& nic_ids, ComponentId& next_id,
              const std::string& family = "qsnet", int arity = 4, int levels = 0);

  /// Sends one packet of `bytes` (payload plus header) from node `src` to node `dst`;
  /// `delivered` runs when its tail reaches the destination NIC.
  void send(int src, int dst, uint32_t bytes, TraceKind kind, uint32_t message, std::function<void()> delivered);

  /// Directed channels on the route from `src` to `dst`, in order.
  std::vector<int> route(int src, int dst) const;
  /// The same route written into `path` (cleared first; its capacity is reused).
  void route_into(int src, int dst, std::vector<int>& path) const;
  /// The wire layer of a message of `bytes` sent as packets of at most `packet_payload` bytes.
  HeaderLayer packet_layer(int src, int dst, uint32_t bytes, uint32_t packet_payload, const char* kind) const;
  /// The route as names, e.g. "elan3-0 → elite-L1-0.0 → elite-L2-0.1 → elite-L1-1.0 → elan3-5" (NICs named as the
  /// topology names them: elan3-<node> on QsNet, elan4-<node> on QsNetII).
  std::string route_names(int src, int dst) const;
  /// The names along `path` (a route of this fabric; "loopback" when empty).
  std::string route_names(const std::vector<int>& path) const;
  int levels() const { return levels_; }
  int arity() const { return arity_; }
  int hops(int src, int dst) const { return static_cast<int>(route(src, dst).size()); }
  const std::vector<EliteSwitch>& switches() const { return switches_; }
  const std::vector<Channel>& channels() const { return channels_; }
  double link_bytes_per_s() const { return link_Bps_; }

 private:
  /// A packet between its first and last hop. Held in a pool indexed by the events that carry it, so a hop's event
  /// captures (fabric, index) and fits std::function's inline storage, and the route's buffer is reused: no heap
  /// allocation per packet or per hop once the pool has grown.
  struct InFlight {
    std::vector<int> path;
    size_t i = 0;
    Time head_at = 0;
    uint32_t bytes = 0;
    TraceKind kind{};
    uint32_t message = 0;
    std::function<void()> delivered;
  };
  void hop(uint32_t packet);
  int switch_index(int level, int subtree, int rank) const;

  Simulator& sim_;
  int nodes_;
  int arity_;
  int levels_;
  /// arity^e: the nodes under a switch of level e (e = 0: one node).
  int pow(int e) const {
    int v = 1;
    for (int i = 0; i < e; ++i) v *= arity_;
    return v;
  }
  double link_Bps_;
  Time hop_latency_ps_;
  std::vector<ComponentId> nic_ids_;
  std::string nic_prefix_;  ///< "elan3-" or "elan4-"
  std::vector<EliteSwitch> switches_;
  std::vector<std::vector<int>> switch_at_;  ///< [level-1][subtree * per_subtree + rank] -> index or -1
  std::vector<Channel> channels_;
  std::vector<int> pw_;     ///< pw_[e] = arity^e, e = 0 .. levels
  std::vector<int> nic_up_;  ///< per node: its NIC -> leaf switch channel (the leaf -> NIC channel is the next one)
  /// Per switch index * arity + u: the channel up to its parent u (the parent -> switch channel is the next one);
  /// -1 at the top level.
  std::vector<int> up_;
  std::vector<int> what_;    ///< per component id: a switch's index, or -(node + 1) for a NIC
  IndexPool<InFlight> in_flight_;
};

}  // namespace hpcsim
