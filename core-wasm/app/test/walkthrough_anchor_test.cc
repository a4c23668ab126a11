// The Open MPI walkthrough (scenarios/ompi-elan4-progress.json) uses absolute times: they must still frame the
// first 4096-byte RDMA-write message it narrates, or the walkthrough points at the wrong moment.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "nlohmann/json.hpp"
#include "run/session.h"

namespace hpcsim {
namespace {

TEST(Walkthroughs, OmpiStepsFrameTheFirst4KiBRdmaWrite) {
  std::ifstream in(std::string(HPCSIM_SCENARIOS_DIR) + "/ompi-elan4-progress.json");
  std::stringstream text;
  text << in.rdbuf();
  auto scenario = nlohmann::json::parse(text.str());
  const auto& steps = scenario["walkthroughs"][0]["steps"];
  double first = steps.front()["time_us"].get<double>(), last = steps.back()["time_us"].get<double>();
  std::string err;
  auto s = Session::create(text.str(), &err);
  ASSERT_TRUE(s) << err;
  double delivered_us = -1;
  while (true) {
    bool done = s->run(1u << 18);
    auto& t = s->sim().trace();
    for (size_t n = t.take(65536); n > 0; n = t.take(65536))
      for (size_t i = 0; i < n && delivered_us < 0; ++i)
        if (static_cast<TraceKind>(t.batch_kind()[i]) == TraceKind::kMessage && t.batch_value()[i] == 0 &&
            t.batch_bytes()[i] == 4096)
          delivered_us = t.batch_t1()[i] / 1e6;
    if (done) break;
  }
  ASSERT_GT(delivered_us, 0);
  EXPECT_GT(delivered_us, first + 10.0);  // the rendezvous takes ~15 us after the first step's doorbell
  EXPECT_NEAR(delivered_us, last, 1.0);   // the last step is the delivery
}

}  // namespace
}  // namespace hpcsim
