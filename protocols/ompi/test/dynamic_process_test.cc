// MPI-2 dynamic processes over Elan4 (seed 001 "Dynamic MPI-2 Process Pool"): a full capability refuses a join,
// a joined process has a rank distinct from its VPID and communicates, a departed process is unreachable, and
// join and leave take the time their steps add up to.
#include <gtest/gtest.h>

#include <memory>

#include "hw/qsnet_cluster.h"
#include "ompi/dynamic_costs.h"
#include "ompi/dynamic_job.h"

namespace hpcsim {
namespace {

using namespace ompi;

struct Fixture {
  explicit Fixture(int contexts_per_node, int nodes = 4)
      : params("osu-elan4-2005"), cluster(sim, params, nodes, NicFamily::kElan4, 1),
        job(sim, cluster, params, Capability{nodes, contexts_per_node}, ProgressMode::kPolling, &ids, 0) {}
  /// Ranks other than `busy` sit in a blocking MPI call, so they progress (and acknowledge joins and leaves).
  void members_progress(int n, int busy) {
    for (int r = 0; r < n; ++r)
      if (r != busy) job.progress_until(r, []() { return false; }, []() {});
  }
  Simulator sim;
  ParameterSet params;
  QsnetCluster cluster;
  uint32_t ids = 0;
  DynamicJob job;
};

TEST(DynamicJob, JoiningAFullCapabilityFailsWithAClearError) {
  Fixture f(1);  // one context per node, every node holds a rank: no spare context anywhere
  ASSERT_EQ(f.job.launch({0, 1, 2, 3}), "");
  std::string err;
  EXPECT_EQ(f.job.join(2, 0, [](int) {}, &err), -1);
  EXPECT_EQ(err, "node 2 has no spare context in the capability (1 contexts per node, all in use)");
  EXPECT_EQ(f.job.join(9, 0, [](int) {}, &err), -1);
  EXPECT_EQ(err, "node 9 is outside the capability (4 nodes)");
  EXPECT_EQ(f.job.pool().size(), 4);
  Fixture g(1);
  EXPECT_EQ(g.job.launch({0, 1, 1}), "launch: no spare context on node 1");
}

TEST(DynamicJob, AJoinedProcessHasARankDistinctFromItsVpidAndExchangesMessages) {
  Fixture f(2);
  ASSERT_EQ(f.job.launch({0, 1, 2}), "");
  f.members_progress(3, 0);
  bool accepted = false;
  f.job.accept(0, [&]() { accepted = true; });
  int joined = -1;
  std::string err;
  int rank = f.job.join(2, 0, [&](int r) { joined = r; }, &err);  // node 2 context 1, beside rank 2
  ASSERT_EQ(rank, 3) << err;
  f.sim.run(100000000);
  ASSERT_TRUE(accepted);
  ASSERT_EQ(joined, 3);
  EXPECT_EQ(f.job.pool().vpid(3), 5);  // node 2 x 2 contexts + context 1
  EXPECT_NE(f.job.pool().vpid(3), 3);
  EXPECT_EQ(f.job.pool().rank_of_vpid(2), 1);   // rank 1 on node 1, context 0
  EXPECT_EQ(f.job.pool().rank_of_vpid(3), -1);  // node 1's spare context stays free
  EXPECT_EQ(f.job.node_of(3), 2);
  EXPECT_TRUE(f.job.pool().active(3));
  for (int m = 0; m < 3; ++m) {  // synchronized: every member installed it before the merge returned
    EXPECT_TRUE(f.job.knows(m, 3)) << m;
    EXPECT_TRUE(f.job.knows(3, m)) << m;
  }
  // A ping from rank 3 to rank 0 and a pong back, through the PML and PTL.
  bool ping = false, pong = false;
  uint64_t r0 = f.job.irecv(0, 3, 4096, []() {});  // above the eager limit: rendezvous, RDMA write
  uint64_t r3 = f.job.irecv(3, 0, 4096, []() {});
  ASSERT_NE(f.job.isend(3, 0, 4096, []() {}, &err), 0u) << err;
  f.job.wait(0, r0, [&]() {
    ping = true;
    auto sid = std::make_shared<uint64_t>(0);  // rank 0 waits on its send: the rendezvous needs its progress
    *sid = f.job.isend(0, 3, 4096, [&f, sid]() { f.job.wait(0, *sid, []() {}); }, &err);
  });
  f.job.wait(3, r3, [&]() { pong = true; });
  f.sim.run(100000000);
  EXPECT_TRUE(ping);
  EXPECT_TRUE(pong);
}

TEST(DynamicJob, MessagesToAProcessThatLeftAreRefused) {
  Fixture f(2);
  ASSERT_EQ(f.job.launch({0, 1}), "");
  f.job.accept(0, []() {});
  f.members_progress(2, 0);
  std::string err;
  bool left = false;
  int rank = f.job.join(3, 0, [&](int r) { ASSERT_TRUE(f.job.leave(r, [&]() { left = true; })); }, &err);
  ASSERT_EQ(rank, 2);
  f.sim.run(100000000);
  // Rank 0 is not in an MPI call: the leave waits for its DISCONNECT_ACK until it enters one.
  EXPECT_FALSE(left);
  f.job.disconnect_wait(0, rank, []() {});
  f.sim.run(100000000);
  ASSERT_TRUE(left);
  EXPECT_FALSE(f.job.pool().active(rank));
  EXPECT_EQ(f.job.pool().rank_of_vpid(6), -1);  // its context (node 3, context 0) is free again
  EXPECT_FALSE(f.job.knows(0, rank));
  EXPECT_FALSE(f.job.knows(1, rank));
  EXPECT_EQ(f.job.isend(0, rank, 8, []() {}, &err), 0u);
  EXPECT_EQ(err, "MPI_ERR_RANK: rank 2 is not in rank 0's proc table (it left the job)");
  EXPECT_EQ(f.job.isend(1, 7, 8, []() {}, &err), 0u);
  EXPECT_EQ(err, "MPI_ERR_RANK: rank 7 is not in rank 1's proc table (never connected)");
  EXPECT_EQ(f.job.ptl_refused(), 0u);  // refused before the PTL: nothing went towards the freed context
  EXPECT_FALSE(f.job.leave(rank, []() {}));
  // The freed context serves the next joiner, under a new rank.
  int again = f.job.join(3, 0, [](int) {}, &err);
  EXPECT_EQ(again, 3);
  EXPECT_EQ(f.job.pool().vpid(again), 6);
}

// Driver and host steps of an attach and a detach, summed by hand from the parameters and ompi/dynamic_costs.h.
struct StepSums {
  Time attach = 0, detach = 0;
};
StepSums sums(const ParameterSet& p, Host& host, int vpids, uint64_t registered) {
  Time entry = ns_to_ps(p.get("os.syscall_entry_ns")), exit = ns_to_ps(p.get("os.syscall_exit_ns"));
  Time store = ns_to_ps(p.get("host.uncached_store_ns"));
  Time pin = ns_to_ps(p.get("os.page_pin_ns"));
  uint64_t page = static_cast<uint64_t>(p.get("os.page_bytes"));
  Time pages = static_cast<Time>((registered + page - 1) / page);
  StepSums s;
  s.attach = entry + ns_to_ps(p.get("elan4.context_attach_us") * 1000) + vpids * 2 * store + exit +
             kCommandQueues * (entry + ns_to_ps(p.get("elan4.command_queue_alloc_us") * 1000) + exit) + entry +
             pages * pin + pages * store + exit + host.cycles_ps(kPtlInit);
  s.detach = host.cycles_ps(kPtlClose) + entry + pages * store + pages * pin + exit + entry +
             ns_to_ps(p.get("elan4.context_detach_us") * 1000) + exit;
  return s;
}

TEST(DynamicJob, JoinAndLeaveTakeTheTimeTheirStepsAddUpTo) {
  for (double attach_us : {20.0, 45.0}) {
    Fixture f(2);
    ASSERT_EQ(f.params.set("elan4.context_attach_us", attach_us), "");
    ASSERT_EQ(f.job.launch({0, 1, 2}), "");
    int rank = -1;
    // One MPI call at a time per process: the root's side of the disconnect follows its accept.
    f.job.accept(0, [&]() { f.job.disconnect_wait(0, rank, []() {}); });
    f.members_progress(3, 0);
    std::string err;
    rank = f.job.join(3, 0, [&](int r) { f.job.leave(r, []() {}); }, &err);
    f.sim.run(100000000);
    const DpmTimes& j = f.job.join_times(rank);
    const DpmTimes& l = f.job.leave_times(rank);
    ASSERT_GT(l.done, 0);
    StepSums want = sums(f.params, f.cluster.host(3), 4 * 2, f.job.registered_bytes());
    EXPECT_EQ(j.attached - j.start, want.attach) << attach_us;
    EXPECT_EQ(l.done - l.disconnected, want.detach);
    // 129 slots x 2 KB + 16 x 2 KB buffers: 74 pages pinned and translated.
    EXPECT_EQ(f.job.registered_bytes(), 129u * 2048u + 16u * 2048u);
    // Connecting costs at least the new process's own code on its critical path plus a round trip of QDMAs;
    // leaving, the drain check and one DISCONNECT per member before the acknowledgements.
    Host& h = f.cluster.host(3);
    EXPECT_GT(j.done - j.attached, h.cycles_ps(kConnectBuild + 3 * kAddProc + kIntercommMerge) + 2 * kUs);
    EXPECT_GT(l.disconnected - l.start, h.cycles_ps(kDrainCheck + 3 * kNoticeBuild) + 2 * kUs);
    // 48-byte control header + payload: acks and DISCONNECT 48 B, CONNECT and NEW_PROC 64 B, ACCEPT 96 B (3 entries).
    EXPECT_EQ(f.job.control_sizes().size(), 3u);
    EXPECT_EQ(f.job.control_sizes().at(96), 1u);
  }
}

}  // namespace
}  // namespace hpcsim
