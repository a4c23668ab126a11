// ME walk: match/ignore bits, wildcard ids, list order, skipping MEs whose
// MD is missing, inactive or refuses (REFERENCES §1.1.3 step 3-5).
#include <gtest/gtest.h>

#include "portals/test/fixture.h"

namespace hpcsim {
namespace portals {
namespace {

using testing_support::kSource;
using testing_support::PortalsTest;

class MatchTest : public PortalsTest {};

TEST_F(MatchTest, ExactBitsMatchAndOneBitDifferenceDoesNot) {
  md(me(3, 0xABCD), spec(100));
  EXPECT_TRUE(begin_receive(ni, put(3, 0xABCD, 1)).matched);
  ReceiveOutcome r = begin_receive(ni, put(3, 0xABCC, 1));
  EXPECT_FALSE(r.matched);
  EXPECT_EQ(r.reason, DropReason::NoMatch);
  EXPECT_EQ(r.work.mes_inspected, 1u);
}

TEST_F(MatchTest, IgnoreBitsMaskOutOnlyThoseBits) {
  md(me(3, 0x1200, 0x00FF), spec(100));
  EXPECT_TRUE(begin_receive(ni, put(3, 0x12FF, 1)).matched);
  EXPECT_TRUE(begin_receive(ni, put(3, 0x1201, 1)).matched);
  EXPECT_FALSE(begin_receive(ni, put(3, 0x1300, 1)).matched);
  EXPECT_FALSE(begin_receive(ni, put(3, (1ull << 63) | 0x1200, 1)).matched);
}

TEST_F(MatchTest, AllIgnoreBitsMatchAnything) {
  md(me(3, 0x5, ~0ull), spec(100));
  EXPECT_TRUE(begin_receive(ni, put(3, 0, 1)).matched);
  EXPECT_TRUE(begin_receive(ni, put(3, ~0ull, 1)).matched);
  EXPECT_TRUE(begin_receive(ni, put(3, 0xDEADBEEFCAFEull, 1)).matched);
}

TEST_F(MatchTest, WildcardNidSpecificPid) {
  md(me(3, 0, 0, {PTL_NID_ANY, kSource.pid}), spec(100));
  EXPECT_TRUE(begin_receive(ni, put(3, 0, 1, {77, kSource.pid})).matched);
  EXPECT_FALSE(begin_receive(ni, put(3, 0, 1, {77, kSource.pid + 1})).matched);
}

TEST_F(MatchTest, SpecificNidWildcardPid) {
  md(me(3, 0, 0, {kSource.nid, PTL_PID_ANY}), spec(100));
  EXPECT_TRUE(begin_receive(ni, put(3, 0, 1, {kSource.nid, 999})).matched);
  EXPECT_FALSE(begin_receive(ni, put(3, 0, 1, {kSource.nid + 1, 999})).matched);
}

TEST_F(MatchTest, FirstMatchingMeInListOrderWins) {
  ptl_handle_me_t a = me(3, 0x1);
  ptl_handle_me_t b = me(3, 0x2);
  ptl_handle_me_t c = me(3, 0x2);
  md(a, spec(100));
  ptl_handle_md_t mdb = md(b, spec(100));
  md(c, spec(100));
  ReceiveOutcome r = begin_receive(ni, put(3, 0x2, 1));
  ASSERT_TRUE(r.matched);
  EXPECT_EQ(r.me, b);
  EXPECT_EQ(r.md, mdb);
  EXPECT_EQ(r.work.mes_inspected, 2u);
  // a: in-use + nid/pid + bits = 4; b: 4 + md + op + length = 7.
  EXPECT_EQ(r.work.fields_compared, 11u);
  EXPECT_EQ(r.work.acl_fields_compared, 5u);
}

TEST_F(MatchTest, MeWithoutMdIsSkipped) {
  me(3, 0);
  ptl_handle_me_t b = me(3, 0);
  md(b, spec(100));
  ReceiveOutcome r = begin_receive(ni, put(3, 0, 1));
  EXPECT_EQ(r.me, b);
  EXPECT_EQ(r.work.mes_inspected, 2u);
}

TEST_F(MatchTest, InactiveMdIsSkipped) {
  ptl_handle_me_t a = me(3, 0);
  ptl_handle_me_t b = me(3, 0);
  md(a, spec(100, 1));
  md(b, spec(100));
  EXPECT_EQ(begin_receive(ni, put(3, 0, 1)).me, a);  // a now inactive
  EXPECT_EQ(begin_receive(ni, put(3, 0, 1)).me, b);
}

TEST_F(MatchTest, MdRefusalFallsThroughToNextMe) {
  ptl_handle_me_t get_only = me(3, 0);
  ptl_handle_me_t small = me(3, 0);
  ptl_handle_me_t big = me(3, 0);
  md(get_only, spec(1000, PTL_MD_THRESH_INF, PTL_MD_OP_GET));
  md(small, spec(10));
  md(big, spec(1000));
  ReceiveOutcome r = begin_receive(ni, put(3, 0, 50));
  EXPECT_EQ(r.me, big);
  EXPECT_EQ(r.work.mes_inspected, 3u);
  EXPECT_EQ(begin_receive(ni, put(3, 0, 5)).me, small);
  EXPECT_EQ(begin_receive(ni, request(PTL_MSG_GET, 3, 0, 5)).me, get_only);
}

TEST_F(MatchTest, NoMatchCountsDropAndPostsNothing) {
  md(me(3, 1), spec(100));
  ReceiveOutcome r = begin_receive(ni, put(3, 2, 40));
  EXPECT_EQ(r.reason, DropReason::NoMatch);
  r = begin_receive(ni, put(5, 1, 2));  // empty list
  EXPECT_EQ(r.reason, DropReason::NoMatch);
  EXPECT_EQ(r.work.mes_inspected, 0u);
  EXPECT_EQ(ni.status(PTL_SR_DROP_COUNT), 2u);
  EXPECT_EQ(ni.status(PTL_SR_DROP_LENGTH), 42u);
  EXPECT_EQ(ni.status(PTL_SR_RECV_COUNT), 0u);
  EXPECT_TRUE(drain().empty());
}

}  // namespace
}  // namespace portals
}  // namespace hpcsim
