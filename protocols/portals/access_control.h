// Portals access control list (ACL): an array of entries indexed by the
// ac_index "cookie" carried in each request.
// Source: ../shared/REFERENCES.md §1.1.3 step 2; seed 002 §2.2.
#ifndef HPCSIM_PORTALS_ACCESS_CONTROL_H
#define HPCSIM_PORTALS_ACCESS_CONTROL_H

#include <cstdint>
#include <vector>

#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// One ACL entry (lib_ace_t). Every field may be its *_ANY wildcard.
struct AccessControlEntry {
  ptl_uid_t uid = PTL_UID_ANY;
  ptl_jid_t jid = PTL_JID_ANY;
  ptl_nid_t nid = PTL_NID_ANY;
  ptl_pid_t pid = PTL_PID_ANY;
  ptl_pt_index_t pt_index = PTL_PT_INDEX_ANY;
};

/// Array of `size` ACL entries. Model choice: entries start as all-ANY
/// (permissive); a scenario restricts them with set().
class AccessControlList {
 public:
  /// Creates `size` all-wildcard entries (size 0 is allowed: rejects all).
  explicit AccessControlList(uint32_t size = 8);

  /// Number of entries.
  uint32_t size() const { return static_cast<uint32_t>(entries_.size()); }

  /// PtlACEntry: replaces entry `ac_index`. Errors: PTL_AC_INDEX_INVALID.
  ptl_status_t set(ptl_ac_index_t ac_index, const AccessControlEntry& entry);

  /// Entry `ac_index`, or nullptr if out of range.
  const AccessControlEntry* entry(ptl_ac_index_t ac_index) const;

  /// §1.1.3 step 2: false if ac_index >= size() or any of uid, pt_index,
  /// jid, nid, pid is neither ANY nor equal to the request's value
  /// (src_uid, pt_index, src_jid, src.nid, src.pid of `hdr`).
  /// `fields_compared`, if given, is increased by the fields tested.
  bool check(ptl_ac_index_t ac_index, const Header& hdr,
             uint32_t* fields_compared = nullptr) const;

 private:
  std::vector<AccessControlEntry> entries_;
};

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_ACCESS_CONTROL_H
