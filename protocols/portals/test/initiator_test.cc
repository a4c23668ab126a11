// Initiator side: PtlPut, PtlGet (no threshold at the initiator), REPLY and
// ACK arrival with the generation check (REFERENCES §1.1.4, §1.1.6).
#include <gtest/gtest.h>

#include "portals/initiator.h"
#include "portals/test/fixture.h"

namespace hpcsim {
namespace portals {
namespace {

using testing_support::kSource;
using testing_support::kTarget;
using testing_support::PortalsTest;
using Kinds = std::vector<ptl_event_kind_t>;

NiConfig source_config() {
  NiConfig c;
  c.id = kSource;
  c.uid = 55;
  c.jid = 9;
  return c;
}

class InitiatorTest : public PortalsTest {
 protected:
  void SetUp() override {
    PortalsTest::SetUp();
    ASSERT_EQ(src.eq_alloc(32, &seq), PTL_OK);
  }
  ptl_handle_md_t bind(ptl_size_t length, int32_t threshold,
                       uint32_t options = 0,
                       ptl_unlink_t unlink = PTL_RETAIN) {
    MdSpec s;
    s.length = length;
    s.threshold = threshold;
    s.options = options;
    s.eq_handle = seq;
    ptl_handle_md_t h = PTL_INVALID_HANDLE;
    EXPECT_EQ(src.md_bind(s, unlink, &h), PTL_OK);
    return h;
  }
  Kinds drain_src() {
    Kinds k;
    Event ev;
    while (src.eq(seq)->get(ev) != EqResult::Empty) k.push_back(ev.type);
    return k;
  }
  NetworkInterface src{source_config()};
  ptl_handle_eq_t seq = PTL_EQ_NONE;
};

TEST_F(InitiatorTest, PutBuildsHeaderPostsSendEventsAndDecrements) {
  ptl_handle_md_t d = bind(256, 3);
  SendOutcome s =
      ptl_put(src, d, PTL_ACK_REQ, kTarget, 6, 1, 0x42, 16, 0xBEEF);
  ASSERT_EQ(s.rc, PTL_OK);
  EXPECT_EQ(s.header.type, PTL_MSG_PUT);
  EXPECT_EQ(s.header.src, kSource);
  EXPECT_EQ(s.header.dst, kTarget);
  EXPECT_EQ(s.header.length, 256u);
  EXPECT_EQ(s.header.pt_index, 6u);
  EXPECT_EQ(s.header.ac_index, 1u);
  EXPECT_EQ(s.header.remote_offset, 16u);
  EXPECT_EQ(s.header.hdr_data, 0xBEEFu);
  EXPECT_EQ(s.header.ack_md, d);
  EXPECT_EQ(s.header.ack_md_gen, src.md(d)->generation);
  EXPECT_EQ(src.md(d)->threshold, 2);
  ASSERT_EQ(s.events.size(), 1u);
  EXPECT_EQ(s.events[0].type, PTL_EVENT_SEND_START);
  CompleteOutcome c = complete_send(src, s.pending);
  ASSERT_EQ(c.events.size(), 1u);
  EXPECT_EQ(c.events[0].type, PTL_EVENT_SEND_END);
  EXPECT_EQ(c.events[0].mlength, 256u);
  EXPECT_EQ(src.status(PTL_SR_SEND_COUNT), 1u);
  EXPECT_EQ(src.status(PTL_SR_SEND_LENGTH), 256u);
  SendOutcome n = ptl_put(src, d, PTL_NO_ACK_REQ, kTarget, 6, 0, 0, 0, 0);
  EXPECT_EQ(n.header.ack_md, PTL_HANDLE_NONE);
}

TEST_F(InitiatorTest, PutOnInactiveOrBadMdFails) {
  ptl_handle_md_t d = bind(8, 1);
  EXPECT_EQ(ptl_put(src, d, PTL_NO_ACK_REQ, kTarget, 0, 0, 0, 0, 0).rc,
            PTL_OK);
  EXPECT_FALSE(src.md(d)->active);
  EXPECT_EQ(ptl_put(src, d, PTL_NO_ACK_REQ, kTarget, 0, 0, 0, 0, 0).rc,
            PTL_MD_INVALID);
  EXPECT_EQ(ptl_put(src, 77, PTL_NO_ACK_REQ, kTarget, 0, 0, 0, 0, 0).rc,
            PTL_MD_INVALID);
  EXPECT_EQ(ptl_get(src, d, kTarget, 0, 0, 0, 0).rc, PTL_MD_INVALID);
}

TEST_F(InitiatorTest, PutThresholdOneUnlinkPostsUnlinkAfterSendEnd) {
  ptl_handle_md_t d = bind(8, 1, 0, PTL_UNLINK);
  SendOutcome s = ptl_put(src, d, PTL_NO_ACK_REQ, kTarget, 0, 0, 0, 0, 0);
  EXPECT_TRUE(s.do_unlink);
  complete_send(src, s.pending);
  EXPECT_EQ(drain_src(), (Kinds{PTL_EVENT_SEND_START, PTL_EVENT_SEND_END,
                                PTL_EVENT_UNLINK}));
  EXPECT_EQ(src.md(d), nullptr);
}

TEST_F(InitiatorTest, GetDoesNotDecrementThresholdReplyDoes) {
  ptl_handle_md_t d = bind(64, 1, PTL_MD_OP_GET, PTL_UNLINK);
  SendOutcome g = ptl_get(src, d, kTarget, 6, 0, 0x5, 0);
  ASSERT_EQ(g.rc, PTL_OK);
  EXPECT_EQ(src.md(d)->threshold, 1);  // the PtlGet exception
  EXPECT_TRUE(src.md(d)->active);
  EXPECT_TRUE(g.events.empty());
  EXPECT_FALSE(g.pending.valid);
  EXPECT_EQ(g.header.type, PTL_MSG_GET);
  EXPECT_EQ(g.header.ack_md, d);
  EXPECT_EQ(src.status(PTL_SR_SEND_COUNT), 1u);

  md(me(6, 0x5), spec(64, PTL_MD_THRESH_INF, PTL_MD_OP_GET));
  ReceiveOutcome t = begin_receive(ni, g.header);
  ASSERT_TRUE(t.send_reply);
  ReceiveOutcome r = begin_reply(src, t.reply);
  ASSERT_TRUE(r.matched);
  EXPECT_EQ(r.mlength, 64u);
  EXPECT_EQ(src.md(d)->threshold, 0);
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].type, PTL_EVENT_REPLY_START);
  EXPECT_EQ(r.events[0].pt_index, PTL_PT_INDEX_NONE);
  EXPECT_EQ(r.events[0].initiator, kTarget);
  CompleteOutcome c = complete_receive(src, r.pending);
  EXPECT_TRUE(c.md_unlinked);
  EXPECT_EQ(drain_src(), (Kinds{PTL_EVENT_REPLY_START, PTL_EVENT_REPLY_END,
                                PTL_EVENT_UNLINK}));
}

TEST_F(InitiatorTest, ReplyToStaleGenerationIsDropped) {
  ptl_handle_md_t d = bind(64, PTL_MD_THRESH_INF);
  SendOutcome g = ptl_get(src, d, kTarget, 6, 0, 0, 0);
  ASSERT_EQ(src.md_unlink(d), PTL_OK);
  ptl_handle_md_t d2 = bind(64, PTL_MD_THRESH_INF);
  ASSERT_EQ(d2, d);  // same slot, new generation
  Header reply;
  reply.type = PTL_MSG_REPLY;
  reply.length = 64;
  reply.ack_md = g.header.ack_md;
  reply.ack_md_gen = g.header.ack_md_gen;
  ReceiveOutcome r = begin_reply(src, reply);
  EXPECT_EQ(r.reason, DropReason::InvalidMd);
  EXPECT_EQ(src.status(PTL_SR_DROP_COUNT), 1u);
  EXPECT_EQ(src.status(PTL_SR_DROP_LENGTH), 64u);
  EXPECT_TRUE(drain_src().empty());
}

TEST_F(InitiatorTest, ReplyTruncateVsReject) {
  ptl_handle_md_t strict = bind(32, PTL_MD_THRESH_INF);
  ptl_handle_md_t trunc = bind(32, PTL_MD_THRESH_INF, PTL_MD_TRUNCATE);
  Header reply;
  reply.type = PTL_MSG_REPLY;
  reply.length = 40;
  reply.remote_offset = 0;
  reply.ack_md = strict;
  reply.ack_md_gen = src.md(strict)->generation;
  EXPECT_EQ(begin_reply(src, reply).reason, DropReason::TooLong);
  reply.ack_md = trunc;
  reply.ack_md_gen = src.md(trunc)->generation;
  reply.remote_offset = 8;
  ReceiveOutcome r = begin_reply(src, reply);
  ASSERT_TRUE(r.matched);
  EXPECT_EQ(r.mlength, 24u);
  EXPECT_EQ(r.offset, 8u);
}

TEST_F(InitiatorTest, AckDecrementsThresholdAndCarriesTargetMlength) {
  ptl_handle_md_t d = bind(200, 2, 0, PTL_UNLINK);  // put + ack
  SendOutcome s = ptl_put(src, d, PTL_ACK_REQ, kTarget, 6, 0, 0, 0, 0);
  complete_send(src, s.pending);
  md(me(6, 0), spec(150, PTL_MD_THRESH_INF, PTL_MD_OP_PUT | PTL_MD_TRUNCATE));
  CompleteOutcome tc;
  receive(ni, s.header, &tc);
  ASSERT_TRUE(tc.send_ack);
  CompleteOutcome ac;
  ReceiveOutcome a = receive_ack(src, tc.ack, &ac);
  ASSERT_TRUE(a.matched);
  ASSERT_EQ(a.events.size(), 2u);
  EXPECT_EQ(a.events[0].type, PTL_EVENT_ACK);
  EXPECT_EQ(a.events[0].rlength, 0u);
  EXPECT_EQ(a.events[0].mlength, 150u);
  EXPECT_EQ(a.events[0].pt_index, PTL_PT_INDEX_NONE);
  EXPECT_EQ(a.events[0].initiator, kTarget);
  EXPECT_EQ(a.events[1].type, PTL_EVENT_UNLINK);
  EXPECT_TRUE(ac.md_unlinked);
  EXPECT_EQ(src.md(d), nullptr);
  EXPECT_EQ(drain_src(), (Kinds{PTL_EVENT_SEND_START, PTL_EVENT_SEND_END,
                                PTL_EVENT_ACK, PTL_EVENT_UNLINK}));
}

TEST_F(InitiatorTest, AckToInactiveMdIsDropped) {
  ptl_handle_md_t d = bind(16, 1);  // threshold used up by the put
  SendOutcome s = ptl_put(src, d, PTL_ACK_REQ, kTarget, 6, 0, 0, 0, 0);
  complete_send(src, s.pending);
  Header ack;
  ack.type = PTL_MSG_ACK;
  ack.length = 16;
  ack.ack_md = s.header.ack_md;
  ack.ack_md_gen = s.header.ack_md_gen;
  drain_src();
  ReceiveOutcome a = receive_ack(src, ack);
  EXPECT_EQ(a.reason, DropReason::InvalidMd);
  EXPECT_TRUE(drain_src().empty());
  EXPECT_EQ(src.status(PTL_SR_RECV_COUNT), 0u);
}

TEST_F(InitiatorTest, AckWithStaleGenerationIsDropped) {
  ptl_handle_md_t d = bind(16, PTL_MD_THRESH_INF);
  Header ack;
  ack.type = PTL_MSG_ACK;
  ack.ack_md = d;
  ack.ack_md_gen = src.md(d)->generation + 1;
  EXPECT_EQ(receive_ack(src, ack).reason, DropReason::InvalidMd);
  ack.ack_md_gen -= 1;
  EXPECT_TRUE(receive_ack(src, ack).matched);
}

TEST_F(InitiatorTest, AckEventWithEndDisabledButNotWithBoth) {
  ptl_handle_md_t end_off = bind(16, 5, PTL_MD_EVENT_END_DISABLE);
  ptl_handle_md_t both_off =
      bind(16, 5, PTL_MD_EVENT_END_DISABLE | PTL_MD_EVENT_START_DISABLE);
  Header ack;
  ack.type = PTL_MSG_ACK;
  ack.ack_md = end_off;
  ack.ack_md_gen = src.md(end_off)->generation;
  EXPECT_EQ(receive_ack(src, ack).events.size(), 1u);
  ack.ack_md = both_off;
  ack.ack_md_gen = src.md(both_off)->generation;
  ReceiveOutcome a = receive_ack(src, ack);
  EXPECT_TRUE(a.matched);
  EXPECT_TRUE(a.events.empty());
  EXPECT_EQ(src.md(both_off)->threshold, 4);
  EXPECT_EQ(src.status(PTL_SR_RECV_COUNT), 2u);
}

}  // namespace
}  // namespace portals
}  // namespace hpcsim
