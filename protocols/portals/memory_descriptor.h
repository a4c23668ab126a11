// Portals memory descriptor (MD): state and the per-message acceptance,
// threshold and inactivation rules.
// Source: ../shared/REFERENCES.md §1.1.1 (ptl_md_t), §1.1.3 step 4 (MD
// acceptance in lib_find_md), §1.1.4 (threshold, unlink); seed 002 §2.1.
#ifndef HPCSIM_PORTALS_MEMORY_DESCRIPTOR_H
#define HPCSIM_PORTALS_MEMORY_DESCRIPTOR_H

#include <cstdint>

#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// User-visible MD description (ptl_md_t, REFERENCES §1.1.1).
/// start/user_ptr are opaque 64-bit values; length/max_size in bytes;
/// threshold is an operation count or PTL_MD_THRESH_INF.
struct MdSpec {
  uint64_t start = 0;
  ptl_size_t length = 0;
  int32_t threshold = PTL_MD_THRESH_INF;
  ptl_size_t max_size = 0;
  uint32_t options = 0;
  uint64_t user_ptr = 0;
  ptl_handle_eq_t eq_handle = PTL_EQ_NONE;
};

/// Library-side MD (lib_md_t): the spec plus local offset, active flag,
/// unlink op, generation (bumped each time the slot is reused), the ME it
/// is attached to, and the number of operations begun but not completed.
struct MemoryDescriptor {
  uint64_t start = 0;
  ptl_size_t length = 0;      ///< bytes
  int32_t threshold = PTL_MD_THRESH_INF;
  ptl_size_t max_size = 0;    ///< bytes
  uint32_t options = 0;       ///< PTL_MD_* bits
  uint64_t user_ptr = 0;
  ptl_handle_eq_t eq_handle = PTL_EQ_NONE;
  ptl_size_t offset = 0;      ///< local offset, bytes; advances per message
  bool in_use = false;        ///< slot holds a live MD
  bool active = false;        ///< false once threshold hit 0 or MD "full"
  ptl_unlink_t unlink_op = PTL_RETAIN;
  uint32_t generation = 0;    ///< checked against ACK/REPLY *_md_gen
  ptl_handle_me_t me = PTL_INVALID_HANDLE;  ///< attached ME, if any
  uint32_t pending = 0;       ///< begun, not yet completed operations
  bool unlink_requested = false;  ///< free when pending reaches 0
};

/// Why an MD refused a message (REFERENCES §1.1.3 step 4).
enum class MdReject {
  None,
  OpNotPermitted,  ///< PUT without OP_PUT, GET without OP_GET, ...
  TooLong,         ///< offset + rlength > length and no (usable) TRUNCATE
};

/// Result of md_accept. offset/mlength in bytes.
struct Acceptance {
  bool accepted = false;
  MdReject reject = MdReject::None;
  ptl_size_t offset = 0;   ///< where the data goes in the MD
  ptl_size_t mlength = 0;  ///< bytes manipulated
  bool became_inactive = false;  ///< MAX_SIZE rule fired ("full")
  uint32_t fields_compared = 0;  ///< rule tests performed (for timing)
};

/// Initialises `md` from `spec` for PtlMDAttach/PtlMDBind: copies fields,
/// offset = 0, active = (threshold != 0), and clears PTL_MD_MAX_SIZE when
/// PTL_MD_MANAGE_REMOTE is set (REFERENCES §1.1.3 step 4). Does not touch
/// generation, in_use or me.
void md_init_from_spec(MemoryDescriptor& md, const MdSpec& spec,
                       ptl_unlink_t unlink_op);

/// Applies the acceptance rules of REFERENCES §1.1.3 step 4 for an incoming
/// PUT/GET/GETPUT of `rlength` bytes at header offset `remote_offset`.
/// On acceptance advances md.offset by mlength (even with MANAGE_REMOTE)
/// and applies the MAX_SIZE inactivation. On refusal leaves `md` unchanged.
/// Other message types are refused with OpNotPermitted.
Acceptance md_accept(MemoryDescriptor& md, ptl_msg_type_t type,
                     ptl_size_t rlength, ptl_size_t remote_offset);

/// Decrements the threshold unless PTL_MD_THRESH_INF; at 0 the MD becomes
/// inactive. Returns true if this call made it inactive (REFERENCES §1.1.4).
bool md_consume_threshold(MemoryDescriptor& md);

/// True if the MD was attached with PTL_UNLINK and is now inactive, i.e.
/// the message must be flagged DO_UNLINK (REFERENCES §1.1.4).
bool md_should_unlink(const MemoryDescriptor& md);

/// True unless both EVENT_START_DISABLE and EVENT_END_DISABLE are set.
/// (The caller must also check that the MD has an EQ; REFERENCES §1.1.4.)
bool md_events_enabled(const MemoryDescriptor& md);

/// Copy of the user-visible fields for ptl_event_t.md.
MdSnapshot md_snapshot(const MemoryDescriptor& md);

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_MEMORY_DESCRIPTOR_H
