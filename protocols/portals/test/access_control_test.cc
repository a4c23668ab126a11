// AccessControlList and the portal index check (REFERENCES §1.1.3 steps 1-2).
#include <gtest/gtest.h>

#include "portals/access_control.h"
#include "portals/test/fixture.h"

namespace hpcsim {
namespace portals {
namespace {

using testing_support::PortalsTest;

Header hdr() {
  Header h;
  h.src = {2, 20};
  h.src_uid = 55;
  h.src_jid = 9;
  h.pt_index = 4;
  return h;
}

AccessControlEntry exact() {
  AccessControlEntry e;
  e.uid = 55;
  e.jid = 9;
  e.nid = 2;
  e.pid = 20;
  e.pt_index = 4;
  return e;
}

TEST(AccessControlList, DefaultEntriesAreWildcardsAndCompareFiveFields) {
  AccessControlList acl(4);
  uint32_t n = 0;
  EXPECT_TRUE(acl.check(3, hdr(), &n));
  EXPECT_EQ(n, 5u);
}

TEST(AccessControlList, ExactEntryAccepts) {
  AccessControlList acl(2);
  ASSERT_EQ(acl.set(1, exact()), PTL_OK);
  EXPECT_TRUE(acl.check(1, hdr()));
}

TEST(AccessControlList, EachFieldMismatchRejects) {
  AccessControlList acl(1);
  for (int field = 0; field < 5; ++field) {
    AccessControlEntry e = exact();
    switch (field) {
      case 0: e.uid = 56; break;
      case 1: e.jid = 10; break;
      case 2: e.nid = 3; break;
      case 3: e.pid = 21; break;
      default: e.pt_index = 5; break;
    }
    ASSERT_EQ(acl.set(0, e), PTL_OK);
    EXPECT_FALSE(acl.check(0, hdr())) << "field " << field;
  }
}

TEST(AccessControlList, OutOfRangeIndexRejects) {
  AccessControlList acl(2);
  EXPECT_TRUE(acl.check(1, hdr()));
  EXPECT_FALSE(acl.check(2, hdr()));  // == size: the reference's '>' bug
  EXPECT_EQ(acl.set(2, exact()), PTL_AC_INDEX_INVALID);
  EXPECT_EQ(acl.entry(2), nullptr);
  EXPECT_FALSE(AccessControlList(0).check(0, hdr()));
}

class AclReceiveTest : public PortalsTest {};

TEST_F(AclReceiveTest, AclRejectionDropsAndCounts) {
  ptl_handle_me_t m = me(4, 0);
  md(m, spec(100));
  AccessControlEntry e;
  e.uid = 999;
  ASSERT_EQ(ni.acl().set(0, e), PTL_OK);
  ReceiveOutcome r = begin_receive(ni, put(4, 0, 30));
  EXPECT_FALSE(r.matched);
  EXPECT_EQ(r.reason, DropReason::AclRejected);
  EXPECT_EQ(r.work.mes_inspected, 0u);
  EXPECT_EQ(ni.status(PTL_SR_DROP_COUNT), 1u);
  EXPECT_EQ(ni.status(PTL_SR_DROP_LENGTH), 30u);
  EXPECT_TRUE(drain().empty());
}

TEST_F(AclReceiveTest, BadAcIndexDrops) {
  md(me(4, 0), spec(100));
  Header h = put(4, 0, 30);
  h.ac_index = ni.acl().size();
  EXPECT_EQ(begin_receive(ni, h).reason, DropReason::AclRejected);
  h.ac_index = ni.acl().size() - 1;
  EXPECT_TRUE(begin_receive(ni, h).matched);
}

TEST_F(AclReceiveTest, AclPortalIndexMustMatchRequest) {
  md(me(4, 0), spec(100));
  AccessControlEntry e;
  e.pt_index = 5;
  ASSERT_EQ(ni.acl().set(0, e), PTL_OK);
  EXPECT_EQ(begin_receive(ni, put(4, 0, 1)).reason, DropReason::AclRejected);
  e.pt_index = 4;
  ASSERT_EQ(ni.acl().set(0, e), PTL_OK);
  EXPECT_TRUE(begin_receive(ni, put(4, 0, 1)).matched);
}

TEST_F(AclReceiveTest, BadPortalIndexDropsAndCounts) {
  const ptl_pt_index_t size = ni.portal_table().size();
  ReceiveOutcome r = begin_receive(ni, put(size, 0, 12));
  EXPECT_EQ(r.reason, DropReason::BadPortalIndex);
  EXPECT_EQ(r.work.acl_fields_compared, 0u);
  r = begin_receive(ni, put(PTL_PT_INDEX_ANY, 0, 8));
  EXPECT_EQ(r.reason, DropReason::BadPortalIndex);
  EXPECT_EQ(ni.status(PTL_SR_DROP_COUNT), 2u);
  EXPECT_EQ(ni.status(PTL_SR_DROP_LENGTH), 20u);
  md(me(size - 1, 0), spec(100));
  EXPECT_TRUE(begin_receive(ni, put(size - 1, 0, 1)).matched);
}

}  // namespace
}  // namespace portals
}  // namespace hpcsim
