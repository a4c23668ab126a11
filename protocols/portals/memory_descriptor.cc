// See memory_descriptor.h. Source: ../shared/REFERENCES.md §1.1.3, §1.1.4.
#include "portals/memory_descriptor.h"

namespace hpcsim {
namespace portals {

void md_init_from_spec(MemoryDescriptor& md, const MdSpec& spec,
                       ptl_unlink_t unlink_op) {
  md.start = spec.start;
  md.length = spec.length;
  md.threshold = spec.threshold;
  md.max_size = spec.max_size;
  md.options = spec.options;
  if (md.options & PTL_MD_MANAGE_REMOTE) {
    md.options &= ~PTL_MD_MAX_SIZE;  // cleared at attach/bind time
  }
  md.user_ptr = spec.user_ptr;
  md.eq_handle = spec.eq_handle;
  md.offset = 0;
  md.active = spec.threshold != 0;
  md.unlink_op = unlink_op;
  md.pending = 0;
  md.unlink_requested = false;
}

namespace {

bool op_permitted(uint32_t options, ptl_msg_type_t type) {
  switch (type) {
    case PTL_MSG_PUT:
      return (options & PTL_MD_OP_PUT) != 0;
    case PTL_MSG_GET:
      return (options & PTL_MD_OP_GET) != 0;
    case PTL_MSG_GETPUT:
      return (options & PTL_MD_OP_PUT) && (options & PTL_MD_OP_GET);
    default:
      return false;
  }
}

}  // namespace

Acceptance md_accept(MemoryDescriptor& md, ptl_msg_type_t type,
                     ptl_size_t rlength, ptl_size_t remote_offset) {
  Acceptance a;
  a.fields_compared = 1;
  if (!op_permitted(md.options, type)) {
    a.reject = MdReject::OpNotPermitted;
    return a;
  }
  const ptl_size_t offset =
      (md.options & PTL_MD_MANAGE_REMOTE) ? remote_offset : md.offset;
  ptl_size_t mlength = 0;
  a.fields_compared += 1;
  if ((md.options & PTL_MD_TRUNCATE) && offset <= md.length) {
    const ptl_size_t room = md.length - offset;
    mlength = rlength < room ? rlength : room;
  } else if (offset <= md.length && rlength <= md.length - offset) {
    // offset + rlength <= length, written to avoid 64-bit overflow
    mlength = rlength;
  } else {
    a.reject = MdReject::TooLong;
    return a;
  }
  md.offset += mlength;  // local offset advances even with MANAGE_REMOTE
  a.accepted = true;
  a.offset = offset;
  a.mlength = mlength;
  if ((md.options & PTL_MD_MAX_SIZE) &&
      (md.offset > md.length || md.length - md.offset < md.max_size)) {
    md.active = false;  // "full": cannot take another max_size message
    a.became_inactive = true;
  }
  return a;
}

bool md_consume_threshold(MemoryDescriptor& md) {
  if (md.threshold == PTL_MD_THRESH_INF || md.threshold <= 0) {
    return false;
  }
  md.threshold -= 1;
  if (md.threshold == 0 && md.active) {
    md.active = false;
    return true;
  }
  return false;
}

bool md_should_unlink(const MemoryDescriptor& md) {
  return md.unlink_op == PTL_UNLINK && !md.active;
}

bool md_events_enabled(const MemoryDescriptor& md) {
  const uint32_t both = PTL_MD_EVENT_START_DISABLE | PTL_MD_EVENT_END_DISABLE;
  return (md.options & both) != both;
}

MdSnapshot md_snapshot(const MemoryDescriptor& md) {
  MdSnapshot s;
  s.start = md.start;
  s.length = md.length;
  s.threshold = md.threshold;
  s.max_size = md.max_size;
  s.options = md.options;
  s.user_ptr = md.user_ptr;
  return s;
}

}  // namespace portals
}  // namespace hpcsim
