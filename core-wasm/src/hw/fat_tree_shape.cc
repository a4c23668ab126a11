#include "hw/fat_tree_shape.h"

namespace hpcsim {

int64_t fat_tree_ports(int arity, int levels) {
  int64_t v = 1;
  for (int i = 0; i < levels; ++i) v *= arity;
  return v;
}

int min_fat_tree_levels(int arity, int nodes) {
  int n = 1;
  while (fat_tree_ports(arity, n) < nodes) ++n;
  return n;
}

int max_fat_tree_levels(int arity) {
  int n = 1;
  while (fat_tree_ports(arity, n + 1) <= kMaxFatTreePorts) ++n;
  return n;
}

std::string fat_tree_levels_rule(int arity, int levels, int nodes) {
  std::string k = std::to_string(arity) + "-way switches";
  std::string l = std::to_string(levels) + (levels == 1 ? " level of " : " levels of ");
  if (levels < min_fat_tree_levels(arity, nodes))
    return l + k + " hold at most " + std::to_string(fat_tree_ports(arity, levels)) + " nodes, not " +
           std::to_string(nodes);
  if (levels > max_fat_tree_levels(arity))
    return l + k + " make " + std::to_string(fat_tree_ports(arity, levels)) + " host ports; at most " +
           std::to_string(kMaxFatTreePorts) + " (" + std::to_string(max_fat_tree_levels(arity)) + " levels)";
  return "";
}

std::string fat_tree_arity_rule(int arity, int nodes) {
  const int most = max_fat_tree_levels(arity);
  if (fat_tree_ports(arity, most) >= nodes) return "";
  return std::to_string(arity) + "-way switches hold at most " + std::to_string(fat_tree_ports(arity, most)) +
         " nodes within " + std::to_string(kMaxFatTreePorts) + " host ports (" + std::to_string(most) +
         " levels), not " + std::to_string(nodes);
}

}  // namespace hpcsim
