// The MPICH engine's own rules, over a loopback device (every message reaches its destination 1 µs after the send
// starts): where matching happens (MPI_Irecv against the unexpected queue, arrival against the posted queue), the
// costs it charges (its Costs, per queue entry inspected), MPI status and truncation, MPI_Wait, the connect calls
// and the ping-pong mapping.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "hw/sci/sci_cluster.h"
#include "mpich/engine.h"

namespace hpcsim {
namespace {

constexpr Time kWirePs = 1000000;  // the loopback device's delivery time
// Distinct costs, so each assertion names which one was charged.
constexpr mpich::Costs kCosts{1000, 2000, 100, 3000, 500};

class LoopDevice : public MpichEngine {
 public:
  struct Call {
    int node;
    int rreq;  ///< -1 for keep_unexpected
    bool unexpected;
    Time at;
  };
  LoopDevice(Simulator& sim, SciCluster& c) : MpichEngine(c.size(), kCosts), sim_(sim), c_(c) {}
  const char* table_column() const override { return "loop"; }
  std::vector<Call> calls;
  std::vector<std::pair<int, int>> connects;
  Time host_cycles_ps(uint64_t cycles) { return c_.host(0).cycles_ps(cycles); }

 private:
  Host& host_of(int node) override { return c_.host(node); }
  void connect(int node, int peer) override { connects.push_back({node, peer}); }
  void start_send(int node, const SendOp& op, Done returned) override {
    mpi::Envelope e;
    e.src = node;
    e.tag = op.tag;
    e.bytes = op.bytes;
    int dst = op.dst;
    sim_.after(kWirePs, 0, EventKind::kGeneric, 0, [this, dst, e]() { arrived(dst, e, []() {}); });
    complete(node, op.req);
    returned();
  }
  void deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) override {
    calls.push_back({node, rreq, unexpected, sim_.now()});
    set_status(node, rreq, e);
    complete(node, rreq);
    then();
  }
  void keep_unexpected(int node, const mpi::Envelope&, Done then) override {
    calls.push_back({node, -1, true, sim_.now()});
    then();
  }
  Simulator& sim_;
  SciCluster& c_;
};

struct Rig {
  ParameterSet p{"usc-sci-p2-350"};
  Simulator sim{0};
  SciCluster sci;
  LoopDevice mpi;
  explicit Rig(int nodes = 3) : sci(sim, p, nodes), mpi(sim, sci) {}
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
};

TEST(MpichEngine, UnexpectedMessageIsDeliveredAtIrecvAfterItsSearch) {
  Rig r;
  r.mpi.isend(0, 2, 7, 64, []() {});
  r.mpi.isend(1, 2, 8, 32, []() {});
  r.run();
  ASSERT_EQ(r.mpi.calls.size(), 2u);  // both arrived with nothing posted
  EXPECT_EQ(r.mpi.calls[0].rreq, -1);
  EXPECT_EQ(r.mpi.unexpected(2), 2u);
  Time start = r.sim.now();
  Time returned = 0;
  int q = r.mpi.irecv(2, mpi::kAnySource, 8, 100, [&]() { returned = r.sim.now(); });
  r.run();
  ASSERT_EQ(r.mpi.calls.size(), 3u);
  EXPECT_EQ(r.mpi.calls[2].rreq, q);
  EXPECT_TRUE(r.mpi.calls[2].unexpected);
  // Two unexpected entries inspected (tag 7 then tag 8): the receive's cost plus two entries.
  EXPECT_EQ(r.mpi.calls[2].at - start, r.mpi.host_cycles_ps(2000 + 2 * 100));
  EXPECT_EQ(returned, r.mpi.calls[2].at);
  EXPECT_EQ(r.mpi.unexpected(2), 1u);
  const mpi::Request* s = r.mpi.request(2, q);
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(s->complete);
  EXPECT_EQ(s->status_src, 1);
  EXPECT_EQ(s->status_tag, 8);
  EXPECT_EQ(s->status_bytes, 32u);
  EXPECT_FALSE(s->truncated);
}

TEST(MpichEngine, ArrivalMatchesThePostedQueueAfterTheDispatchCost) {
  Rig r;
  int other = r.mpi.irecv(1, 0, 99, 64, []() {});
  int q = r.mpi.irecv(1, 0, 5, 64, []() {});
  r.run();
  EXPECT_EQ(r.mpi.posted(1), 2u);
  Time sent = r.sim.now();
  r.mpi.isend(0, 1, 5, 64, []() {});
  r.run();
  ASSERT_EQ(r.mpi.calls.size(), 1u);
  EXPECT_EQ(r.mpi.calls[0].rreq, q);
  EXPECT_FALSE(r.mpi.calls[0].unexpected);
  // Sent after the isend cost, arrived kWirePs after that, matched after dispatch + two posted entries.
  EXPECT_EQ(r.mpi.calls[0].at - sent, r.mpi.host_cycles_ps(1000) + kWirePs + r.mpi.host_cycles_ps(3000 + 2 * 100));
  EXPECT_FALSE(r.mpi.done(1, other));
  EXPECT_EQ(r.mpi.posted(1), 1u);
}

TEST(MpichEngine, SameSourceMessagesDoNotOvertake) {
  Rig r;
  int a = r.mpi.irecv(1, 0, mpi::kAnyTag, 64, []() {});
  int b = r.mpi.irecv(1, 0, mpi::kAnyTag, 64, []() {});
  r.mpi.isend(0, 1, 1, 10, []() {});
  r.mpi.isend(0, 1, 2, 20, []() {});
  r.run();
  EXPECT_EQ(r.mpi.request(1, a)->status_tag, 1);
  EXPECT_EQ(r.mpi.request(1, b)->status_tag, 2);
}

TEST(MpichEngine, LongerMessageTruncatesTheStatus) {
  Rig r;
  int q = r.mpi.irecv(1, 0, 0, 8, []() {});
  r.mpi.isend(0, 1, 0, 100, []() {});
  r.run();
  EXPECT_TRUE(r.mpi.request(1, q)->truncated);
  EXPECT_EQ(r.mpi.request(1, q)->status_bytes, 8u);
}

TEST(MpichEngine, WaitChargesItsCostOnceCompleteAndUnknownReturnsAtOnce) {
  Rig r;
  int s = r.mpi.isend(0, 1, 0, 8, []() {});
  r.run();
  ASSERT_TRUE(r.mpi.done(0, s));
  Time start = r.sim.now(), back = 0;
  r.mpi.wait(0, s, [&]() { back = r.sim.now(); });
  r.run();
  EXPECT_EQ(back - start, r.mpi.host_cycles_ps(500));
  r.mpi.release(0, s);
  EXPECT_EQ(r.mpi.request(0, s), nullptr);
  bool at_once = false;
  r.mpi.wait(0, s, [&]() { at_once = true; });
  EXPECT_TRUE(at_once);
}

TEST(MpichEngine, ConnectNamesEveryPeerButAnySource) {
  Rig r;
  r.mpi.isend(0, 2, 0, 8, []() {});
  r.mpi.irecv(1, 0, 0, 8, []() {});
  r.mpi.irecv(1, mpi::kAnySource, 0, 8, []() {});
  ASSERT_EQ(r.mpi.connects.size(), 2u);
  EXPECT_EQ(r.mpi.connects[0], std::make_pair(0, 2));
  EXPECT_EQ(r.mpi.connects[1], std::make_pair(1, 0));
}

TEST(MpichEngine, PingPongWaitsForTheOldestPostedReceive) {
  Rig r;
  r.mpi.post_receive(1, 0, 8, []() {});
  r.mpi.post_receive(1, 0, 8, []() {});
  r.run();
  int waits = 0;
  r.mpi.wait_arrival(1, [&]() { ++waits; });
  r.run();
  EXPECT_EQ(waits, 0);  // nothing sent yet
  r.mpi.send(0, 1, 8, []() {});
  r.run();
  EXPECT_EQ(waits, 1);  // the first receive matched the first message
  r.mpi.wait_arrival(1, [&]() { ++waits; });
  r.run();
  EXPECT_EQ(waits, 1);  // the second is still posted
  bool none = false;
  r.mpi.wait_arrival(1, [&]() { none = true; });  // no receive left to wait for
  EXPECT_TRUE(none);
}

}  // namespace
}  // namespace hpcsim
