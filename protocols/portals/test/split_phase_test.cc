// Split-phase events: START at header match, END/UNLINK only after the data
// moved (REFERENCES §1.1.4 lib_finalize; seed 002 §2.1 event pairs).
#include <gtest/gtest.h>

#include "portals/test/fixture.h"

namespace hpcsim {
namespace portals {
namespace {

using testing_support::PortalsTest;
using Kinds = std::vector<ptl_event_kind_t>;

class SplitPhaseTest : public PortalsTest {};

TEST_F(SplitPhaseTest, EndOnlyAfterComplete) {
  md(me(2, 0), spec(1 << 20));
  ReceiveOutcome r = begin_receive(ni, put(2, 0, 65536));
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].type, PTL_EVENT_PUT_START);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_START}));
  CompleteOutcome c = complete_receive(ni, r.pending);
  EXPECT_TRUE(c.ok);
  ASSERT_EQ(c.events.size(), 1u);
  EXPECT_EQ(c.events[0].type, PTL_EVENT_PUT_END);
  EXPECT_EQ(c.events[0].mlength, 65536u);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_END}));
}

TEST_F(SplitPhaseTest, LongThenShortStartInOrderEndOutOfOrder) {
  md(me(2, 0), spec(1 << 20));
  ReceiveOutcome lng = begin_receive(ni, put(2, 0, 100000));
  ReceiveOutcome sht = begin_receive(ni, put(2, 0, 100));
  EXPECT_EQ(sht.offset, 100000u);  // space reserved at header time
  CompleteOutcome cs = complete_receive(ni, sht.pending);
  CompleteOutcome cl = complete_receive(ni, lng.pending);
  EXPECT_EQ(cs.events[0].mlength, 100u);
  EXPECT_EQ(cl.events[0].mlength, 100000u);
  EXPECT_LT(cs.events[0].sequence, cl.events[0].sequence);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_START, PTL_EVENT_PUT_START,
                            PTL_EVENT_PUT_END, PTL_EVENT_PUT_END}));
}

TEST_F(SplitPhaseTest, UnlinkFollowsEndAndMdSurvivesUntilComplete) {
  ptl_handle_md_t d = md(me(2, 0), spec(1000, 1), PTL_UNLINK);
  ReceiveOutcome r = begin_receive(ni, put(2, 0, 500));
  EXPECT_TRUE(r.do_unlink);
  ASSERT_NE(ni.md(d), nullptr);  // data still moving
  EXPECT_FALSE(ni.md(d)->active);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_START}));
  CompleteOutcome c = complete_receive(ni, r.pending);
  ASSERT_EQ(c.events.size(), 2u);
  EXPECT_EQ(c.events[0].type, PTL_EVENT_PUT_END);
  EXPECT_EQ(c.events[1].type, PTL_EVENT_UNLINK);
  EXPECT_TRUE(c.md_unlinked);
  EXPECT_EQ(ni.md(d), nullptr);
}

TEST_F(SplitPhaseTest, FailureIsReportedInEndAndSuppressesAck) {
  md(me(2, 0), spec(1000));
  Header h = put(2, 0, 10);
  h.ack_md = 1;
  ReceiveOutcome r = begin_receive(ni, h);
  EXPECT_TRUE(r.send_ack);
  CompleteOutcome c = complete_receive(ni, r.pending, PTL_NI_FAIL);
  ASSERT_EQ(c.events.size(), 1u);
  EXPECT_EQ(c.events[0].ni_fail_type, PTL_NI_FAIL);
  EXPECT_FALSE(c.send_ack);
}

TEST_F(SplitPhaseTest, AckReleasedOnlyAtCompletion) {
  md(me(2, 0), spec(1000));
  Header h = put(2, 0, 10);
  h.ack_md = 1;
  ReceiveOutcome r = begin_receive(ni, h);
  CompleteOutcome c = complete_receive(ni, r.pending, PTL_NI_OK);
  EXPECT_TRUE(c.send_ack);
  EXPECT_EQ(c.ack.length, 10u);
}

TEST_F(SplitPhaseTest, UnlinkDeferredUntilLastPendingOperation) {
  ptl_handle_me_t m = me(2, 0, 0, {PTL_NID_ANY, PTL_PID_ANY}, PTL_UNLINK);
  ptl_handle_md_t d = md(m, spec(1000, 2), PTL_UNLINK);
  ReceiveOutcome a = begin_receive(ni, put(2, 0, 10));
  ReceiveOutcome b = begin_receive(ni, put(2, 0, 10));
  EXPECT_FALSE(a.do_unlink);
  EXPECT_TRUE(b.do_unlink);
  CompleteOutcome cb = complete_receive(ni, b.pending);
  EXPECT_EQ(cb.events.size(), 2u);  // END, UNLINK
  EXPECT_FALSE(cb.md_unlinked);     // a still pending
  ASSERT_NE(ni.md(d), nullptr);
  CompleteOutcome ca = complete_receive(ni, a.pending);
  EXPECT_EQ(ca.events.size(), 1u);
  EXPECT_TRUE(ca.md_unlinked);
  EXPECT_TRUE(ca.me_unlinked);
  EXPECT_EQ(ni.md(d), nullptr);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_START, PTL_EVENT_PUT_START,
                            PTL_EVENT_PUT_END, PTL_EVENT_UNLINK,
                            PTL_EVENT_PUT_END}));
}

TEST_F(SplitPhaseTest, InvalidTokenCompletesNothing) {
  PendingOp none;
  EXPECT_FALSE(complete_receive(ni, none).ok);
  md(me(2, 0), spec(10));
  ReceiveOutcome dropped = begin_receive(ni, put(2, 1, 1));
  EXPECT_FALSE(complete_receive(ni, dropped.pending).ok);
  EXPECT_TRUE(drain().empty());
}

}  // namespace
}  // namespace portals
}  // namespace hpcsim
