// The PVFS2 file system's flows and request limits (references/pvfs2-elan4.md §2.4-2.5): server writes hold at most
// BUFFERS_PER_FLOW received buffers while Trove lags, server reads prime all of them, a request above
// PVFS_REQ_LIMIT_IOREQ_BYTES is refused, and the storage view's records follow the flows.
#include <gtest/gtest.h>

#include "pvfs2/test/fs_rig.h"

namespace hpcsim::pvfs2 {
namespace {

using test::FsRig;

TEST(Flows, AServerWriteHoldsAtMostBuffersPerFlowWhileTroveLags) {
  // A synchronous disk makes Trove far slower than the network: received buffers pile up to the limit.
  FsRig r({{"pvfs2.trove_sync_data", 1}});
  bool done = false;
  const uint64_t bytes = 16u << 20;  // 64 steps of 256 KiB
  ASSERT_EQ(r.fs.io(0, IoType::kWrite, {{0, bytes}}, {}, [&]() { done = true; }), "");
  r.sim.run(UINT64_MAX);
  EXPECT_TRUE(done);
  EXPECT_EQ(r.fs.counters().flow_steps, 64u);
  EXPECT_EQ(r.fs.counters().max_buffers, static_cast<uint32_t>(r.p.count("pvfs2.flow_buffers")));
}

TEST(Flows, AServerWriteHoldsABufferFromTheReceiveItPostsUntilTroveHasWrittenIt) {
  // The storage view shows a server's buffers filling and draining: the one a receive is posted into counts while
  // the data lands in it (and towards BUFFERS_PER_FLOW), not only once it is full.
  FsRig r;
  ASSERT_EQ(r.fs.io(0, IoType::kWrite, {{0, 1u << 18}}, {}, []() {}), "");  // one 256 KiB step
  r.sim.run(UINT64_MAX);
  TraceBuffer& t = r.sim.trace();
  const size_t n = t.take(t.pending());
  double held_at = -1, landed_at = -1;
  int32_t last_level = -1;
  for (size_t i = 0; i < n; ++i) {
    if (t.batch_kind()[i] == static_cast<uint32_t>(TraceKind::kFlowBuffers)) {
      if (held_at < 0 && t.batch_value()[i] == 1) held_at = t.batch_t0()[i];
      last_level = t.batch_value()[i];
    }
    if (t.batch_kind()[i] == static_cast<uint32_t>(TraceKind::kListPiece) && landed_at < 0) landed_at = t.batch_t0()[i];
  }
  ASSERT_GE(held_at, 0);
  ASSERT_GE(landed_at, 0);
  EXPECT_LE(held_at, landed_at);  // held before the first byte lands
  EXPECT_EQ(last_level, 0);       // and given back once Trove has written it
}

TEST(Flows, AServerReadPrimesEveryBuffer) {
  FsRig r;
  bool done = false;
  ASSERT_EQ(r.fs.io(0, IoType::kRead, {{0, 4u << 20}}, {}, [&]() { done = true; }), "");
  r.sim.run(UINT64_MAX);
  EXPECT_TRUE(done);
  EXPECT_EQ(r.fs.counters().max_buffers, static_cast<uint32_t>(r.p.count("pvfs2.flow_buffers")));
}

TEST(Flows, AWriteOfFewStepsNeverHoldsMoreBuffersThanSteps) {
  FsRig r({{"pvfs2.trove_sync_data", 1}});
  ASSERT_EQ(r.fs.io(0, IoType::kWrite, {{0, 3u << 18}}, {}, []() {}), "");  // 3 steps
  r.sim.run(UINT64_MAX);
  EXPECT_EQ(r.fs.counters().flow_steps, 3u);
  EXPECT_LE(r.fs.counters().max_buffers, 3u);
}

TEST(Requests, ARequestAboveTheIoreqLimitIsRefusedWithItsSize) {
  FsRig r;
  const uint64_t limit = static_cast<uint64_t>(r.p.count("pvfs2.ioreq_limit_bytes"));
  uint32_t regions = 1;
  while (r.fs.request_bytes(regions + 1) <= limit) ++regions;  // the most regions one request may carry
  auto regions_of = [](uint32_t n) {
    std::vector<Extent> file;
    for (uint32_t i = 0; i < n; ++i) file.push_back({2ull * i * 512, 512});
    return file;
  };
  EXPECT_EQ(r.fs.io(0, IoType::kWrite, regions_of(regions), {}, []() {}), "");
  const std::string err = r.fs.io(0, IoType::kWrite, regions_of(regions + 1), {}, []() {});
  EXPECT_NE(err.find("PVFS_REQ_LIMIT_IOREQ_BYTES"), std::string::npos) << err;
  EXPECT_NE(err.find(std::to_string(regions + 1) + " regions"), std::string::npos) << err;
}

}  // namespace
}  // namespace hpcsim::pvfs2
