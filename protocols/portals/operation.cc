// See operation.h. Source: ../shared/REFERENCES.md §1.1.4.
#include "portals/operation.h"

namespace hpcsim {
namespace portals {

CompleteOutcome complete_operation(NetworkInterface& ni, const PendingOp& op,
                                   ptl_ni_fail_t fail) {
  CompleteOutcome out;
  if (!op.valid) return out;
  MemoryDescriptor* d = ni.md_checked(op.md, op.md_generation);
  if (d == nullptr) return out;
  out.ok = true;
  if (d->pending > 0) d->pending -= 1;

  const ptl_handle_eq_t eqh = d->eq_handle;
  Event ev = op.event;
  ev.ni_fail_type = fail;
  Event posted;
  if (op.post_end && ni.post_event(eqh, ev, &posted)) {
    out.events.push_back(posted);
  }
  if (op.do_unlink) {
    d->unlink_requested = true;
    if (op.post_unlink) {
      ev.type = PTL_EVENT_UNLINK;
      if (ni.post_event(eqh, ev, &posted)) out.events.push_back(posted);
    }
  }
  if (op.ack_requested && fail == PTL_NI_OK) {
    out.send_ack = true;
    out.ack = op.ack;
  }
  if (d->unlink_requested && d->pending == 0) {
    out.md_unlinked = true;
    out.me_unlinked = ni.free_md(op.md);
  }
  return out;
}

}  // namespace portals
}  // namespace hpcsim
