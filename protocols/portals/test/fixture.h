// Shared test fixture: one target NI with an EQ, helpers to build MEs, MDs
// and request headers, and to drain the EQ.
#ifndef HPCSIM_PORTALS_TEST_FIXTURE_H
#define HPCSIM_PORTALS_TEST_FIXTURE_H

#include <gtest/gtest.h>

#include <vector>

#include "portals/network_interface.h"
#include "portals/receive.h"
#include "portals/types.h"

namespace hpcsim {
namespace portals {
namespace testing_support {

constexpr ProcessId kTarget{1, 10};
constexpr ProcessId kSource{2, 20};
constexpr ptl_uid_t kUid = 100;
constexpr ptl_jid_t kJid = 7;

inline NiConfig target_config() {
  NiConfig c;
  c.id = kTarget;
  c.uid = kUid;
  c.jid = kJid;
  return c;
}

class PortalsTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(ni.eq_alloc(64, &eq), PTL_OK); }

  ptl_handle_me_t me(ptl_pt_index_t pt, ptl_match_bits_t bits,
                     ptl_match_bits_t ignore = 0,
                     ProcessId id = {PTL_NID_ANY, PTL_PID_ANY},
                     ptl_unlink_t unlink = PTL_RETAIN) {
    ptl_handle_me_t h = PTL_INVALID_HANDLE;
    EXPECT_EQ(ni.me_attach(pt, id, bits, ignore, unlink, PTL_INS_AFTER, &h),
              PTL_OK);
    return h;
  }

  MdSpec spec(ptl_size_t length, int32_t threshold = PTL_MD_THRESH_INF,
              uint32_t options = PTL_MD_OP_PUT | PTL_MD_OP_GET) {
    MdSpec s;
    s.start = 0x1000;
    s.length = length;
    s.threshold = threshold;
    s.options = options;
    s.eq_handle = eq;
    return s;
  }

  ptl_handle_md_t md(ptl_handle_me_t m, const MdSpec& s,
                     ptl_unlink_t unlink = PTL_RETAIN) {
    ptl_handle_md_t h = PTL_INVALID_HANDLE;
    EXPECT_EQ(ni.md_attach(m, s, unlink, &h), PTL_OK);
    return h;
  }

  static Header request(ptl_msg_type_t type, ptl_pt_index_t pt,
                        ptl_match_bits_t bits, ptl_size_t length,
                        ProcessId src = kSource) {
    Header h;
    h.type = type;
    h.src = src;
    h.dst = kTarget;
    h.src_uid = 55;
    h.src_jid = 9;
    h.pt_index = pt;
    h.ac_index = 0;
    h.match_bits = bits;
    h.length = length;
    h.ack_md = PTL_HANDLE_NONE;
    return h;
  }

  static Header put(ptl_pt_index_t pt, ptl_match_bits_t bits,
                    ptl_size_t length, ProcessId src = kSource) {
    return request(PTL_MSG_PUT, pt, bits, length, src);
  }

  std::vector<ptl_event_kind_t> drain() {
    std::vector<ptl_event_kind_t> kinds;
    Event ev;
    while (ni.eq(eq)->get(ev) != EqResult::Empty) kinds.push_back(ev.type);
    return kinds;
  }

  NetworkInterface ni{target_config()};
  ptl_handle_eq_t eq = PTL_EQ_NONE;
};

}  // namespace testing_support
}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_TEST_FIXTURE_H
