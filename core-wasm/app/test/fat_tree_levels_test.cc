// Fat-tree levels chosen apart from the node count (cluster.levels): the rule, the built tree, its routes, a
// whole run on it, and the parser's refusals.
#include <gtest/gtest.h>

#include <map>

#include "hw/machine.h"
#include "hw/qsnet_cluster.h"
#include "hw/fat_tree_shape.h"
#include "nlohmann/json.hpp"
#include "run/session.h"
#include "scenario/parse_scenario.h"
#include "support/scenario_runs.h"

namespace hpcsim {
namespace {

std::map<int, int> switches_per_level(const QsnetFabric& f) {
  std::map<int, int> n;
  for (const auto& s : f.switches()) ++n[s.level];
  return n;
}

// The switch levels a route from `a` to `b` visits.
std::vector<int> levels_on_route(const QsnetFabric& f, int a, int b) {
  std::map<ComponentId, int> level;
  for (const auto& s : f.switches()) level[s.id] = s.level;
  std::vector<int> out;
  for (int c : f.route(a, b)) {
    auto it = level.find(f.channels()[static_cast<size_t>(c)].to);
    if (it != level.end()) out.push_back(it->second);
  }
  return out;
}

TEST(FatTreeLevels, TheRuleBoundsLevelsByTheNodesAndByTheHostPorts) {
  EXPECT_EQ(min_fat_tree_levels(4, 16), 2);
  EXPECT_EQ(min_fat_tree_levels(4, 17), 3);
  EXPECT_EQ(min_fat_tree_levels(2, 1024), 10);
  EXPECT_EQ(max_fat_tree_levels(4), 6);   // 4^6 = 4096
  EXPECT_EQ(max_fat_tree_levels(8), 4);   // 8^4 = 4096
  EXPECT_EQ(max_fat_tree_levels(2), 12);  // 2^12 = 4096
  EXPECT_EQ(max_fat_tree_levels(3), 7);   // 3^7 = 2187, 3^8 = 6561
  // Every arity holds the largest cluster at its minimum depth.
  for (int k = 2; k <= 8; ++k) EXPECT_LE(min_fat_tree_levels(k, 1024), max_fat_tree_levels(k)) << k;
  EXPECT_EQ(fat_tree_levels_rule(4, 2, 64), "2 levels of 4-way switches hold at most 16 nodes, not 64");
  EXPECT_EQ(fat_tree_levels_rule(4, 7, 64), "7 levels of 4-way switches make 16384 host ports; at most 4096 (6 levels)");
  EXPECT_EQ(fat_tree_levels_rule(4, 3, 64), "");
  EXPECT_EQ(fat_tree_levels_rule(4, 6, 64), "");
  // QsNetII's 4,096 nodes fit the power-of-two arities; the others hold what fits in 4096 host ports.
  for (int k : {2, 4, 8}) EXPECT_EQ(fat_tree_arity_rule(k, 4096), "") << k;
  EXPECT_EQ(fat_tree_arity_rule(3, 2187), "");
  EXPECT_EQ(fat_tree_arity_rule(3, 2188), "3-way switches hold at most 2187 nodes within 4096 host ports (7 levels), not 2188");
  EXPECT_EQ(fat_tree_arity_rule(7, 4096), "7-way switches hold at most 2401 nodes within 4096 host ports (4 levels), not 4096");
}

TEST(FatTreeLevels, SpareLevelsAreBuiltWholeAndIdleAboveTheHosts) {
  Simulator sim;
  ParameterSet p;
  // 16 Elan3 nodes need two levels of 4-way switches; four levels add 16 and 64 switches on top.
  QsnetCluster c(sim, p, 16, NicFamily::kElan3, 1, 4, 4);
  const QsnetFabric& f = c.fabric();
  EXPECT_EQ(f.levels(), 4);
  EXPECT_EQ(switches_per_level(f), (std::map<int, int>{{1, 4}, {2, 4}, {3, 16}, {4, 64}}));
  // Cables: 16 to the hosts, 16 leaf up-links, 16 from level 2 to 3, 64 from level 3 to 4; two channels each.
  EXPECT_EQ(f.channels().size(), 2u * (16 + 16 + 16 + 64));
  // Hosts 0 and 5 sit under different leaves of the one populated level-2 subtree: the route turns at level 2,
  // exactly as in the two-level tree, and the spare stages carry nothing.
  EXPECT_EQ(levels_on_route(f, 0, 5), (std::vector<int>{1, 2, 1}));
  EXPECT_EQ(f.hops(0, 15), 4);
  // Every spare switch has a link down (the tree is connected) even though no route reaches it.
  std::map<ComponentId, int> down;
  for (const auto& ch : f.channels()) down[ch.from] += 1;
  for (const auto& s : f.switches())
    if (s.level >= 3) {
      EXPECT_GE(down[s.id], 1) << s.id;
    }
  auto topo = Machine::topology_of(c);
  EXPECT_EQ(topo["levels"], 4);
  int top = 0;
  for (const auto& comp : topo["components"])
    if (comp["kind"] == "switch" && comp["level"] == 4) ++top;
  EXPECT_EQ(top, 64);
}

TEST(FatTreeLevels, HostsInDifferentSubtreesMeetAtTheirNearestCommonAncestor) {
  Simulator sim;
  ParameterSet p;
  // 64 Elan4 nodes: three levels needed, four built. 0 and 63 are in different level-2 subtrees: up to level 3 and
  // down, six links, never level 4; 0 and 20 differ at level 2 as well.
  QsnetCluster c(sim, p, 64, NicFamily::kElan4, 1, 4, 4);
  const QsnetFabric& f = c.fabric_rail(0);
  EXPECT_EQ(f.levels(), 4);
  EXPECT_EQ(levels_on_route(f, 0, 63), (std::vector<int>{1, 2, 3, 2, 1}));
  EXPECT_EQ(levels_on_route(f, 0, 20), (std::vector<int>{1, 2, 3, 2, 1}));
  EXPECT_EQ(levels_on_route(f, 0, 3), (std::vector<int>{1}));
  // d-mod-k: the up port at each level is the destination's digit, so 0 -> 63 and 0 -> 62 leave leaf 0 by
  // different up-links (digits 3 and 2).
  EXPECT_NE(f.route(0, 63)[1], f.route(0, 62)[1]);
}

nlohmann::json scenario_with(const nlohmann::json& cluster) {
  return nlohmann::json{{"format", "hpc-interconnect-scenario"}, {"version", 1}, {"id", "t"}, {"cluster", cluster},
                        {"workload",
                         {{"kind", "pingpong"}, {"initiator", 0}, {"target", 5}, {"sizes_bytes", {0, 4096}},
                          {"series", {{{"id", "p"}, {"protocol", "portals"}, {"operation", "put"}}}}}}};
}

// A whole run's result JSON with its topology JSON under "topology".
nlohmann::json run_levels(const nlohmann::json& scenario) {
  nlohmann::json topology;
  auto out = test::run_to_end(scenario.dump(), &topology);
  out["topology"] = std::move(topology);
  return out;
}

// Every route, on full and partial trees of several arities and with spare levels, is a chain of channels from the
// source's NIC up through switches of rising level to the lowest level whose subtree holds both nodes, each up port
// the destination's digit (d-mod-k), then down through falling levels to the destination's NIC; its names start and
// end at the two NICs.
TEST(FatTreeLevels, EveryRouteChainsUpByTheDestinationsDigitsAndDownToIt) {
  struct Shape { int nodes, arity, levels; };
  for (Shape sh : {Shape{16, 4, 0}, Shape{64, 4, 4}, Shape{50, 4, 0}, Shape{27, 3, 0}, Shape{10, 3, 4}, Shape{32, 2, 0},
                   Shape{64, 8, 0}, Shape{9, 8, 3}}) {
    Simulator sim;
    ParameterSet p;
    QsnetCluster c(sim, p, sh.nodes, NicFamily::kElan4, 1, sh.arity, sh.levels);
    const QsnetFabric& f = c.fabric_rail(0);
    std::map<ComponentId, const EliteSwitch*> sw;
    for (const auto& s : f.switches()) sw[s.id] = &s;
    auto pw = [&](int e) { int v = 1; while (e-- > 0) v *= sh.arity; return v; };
    for (int a = 0; a < sh.nodes; ++a)
      for (int b = 0; b < sh.nodes; ++b) {
        SCOPED_TRACE(::testing::Message() << sh.nodes << " nodes, " << sh.arity << "-way, " << a << " -> " << b);
        std::vector<int> path = f.route(a, b);
        if (a == b) {
          EXPECT_TRUE(path.empty());
          continue;
        }
        int top = 1;
        while (a / pw(top) != b / pw(top)) ++top;
        ASSERT_EQ(path.size(), static_cast<size_t>(2 * top));
        for (size_t i = 0; i + 1 < path.size(); ++i) {
          const Channel& ch = f.channels()[static_cast<size_t>(path[i])];
          ASSERT_EQ(ch.to, f.channels()[static_cast<size_t>(path[i + 1])].from);
          ASSERT_TRUE(sw.count(ch.to));
          const EliteSwitch& s = *sw[ch.to];
          int level = i < static_cast<size_t>(top) ? static_cast<int>(i) + 1 : 2 * top - 1 - static_cast<int>(i);
          EXPECT_EQ(s.level, level);
          EXPECT_EQ(s.subtree, (i < static_cast<size_t>(top) ? a : b) / pw(level));
          EXPECT_EQ(s.rank, b % pw(level - 1));  // the destination's low digits choose the ports (d-mod-k)
        }
        EXPECT_FALSE(sw.count(f.channels()[static_cast<size_t>(path.front())].from));
        EXPECT_FALSE(sw.count(f.channels()[static_cast<size_t>(path.back())].to));
        std::string names = f.route_names(a, b);
        EXPECT_EQ(names.rfind("elan4-" + std::to_string(a) + " ", 0), 0u) << names;
        std::string tail = " elan4-" + std::to_string(b);
        EXPECT_EQ(names.substr(names.size() - tail.size()), tail) << names;
      }
  }
}

TEST(FatTreeLevels, ARunOnSpareLevelsHasTheSameLatenciesAndMoreSwitches) {
  auto two = run_levels(scenario_with({{"fabric", "qsnet"}, {"nodes", 16}}));
  auto five = run_levels(scenario_with({{"fabric", "qsnet"}, {"nodes", 16}, {"levels", 5}}));
  EXPECT_EQ(two["topology"]["levels"], 2);
  EXPECT_EQ(five["topology"]["levels"], 5);
  EXPECT_GT(five["topology"]["components"].size(), two["topology"]["components"].size());
  for (size_t k = 0; k < 2; ++k)
    EXPECT_DOUBLE_EQ(five["series"][0]["points"][k]["latency_us"].get<double>(),
                     two["series"][0]["points"][k]["latency_us"].get<double>());
}

TEST(FatTreeLevels, TheParserNamesTheFieldAndTheRule) {
  Scenario s;
  ASSERT_EQ(parse_scenario(scenario_with({{"fabric", "qsnet"}, {"nodes", 16}}).dump(), &s), "");
  EXPECT_EQ(s.levels, 0);
  ASSERT_EQ(parse_scenario(scenario_with({{"fabric", "qsnet"}, {"nodes", 16}, {"levels", 3}}).dump(), &s), "");
  EXPECT_EQ(s.levels, 3);
  auto error = [](const nlohmann::json& cluster) {
    Scenario x;
    return parse_scenario(scenario_with(cluster).dump(), &x);
  };
  EXPECT_EQ(error({{"fabric", "qsnet"}, {"nodes", 64}, {"levels", 2}}),
            "cluster.levels: 2 levels of 4-way switches hold at most 16 nodes, not 64");
  EXPECT_EQ(error({{"fabric", "qsnet2"}, {"nodes", 64}, {"arity", 8}, {"levels", 5}}),
            "cluster.levels: 5 levels of 8-way switches make 32768 host ports; at most 4096 (4 levels)");
  EXPECT_EQ(error({{"fabric", "qsnet"}, {"nodes", 16}, {"levels", 0}}), "cluster.levels: 0 is outside [1, 12]");
  EXPECT_EQ(error({{"fabric", "qsnet"}, {"nodes", 16}, {"levels", "3"}}), "cluster.levels: must be integer");
  EXPECT_EQ(error({{"fabric", "sci-ringlet"}, {"nodes", 8}, {"levels", 2}}),
            "cluster.levels: a ringlet has no switch levels (fat trees only)");
}

}  // namespace
}  // namespace hpcsim
