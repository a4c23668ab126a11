// The shape rules of a k-ary n-tree fat tree (arity k, n levels), shared by the scenario parser and QsnetFabric.
#pragma once
#include <cstdint>
#include <string>

namespace hpcsim {

/// Most host ports (arity^levels) a fat tree may have: 4096, QsNetII's largest machine (six levels of Elite4
/// switches). Every arity 2 to 8 holds 1024 nodes at its minimum depth within it; the full 4096 fit the power-of-two
/// arities (2, 4, 8); arity 3 holds at most 2187 nodes, 5 at most 3125, 6 at most 1296, 7 at most 2401. It bounds
/// the switches built and drawn (a tree of arity^levels ports has levels x arity^(levels-1) switches when full).
constexpr int64_t kMaxFatTreePorts = 4096;

/// arity^levels: the host ports of a full k-ary n-tree (k = `arity` in [1, 8], n = `levels` in [0, 20]: exact in
/// 64 bits).
int64_t fat_tree_ports(int arity, int levels);

/// The fewest levels whose tree holds `nodes` hosts: the smallest n >= 1 with arity^n >= nodes (arity >= 2).
int min_fat_tree_levels(int arity, int nodes);

/// The most levels allowed: the largest n with arity^n <= kMaxFatTreePorts (arity >= 2; 12 for arity 2, 6 for 4,
/// 4 for 8).
int max_fat_tree_levels(int arity);

/// "" when a fat tree of `levels` levels of `arity`-way switches can be built for `nodes` hosts, else the rule it
/// breaks, e.g. "2 levels of 4-way switches hold at most 16 nodes, not 64" or
/// "7 levels of 4-way switches make 16384 host ports; at most 4096 (6 levels)". Arity in [2, 8],
/// levels in [1, 12] (the parser's range check comes first), nodes in [2, 4096].
std::string fat_tree_levels_rule(int arity, int levels, int nodes);

/// "" when `nodes` hosts fit a tree of `arity`-way switches within kMaxFatTreePorts, else the rule, e.g.
/// "3-way switches hold at most 2187 nodes within 4096 host ports (7 levels), not 4096".
std::string fat_tree_arity_rule(int arity, int nodes);

}  // namespace hpcsim
