// Test support: seed 003's ping-pong (2 warm-up and 5 timed round trips) between nodes 0 and 1 of a 2-node SCI
// cluster of the usc-sci-p2-350 testbed, for any endpoint built as Ep(sim, sci, &message_ids).
#pragma once
#include <gtest/gtest.h>

#include <cstdint>

#include "hw/sci/sci_cluster.h"
#include "kernel/simulator.h"
#include "params/parameter.h"
#include "workload/pingpong.h"

namespace hpcsim::test {

template <class Ep>
PingPongResult sci_pingpong(uint32_t bytes) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim(0);
  SciCluster sci(sim, p, 2);
  uint32_t msg = 0;
  Ep ep(sim, sci, &msg);
  bool finished = false;
  PingPong pp(sim, [&sci](int n) { return sci.host(n).id(); }, ep, 0, 1, bytes, 2, 5, nullptr,
              [&finished]() { finished = true; });
  pp.start();
  while (!sim.run(1u << 20)) {
  }
  EXPECT_TRUE(finished);
  return pp.result();
}

}  // namespace hpcsim::test
