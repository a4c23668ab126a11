// PortalTable list operations and NetworkInterface ME/MD lifecycle
// (REFERENCES §1.1.1, §1.1.4 lib_md_unlink; seed 002 §2.1).
#include <gtest/gtest.h>

#include "portals/portal_table.h"
#include "portals/test/fixture.h"

namespace hpcsim {
namespace portals {
namespace {

using testing_support::PortalsTest;
const ProcessId kAny{PTL_NID_ANY, PTL_PID_ANY};

TEST(PortalTable, SizeDefaultsAndMinimum) {
  EXPECT_EQ(PortalTable().size(), 64u);
  EXPECT_EQ(PortalTable(8).size(), 64u);
  EXPECT_EQ(PortalTable(128).size(), 128u);
}

TEST(PortalTable, AttachHeadOrTailAndInsertRelative) {
  PortalTable t;
  ptl_handle_me_t a, b, c, d, e;
  ASSERT_EQ(t.me_attach(2, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &a), PTL_OK);
  ASSERT_EQ(t.me_attach(2, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &b), PTL_OK);
  ASSERT_EQ(t.me_attach(2, kAny, 0, 0, PTL_RETAIN, PTL_INS_BEFORE, &c), PTL_OK);
  ASSERT_EQ(t.me_insert(a, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &d), PTL_OK);
  ASSERT_EQ(t.me_insert(a, kAny, 0, 0, PTL_RETAIN, PTL_INS_BEFORE, &e), PTL_OK);
  EXPECT_EQ(t.match_list(2), (std::vector<ptl_handle_me_t>{c, e, a, d, b}));
  EXPECT_EQ(t.me(d)->pt_index, 2u);
  EXPECT_TRUE(t.match_list(3).empty());
  EXPECT_TRUE(t.match_list(1000).empty());
}

TEST(PortalTable, ErrorsAndRemoval) {
  PortalTable t(64, 2);
  ptl_handle_me_t a, b, c;
  EXPECT_EQ(t.me_attach(64, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &a),
            PTL_PT_INDEX_INVALID);
  EXPECT_EQ(t.me_insert(5, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &a),
            PTL_ME_INVALID);
  ASSERT_EQ(t.me_attach(0, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &a), PTL_OK);
  ASSERT_EQ(t.me_attach(0, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &b), PTL_OK);
  EXPECT_EQ(t.me_attach(0, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &c),
            PTL_NO_SPACE);
  EXPECT_EQ(t.me_remove(a), PTL_OK);
  EXPECT_EQ(t.me_remove(a), PTL_ME_INVALID);
  EXPECT_EQ(t.me(a), nullptr);
  EXPECT_EQ(t.match_list(0), (std::vector<ptl_handle_me_t>{b}));
  ASSERT_EQ(t.me_attach(0, kAny, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &c), PTL_OK);
  EXPECT_EQ(c, a);  // lowest free slot reused
  EXPECT_EQ(t.me_count(), 2u);
}

class NiLifecycleTest : public PortalsTest {};

TEST_F(NiLifecycleTest, MdAttachErrors) {
  ptl_handle_me_t m = me(1, 0);
  ptl_handle_md_t h;
  MdSpec bad_eq = spec(10);
  bad_eq.eq_handle = 12345;
  EXPECT_EQ(ni.md_attach(m, bad_eq, PTL_RETAIN, &h), PTL_EQ_INVALID);
  EXPECT_EQ(ni.md_attach(999, spec(10), PTL_RETAIN, &h), PTL_ME_INVALID);
  EXPECT_EQ(ni.md_attach(m, spec(10), PTL_RETAIN, &h), PTL_OK);
  EXPECT_EQ(ni.md_attach(m, spec(10), PTL_RETAIN, &h), PTL_ME_IN_USE);
  MdSpec no_eq = spec(10);
  no_eq.eq_handle = PTL_EQ_NONE;
  EXPECT_EQ(ni.md_bind(no_eq, PTL_RETAIN, &h), PTL_OK);
}

TEST_F(NiLifecycleTest, MdUnlinkKeepsRetainMe) {
  ptl_handle_me_t m = me(1, 0, 0, {PTL_NID_ANY, PTL_PID_ANY}, PTL_RETAIN);
  ptl_handle_md_t d = md(m, spec(10));
  EXPECT_EQ(ni.md_unlink(d), PTL_OK);
  EXPECT_EQ(ni.md(d), nullptr);
  ASSERT_NE(ni.portal_table().me(m), nullptr);
  EXPECT_EQ(ni.portal_table().me(m)->md, PTL_INVALID_HANDLE);
  EXPECT_EQ(ni.md_unlink(d), PTL_MD_INVALID);
  md(m, spec(10));  // a new MD can be attached to the retained ME
}

TEST_F(NiLifecycleTest, MdUnlinkRemovesUnlinkMe) {
  ptl_handle_me_t m = me(1, 0, 0, {PTL_NID_ANY, PTL_PID_ANY}, PTL_UNLINK);
  ptl_handle_md_t d = md(m, spec(10));
  EXPECT_EQ(ni.md_unlink(d), PTL_OK);
  EXPECT_EQ(ni.portal_table().me(m), nullptr);
  EXPECT_TRUE(ni.portal_table().match_list(1).empty());
}

TEST_F(NiLifecycleTest, MeUnlinkFreesItsMd) {
  ptl_handle_me_t m = me(1, 0);
  ptl_handle_md_t d = md(m, spec(10));
  EXPECT_EQ(ni.me_unlink(m), PTL_OK);
  EXPECT_EQ(ni.md(d), nullptr);
  EXPECT_EQ(ni.me_unlink(m), PTL_ME_INVALID);
}

TEST_F(NiLifecycleTest, GenerationBumpsOnSlotReuse) {
  ptl_handle_md_t a, b;
  ASSERT_EQ(ni.md_bind(spec(10), PTL_RETAIN, &a), PTL_OK);
  const uint32_t gen = ni.md(a)->generation;
  ASSERT_EQ(ni.md_unlink(a), PTL_OK);
  ASSERT_EQ(ni.md_bind(spec(10), PTL_RETAIN, &b), PTL_OK);
  EXPECT_EQ(a, b);
  EXPECT_EQ(ni.md(b)->generation, gen + 1);
  EXPECT_EQ(ni.md_checked(b, gen), nullptr);
  EXPECT_NE(ni.md_checked(b, gen + 1), nullptr);
}

TEST_F(NiLifecycleTest, MdLimit) {
  NiConfig c;
  c.max_mds = 1;
  NetworkInterface small(c);
  MdSpec s;
  ptl_handle_md_t h;
  EXPECT_EQ(small.md_bind(s, PTL_RETAIN, &h), PTL_OK);
  EXPECT_EQ(small.md_bind(s, PTL_RETAIN, &h), PTL_NO_SPACE);
}

TEST_F(NiLifecycleTest, UnlinkRefusedWhileOperationPending) {
  ptl_handle_me_t m = me(1, 0);
  ptl_handle_md_t d = md(m, spec(100));
  ReceiveOutcome r = begin_receive(ni, put(1, 0, 10));
  ASSERT_TRUE(r.matched);
  EXPECT_EQ(ni.md_unlink(d), PTL_MD_IN_USE);
  EXPECT_EQ(ni.me_unlink(m), PTL_MD_IN_USE);
  complete_receive(ni, r.pending);
  EXPECT_EQ(ni.md_unlink(d), PTL_OK);
}

}  // namespace
}  // namespace portals
}  // namespace hpcsim
