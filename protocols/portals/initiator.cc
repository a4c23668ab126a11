// See initiator.h. Source: ../shared/REFERENCES.md §1.1.4, §1.1.6.
#include "portals/initiator.h"

#include "portals/memory_descriptor.h"

namespace hpcsim {
namespace portals {

namespace {

bool events_on(NetworkInterface& ni, const MemoryDescriptor& md) {
  return ni.eq(md.eq_handle) != nullptr && md_events_enabled(md);
}

Header request_header(const NetworkInterface& ni, ptl_msg_type_t type,
                      ProcessId target, ptl_pt_index_t pt_index,
                      ptl_ac_index_t ac_index, ptl_match_bits_t match_bits,
                      ptl_size_t remote_offset, ptl_size_t length) {
  Header h;
  h.type = type;
  h.src = ni.id();
  h.dst = target;
  h.src_uid = ni.uid();
  h.src_jid = ni.jid();
  h.pt_index = pt_index;
  h.ac_index = ac_index;
  h.match_bits = match_bits;
  h.remote_offset = remote_offset;
  h.length = length;
  return h;
}

}  // namespace

SendOutcome ptl_put(NetworkInterface& ni, ptl_handle_md_t mdh,
                    ptl_ack_req_t ack_req, ProcessId target,
                    ptl_pt_index_t pt_index, ptl_ac_index_t ac_index,
                    ptl_match_bits_t match_bits, ptl_size_t remote_offset,
                    ptl_hdr_data_t hdr_data) {
  SendOutcome out;
  MemoryDescriptor* md = ni.md(mdh);
  if (md == nullptr || !md->active) {
    out.rc = PTL_MD_INVALID;
    return out;
  }
  out.header = request_header(ni, PTL_MSG_PUT, target, pt_index, ac_index,
                              match_bits, remote_offset, md->length);
  out.header.hdr_data = hdr_data;
  out.header.ack_md = ack_req == PTL_ACK_REQ ? mdh : PTL_HANDLE_NONE;
  out.header.ack_md_gen = md->generation;

  md->pending += 1;
  md_consume_threshold(*md);  // sending a PUT may generate events
  out.do_unlink = md_should_unlink(*md);
  ni.add_status(PTL_SR_SEND_COUNT, 1);
  ni.add_status(PTL_SR_SEND_LENGTH, md->length);

  PendingOp& op = out.pending;
  op.valid = true;
  op.md = mdh;
  op.md_generation = md->generation;
  op.do_unlink = out.do_unlink;
  if (!events_on(ni, *md)) return out;

  Event ev;
  ev.initiator = ni.id();
  ev.uid = ni.uid();
  ev.jid = ni.jid();
  ev.pt_index = pt_index;
  ev.match_bits = match_bits;
  ev.rlength = md->length;
  ev.mlength = md->length;
  ev.offset = remote_offset;
  ev.hdr_data = hdr_data;
  ev.md_handle = mdh;
  ev.md = md_snapshot(*md);
  ev.type = PTL_EVENT_SEND_END;
  op.event = ev;
  op.post_end = !(md->options & PTL_MD_EVENT_END_DISABLE);
  op.post_unlink = op.do_unlink;
  if (!(md->options & PTL_MD_EVENT_START_DISABLE)) {
    ev.type = PTL_EVENT_SEND_START;
    Event posted;
    if (ni.post_event(md->eq_handle, ev, &posted)) out.events.push_back(posted);
  }
  return out;
}

CompleteOutcome complete_send(NetworkInterface& ni, const PendingOp& op,
                              ptl_ni_fail_t fail) {
  return complete_operation(ni, op, fail);
}

SendOutcome ptl_get(NetworkInterface& ni, ptl_handle_md_t mdh,
                    ProcessId target, ptl_pt_index_t pt_index,
                    ptl_ac_index_t ac_index, ptl_match_bits_t match_bits,
                    ptl_size_t remote_offset) {
  SendOutcome out;
  const MemoryDescriptor* md = ni.md(mdh);
  if (md == nullptr || !md->active) {
    out.rc = PTL_MD_INVALID;
    return out;
  }
  out.header = request_header(ni, PTL_MSG_GET, target, pt_index, ac_index,
                              match_bits, remote_offset, md->length);
  out.header.return_offset = 0;
  out.header.ack_md = mdh;  // rtn_md
  out.header.ack_md_gen = md->generation;
  // No threshold decrement: the REPLY's arrival does it (§1.1.4).
  ni.add_status(PTL_SR_SEND_COUNT, 1);
  return out;
}

ReceiveOutcome begin_reply(NetworkInterface& ni, const Header& hdr) {
  ReceiveOutcome out;
  out.rlength = hdr.length;
  MemoryDescriptor* md = ni.md_checked(hdr.ack_md, hdr.ack_md_gen);
  const ptl_size_t offset = hdr.remote_offset;
  if (hdr.type != PTL_MSG_REPLY) {
    out.reason = DropReason::BadMessageType;
    return out;
  }
  if (md == nullptr || !md->active) {
    out.reason = DropReason::InvalidMd;
  } else if (offset > md->length ||
             (!(md->options & PTL_MD_TRUNCATE) &&
              hdr.length > md->length - offset)) {
    out.reason = DropReason::TooLong;
  }
  if (out.reason != DropReason::None) {
    ni.add_status(PTL_SR_DROP_COUNT, 1);
    ni.add_status(PTL_SR_DROP_LENGTH, hdr.length);
    return out;
  }
  const ptl_size_t room = md->length - offset;
  out.matched = true;
  out.md = hdr.ack_md;
  out.me = md->me;
  out.offset = offset;
  out.mlength = hdr.length < room ? hdr.length : room;
  md->pending += 1;
  out.md_became_inactive = md_consume_threshold(*md);
  out.do_unlink = md_should_unlink(*md);
  ni.add_status(PTL_SR_RECV_COUNT, 1);
  ni.add_status(PTL_SR_RECV_LENGTH, out.mlength);

  PendingOp& op = out.pending;
  op.valid = true;
  op.md = hdr.ack_md;
  op.md_generation = md->generation;
  op.do_unlink = out.do_unlink;
  if (!events_on(ni, *md)) return out;
  Event ev;
  ev.initiator = hdr.src;
  ev.uid = hdr.src_uid;
  ev.jid = hdr.src_jid;
  ev.pt_index = PTL_PT_INDEX_NONE;
  ev.rlength = hdr.length;
  ev.mlength = out.mlength;
  ev.offset = offset;
  ev.md_handle = hdr.ack_md;
  ev.md = md_snapshot(*md);
  ev.type = PTL_EVENT_REPLY_END;
  op.event = ev;
  op.post_end = !(md->options & PTL_MD_EVENT_END_DISABLE);
  op.post_unlink = op.do_unlink;
  if (!(md->options & PTL_MD_EVENT_START_DISABLE)) {
    ev.type = PTL_EVENT_REPLY_START;
    Event posted;
    if (ni.post_event(md->eq_handle, ev, &posted)) out.events.push_back(posted);
  }
  return out;
}

ReceiveOutcome receive_ack(NetworkInterface& ni, const Header& hdr,
                           CompleteOutcome* completion) {
  ReceiveOutcome out;
  if (hdr.type != PTL_MSG_ACK) {
    out.reason = DropReason::BadMessageType;
    return out;
  }
  MemoryDescriptor* md = ni.md_checked(hdr.ack_md, hdr.ack_md_gen);
  if (md == nullptr || !md->active) {
    out.reason = DropReason::InvalidMd;  // stale or inactive: dropped
    return out;
  }
  out.matched = true;
  out.md = hdr.ack_md;
  out.me = md->me;
  out.mlength = hdr.length;
  md->pending += 1;
  out.md_became_inactive = md_consume_threshold(*md);
  out.do_unlink = md_should_unlink(*md);
  ni.add_status(PTL_SR_RECV_COUNT, 1);

  PendingOp op;
  op.valid = true;
  op.md = hdr.ack_md;
  op.md_generation = md->generation;
  op.do_unlink = out.do_unlink;
  if (events_on(ni, *md)) {
    Event ev;
    ev.type = PTL_EVENT_ACK;  // posted as the "END" of the ACK message
    ev.initiator = hdr.src;
    ev.uid = hdr.src_uid;
    ev.jid = hdr.src_jid;
    ev.pt_index = PTL_PT_INDEX_NONE;
    ev.match_bits = hdr.match_bits;
    ev.rlength = 0;
    ev.mlength = hdr.length;
    ev.offset = 0;
    ev.md_handle = hdr.ack_md;
    ev.md = md_snapshot(*md);
    op.event = ev;
    op.post_end = true;  // ACK is posted even with only END disabled
    op.post_unlink = op.do_unlink;
  }
  CompleteOutcome c = complete_operation(ni, op, PTL_NI_OK);
  out.events = c.events;
  if (completion != nullptr) *completion = c;
  return out;
}

}  // namespace portals
}  // namespace hpcsim
