// Target-side PUT/GET/GETPUT processing: events and their fields,
// threshold, unlink, START/END disable, ACK and REPLY decisions, counters
// (REFERENCES §1.1.3, §1.1.4).
#include <gtest/gtest.h>

#include "portals/test/fixture.h"

namespace hpcsim {
namespace portals {
namespace {

using testing_support::kJid;
using testing_support::kSource;
using testing_support::kTarget;
using testing_support::kUid;
using testing_support::PortalsTest;
using Kinds = std::vector<ptl_event_kind_t>;

class ReceiveTest : public PortalsTest {};

TEST_F(ReceiveTest, PutPostsStartThenEndWithFields) {
  ptl_handle_md_t d = md(me(6, 0x77), spec(100, 5));
  Header h = put(6, 0x77, 40);
  h.hdr_data = 0xFEED;
  ReceiveOutcome r = receive(ni, h);
  ASSERT_TRUE(r.matched);
  ASSERT_EQ(r.events.size(), 2u);
  EXPECT_EQ(r.events[0].type, PTL_EVENT_PUT_START);
  EXPECT_EQ(r.events[1].type, PTL_EVENT_PUT_END);
  EXPECT_LT(r.events[0].sequence, r.events[1].sequence);
  const Event& e = r.events[1];
  EXPECT_EQ(e.initiator, kSource);
  EXPECT_EQ(e.uid, 55u);
  EXPECT_EQ(e.jid, 9u);
  EXPECT_EQ(e.pt_index, 6u);
  EXPECT_EQ(e.match_bits, 0x77u);
  EXPECT_EQ(e.rlength, 40u);
  EXPECT_EQ(e.mlength, 40u);
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(e.hdr_data, 0xFEEDu);
  EXPECT_EQ(e.md_handle, d);
  EXPECT_EQ(e.md.threshold, 4);  // snapshot after the decrement
  EXPECT_EQ(e.ni_fail_type, PTL_NI_OK);
  EXPECT_EQ(ni.status(PTL_SR_RECV_COUNT), 1u);
  EXPECT_EQ(ni.status(PTL_SR_RECV_LENGTH), 40u);
  EXPECT_EQ(ni.md(d)->threshold, 4);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_START, PTL_EVENT_PUT_END}));
}

TEST_F(ReceiveTest, ThresholdOneUnlinkRemovesMdAndUnlinkMe) {
  ptl_handle_me_t m = me(6, 0, 0, {PTL_NID_ANY, PTL_PID_ANY}, PTL_UNLINK);
  ptl_handle_md_t d = md(m, spec(100, 1), PTL_UNLINK);
  CompleteOutcome c;
  ReceiveOutcome r = receive(ni, put(6, 0, 10), &c);
  EXPECT_TRUE(r.md_became_inactive);
  EXPECT_TRUE(r.do_unlink);
  EXPECT_TRUE(c.md_unlinked);
  EXPECT_TRUE(c.me_unlinked);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_START, PTL_EVENT_PUT_END,
                            PTL_EVENT_UNLINK}));
  EXPECT_EQ(ni.md(d), nullptr);
  EXPECT_EQ(ni.portal_table().me(m), nullptr);
  EXPECT_EQ(begin_receive(ni, put(6, 0, 10)).reason, DropReason::NoMatch);
}

TEST_F(ReceiveTest, UnlinkMdOnRetainMeLeavesMeWithoutMd) {
  ptl_handle_me_t m = me(6, 0, 0, {PTL_NID_ANY, PTL_PID_ANY}, PTL_RETAIN);
  md(m, spec(100, 1), PTL_UNLINK);
  CompleteOutcome c;
  receive(ni, put(6, 0, 10), &c);
  EXPECT_TRUE(c.md_unlinked);
  EXPECT_FALSE(c.me_unlinked);
  ASSERT_NE(ni.portal_table().me(m), nullptr);
  EXPECT_EQ(ni.portal_table().me(m)->md, PTL_INVALID_HANDLE);
}

TEST_F(ReceiveTest, RetainMdGoesInactiveWithoutUnlinkEvent) {
  ptl_handle_md_t d = md(me(6, 0), spec(100, 2), PTL_RETAIN);
  receive(ni, put(6, 0, 10));
  EXPECT_TRUE(ni.md(d)->active);
  ReceiveOutcome r = receive(ni, put(6, 0, 10));
  EXPECT_TRUE(r.md_became_inactive);
  EXPECT_FALSE(r.do_unlink);
  ASSERT_NE(ni.md(d), nullptr);
  EXPECT_FALSE(ni.md(d)->active);
  EXPECT_EQ(ni.md(d)->threshold, 0);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_START, PTL_EVENT_PUT_END,
                            PTL_EVENT_PUT_START, PTL_EVENT_PUT_END}));
  EXPECT_EQ(begin_receive(ni, put(6, 0, 10)).reason, DropReason::NoMatch);
}

TEST_F(ReceiveTest, MaxSizeFullMdUnlinks) {
  MdSpec s = spec(100, PTL_MD_THRESH_INF,
                  PTL_MD_OP_PUT | PTL_MD_MAX_SIZE | PTL_MD_EVENT_START_DISABLE);
  s.max_size = 40;
  ptl_handle_md_t d = md(me(6, 0), s, PTL_UNLINK);
  ReceiveOutcome r = receive(ni, put(6, 0, 50));
  EXPECT_FALSE(r.md_became_inactive);  // 50 left >= 40
  r = receive(ni, put(6, 0, 20));
  EXPECT_TRUE(r.md_became_inactive);  // 30 left < 40
  EXPECT_TRUE(r.do_unlink);
  EXPECT_EQ(r.offset, 50u);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_END, PTL_EVENT_PUT_END,
                            PTL_EVENT_UNLINK}));
  EXPECT_EQ(ni.md(d), nullptr);
}

TEST_F(ReceiveTest, TruncatedPutReportsShorterMlength) {
  md(me(6, 0), spec(100, PTL_MD_THRESH_INF, PTL_MD_OP_PUT | PTL_MD_TRUNCATE));
  ReceiveOutcome r = receive(ni, put(6, 0, 150));
  ASSERT_TRUE(r.matched);
  EXPECT_EQ(r.mlength, 100u);
  EXPECT_EQ(r.events[1].rlength, 150u);
  EXPECT_EQ(r.events[1].mlength, 100u);
  EXPECT_EQ(ni.status(PTL_SR_RECV_LENGTH), 100u);
}

TEST_F(ReceiveTest, OversizePutWithoutTruncateIsDropped) {
  md(me(6, 0), spec(100));
  ReceiveOutcome r = receive(ni, put(6, 0, 150));
  EXPECT_EQ(r.reason, DropReason::NoMatch);
  EXPECT_EQ(ni.status(PTL_SR_DROP_LENGTH), 150u);
}

TEST_F(ReceiveTest, RemoteManagedOffsetInEvent) {
  ptl_handle_md_t d = md(
      me(6, 0), spec(100, PTL_MD_THRESH_INF,
                     PTL_MD_OP_PUT | PTL_MD_MANAGE_REMOTE));
  Header h = put(6, 0, 10);
  h.remote_offset = 70;
  ReceiveOutcome r = receive(ni, h);
  EXPECT_EQ(r.offset, 70u);
  EXPECT_EQ(r.events[0].offset, 70u);
  EXPECT_EQ(ni.md(d)->offset, 10u);
}

TEST_F(ReceiveTest, StartDisabledPostsOnlyEnd) {
  md(me(6, 0), spec(100, 3, PTL_MD_OP_PUT | PTL_MD_EVENT_START_DISABLE));
  ReceiveOutcome r = begin_receive(ni, put(6, 0, 10));
  EXPECT_TRUE(r.events.empty());
  complete_receive(ni, r.pending);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_END}));
}

TEST_F(ReceiveTest, EndDisabledPostsStartAndStillUnlink) {
  md(me(6, 0), spec(100, 1, PTL_MD_OP_PUT | PTL_MD_EVENT_END_DISABLE),
     PTL_UNLINK);
  receive(ni, put(6, 0, 10));
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_PUT_START, PTL_EVENT_UNLINK}));
}

TEST_F(ReceiveTest, BothDisabledNoEventsButThresholdDecrements) {
  ptl_handle_md_t d = md(
      me(6, 0), spec(100, 3,
                     PTL_MD_OP_PUT | PTL_MD_EVENT_START_DISABLE |
                         PTL_MD_EVENT_END_DISABLE));
  ReceiveOutcome r = receive(ni, put(6, 0, 10));
  EXPECT_TRUE(r.matched);
  EXPECT_TRUE(r.events.empty());
  EXPECT_TRUE(drain().empty());
  EXPECT_EQ(ni.md(d)->threshold, 2);
}

TEST_F(ReceiveTest, NoEqNoEventsButThresholdDecrementsAndUnlinks) {
  MdSpec s = spec(100, 1);
  s.eq_handle = PTL_EQ_NONE;
  ptl_handle_md_t d = md(me(6, 0), s, PTL_UNLINK);
  CompleteOutcome c;
  ReceiveOutcome r = receive(ni, put(6, 0, 10), &c);
  EXPECT_TRUE(r.events.empty());
  EXPECT_TRUE(c.md_unlinked);
  EXPECT_EQ(ni.md(d), nullptr);
  EXPECT_TRUE(drain().empty());
}

TEST_F(ReceiveTest, AckRequestedProducesAckWithMlengthAndGeneration) {
  md(me(6, 0x9), spec(100, PTL_MD_THRESH_INF, PTL_MD_OP_PUT | PTL_MD_TRUNCATE));
  Header h = put(6, 0x9, 120);
  h.ack_md = 3;
  h.ack_md_gen = 17;
  CompleteOutcome c;
  ReceiveOutcome r = receive(ni, h, &c);
  EXPECT_TRUE(r.send_ack);
  ASSERT_TRUE(c.send_ack);
  EXPECT_EQ(c.ack.type, PTL_MSG_ACK);
  EXPECT_EQ(c.ack.src, kTarget);
  EXPECT_EQ(c.ack.dst, kSource);
  EXPECT_EQ(c.ack.length, 100u);  // target's mlength
  EXPECT_EQ(c.ack.match_bits, 0x9u);
  EXPECT_EQ(c.ack.ack_md, 3u);
  EXPECT_EQ(c.ack.ack_md_gen, 17u);
}

TEST_F(ReceiveTest, NoAckWhenDisabledOrNotRequested) {
  md(me(6, 0), spec(100, PTL_MD_THRESH_INF, PTL_MD_OP_PUT | PTL_MD_ACK_DISABLE));
  md(me(7, 0), spec(100));
  Header h = put(6, 0, 10);
  h.ack_md = 3;
  CompleteOutcome c;
  EXPECT_FALSE(receive(ni, h, &c).send_ack);
  EXPECT_FALSE(c.send_ack);
  EXPECT_FALSE(receive(ni, put(7, 0, 10), &c).send_ack);  // HANDLE_NONE
  EXPECT_FALSE(c.send_ack);
  h.pt_index = 7;
  EXPECT_TRUE(receive(ni, h, &c).send_ack);
}

TEST_F(ReceiveTest, GetProducesReplyAndGetEventsNoAck) {
  ptl_handle_md_t d = md(me(6, 0), spec(64, 2, PTL_MD_OP_GET));
  Header h = request(PTL_MSG_GET, 6, 0, 48);
  h.ack_md = 5;  // rtn_md
  h.ack_md_gen = 2;
  h.return_offset = 8;
  h.hdr_data = 0xAA;
  ReceiveOutcome r = begin_receive(ni, h);
  ASSERT_TRUE(r.matched);
  EXPECT_FALSE(r.send_ack);
  ASSERT_TRUE(r.send_reply);
  EXPECT_EQ(r.reply.type, PTL_MSG_REPLY);
  EXPECT_EQ(r.reply.dst, kSource);
  EXPECT_EQ(r.reply.src_uid, kUid);
  EXPECT_EQ(r.reply.src_jid, kJid);
  EXPECT_EQ(r.reply.length, 48u);
  EXPECT_EQ(r.reply.remote_offset, 8u);
  EXPECT_EQ(r.reply.ack_md, 5u);
  EXPECT_EQ(r.reply.ack_md_gen, 2u);
  EXPECT_EQ(ni.md(d)->threshold, 1);  // sending the REPLY uses a threshold
  CompleteOutcome c = complete_receive(ni, r.pending);
  EXPECT_FALSE(c.send_ack);
  ASSERT_EQ(c.events.size(), 1u);
  EXPECT_EQ(c.events[0].hdr_data, 0u);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_GET_START, PTL_EVENT_GET_END}));
  EXPECT_EQ(ni.status(PTL_SR_SEND_COUNT), 1u);
  EXPECT_EQ(ni.status(PTL_SR_SEND_LENGTH), 48u);
  EXPECT_EQ(ni.status(PTL_SR_RECV_COUNT), 0u);
}

TEST_F(ReceiveTest, GetPutNeedsBothOpsAndCountsBothDirections) {
  md(me(6, 0), spec(64, PTL_MD_THRESH_INF, PTL_MD_OP_GET));
  EXPECT_EQ(receive(ni, request(PTL_MSG_GETPUT, 6, 0, 8)).reason,
            DropReason::NoMatch);
  md(me(6, 0), spec(64));
  ReceiveOutcome r = receive(ni, request(PTL_MSG_GETPUT, 6, 0, 8));
  ASSERT_TRUE(r.matched);
  EXPECT_TRUE(r.send_reply);
  EXPECT_EQ(drain(), (Kinds{PTL_EVENT_GETPUT_START, PTL_EVENT_GETPUT_END}));
  EXPECT_EQ(ni.status(PTL_SR_SEND_COUNT), 1u);
  EXPECT_EQ(ni.status(PTL_SR_RECV_COUNT), 1u);
}

TEST_F(ReceiveTest, AckOrReplyHeaderIsNotAReceiveRequest) {
  md(me(6, 0), spec(64));
  Header h = request(PTL_MSG_ACK, 6, 0, 8);
  ReceiveOutcome r = begin_receive(ni, h);
  EXPECT_EQ(r.reason, DropReason::BadMessageType);
  EXPECT_FALSE(r.pending.valid);
  EXPECT_EQ(ni.status(PTL_SR_DROP_COUNT), 0u);
}

}  // namespace
}  // namespace portals
}  // namespace hpcsim
