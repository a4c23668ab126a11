// See portal_table.h. Source: ../shared/REFERENCES.md §1.1.1, §1.1.3.
#include "portals/portal_table.h"

#include <algorithm>

namespace hpcsim {
namespace portals {

PortalTable::PortalTable(uint32_t size, uint32_t max_mes)
    : lists_(size < kMinPortalTableSize ? kMinPortalTableSize : size),
      max_mes_(max_mes) {}

ptl_status_t PortalTable::alloc(ptl_pt_index_t pt_index, ProcessId match_id,
                                ptl_match_bits_t match_bits,
                                ptl_match_bits_t ignore_bits,
                                ptl_unlink_t unlink_op, ptl_handle_me_t* out) {
  if (live_ >= max_mes_) return PTL_NO_SPACE;
  uint32_t slot = 0;
  while (slot < pool_.size() && pool_[slot].in_use) ++slot;
  if (slot == pool_.size()) pool_.emplace_back();
  MatchEntry& e = pool_[slot];
  e = MatchEntry{};
  e.match_id = match_id;
  e.match_bits = match_bits;
  e.ignore_bits = ignore_bits;
  e.unlink_op = unlink_op;
  e.md = PTL_INVALID_HANDLE;
  e.in_use = true;
  e.pt_index = pt_index;
  ++live_;
  *out = slot;
  return PTL_OK;
}

ptl_status_t PortalTable::me_attach(ptl_pt_index_t pt_index,
                                    ProcessId match_id,
                                    ptl_match_bits_t match_bits,
                                    ptl_match_bits_t ignore_bits,
                                    ptl_unlink_t unlink_op, ptl_ins_pos_t pos,
                                    ptl_handle_me_t* out) {
  if (pt_index >= lists_.size()) return PTL_PT_INDEX_INVALID;
  ptl_handle_me_t h = PTL_INVALID_HANDLE;
  const ptl_status_t rc =
      alloc(pt_index, match_id, match_bits, ignore_bits, unlink_op, &h);
  if (rc != PTL_OK) return rc;
  std::vector<ptl_handle_me_t>& list = lists_[pt_index];
  if (pos == PTL_INS_BEFORE) {
    list.insert(list.begin(), h);
  } else {
    list.push_back(h);
  }
  if (out != nullptr) *out = h;
  return PTL_OK;
}

ptl_status_t PortalTable::me_insert(ptl_handle_me_t base, ProcessId match_id,
                                    ptl_match_bits_t match_bits,
                                    ptl_match_bits_t ignore_bits,
                                    ptl_unlink_t unlink_op, ptl_ins_pos_t pos,
                                    ptl_handle_me_t* out) {
  const MatchEntry* b = me(base);
  if (b == nullptr) return PTL_ME_INVALID;
  const ptl_pt_index_t pt = b->pt_index;
  ptl_handle_me_t h = PTL_INVALID_HANDLE;
  const ptl_status_t rc =
      alloc(pt, match_id, match_bits, ignore_bits, unlink_op, &h);
  if (rc != PTL_OK) return rc;
  std::vector<ptl_handle_me_t>& list = lists_[pt];
  auto it = std::find(list.begin(), list.end(), base);
  if (pos == PTL_INS_AFTER) ++it;
  list.insert(it, h);
  if (out != nullptr) *out = h;
  return PTL_OK;
}

ptl_status_t PortalTable::me_remove(ptl_handle_me_t h) {
  MatchEntry* e = me(h);
  if (e == nullptr) return PTL_ME_INVALID;
  std::vector<ptl_handle_me_t>& list = lists_[e->pt_index];
  list.erase(std::find(list.begin(), list.end(), h));
  *e = MatchEntry{};
  --live_;
  return PTL_OK;
}

ptl_status_t PortalTable::set_md(ptl_handle_me_t h, ptl_handle_md_t md) {
  MatchEntry* e = me(h);
  if (e == nullptr) return PTL_ME_INVALID;
  e->md = md;
  return PTL_OK;
}

MatchEntry* PortalTable::me(ptl_handle_me_t h) {
  if (h >= pool_.size() || !pool_[h].in_use) return nullptr;
  return &pool_[h];
}

const MatchEntry* PortalTable::me(ptl_handle_me_t h) const {
  if (h >= pool_.size() || !pool_[h].in_use) return nullptr;
  return &pool_[h];
}

const std::vector<ptl_handle_me_t>& PortalTable::match_list(
    ptl_pt_index_t pt_index) const {
  if (pt_index >= lists_.size()) return empty_;
  return lists_[pt_index];
}

}  // namespace portals
}  // namespace hpcsim
