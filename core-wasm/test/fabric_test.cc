// QsNet fat tree: sizes, routes, cut-through timing and contention.
#include <gtest/gtest.h>

#include "hw/qsnet_fabric.h"

namespace hpcsim {
namespace {

struct Fixture {
  explicit Fixture(int nodes, int arity = 4) {
    ComponentId next = 1;
    for (int i = 0; i < nodes; ++i) nics.push_back(next++);
    fabric = std::make_unique<QsnetFabric>(sim, params, nics, next, "qsnet", arity);
  }
  Simulator sim;
  ParameterSet params;
  std::vector<ComponentId> nics;
  std::unique_ptr<QsnetFabric> fabric;
};

// A route must start at the source NIC, chain channel to channel, and end at the destination NIC.
void expect_valid_route(const Fixture& f, int a, int b) {
  auto path = f.fabric->route(a, b);
  ASSERT_FALSE(path.empty());
  const auto& ch = f.fabric->channels();
  EXPECT_EQ(ch[static_cast<size_t>(path.front())].from, f.nics[static_cast<size_t>(a)]);
  EXPECT_EQ(ch[static_cast<size_t>(path.back())].to, f.nics[static_cast<size_t>(b)]);
  for (size_t i = 1; i < path.size(); ++i)
    EXPECT_EQ(ch[static_cast<size_t>(path[i - 1])].to, ch[static_cast<size_t>(path[i])].from);
}

TEST(QsnetFabric, SixteenNodesIsTwoLevelsOfFourSwitches) {
  Fixture f(16);
  EXPECT_EQ(f.fabric->levels(), 2);
  EXPECT_EQ(f.fabric->switches().size(), 8u);
  // 16 NIC cables + 4 leaves x 4 up-links, two channels each.
  EXPECT_EQ(f.fabric->channels().size(), 2u * (16 + 16));
  EXPECT_EQ(f.fabric->hops(0, 1), 2);  // same leaf switch
  EXPECT_EQ(f.fabric->hops(0, 5), 4);  // leaf, top, leaf: the default scenario's pair
}

TEST(QsnetFabric, EveryPairHasAValidRouteOnOddSizes) {
  for (int n : {2, 5, 6, 17, 64}) {
    Fixture f(n);
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        if (a != b) expect_valid_route(f, a, b);
  }
}

TEST(QsnetFabric, ThousandTwentyFourNodesHasFullBisection) {
  Fixture f(1024);
  EXPECT_EQ(f.fabric->levels(), 5);
  EXPECT_EQ(f.fabric->switches().size(), 5u * 256);  // N/4 switches on every level
  EXPECT_EQ(f.fabric->hops(0, 1023), 10);
  expect_valid_route(f, 0, 1023);
  expect_valid_route(f, 1023, 4);
}

TEST(QsnetFabric, AnyArityBuildsAKAryNTreeWithValidRoutes) {
  // 64 nodes of 8-port-each-way switches: two levels, 8 leaves and 8 tops; a route crosses at most 4 links.
  Fixture eight(64, 8);
  EXPECT_EQ(eight.fabric->arity(), 8);
  EXPECT_EQ(eight.fabric->levels(), 2);
  EXPECT_EQ(eight.fabric->switches().size(), 16u);
  EXPECT_EQ(eight.fabric->hops(0, 7), 2);
  EXPECT_EQ(eight.fabric->hops(0, 63), 4);
  // A binary fat tree of 8 nodes: three levels of 4 switches; 0 to 7 goes to the top and back.
  Fixture two(8, 2);
  EXPECT_EQ(two.fabric->levels(), 3);
  EXPECT_EQ(two.fabric->switches().size(), 12u);
  EXPECT_EQ(two.fabric->hops(0, 1), 2);
  EXPECT_EQ(two.fabric->hops(0, 7), 6);
  for (int arity : {2, 3, 5, 8})
    for (int n : {7, 30}) {
      Fixture f(n, arity);
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          if (a != b) expect_valid_route(f, a, b);
    }
}

TEST(QsnetFabric, PacketLatencyIsSerialisationPlusHops) {
  Fixture f(16);
  Time delivered = -1;
  f.fabric->send(0, 5, 340, TraceKind::kQdmaPacket, 1, [&] { delivered = f.sim.now(); });
  f.sim.run(1000);
  Time ser = transfer_time_ps(340, 340e6);              // 1 us at 340 MB/s
  Time hop = ns_to_ps(35 + 10);                         // Elite + cable
  EXPECT_EQ(ser, 1000000);
  EXPECT_EQ(delivered, 4 * hop + ser);                  // head crosses 3 switches, tail follows
}

TEST(QsnetFabric, PacketsSharingALinkQueue) {
  Fixture f(16);
  Time first = -1, second = -1;
  f.fabric->send(0, 5, 3400, TraceKind::kRdmaPacket, 1, [&] { first = f.sim.now(); });
  f.fabric->send(0, 6, 3400, TraceKind::kRdmaPacket, 2, [&] { second = f.sim.now(); });
  f.sim.run(1000);
  EXPECT_GE(second - first, transfer_time_ps(3400, 340e6) - ns_to_ps(50));  // second waits for the NIC link
}

}  // namespace
}  // namespace hpcsim
