// EventQueue: Empty / Ok / Dropped and wrap-around (REFERENCES §1.1.5).
#include <gtest/gtest.h>

#include "portals/event_queue.h"
#include "portals/network_interface.h"

namespace hpcsim {
namespace portals {
namespace {

Event kind(ptl_event_kind_t k) {
  Event e;
  e.type = k;
  return e;
}

TEST(EventQueue, EmptyWhenNothingPosted) {
  EventQueue q(4);
  Event ev;
  ev.mlength = 123;
  EXPECT_EQ(q.get(ev), EqResult::Empty);
  EXPECT_EQ(ev.mlength, 123u);  // untouched
}

TEST(EventQueue, PostStampsSequenceAndGetReturnsInOrder) {
  EventQueue q(4);
  EXPECT_EQ(q.post(kind(PTL_EVENT_PUT_START)).sequence, 0u);
  EXPECT_EQ(q.post(kind(PTL_EVENT_PUT_END)).sequence, 1u);
  Event ev;
  ASSERT_EQ(q.get(ev), EqResult::Ok);
  EXPECT_EQ(ev.type, PTL_EVENT_PUT_START);
  EXPECT_EQ(ev.sequence, 0u);
  ASSERT_EQ(q.get(ev), EqResult::Ok);
  EXPECT_EQ(ev.type, PTL_EVENT_PUT_END);
  EXPECT_EQ(q.get(ev), EqResult::Empty);
}

TEST(EventQueue, WrapAroundWithoutOverflowIsOk) {
  EventQueue q(4);
  Event ev;
  for (int lap = 0; lap < 3; ++lap) {
    for (int i = 0; i < 3; ++i) q.post(kind(PTL_EVENT_PUT_END));
    for (int i = 0; i < 3; ++i) {
      ASSERT_EQ(q.get(ev), EqResult::Ok);
      EXPECT_EQ(ev.sequence, static_cast<ptl_seq_t>(lap * 3 + i));
    }
    EXPECT_EQ(q.get(ev), EqResult::Empty);  // old slot from previous lap
  }
}

TEST(EventQueue, FullRingWithoutOverwriteIsOk) {
  EventQueue q(4);
  for (int i = 0; i < 4; ++i) q.post(kind(PTL_EVENT_PUT_END));
  Event ev;
  for (int i = 0; i < 4; ++i) ASSERT_EQ(q.get(ev), EqResult::Ok);
  EXPECT_EQ(q.get(ev), EqResult::Empty);
}

TEST(EventQueue, OverwrittenSlotReportsDroppedAndReturnsNewerEvent) {
  EventQueue q(4);
  for (int i = 0; i < 6; ++i) q.post(kind(PTL_EVENT_PUT_END));  // seq 0..5
  Event ev;
  ASSERT_EQ(q.get(ev), EqResult::Dropped);
  EXPECT_EQ(ev.sequence, 4u);  // seq 0..3 lost; 4 sat in slot 0
  EXPECT_EQ(q.expected_sequence(), 5u);
  ASSERT_EQ(q.get(ev), EqResult::Ok);
  EXPECT_EQ(ev.sequence, 5u);
  EXPECT_EQ(q.get(ev), EqResult::Empty);
  EXPECT_EQ(q.next_sequence(), 6u);
}

TEST(EventQueue, ZeroCountIsRaisedToOne) {
  EventQueue q(0);
  EXPECT_EQ(q.count(), 1u);
  q.post(kind(PTL_EVENT_ACK));
  q.post(kind(PTL_EVENT_UNLINK));
  Event ev;
  EXPECT_EQ(q.get(ev), EqResult::Dropped);
  EXPECT_EQ(ev.type, PTL_EVENT_UNLINK);
}

TEST(EventQueueNi, AllocLimitAndFree) {
  NiConfig c;
  c.max_eqs = 2;
  NetworkInterface ni(c);
  ptl_handle_eq_t a, b, d;
  EXPECT_EQ(ni.eq_alloc(4, &a), PTL_OK);
  EXPECT_EQ(ni.eq_alloc(4, &b), PTL_OK);
  EXPECT_EQ(ni.eq_alloc(4, &d), PTL_NO_SPACE);
  EXPECT_EQ(ni.eq_free(a), PTL_OK);
  EXPECT_EQ(ni.eq_free(a), PTL_EQ_INVALID);
  EXPECT_FALSE(ni.post_event(a, Event{}, nullptr));
  EXPECT_EQ(ni.eq_alloc(8, &d), PTL_OK);
  EXPECT_EQ(d, a);  // lowest free slot reused
  EXPECT_EQ(ni.eq(d)->count(), 8u);
  EXPECT_EQ(ni.eq(PTL_EQ_NONE), nullptr);
}

}  // namespace
}  // namespace portals
}  // namespace hpcsim
