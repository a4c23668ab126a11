// The topology's facts that the page shows instead of deriving them (issue 10, item 4): each network's bus (name,
// width, clock, data rate) from the parameters it runs at, its switch model and link rate, the rail of every
// Elan4 part, and the header of a side network (seed 003's Fast Ethernet) under "networks".
#include <gtest/gtest.h>

#include <string>

#include "nlohmann/json.hpp"
#include "run/session.h"

namespace hpcsim {
namespace {

using json = nlohmann::json;

json topology(const std::string& cluster, const std::string& series, const std::string& parameters = "{}") {
  std::string text = R"({"format":"hpc-interconnect-scenario","version":1,"id":"t","cluster":)" + cluster +
                     R"(,"workload":{"kind":"pingpong","initiator":0,"target":1,"sizes_bytes":[0],"series":)" + series +
                     R"(},"parameters":)" + parameters + "}";
  std::string err;
  auto s = Session::create(text, &err);
  EXPECT_TRUE(s) << err;
  return s ? json::parse(s->topology_json()) : json();
}

TEST(TopologyFacts, QsnetBusIsTheTestbedsPciAndItsSwitchesAreElite) {
  json t = topology(R"({"fabric":"qsnet","nodes":4})", R"([{"id":"p","protocol":"portals","operation":"put"}])");
  EXPECT_EQ(t["switch"], "Elite");
  EXPECT_EQ(t["bus"]["name"], "PCI");
  EXPECT_EQ(t["bus"]["width_bits"], 64);  // seed 002 §5: 64-bit/66 MHz
  EXPECT_DOUBLE_EQ(t["bus"]["clock_MHz"].get<double>(), 66.0);
  EXPECT_DOUBLE_EQ(t["bus"]["MBps"].get<double>(), 528.0);
  EXPECT_FALSE(t.contains("networks"));
}

TEST(TopologyFacts, BusFollowsTheRunsParameters) {
  json t = topology(R"({"fabric":"qsnet","nodes":4})", R"([{"id":"p","protocol":"portals","operation":"put"}])",
                    R"({"pci.clock_MHz":33,"pci.width_bytes":4})");
  EXPECT_EQ(t["bus"]["width_bits"], 32);
  EXPECT_DOUBLE_EQ(t["bus"]["clock_MHz"].get<double>(), 33.0);
}

TEST(TopologyFacts, TwoRailElan4PartsCarryTheirRail) {
  json t = topology(R"({"fabric":"qsnet2","nic":"elan4","nodes":4,"rails":2})",
                    R"([{"id":"o","protocol":"ompi","operation":"rdma-write"}])");
  EXPECT_EQ(t["switch"], "Elite4");
  EXPECT_EQ(t["bus"]["name"], "PCI-X");
  EXPECT_EQ(t["rails"], 2);
  int per_rail[2] = {0, 0};
  for (const auto& c : t["components"]) {
    if (c["kind"] == "host") {
      EXPECT_FALSE(c.contains("rail"));
      continue;
    }
    ASSERT_TRUE(c.contains("rail")) << c["name"];
    int r = c["rail"].get<int>();
    ASSERT_TRUE(r == 0 || r == 1) << c["name"];
    ++per_rail[r];
  }
  EXPECT_EQ(per_rail[0], per_rail[1]);  // each rail: a PCI-X bus and an Elan4 per node, and its own fat tree
}

TEST(TopologyFacts, SciRingletWithFastEthernetDescribesBothNetworks) {
  json t = topology(R"({"fabric":"sci-ringlet","nodes":4})",
                    R"([{"id":"s","protocol":"ss-via","operation":"send"},{"id":"m","protocol":"m-via","operation":"send"}])");
  EXPECT_EQ(t["fabric"], "sci-ringlet");
  EXPECT_FALSE(t.contains("switch"));
  EXPECT_EQ(t["bus"]["width_bits"], 32);  // seed 003's testbed: 32-bit/33 MHz PCI
  EXPECT_DOUBLE_EQ(t["bus"]["clock_MHz"].get<double>(), 33.0);
  ASSERT_TRUE(t["networks"].contains("ethernet"));
  const json& eth = t["networks"]["ethernet"];
  EXPECT_EQ(eth["fabric"], "fast-ethernet");
  EXPECT_EQ(eth["nic"], "tulip");
  EXPECT_EQ(eth["switch"], "store-and-forward Fast Ethernet switch");
  EXPECT_DOUBLE_EQ(eth["link_MBps"].get<double>(), 12.5);  // 100 Mb/s
  EXPECT_EQ(eth["bus"]["width_bits"], 32);
}

}  // namespace
}  // namespace hpcsim
