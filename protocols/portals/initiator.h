// Initiator side: PtlPut, PtlGet, and the arrival of ACK and REPLY.
// Source: ../shared/REFERENCES.md §1.1.4 (threshold rules, the PtlGet
// exception, ACK generation check) and §1.1.6 (lib_PtlPut / lib_PtlGet,
// parse_ack / parse_reply in p3lib/move.c).
#ifndef HPCSIM_PORTALS_INITIATOR_H
#define HPCSIM_PORTALS_INITIATOR_H

#include <vector>

#include "portals/network_interface.h"
#include "portals/operation.h"
#include "portals/receive.h"
#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// Result of PtlPut / PtlGet. `header` is the request to put on the wire
/// (length = MD length in bytes); `events` are those posted now.
struct SendOutcome {
  ptl_status_t rc = PTL_OK;
  Header header;
  std::vector<Event> events;
  bool do_unlink = false;  ///< PtlPut made a PTL_UNLINK MD inactive
  PendingOp pending;       ///< PtlPut: pass to complete_send
};

/// PtlPut of the whole MD `md` to `target`. Decrements the threshold (may
/// make the MD inactive), adds SEND_COUNT/SEND_LENGTH, posts SEND_START
/// unless disabled. With PTL_ACK_REQ the header carries the MD handle and
/// generation, else ack_md = PTL_HANDLE_NONE.
/// Errors: PTL_MD_INVALID (bad handle or inactive MD).
SendOutcome ptl_put(NetworkInterface& ni, ptl_handle_md_t md,
                    ptl_ack_req_t ack_req, ProcessId target,
                    ptl_pt_index_t pt_index, ptl_ac_index_t ac_index,
                    ptl_match_bits_t match_bits, ptl_size_t remote_offset,
                    ptl_hdr_data_t hdr_data);

/// After the payload left the buffer: posts SEND_END ("buffer reusable",
/// not "delivered"), then UNLINK if flagged.
CompleteOutcome complete_send(NetworkInterface& ni, const PendingOp& op,
                              ptl_ni_fail_t fail = PTL_NI_OK);

/// PtlGet into the whole MD `md`. Does NOT decrement the threshold and
/// posts no event (a get request "cannot generate events"); only
/// SEND_COUNT += 1. Errors: PTL_MD_INVALID.
SendOutcome ptl_get(NetworkInterface& ni, ptl_handle_md_t md,
                    ProcessId target, ptl_pt_index_t pt_index,
                    ptl_ac_index_t ac_index, ptl_match_bits_t match_bits,
                    ptl_size_t remote_offset);

/// REPLY header arrival (parse_reply): checks the MD handle, generation and
/// active flag (else DropReason::InvalidMd), fits length at
/// hdr.remote_offset (TRUNCATE clips, else DropReason::TooLong), decrements
/// the threshold, adds RECV_*, posts REPLY_START. Drops add DROP_COUNT/
/// DROP_LENGTH. Complete with complete_receive (posts REPLY_END, UNLINK).
/// pt_index in the events is PTL_PT_INDEX_NONE.
ReceiveOutcome begin_reply(NetworkInterface& ni, const Header& hdr);

/// ACK arrival (parse_ack): dropped with DropReason::InvalidMd if the MD is
/// bad, stale (generation) or inactive; no drop register is touched, as in
/// the reference. Otherwise decrements the threshold, RECV_COUNT += 1, and
/// posts EVENT_ACK (rlength 0, mlength = hdr.length, pt_index -1, offset
/// 0) unless the MD has no EQ or both START/END are disabled, then UNLINK
/// if flagged, and frees the MD if so. Single phase.
ReceiveOutcome receive_ack(NetworkInterface& ni, const Header& hdr,
                           CompleteOutcome* completion = nullptr);

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_INITIATOR_H
