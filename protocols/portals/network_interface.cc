// See network_interface.h. Source: ../shared/REFERENCES.md §1.1.1, §1.1.4.
#include "portals/network_interface.h"

namespace hpcsim {
namespace portals {

NetworkInterface::NetworkInterface(const NiConfig& cfg)
    : cfg_(cfg), table_(cfg.pt_size, cfg.max_mes), acl_(cfg.ac_size) {}

ptl_status_t NetworkInterface::eq_alloc(uint32_t count, ptl_handle_eq_t* out) {
  uint32_t slot = 0;
  while (slot < eqs_.size() && eq_live_[slot]) ++slot;
  if (slot == eqs_.size()) {
    if (eqs_.size() >= cfg_.max_eqs) return PTL_NO_SPACE;
    eqs_.emplace_back(count);
    eq_live_.push_back(true);
  } else {
    eqs_[slot] = EventQueue(count);
    eq_live_[slot] = true;
  }
  if (out != nullptr) *out = slot;
  return PTL_OK;
}

ptl_status_t NetworkInterface::eq_free(ptl_handle_eq_t h) {
  if (eq(h) == nullptr) return PTL_EQ_INVALID;
  eq_live_[h] = false;
  return PTL_OK;
}

EventQueue* NetworkInterface::eq(ptl_handle_eq_t h) {
  if (h >= eqs_.size() || !eq_live_[h]) return nullptr;
  return &eqs_[h];
}

bool NetworkInterface::post_event(ptl_handle_eq_t h, const Event& ev,
                                  Event* posted) {
  EventQueue* q = eq(h);
  if (q == nullptr) return false;
  const Event stamped = q->post(ev);
  if (posted != nullptr) *posted = stamped;
  return true;
}

ptl_status_t NetworkInterface::me_attach(ptl_pt_index_t pt_index,
                                         ProcessId match_id,
                                         ptl_match_bits_t match_bits,
                                         ptl_match_bits_t ignore_bits,
                                         ptl_unlink_t unlink_op,
                                         ptl_ins_pos_t pos,
                                         ptl_handle_me_t* out) {
  return table_.me_attach(pt_index, match_id, match_bits, ignore_bits,
                          unlink_op, pos, out);
}

ptl_status_t NetworkInterface::me_insert(ptl_handle_me_t base,
                                         ProcessId match_id,
                                         ptl_match_bits_t match_bits,
                                         ptl_match_bits_t ignore_bits,
                                         ptl_unlink_t unlink_op,
                                         ptl_ins_pos_t pos,
                                         ptl_handle_me_t* out) {
  return table_.me_insert(base, match_id, match_bits, ignore_bits, unlink_op,
                          pos, out);
}

ptl_status_t NetworkInterface::me_unlink(ptl_handle_me_t h) {
  const MatchEntry* e = table_.me(h);
  if (e == nullptr) return PTL_ME_INVALID;
  const ptl_handle_md_t mdh = e->md;
  if (MemoryDescriptor* d = md(mdh)) {
    if (d->pending != 0) return PTL_MD_IN_USE;
    d->me = PTL_INVALID_HANDLE;  // so free_md leaves the ME to us
    free_md(mdh);
  }
  return table_.me_remove(h);
}

ptl_status_t NetworkInterface::alloc_md(const MdSpec& spec,
                                        ptl_unlink_t unlink_op,
                                        ptl_handle_md_t* out) {
  if (spec.eq_handle != PTL_EQ_NONE && eq(spec.eq_handle) == nullptr) {
    return PTL_EQ_INVALID;
  }
  if (live_mds_ >= cfg_.max_mds) return PTL_NO_SPACE;
  uint32_t slot = 0;
  while (slot < mds_.size() && mds_[slot].in_use) ++slot;
  if (slot == mds_.size()) mds_.emplace_back();
  MemoryDescriptor& d = mds_[slot];
  const uint32_t gen = d.generation + 1;  // new identity for this slot
  d = MemoryDescriptor{};
  md_init_from_spec(d, spec, unlink_op);
  d.generation = gen;
  d.in_use = true;
  ++live_mds_;
  *out = slot;
  return PTL_OK;
}

ptl_status_t NetworkInterface::md_attach(ptl_handle_me_t me,
                                         const MdSpec& spec,
                                         ptl_unlink_t unlink_op,
                                         ptl_handle_md_t* out) {
  const MatchEntry* e = table_.me(me);
  if (e == nullptr) return PTL_ME_INVALID;
  if (md(e->md) != nullptr) return PTL_ME_IN_USE;
  ptl_handle_md_t h = PTL_INVALID_HANDLE;
  const ptl_status_t rc = alloc_md(spec, unlink_op, &h);
  if (rc != PTL_OK) return rc;
  mds_[h].me = me;
  table_.set_md(me, h);
  if (out != nullptr) *out = h;
  return PTL_OK;
}

ptl_status_t NetworkInterface::md_bind(const MdSpec& spec,
                                       ptl_unlink_t unlink_op,
                                       ptl_handle_md_t* out) {
  ptl_handle_md_t h = PTL_INVALID_HANDLE;
  const ptl_status_t rc = alloc_md(spec, unlink_op, &h);
  if (rc != PTL_OK) return rc;
  if (out != nullptr) *out = h;
  return PTL_OK;
}

ptl_status_t NetworkInterface::md_unlink(ptl_handle_md_t h) {
  const MemoryDescriptor* d = md(h);
  if (d == nullptr) return PTL_MD_INVALID;
  if (d->pending != 0) return PTL_MD_IN_USE;
  free_md(h);
  return PTL_OK;
}

MemoryDescriptor* NetworkInterface::md(ptl_handle_md_t h) {
  if (h >= mds_.size() || !mds_[h].in_use) return nullptr;
  return &mds_[h];
}

const MemoryDescriptor* NetworkInterface::md(ptl_handle_md_t h) const {
  if (h >= mds_.size() || !mds_[h].in_use) return nullptr;
  return &mds_[h];
}

MemoryDescriptor* NetworkInterface::md_checked(ptl_handle_md_t h,
                                               uint32_t gen) {
  MemoryDescriptor* d = md(h);
  if (d == nullptr || d->generation != gen) return nullptr;
  return d;
}

bool NetworkInterface::free_md(ptl_handle_md_t h) {
  MemoryDescriptor& d = mds_[h];
  const ptl_handle_me_t me = d.me;
  const uint32_t gen = d.generation;
  d = MemoryDescriptor{};
  d.generation = gen;  // kept so the next occupant gets gen + 1
  --live_mds_;
  MatchEntry* e = table_.me(me);
  if (e == nullptr || e->md != h) return false;
  e->md = PTL_INVALID_HANDLE;
  if (e->unlink_op != PTL_UNLINK) return false;  // PTL_RETAIN: ME stays
  table_.me_remove(me);
  return true;
}

uint64_t NetworkInterface::status(ptl_sr_index_t sr) const {
  return sr < PTL_SR_COUNT ? sr_[sr] : 0;
}

void NetworkInterface::add_status(ptl_sr_index_t sr, uint64_t amount) {
  if (sr < PTL_SR_COUNT) sr_[sr] += amount;
}

}  // namespace portals
}  // namespace hpcsim
