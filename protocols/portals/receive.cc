// See receive.h. Source: ../shared/REFERENCES.md §1.1.3, §1.1.4.
#include "portals/receive.h"

#include "portals/match_entry.h"
#include "portals/memory_descriptor.h"

namespace hpcsim {
namespace portals {

namespace {

void count_drop(NetworkInterface& ni, const Header& hdr, ReceiveOutcome& out,
                DropReason reason) {
  out.reason = reason;
  ni.add_status(PTL_SR_DROP_COUNT, 1);
  ni.add_status(PTL_SR_DROP_LENGTH, hdr.length);
}

struct Kinds {
  ptl_event_kind_t start;
  ptl_event_kind_t end;
};

Kinds kinds_for(ptl_msg_type_t type) {
  switch (type) {
    case PTL_MSG_GET:
      return {PTL_EVENT_GET_START, PTL_EVENT_GET_END};
    case PTL_MSG_GETPUT:
      return {PTL_EVENT_GETPUT_START, PTL_EVENT_GETPUT_END};
    default:
      return {PTL_EVENT_PUT_START, PTL_EVENT_PUT_END};
  }
}

// Step 3 + 4 of §1.1.3: walk the list; on acceptance fill out.me/md/...
bool find_md(NetworkInterface& ni, const Header& hdr, ReceiveOutcome& out) {
  const PortalTable& table = ni.portal_table();
  const std::vector<ptl_handle_me_t>& list = table.match_list(hdr.pt_index);
  WorkCounts& w = out.work;
  for (const ptl_handle_me_t meh : list) {
    w.mes_inspected += 1;
    const MatchEntry* me = table.me(meh);
    w.fields_compared += 1;  // in-use test
    if (me == nullptr || !me->in_use) continue;
    w.fields_compared += 2;  // match_id nid, pid
    if (!me_matches_source(*me, hdr.src)) continue;
    w.fields_compared += 1;  // match bits under mask
    if (!me_matches_bits(*me, hdr.match_bits)) continue;
    w.fields_compared += 1;  // MD present and active
    MemoryDescriptor* md = ni.md(me->md);
    if (md == nullptr || !md->active) continue;
    const Acceptance a =
        md_accept(*md, hdr.type, hdr.length, hdr.remote_offset);
    w.fields_compared += a.fields_compared;
    if (!a.accepted) continue;  // "go to the next ME"
    out.me = meh;
    out.md = me->md;
    out.offset = a.offset;
    out.mlength = a.mlength;
    out.md_became_inactive = a.became_inactive;
    return true;
  }
  return false;
}

}  // namespace

ReceiveOutcome begin_receive(NetworkInterface& ni, const Header& hdr) {
  ReceiveOutcome out;
  out.rlength = hdr.length;
  if (hdr.type != PTL_MSG_PUT && hdr.type != PTL_MSG_GET &&
      hdr.type != PTL_MSG_GETPUT) {
    out.reason = DropReason::BadMessageType;
    return out;
  }
  if (hdr.pt_index >= ni.portal_table().size()) {  // step 1
    count_drop(ni, hdr, out, DropReason::BadPortalIndex);
    return out;
  }
  if (!ni.acl().check(hdr.ac_index, hdr, &out.work.acl_fields_compared)) {
    count_drop(ni, hdr, out, DropReason::AclRejected);  // step 2
    return out;
  }
  if (!find_md(ni, hdr, out)) {  // steps 3-5
    count_drop(ni, hdr, out, DropReason::NoMatch);
    return out;
  }
  out.matched = true;
  MemoryDescriptor& md = *ni.md(out.md);
  md.pending += 1;

  PendingOp& op = out.pending;
  op.valid = true;
  op.md = out.md;
  op.md_generation = md.generation;

  if (hdr.type == PTL_MSG_PUT && hdr.ack_md != PTL_HANDLE_NONE &&
      !(md.options & PTL_MD_ACK_DISABLE)) {
    out.send_ack = true;
    Header& ack = out.ack;
    ack.type = PTL_MSG_ACK;
    ack.src = ni.id();
    ack.dst = hdr.src;
    ack.src_uid = ni.uid();
    ack.src_jid = ni.jid();
    ack.match_bits = hdr.match_bits;
    ack.length = out.mlength;
    ack.ack_md = hdr.ack_md;
    ack.ack_md_gen = hdr.ack_md_gen;
    op.ack_requested = true;
    op.ack = ack;
  }
  if (hdr.type == PTL_MSG_GET || hdr.type == PTL_MSG_GETPUT) {
    out.send_reply = true;
    Header& r = out.reply;
    r.type = PTL_MSG_REPLY;
    r.src = ni.id();
    r.dst = hdr.src;
    r.src_uid = ni.uid();
    r.src_jid = ni.jid();
    r.length = out.mlength;
    r.remote_offset = hdr.return_offset;
    r.ack_md = hdr.ack_md;  // rtn_md
    r.ack_md_gen = hdr.ack_md_gen;
  }

  // §1.1.4: receiving a PUT/GET (or sending the REPLY) uses one threshold.
  if (md_consume_threshold(md)) out.md_became_inactive = true;
  out.do_unlink = md_should_unlink(md);
  op.do_unlink = out.do_unlink;

  if (hdr.type != PTL_MSG_GET) {
    ni.add_status(PTL_SR_RECV_COUNT, 1);
    ni.add_status(PTL_SR_RECV_LENGTH, out.mlength);
  }
  if (hdr.type != PTL_MSG_PUT) {
    ni.add_status(PTL_SR_SEND_COUNT, 1);
    ni.add_status(PTL_SR_SEND_LENGTH, out.mlength);
  }

  // No EQ, or START and END both disabled: no events at all (§1.1.4).
  if (ni.eq(md.eq_handle) == nullptr || !md_events_enabled(md)) return out;

  const Kinds k = kinds_for(hdr.type);
  Event ev;
  ev.initiator = hdr.src;
  ev.uid = hdr.src_uid;
  ev.jid = hdr.src_jid;
  ev.pt_index = hdr.pt_index;
  ev.match_bits = hdr.match_bits;
  ev.rlength = hdr.length;
  ev.mlength = out.mlength;
  ev.offset = out.offset;
  ev.md_handle = out.md;
  ev.md = md_snapshot(md);
  ev.hdr_data = hdr.type == PTL_MSG_PUT ? hdr.hdr_data : 0;
  ev.type = k.end;
  op.event = ev;
  op.post_end = !(md.options & PTL_MD_EVENT_END_DISABLE);
  op.post_unlink = op.do_unlink;
  if (!(md.options & PTL_MD_EVENT_START_DISABLE)) {
    ev.type = k.start;
    Event posted;
    if (ni.post_event(md.eq_handle, ev, &posted)) out.events.push_back(posted);
  }
  return out;
}

CompleteOutcome complete_receive(NetworkInterface& ni, const PendingOp& op,
                                 ptl_ni_fail_t fail) {
  return complete_operation(ni, op, fail);
}

ReceiveOutcome receive(NetworkInterface& ni, const Header& hdr,
                       CompleteOutcome* completion) {
  ReceiveOutcome out = begin_receive(ni, hdr);
  CompleteOutcome c = complete_operation(ni, out.pending, PTL_NI_OK);
  out.events.insert(out.events.end(), c.events.begin(), c.events.end());
  if (completion != nullptr) *completion = c;
  return out;
}

}  // namespace portals
}  // namespace hpcsim
