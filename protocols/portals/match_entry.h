// Portals match entry (ME): selection criteria on a portal's match list.
// Source: ../shared/REFERENCES.md §1.1.3 step 3 (lib_find_md); seed 002 §2.1.
#ifndef HPCSIM_PORTALS_MATCH_ENTRY_H
#define HPCSIM_PORTALS_MATCH_ENTRY_H

#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// One match entry (lib_me_t). match_id.nid/pid may be PTL_NID_ANY /
/// PTL_PID_ANY. A bit takes part in matching iff it is clear in
/// ignore_bits; ignore_bits = ~0 matches any match bits.
struct MatchEntry {
  ProcessId match_id{PTL_NID_ANY, PTL_PID_ANY};
  ptl_match_bits_t match_bits = 0;
  ptl_match_bits_t ignore_bits = 0;
  ptl_unlink_t unlink_op = PTL_RETAIN;   ///< unlink when its MD is unlinked
  ptl_handle_md_t md = PTL_INVALID_HANDLE;  ///< attached MD or invalid
  bool in_use = false;                   ///< slot holds a live ME
  ptl_pt_index_t pt_index = 0;           ///< portal whose list holds it
};

/// True if `src` passes the ME's match_id (each of nid/pid ANY or equal).
inline bool me_matches_source(const MatchEntry& me, const ProcessId& src) {
  return (me.match_id.nid == PTL_NID_ANY || me.match_id.nid == src.nid) &&
         (me.match_id.pid == PTL_PID_ANY || me.match_id.pid == src.pid);
}

/// True if ((me.match_bits ^ bits) & ~me.ignore_bits) == 0 (§1.1.3 step 3).
inline bool me_matches_bits(const MatchEntry& me, ptl_match_bits_t bits) {
  return ((me.match_bits ^ bits) & ~me.ignore_bits) == 0;
}

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_MATCH_ENTRY_H
