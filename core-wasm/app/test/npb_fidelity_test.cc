// Seed 003 "Execution Time of NPB" and its conclusion ("NAS Parallel Benchmark: average speed-up of 6.1"):
// scenarios/npb-sci-8node.json, the seed's problem sizes on 8 nodes, gives SS-VIA's average speed-up within
// +-15% (the tolerance), every speed-up no better than linear, and EP (no communication but four
// reductions) within 1% of linear, and SS-VIA ahead of the Fast Ethernet systems. The whole scenario runs (about
// a minute natively).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "nlohmann/json.hpp"
#include "run/session.h"

namespace hpcsim {
namespace {

TEST(NpbFidelity, SsViaAverageSpeedupOn8NodesIsTheSeeds) {
  std::ifstream f(std::string(HPCSIM_SCENARIOS_DIR) + "/npb-sci-8node.json");
  std::stringstream text;
  text << f.rdbuf();
  std::string err;
  auto s = Session::create(text.str(), &err);
  ASSERT_TRUE(s) << err;
  while (!s->run(1u << 24)) {
  }
  auto j = nlohmann::json::parse(s->result_json());
  ASSERT_FALSE(j.contains("stalled")) << j["stalled"];
  const nlohmann::json* speedup = nullptr;
  for (const auto& t : j["tables"])
    if (t["id"] == "npb-speedup") speedup = &t;
  ASSERT_NE(speedup, nullptr);
  ASSERT_EQ((*speedup)["rows"].size(), 5u);
  for (const auto& row : (*speedup)["rows"]) {
    for (const auto& v : row["values"]) {
      EXPECT_GT(v.get<double>(), 1.0) << row["label"];
      EXPECT_LE(v.get<double>(), 8.0) << row["label"];
    }
    std::printf("npb-speedup %-8s SS-VIA %.2f  SCI-MPI %.2f  M-VIA %.2f  TCP/IP %.2f\n",
                row["label"].get<std::string>().c_str(), row["values"][0].get<double>(),
                row["values"][1].get<double>(), row["values"][2].get<double>(), row["values"][3].get<double>());
  }
  double average = (*speedup)["rows"][4]["values"][0].get<double>();
  EXPECT_EQ((*speedup)["rows"][4]["label"], "Average");
  EXPECT_NEAR(average, 6.1, 6.1 * 0.15);
  EXPECT_NEAR((*speedup)["rows"][3]["values"][0].get<double>(), 8.0, 0.08) << "EP";
  // The seed's comparison: on the benchmarks that communicate (LU, MG, CG), SS-VIA scales better than MPI over
  // M-VIA and over TCP/IP on Fast Ethernet.
  ASSERT_EQ((*speedup)["columns"].size(), 4u);
  for (size_t r = 0; r < 3; ++r) {
    const auto& v = (*speedup)["rows"][r]["values"];
    EXPECT_GT(v[0].get<double>(), v[2].get<double>()) << (*speedup)["rows"][r]["label"];
    EXPECT_GT(v[0].get<double>(), v[3].get<double>()) << (*speedup)["rows"][r]["label"];
  }
}

}  // namespace
}  // namespace hpcsim
