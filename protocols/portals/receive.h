// Target-side processing of an incoming PUT / GET / GETPUT header:
// portal index check, ACL, ME walk, MD acceptance, threshold, events.
// Source: ../shared/REFERENCES.md §1.1.3 (lib_find_md) and §1.1.4
// (parse_put / parse_get / parse_getput in p3lib/move.c).
#ifndef HPCSIM_PORTALS_RECEIVE_H
#define HPCSIM_PORTALS_RECEIVE_H

#include <cstdint>
#include <vector>

#include "portals/network_interface.h"
#include "portals/operation.h"
#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// Why a message was dropped (REFERENCES §1.1.3 steps 1, 2, 5; §1.1.4 for
/// the initiator-side ACK/REPLY reasons).
enum class DropReason {
  None,
  BadPortalIndex,  ///< pt_index >= portal table size (step 1)
  AclRejected,     ///< bad ac_index or ACL entry mismatch (step 2)
  NoMatch,         ///< no ME/MD accepted it (step 5)
  BadMessageType,  ///< header type not handled by this entry point
  InvalidMd,       ///< ACK/REPLY: MD handle bad, stale or MD inactive
  TooLong,         ///< REPLY does not fit and MD lacks TRUNCATE
};

/// Work done while matching, for a timing model to charge NIC-thread time.
struct WorkCounts {
  uint32_t acl_fields_compared = 0;  ///< ACE fields tested (<= 5)
  uint32_t mes_inspected = 0;        ///< ME list entries visited
  uint32_t fields_compared = 0;      ///< ME + MD rule tests performed
};

/// Result of the first (header) phase. Lengths/offsets in bytes.
struct ReceiveOutcome {
  bool matched = false;
  DropReason reason = DropReason::None;
  ptl_handle_me_t me = PTL_INVALID_HANDLE;
  ptl_handle_md_t md = PTL_INVALID_HANDLE;
  ptl_size_t rlength = 0;
  ptl_size_t mlength = 0;
  ptl_size_t offset = 0;
  bool md_became_inactive = false;  ///< threshold 0 or MAX_SIZE "full"
  bool do_unlink = false;           ///< UNLINK will follow END
  /// PUT with ack_md != PTL_HANDLE_NONE on an MD without ACK_DISABLE. The
  /// ACK itself is released by complete_receive if it ends PTL_NI_OK.
  bool send_ack = false;
  Header ack;                       ///< prepared ACK (length = mlength)
  bool send_reply = false;          ///< GET / GETPUT: REPLY of mlength
  Header reply;                     ///< REPLY header to send now
  std::vector<Event> events;        ///< posted in this phase (START)
  WorkCounts work;
  PendingOp pending;                ///< pass to complete_receive
};

/// Phase 1 (header arrival): finds the ME/MD, reserves mlength bytes
/// (advancing the MD offset), decrements the threshold, updates RECV_*/
/// SEND_* registers and posts *_START unless disabled. A drop updates
/// DROP_COUNT (+1) and DROP_LENGTH (+rlength) and posts nothing.
/// ACK/REPLY headers are refused with BadMessageType (see initiator.h).
ReceiveOutcome begin_receive(NetworkInterface& ni, const Header& hdr);

/// Phase 2 (after the data moved, or the REPLY was sent for a GET):
/// posts *_END (ni_fail_type = `fail`) unless disabled, then UNLINK, frees
/// the MD/ME as needed, and releases the ACK if `fail` is PTL_NI_OK.
CompleteOutcome complete_receive(NetworkInterface& ni, const PendingOp& op,
                                 ptl_ni_fail_t fail = PTL_NI_OK);

/// Both phases back to back (short eager message): returns phase-1 outcome
/// with phase-2 events appended to `events`; `completion` gets the rest.
ReceiveOutcome receive(NetworkInterface& ni, const Header& hdr,
                       CompleteOutcome* completion = nullptr);

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_RECEIVE_H
