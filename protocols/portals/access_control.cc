// See access_control.h. Source: ../shared/REFERENCES.md §1.1.3 step 2.
#include "portals/access_control.h"

namespace hpcsim {
namespace portals {

AccessControlList::AccessControlList(uint32_t size) : entries_(size) {}

ptl_status_t AccessControlList::set(ptl_ac_index_t ac_index,
                                    const AccessControlEntry& entry) {
  if (ac_index >= entries_.size()) return PTL_AC_INDEX_INVALID;
  entries_[ac_index] = entry;
  return PTL_OK;
}

const AccessControlEntry* AccessControlList::entry(
    ptl_ac_index_t ac_index) const {
  if (ac_index >= entries_.size()) return nullptr;
  return &entries_[ac_index];
}

bool AccessControlList::check(ptl_ac_index_t ac_index, const Header& hdr,
                              uint32_t* fields_compared) const {
  const AccessControlEntry* ace = entry(ac_index);
  if (ace == nullptr) return false;  // the reference tests '>' (off by one)
  uint32_t n = 0;
  bool ok = true;
  // Same order as lib_find_md: uid, portal index, jid, nid, pid.
  if (ok) { ++n; ok = ace->uid == PTL_UID_ANY || ace->uid == hdr.src_uid; }
  if (ok) {
    ++n;
    ok = ace->pt_index == PTL_PT_INDEX_ANY || ace->pt_index == hdr.pt_index;
  }
  if (ok) { ++n; ok = ace->jid == PTL_JID_ANY || ace->jid == hdr.src_jid; }
  if (ok) { ++n; ok = ace->nid == PTL_NID_ANY || ace->nid == hdr.src.nid; }
  if (ok) { ++n; ok = ace->pid == PTL_PID_ANY || ace->pid == hdr.src.pid; }
  if (fields_compared != nullptr) *fields_compared += n;
  return ok;
}

}  // namespace portals
}  // namespace hpcsim
