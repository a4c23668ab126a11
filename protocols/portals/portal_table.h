// Portals portal table: entries 0..n-1, each an ordered match list of MEs.
// Source: ../shared/REFERENCES.md §1.1.1 (PTL_INS_*), §1.1.3 step 1/3;
// seed 002 §2.1 ("64 is a required minimum").
#ifndef HPCSIM_PORTALS_PORTAL_TABLE_H
#define HPCSIM_PORTALS_PORTAL_TABLE_H

#include <cstdint>
#include <vector>

#include "portals/match_entry.h"
#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// Portal table plus the ME object pool. ME handles are pool slot indices;
/// a freed slot is reused lowest-index first (deterministic). MD handling
/// (PtlMDAttach) lives in NetworkInterface, which records the MD in the ME
/// through set_md().
class PortalTable {
 public:
  /// `size` portal entries, raised to kMinPortalTableSize (64) if smaller;
  /// at most `max_mes` live MEs (NI limit max_mes).
  explicit PortalTable(uint32_t size = kMinPortalTableSize,
                       uint32_t max_mes = 1024);

  /// Number of portal entries.
  uint32_t size() const { return static_cast<uint32_t>(lists_.size()); }

  /// PtlMEAttach: new ME at the head (PTL_INS_BEFORE) or tail
  /// (PTL_INS_AFTER) of portal `pt_index`'s list.
  /// Errors: PTL_PT_INDEX_INVALID, PTL_NO_SPACE.
  ptl_status_t me_attach(ptl_pt_index_t pt_index, ProcessId match_id,
                         ptl_match_bits_t match_bits,
                         ptl_match_bits_t ignore_bits, ptl_unlink_t unlink_op,
                         ptl_ins_pos_t pos, ptl_handle_me_t* out);

  /// PtlMEInsert: new ME right before or after `base` in base's list.
  /// Errors: PTL_ME_INVALID, PTL_NO_SPACE.
  ptl_status_t me_insert(ptl_handle_me_t base, ProcessId match_id,
                         ptl_match_bits_t match_bits,
                         ptl_match_bits_t ignore_bits, ptl_unlink_t unlink_op,
                         ptl_ins_pos_t pos, ptl_handle_me_t* out);

  /// Removes the ME from its list and frees the slot. Does not touch any
  /// attached MD (NetworkInterface::me_unlink does). Errors: PTL_ME_INVALID.
  ptl_status_t me_remove(ptl_handle_me_t me);

  /// Records `md` (or PTL_INVALID_HANDLE) as the ME's MD.
  /// Errors: PTL_ME_INVALID.
  ptl_status_t set_md(ptl_handle_me_t me, ptl_handle_md_t md);

  /// Live ME for `me`, or nullptr.
  MatchEntry* me(ptl_handle_me_t me);
  const MatchEntry* me(ptl_handle_me_t me) const;

  /// Match list of `pt_index` in match order (empty if out of range).
  const std::vector<ptl_handle_me_t>& match_list(ptl_pt_index_t pt_index) const;

  /// Number of live MEs.
  uint32_t me_count() const { return live_; }

 private:
  ptl_status_t alloc(ptl_pt_index_t pt_index, ProcessId match_id,
                     ptl_match_bits_t match_bits, ptl_match_bits_t ignore_bits,
                     ptl_unlink_t unlink_op, ptl_handle_me_t* out);

  std::vector<std::vector<ptl_handle_me_t>> lists_;
  std::vector<MatchEntry> pool_;
  uint32_t max_mes_;
  uint32_t live_ = 0;
  std::vector<ptl_handle_me_t> empty_;
};

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_PORTAL_TABLE_H
