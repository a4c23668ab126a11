// The ping-pong driver's two call orders (workload.order): seed 002's receive-first test and an MPI latency
// test's send-first order (MPI_Send then MPI_Recv), checked on a scripted endpoint that logs every call.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "kernel/simulator.h"
#include "scenario/parse_scenario.h"
#include "workload/pingpong_spec.h"
#include "workload/pingpong.h"

namespace hpcsim {
namespace {

/// Every call takes 1 us of host time; a message arrives 2 us after its send starts. Logs (node, op).
class ScriptedEndpoint : public PingPongEndpoint {
 public:
  explicit ScriptedEndpoint(Simulator& sim) : sim_(sim) {}
  std::vector<std::pair<int, HostOp>> log;

  void post_receive(int node, int, uint32_t, Done then) override { call(node, HostOp::kPostReceive, then); }
  void send(int node, int peer, uint32_t, Done then) override {
    sim_.after(us(2), 0, EventKind::kWorkloadStep, 0, [this, peer]() { arrive(peer); });
    call(node, HostOp::kSend, then);
  }
  void wait_send_complete(int node, Done then) override { call(node, HostOp::kWaitSendComplete, then); }
  void wait_arrival(int node, Done then) override {
    log.push_back({node, HostOp::kWaitArrival});
    if (arrived_[node] > 0) {
      --arrived_[node];
      sim_.after(us(1), 0, EventKind::kWorkloadStep, 0, then);
    } else {
      waiting_[node] = then;
    }
  }
  const char* table_column() const override { return "scripted"; }

 private:
  static Time us(int n) { return static_cast<Time>(n) * 1000000; }
  void call(int node, HostOp op, Done then) {
    log.push_back({node, op});
    sim_.after(us(1), 0, EventKind::kWorkloadStep, 0, then);
  }
  void arrive(int node) {
    if (waiting_[node]) {
      Done d = std::move(waiting_[node]);
      waiting_[node] = nullptr;
      sim_.after(us(1), 0, EventKind::kWorkloadStep, 0, d);
    } else {
      ++arrived_[node];
    }
  }
  Simulator& sim_;
  int arrived_[2] = {0, 0};
  Done waiting_[2];
};

std::vector<HostOp> ops_of(const std::vector<std::pair<int, HostOp>>& log, int node, size_t n) {
  std::vector<HostOp> out;
  for (const auto& e : log)
    if (e.first == node && out.size() < n) out.push_back(e.second);
  return out;
}

std::vector<std::pair<int, HostOp>> run(PingPongOrder order, double* one_way_us) {
  Simulator sim(1);
  ScriptedEndpoint ep(sim);
  PingPong pp(sim, [](int node) { return static_cast<ComponentId>(node); }, ep, 0, 1, 8, 0, 3, nullptr, []() {});
  pp.set_order(order);
  pp.start();
  while (!sim.run(1u << 16)) {
  }
  *one_way_us = pp.result().one_way_latency_us();
  return ep.log;
}

TEST(PingPongOrder, ReceiveFirstPostsBeforeEachSend) {
  double us = 0;
  auto log = run(PingPongOrder::kReceiveFirst, &us);
  using H = HostOp;
  EXPECT_EQ(ops_of(log, 0, 4), (std::vector<H>{H::kPostReceive, H::kSend, H::kWaitSendComplete, H::kWaitArrival}));
  // The target's first receive is posted before the run; then wait, post for the next ping, send the pong.
  EXPECT_EQ(ops_of(log, 1, 5),
            (std::vector<H>{H::kPostReceive, H::kWaitArrival, H::kPostReceive, H::kSend, H::kWaitSendComplete}));
  // Critical path: post (1), the ping lands 2 us after its send starts (3), the target wakes (4), posts (5), the
  // pong lands (7), the initiator wakes (8): 8 us per iteration, 4 us one-way.
  EXPECT_DOUBLE_EQ(us, 4.0);
}

TEST(PingPongOrder, SendFirstPostsAfterTheSendCompletes) {
  double us = 0;
  auto log = run(PingPongOrder::kSendFirst, &us);
  using H = HostOp;
  EXPECT_EQ(ops_of(log, 0, 4), (std::vector<H>{H::kSend, H::kWaitSendComplete, H::kPostReceive, H::kWaitArrival}));
  EXPECT_EQ(ops_of(log, 1, 5),
            (std::vector<H>{H::kPostReceive, H::kWaitArrival, H::kSend, H::kWaitSendComplete, H::kPostReceive}));
  // The posts leave the critical path: the ping lands (2), the target wakes (3), the pong lands (5), the
  // initiator, which posted at 2-3, wakes (6): 6 us per iteration, 3 us one-way.
  EXPECT_DOUBLE_EQ(us, 3.0);
}

TEST(PingPongOrder, ScenarioFieldIsParsedAndCheckedByName) {
  const std::string base = R"({"format":"hpc-interconnect-scenario","version":1,"id":"t","cluster":{"fabric":"qsnet","nodes":2},
    "workload":{"kind":"pingpong","initiator":0,"target":1,"sizes_bytes":[0],ORDER
    "series":[{"id":"p","protocol":"portals","operation":"put"}]}})";
  auto with = [&](const std::string& order) {
    std::string t = base;
    t.replace(t.find("ORDER"), 5, order);
    return t;
  };
  Scenario s;
  EXPECT_EQ(parse_scenario(with(""), &s), "");
  EXPECT_FALSE(s.workload_as<PingPongSpec>().send_first);
  Scenario s2;
  EXPECT_EQ(parse_scenario(with(R"("order":"send-first",)"), &s2), "");
  EXPECT_TRUE(s2.workload_as<PingPongSpec>().send_first);
  std::string err = parse_scenario(with(R"("order":"sideways",)"), &s);
  EXPECT_NE(err.find("workload.order"), std::string::npos) << err;
}

}  // namespace
}  // namespace hpcsim
