// MemoryDescriptor rules: operations, truncate vs reject, offsets, MAX_SIZE,
// threshold (REFERENCES §1.1.3 step 4, §1.1.4).
#include <gtest/gtest.h>

#include "portals/memory_descriptor.h"

namespace hpcsim {
namespace portals {
namespace {

MemoryDescriptor make(ptl_size_t length, uint32_t options,
                      int32_t threshold = PTL_MD_THRESH_INF,
                      ptl_size_t max_size = 0) {
  MdSpec s;
  s.length = length;
  s.options = options;
  s.threshold = threshold;
  s.max_size = max_size;
  MemoryDescriptor md;
  md_init_from_spec(md, s, PTL_RETAIN);
  return md;
}

TEST(MemoryDescriptor, OperationMustBePermitted) {
  MemoryDescriptor put_only = make(100, PTL_MD_OP_PUT);
  EXPECT_TRUE(md_accept(put_only, PTL_MSG_PUT, 10, 0).accepted);
  Acceptance a = md_accept(put_only, PTL_MSG_GET, 10, 0);
  EXPECT_FALSE(a.accepted);
  EXPECT_EQ(a.reject, MdReject::OpNotPermitted);
  EXPECT_FALSE(md_accept(put_only, PTL_MSG_GETPUT, 10, 0).accepted);

  MemoryDescriptor get_only = make(100, PTL_MD_OP_GET);
  EXPECT_TRUE(md_accept(get_only, PTL_MSG_GET, 10, 0).accepted);
  EXPECT_FALSE(md_accept(get_only, PTL_MSG_PUT, 10, 0).accepted);
  EXPECT_FALSE(md_accept(get_only, PTL_MSG_GETPUT, 10, 0).accepted);

  MemoryDescriptor both = make(100, PTL_MD_OP_PUT | PTL_MD_OP_GET);
  EXPECT_TRUE(md_accept(both, PTL_MSG_GETPUT, 10, 0).accepted);
  EXPECT_FALSE(md_accept(both, PTL_MSG_ACK, 10, 0).accepted);
}

TEST(MemoryDescriptor, OversizeRejectedWithoutTruncateAndMdUnchanged) {
  MemoryDescriptor md = make(100, PTL_MD_OP_PUT);
  Acceptance a = md_accept(md, PTL_MSG_PUT, 101, 0);
  EXPECT_FALSE(a.accepted);
  EXPECT_EQ(a.reject, MdReject::TooLong);
  EXPECT_EQ(md.offset, 0u);
  EXPECT_TRUE(md_accept(md, PTL_MSG_PUT, 100, 0).accepted);  // exact fit
  EXPECT_EQ(md.offset, 100u);
}

TEST(MemoryDescriptor, TruncateClipsToRoom) {
  MemoryDescriptor md = make(100, PTL_MD_OP_PUT | PTL_MD_TRUNCATE);
  Acceptance a = md_accept(md, PTL_MSG_PUT, 60, 0);
  EXPECT_EQ(a.mlength, 60u);
  a = md_accept(md, PTL_MSG_PUT, 60, 0);
  ASSERT_TRUE(a.accepted);
  EXPECT_EQ(a.offset, 60u);
  EXPECT_EQ(a.mlength, 40u);
  a = md_accept(md, PTL_MSG_PUT, 60, 0);  // offset == length: 0 bytes
  ASSERT_TRUE(a.accepted);
  EXPECT_EQ(a.mlength, 0u);
}

TEST(MemoryDescriptor, TruncateStillRejectsOffsetBeyondLength) {
  MemoryDescriptor md =
      make(100, PTL_MD_OP_PUT | PTL_MD_TRUNCATE | PTL_MD_MANAGE_REMOTE);
  EXPECT_FALSE(md_accept(md, PTL_MSG_PUT, 1, 101).accepted);
  Acceptance a = md_accept(md, PTL_MSG_PUT, 10, 95);
  ASSERT_TRUE(a.accepted);
  EXPECT_EQ(a.mlength, 5u);
}

TEST(MemoryDescriptor, LocalOffsetPlacesMessagesBackToBack) {
  MemoryDescriptor md = make(100, PTL_MD_OP_PUT);
  EXPECT_EQ(md_accept(md, PTL_MSG_PUT, 30, 77).offset, 0u);  // hdr ignored
  EXPECT_EQ(md_accept(md, PTL_MSG_PUT, 30, 77).offset, 30u);
  EXPECT_EQ(md.offset, 60u);
  EXPECT_FALSE(md_accept(md, PTL_MSG_PUT, 41, 0).accepted);
}

TEST(MemoryDescriptor, RemoteManagedOffsetUsesHeaderAndLocalStillAdvances) {
  MemoryDescriptor md = make(100, PTL_MD_OP_PUT | PTL_MD_MANAGE_REMOTE);
  Acceptance a = md_accept(md, PTL_MSG_PUT, 20, 50);
  EXPECT_EQ(a.offset, 50u);
  EXPECT_EQ(md.offset, 20u);  // local tracking unaffected by the header
  a = md_accept(md, PTL_MSG_PUT, 20, 10);
  EXPECT_EQ(a.offset, 10u);
  EXPECT_EQ(md.offset, 40u);
  EXPECT_FALSE(md_accept(md, PTL_MSG_PUT, 20, 90).accepted);  // 90+20 > 100
}

TEST(MemoryDescriptor, MaxSizeMakesFullMdInactive) {
  MemoryDescriptor md = make(100, PTL_MD_OP_PUT | PTL_MD_MAX_SIZE,
                             PTL_MD_THRESH_INF, 30);
  Acceptance a = md_accept(md, PTL_MSG_PUT, 70, 0);  // room 30 == max: ok
  EXPECT_FALSE(a.became_inactive);
  EXPECT_TRUE(md.active);
  a = md_accept(md, PTL_MSG_PUT, 1, 0);  // room 29 < 30
  EXPECT_TRUE(a.became_inactive);
  EXPECT_FALSE(md.active);
}

TEST(MemoryDescriptor, MaxSizeClearedWhenManageRemote) {
  MemoryDescriptor md =
      make(100, PTL_MD_OP_PUT | PTL_MD_MAX_SIZE | PTL_MD_MANAGE_REMOTE,
           PTL_MD_THRESH_INF, 30);
  EXPECT_EQ(md.options & PTL_MD_MAX_SIZE, 0u);
  Acceptance a = md_accept(md, PTL_MSG_PUT, 90, 0);
  EXPECT_FALSE(a.became_inactive);
  EXPECT_TRUE(md.active);
}

TEST(MemoryDescriptor, ThresholdDecrementsToInactive) {
  MemoryDescriptor md = make(100, PTL_MD_OP_PUT, 2);
  EXPECT_FALSE(md_consume_threshold(md));
  EXPECT_EQ(md.threshold, 1);
  EXPECT_TRUE(md.active);
  EXPECT_TRUE(md_consume_threshold(md));
  EXPECT_EQ(md.threshold, 0);
  EXPECT_FALSE(md.active);
  EXPECT_FALSE(md_consume_threshold(md));
  EXPECT_EQ(md.threshold, 0);
}

TEST(MemoryDescriptor, InfiniteThresholdNeverDecrements) {
  MemoryDescriptor md = make(100, PTL_MD_OP_PUT, PTL_MD_THRESH_INF);
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(md_consume_threshold(md));
  EXPECT_EQ(md.threshold, PTL_MD_THRESH_INF);
  EXPECT_TRUE(md.active);
}

TEST(MemoryDescriptor, ZeroThresholdStartsInactive) {
  EXPECT_FALSE(make(100, PTL_MD_OP_PUT, 0).active);
  EXPECT_TRUE(make(100, PTL_MD_OP_PUT, 1).active);
}

TEST(MemoryDescriptor, UnlinkAndEventFlags) {
  MemoryDescriptor md = make(10, PTL_MD_OP_PUT, 1);
  md.unlink_op = PTL_UNLINK;
  EXPECT_FALSE(md_should_unlink(md));
  md_consume_threshold(md);
  EXPECT_TRUE(md_should_unlink(md));
  md.unlink_op = PTL_RETAIN;
  EXPECT_FALSE(md_should_unlink(md));

  EXPECT_TRUE(md_events_enabled(md));
  md.options |= PTL_MD_EVENT_START_DISABLE;
  EXPECT_TRUE(md_events_enabled(md));
  md.options |= PTL_MD_EVENT_END_DISABLE;
  EXPECT_FALSE(md_events_enabled(md));
}

}  // namespace
}  // namespace portals
}  // namespace hpcsim
