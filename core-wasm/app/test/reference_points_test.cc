// Every canonical scenario's published reference points (its `reference.series`) are reproduced within 10%.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "nlohmann/json.hpp"
#include "run/session.h"

namespace hpcsim {
namespace {

using nlohmann::json;

class ReferencePoints : public ::testing::TestWithParam<const char*> {};

TEST_P(ReferencePoints, WithinTenPercent) {
  std::ifstream in(std::string(HPCSIM_SCENARIOS_DIR) + "/" + GetParam() + ".json");
  std::stringstream text;
  text << in.rdbuf();
  json scenario = json::parse(text.str());
  std::string err;
  auto s = Session::create(text.str(), &err);
  ASSERT_TRUE(s) << err;
  while (!s->run(1u << 20)) {
  }
  json result = json::parse(s->result_json());
  int checked = 0;
  for (const auto& ref : scenario["reference"]["series"])
    for (const auto& series : result["series"])
      if (series["id"] == ref["id"])
        for (const auto& want : ref["points"])
          for (const auto& got : series["points"])
            if (got["bytes"] == want["bytes"]) {
              for (const char* key : {"latency_us", "bandwidth_MBps"})
                if (want.contains(key)) {
                  double paper = want[key].get<double>();
                  EXPECT_NEAR(got[key].get<double>(), paper, 0.10 * paper) << ref["id"] << " " << key << " at " << want["bytes"];
                  ++checked;
                }
            }
  EXPECT_GT(checked, 0);
}

INSTANTIATE_TEST_SUITE_P(Scenarios, ReferencePoints, ::testing::Values("portals-qsnet-pingpong", "via-sci-pingpong"));

}  // namespace
}  // namespace hpcsim
