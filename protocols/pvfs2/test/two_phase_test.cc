// ROMIO's two-phase collective write (pvfs2/two_phase.h, ad_write_coll.c): the interleave test, file domains,
// windows of cb_buffer_size, holes, and the MPI operations each rank's program gets in place of its Io operation.
#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <tuple>

#include "pvfs2/two_phase.h"

namespace hpcsim::pvfs2 {
namespace {

uint64_t total(const std::vector<Extent>& es) {
  return std::accumulate(es.begin(), es.end(), uint64_t{0}, [](uint64_t s, const Extent& e) { return s + e.bytes; });
}

TEST(TwoPhase, RomioCollectsOnlyWhenTheRanksAccessesInterleave) {
  // Rank order, each after the previous one: no interleaving (ROMIO then writes independently under "automatic").
  EXPECT_FALSE(accesses_interleave({{{0, 100}}, {{100, 100}}, {{200, 50}, {300, 10}}}));
  // Rank 1 starts before rank 0's last byte: interleaved.
  EXPECT_TRUE(accesses_interleave({{{0, 10}, {20, 10}}, {{10, 10}, {30, 10}}}));
  // A rank without data takes no part in the test.
  EXPECT_FALSE(accesses_interleave({{{0, 100}}, {}, {{100, 100}}}));
}

TEST(TwoPhase, FileDomainsSplitTheWholeRangeAndEveryByteGoesToItsDomainsAggregator) {
  // Two ranks whose 100 B regions alternate over [0, 400): two domains of 200 B.
  const std::vector<std::vector<Extent>> file = {{{0, 100}, {200, 100}}, {{100, 100}, {300, 100}}};
  const TwoPhasePlan plan = two_phase_plan(file, 2, kRomioCbBufferSize);
  ASSERT_EQ(plan.iterations, 1);
  EXPECT_EQ(plan.window[0][0].offset, 0u);
  EXPECT_EQ(plan.window[0][0].bytes, 200u);
  EXPECT_EQ(plan.window[0][1].offset, 200u);
  EXPECT_EQ(plan.window[0][1].bytes, 200u);
  EXPECT_EQ(plan.bytes[0][0][0], 100u);  // rank 0's [0, 100) to aggregator 0
  EXPECT_EQ(plan.bytes[0][0][1], 100u);  // rank 0's [200, 300) to aggregator 1
  EXPECT_EQ(plan.bytes[0][1][0], 100u);
  EXPECT_EQ(plan.bytes[0][1][1], 100u);
  EXPECT_EQ(plan.regions[0][0], 1u);
  EXPECT_FALSE(plan.hole[0][0]);
  EXPECT_FALSE(plan.hole[0][1]);
}

TEST(TwoPhase, AnAggregatorWritesItsDomainInWindowsOfCbBufferSizeSplittingRegionsThatStraddleThem) {
  // One rank, one aggregator, 1,000,000 B in regions of 300,000 B: four windows of 262,144 B (the last shorter), and
  // each region cut where a window ends (ROMIO's partial_recv).
  const std::vector<std::vector<Extent>> file = {{{0, 300000}, {300000, 300000}, {600000, 300000}, {900000, 100000}}};
  const TwoPhasePlan plan = two_phase_plan(file, 1, 262144);
  ASSERT_EQ(plan.iterations, 4);
  uint64_t written = 0, sent = 0;
  for (int m = 0; m < 4; ++m) {
    EXPECT_EQ(plan.window[m][0].offset, 262144u * m);
    written += plan.window[m][0].bytes;
    sent += plan.bytes[m][0][0];
    EXPECT_EQ(plan.bytes[m][0][0], plan.window[m][0].bytes) << "window " << m;
  }
  EXPECT_EQ(written, 1000000u);
  EXPECT_EQ(sent, 1000000u);
  EXPECT_EQ(plan.window[3][0].bytes, 1000000u - 3 * 262144u);
}

TEST(TwoPhase, AGapBetweenThePiecesOfAWindowIsAHole) {
  const TwoPhasePlan plan = two_phase_plan({{{0, 100}}, {{150, 50}}}, 1, kRomioCbBufferSize);
  ASSERT_EQ(plan.iterations, 1);
  EXPECT_TRUE(plan.hole[0][0]);
  EXPECT_EQ(plan.window[0][0].bytes, 200u);  // the window spans the gap: ROMIO reads it, fills it and writes it
}

TEST(TwoPhase, EveryRanksBytesReachTheAggregatorsOnce) {
  // BT-IO-like: 4 ranks, 64 interleaved runs of 1,280 B each, 3 aggregators (domains not aligned to the runs).
  std::vector<std::vector<Extent>> file(4);
  for (uint64_t k = 0; k < 256; ++k) file[k % 4].push_back({k * 1280, 1280});
  const TwoPhasePlan plan = two_phase_plan(file, 3, 65536);
  uint64_t windows = 0;
  for (int m = 0; m < plan.iterations; ++m)
    for (int a = 0; a < 3; ++a) {
      windows += plan.window[m][a].bytes;
      uint64_t in = 0;
      for (int r = 0; r < 4; ++r) in += plan.bytes[m][r][a];
      EXPECT_EQ(in, plan.window[m][a].bytes) << "m " << m << " a " << a;  // no hole: the runs tile the file
    }
  EXPECT_EQ(windows, 256u * 1280u);
  for (int r = 0; r < 4; ++r) {
    uint64_t out = 0;
    for (int m = 0; m < plan.iterations; ++m)
      for (int a = 0; a < 3; ++a) out += plan.bytes[m][r][a];
    EXPECT_EQ(out, total(file[r])) << "rank " << r;
  }
}

TEST(TwoPhase, EachIoOperationBecomesMatchedMessagesMemcpysAndOneWritePerWindow) {
  std::vector<std::vector<Extent>> file(4);
  for (uint64_t k = 0; k < 256; ++k) file[k % 4].push_back({k * 1280, 1280});
  const TwoPhasePlan plan = two_phase_plan(file, 4, 65536);
  std::vector<npb::RankProgram> programs(4);
  for (int r = 0; r < 4; ++r) {
    programs[r].rank = r;
    for (int dump = 1; dump <= 2; ++dump) {
      npb::Op compute;
      programs[r].ops.push_back(compute);
      npb::Op io;
      io.kind = npb::OpKind::Io;
      io.work = dump;
      programs[r].ops.push_back(io);
    }
  }
  expand_two_phase_writes(plan, &programs);
  // (from, to, tag) -> bytes sent and bytes posted to receive; every request waited on once.
  std::map<std::tuple<int, int, int>, int64_t> sent, posted;
  int writes = 0, computes = 0;
  uint64_t packed = 0;
  for (const auto& given : programs) {
    const npb::RankProgram p = npb::expanded(given);  // ROMIO's exchanges step by step
    std::map<int, int> waits;
    for (const auto& op : p.ops) {
      switch (op.kind) {
        case npb::OpKind::Isend:
          sent[{p.rank, op.peer, op.tag}] += op.bytes;
          ++waits[op.request];
          break;
        case npb::OpKind::Irecv:
          posted[{op.peer, p.rank, op.tag}] += op.bytes;
          ++waits[op.request];
          break;
        case npb::OpKind::Wait:
          --waits[op.request];
          break;
        case npb::OpKind::Io:
          ASSERT_TRUE(op.what == kFillSendBuffer || op.what == kUnpackReceived || op.what == kWriteWindow)
              << op.what;
          if (op.what == kWriteWindow) ++writes;
          if (op.what == kFillSendBuffer) packed += static_cast<uint64_t>(op.bytes);
          break;
        case npb::OpKind::Compute:
          ++computes;
          break;
        default:
          break;
      }
    }
    for (const auto& [request, open] : waits) EXPECT_EQ(open, 0) << "rank " << p.rank << " request " << request;
  }
  EXPECT_EQ(sent, posted);
  EXPECT_EQ(computes, 8);  // the program's own operations stay, in place
  int windows = 0;
  for (int m = 0; m < plan.iterations; ++m)
    for (int a = 0; a < 4; ++a) windows += plan.window[m][a].bytes > 0;
  EXPECT_EQ(writes, 2 * windows);
  EXPECT_EQ(packed, 2u * 256u * 1280u);  // each rank packs all it writes (BT's memory is noncontiguous)
}

}  // namespace
}  // namespace hpcsim::pvfs2
