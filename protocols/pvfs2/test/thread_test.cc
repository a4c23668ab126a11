// A PVFS2 thread's work is traced (cpu.h): each piece is a pvfs2_work record of its Work code over the time it held
// the thread, and the work that follows it hangs from it (its cause), so a call's critical path
// (core-wasm/js/criticalPath.ts) shows the host time between messages instead of a wait.
#include <gtest/gtest.h>

#include "pvfs2/cpu.h"
#include "pvfs2/test/fs_rig.h"

namespace hpcsim::pvfs2 {
namespace {

struct Rec {
  double t0, t1;
  uint32_t cause, number;  ///< its cause and its own record number (index + 1)
  int32_t value;
};

/// The pvfs2_work records of the trace, in recording order.
std::vector<Rec> work_records(TraceBuffer& t) {
  const size_t n = t.take(t.pending());
  std::vector<Rec> out;
  for (size_t i = 0; i < n; ++i)
    if (t.batch_kind()[i] == static_cast<uint32_t>(TraceKind::kPvfs2Work))
      out.push_back({t.batch_t0()[i], t.batch_t1()[i], t.batch_cause()[i], static_cast<uint32_t>(i + 1), t.batch_value()[i]});
  return out;
}

/// One thread on node 0 of a two-node Elan4 cluster.
struct ThreadRig {
  ParameterSet p{"osu-elan4-2005"};
  Simulator sim;
  QsnetCluster cluster{sim, p, 2, NicFamily::kElan4};
  Thread t{sim, cluster.host(0)};
};

TEST(ThreadWork, QueuedWorkIsTracedOverItsOwnTimeAndWhatFollowsHangsFromIt) {
  ThreadRig r;
  bool done = false;
  r.t.run(Work::kServerRequest, 30'000'000, []() {});
  r.t.run(Work::kFlowStep, 4'000'000, [&]() {
    r.t.run(Work::kServerResponse, 8'000'000, [&]() { done = true; });
  });
  r.t.run(Work::kFlowStep, 0, []() {});  // no time held: no record
  r.sim.run(UINT64_MAX);
  ASSERT_TRUE(done);
  const std::vector<Rec> w = work_records(r.sim.trace());
  ASSERT_EQ(w.size(), 3u);
  EXPECT_EQ(w[0].value, static_cast<int32_t>(Work::kServerRequest));
  EXPECT_EQ(w[0].t0, 0);
  EXPECT_EQ(w[0].t1, 30'000'000);
  // The second piece waited for the first: it is traced from when it got the thread, not from when it was posted.
  EXPECT_EQ(w[1].value, static_cast<int32_t>(Work::kFlowStep));
  EXPECT_EQ(w[1].t0, 30'000'000);
  EXPECT_EQ(w[1].t1, 34'000'000);
  // Posted by the flow step's completion, the response follows it on the path.
  EXPECT_EQ(w[2].value, static_cast<int32_t>(Work::kServerResponse));
  EXPECT_EQ(w[2].t0, 34'000'000);
  EXPECT_EQ(w[2].cause, w[1].number);
}

TEST(ThreadWork, AHoldIsOneRecordOverTheWholeHoldWrittenAtItsRelease) {
  ThreadRig r;
  r.t.hold(Work::kVapiCall, [&](std::function<void()> release) {
    r.sim.after(5'000'000, r.cluster.host(0).id(), EventKind::kHostCpuDone, 0, release);
  });
  r.t.run(Work::kBmiTest, 1'000'000, []() {});  // waits for the release
  r.sim.run(UINT64_MAX);
  const std::vector<Rec> w = work_records(r.sim.trace());
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w[0].value, static_cast<int32_t>(Work::kVapiCall));
  EXPECT_EQ(w[0].t0, 0);
  EXPECT_EQ(w[0].t1, 5'000'000);
  EXPECT_EQ(w[1].value, static_cast<int32_t>(Work::kBmiTest));
  EXPECT_EQ(w[1].t0, 5'000'000);
}

}  // namespace
}  // namespace hpcsim::pvfs2
