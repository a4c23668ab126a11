// The second phase of a Portals operation (lib_finalize): post END and
// UNLINK after the data moved, release the MD, decide whether the ACK goes.
// Source: ../shared/REFERENCES.md §1.1.4 ("lib_finalize posts END/UNLINK
// only after the data moved"; ACK "only sent if the receive finished with
// PTL_NI_OK"; lib_md_unlink).
#ifndef HPCSIM_PORTALS_OPERATION_H
#define HPCSIM_PORTALS_OPERATION_H

#include <vector>

#include "portals/network_interface.h"
#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// State carried from the first phase (header match / send start) to
/// complete_operation. Produced by begin_receive, begin_reply and ptl_put;
/// `valid` is false when there is nothing to complete.
struct PendingOp {
  bool valid = false;
  ptl_handle_md_t md = PTL_INVALID_HANDLE;
  uint32_t md_generation = 0;
  Event event;               ///< END event template (type = *_END kind)
  bool post_end = false;     ///< EQ present, events on, END not disabled
  bool post_unlink = false;  ///< EQ present, events on, DO_UNLINK
  bool do_unlink = false;    ///< MD has PTL_UNLINK and went inactive
  bool ack_requested = false;  ///< PUT wants an ACK and MD allows it
  Header ack;                ///< ACK header to send if ack_requested
};

/// What complete_operation did. `events` are the posted (stamped) events
/// in order: END then UNLINK.
struct CompleteOutcome {
  bool ok = false;           ///< token valid and its MD still live
  std::vector<Event> events;
  bool md_unlinked = false;  ///< MD slot freed now
  bool me_unlinked = false;  ///< its ME (PTL_UNLINK) removed as well
  bool send_ack = false;     ///< ack_requested and fail == PTL_NI_OK
  Header ack;
};

/// lib_finalize: releases one pending use of the MD, posts END (with
/// ni_fail_type = `fail`) unless disabled, then UNLINK if DO_UNLINK, and
/// frees the MD (plus a PTL_UNLINK ME) once no other operation is pending
/// on it. With other operations still pending the free is deferred to the
/// last of them (UNLINK is still posted by the flagged one).
/// Errors: ok = false if `op` is invalid or its MD is gone/stale.
CompleteOutcome complete_operation(NetworkInterface& ni, const PendingOp& op,
                                   ptl_ni_fail_t fail = PTL_NI_OK);

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_OPERATION_H
