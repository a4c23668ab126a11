// Simple-stripe arithmetic, flow steps and ROMIO's 64-region split (references/pvfs2-elan4.md §2.5, §2.6, §2.8).
#include <gtest/gtest.h>

#include "pvfs2/flow_steps.h"
#include "pvfs2/layout.h"
#include "pvfs2/romio.h"

namespace hpcsim::pvfs2 {
namespace {

TEST(SimpleStripe, ServerAndDatafileOffsetOfALogicalOffset) {
  SimpleStripe s{65536, 4};
  EXPECT_EQ(s.server_of(0), 0);
  EXPECT_EQ(s.server_of(65536), 1);
  EXPECT_EQ(s.server_of(3 * 65536 + 5), 3);
  EXPECT_EQ(s.server_of(4 * 65536), 0);
  EXPECT_EQ(s.physical_of(4 * 65536), 65536u);
  EXPECT_EQ(s.physical_of(300000), 65536u + 300000 % 65536);
  EXPECT_EQ(s.physical_of(65536 + 10), 10u);
}

TEST(SimpleStripe, ARegionAcrossAStripBoundaryIsTwoPiecesOnTwoServers) {
  SimpleStripe s{65536, 4};
  std::vector<Piece> pieces;
  ASSERT_EQ(split_access(s, {{65536 - 100, 300}}, {}, &pieces), "");
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].server, 0);
  EXPECT_EQ(pieces[0].bytes, 100u);
  EXPECT_EQ(pieces[1].server, 1);
  EXPECT_EQ(pieces[1].physical, 0u);
  EXPECT_EQ(pieces[1].memory, 100u);
  EXPECT_EQ(pieces[1].bytes, 200u);
}

TEST(SimpleStripe, MemoryAndFileTotalsMustAgree) {
  SimpleStripe s{65536, 2};
  std::vector<Piece> pieces;
  EXPECT_NE(split_access(s, {{0, 100}}, {{0, 50}}, &pieces), "");
}

TEST(FlowSteps, ContiguousDataGoesIn256KiBSteps) {
  std::vector<Piece> one{{0, 0, 0, 1048576 + 10}};
  auto steps = flow_steps(one, 262144, 64);
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_EQ(steps[0].bytes, 262144u);
  EXPECT_EQ(steps[4].bytes, 10u);
  EXPECT_EQ(steps[0].memory_segments.size(), 1u);
  EXPECT_FALSE(steps[0].packed);
}

TEST(FlowSteps, MoreMemorySegmentsThanMaxRegionsArePacked) {
  std::vector<Piece> many;
  for (uint64_t i = 0; i < 100; ++i) many.push_back({0, i * 1000, i * 2000, 1000});
  auto listed = flow_steps(many, 262144, 128);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_FALSE(listed[0].packed);
  EXPECT_EQ(listed[0].memory_segments.size(), 100u);
  EXPECT_EQ(listed[0].file_segments, 1u);  // contiguous on the datafile
  auto packed = flow_steps(many, 262144, 64);
  ASSERT_EQ(packed.size(), 1u);
  EXPECT_TRUE(packed[0].packed);
  EXPECT_EQ(packed[0].memory_segments.size(), 1u);
  EXPECT_EQ(packed[0].memory_segments[0], 100000u);
}

TEST(Romio, NoncontiguousAccessesSplitIntoCallsOf64Regions) {
  std::vector<Extent> file, mem;
  for (uint64_t i = 0; i < 130; ++i) {
    file.push_back({i * 4096, 1024});
    mem.push_back({i * 2048, 1024});
  }
  auto calls = romio_calls(file, mem);
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[0].file.size(), 64u);
  EXPECT_EQ(calls[1].memory.size(), 64u);
  EXPECT_EQ(calls[2].file.size(), 2u);
  EXPECT_EQ(calls[2].file[0].offset, 128u * 4096);
  EXPECT_TRUE(romio_calls(file, {})[0].memory.empty());
}

}  // namespace
}  // namespace hpcsim::pvfs2
