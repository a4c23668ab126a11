// Portals 3.3 types, constants, wire header and event record.
//
// Source: ../shared/REFERENCES.md §1.1.1 (include/p3api/types.h) and §1.1.2
// (include/p3lib/types.h, ptl_hdr_t) of the Sandia Portals3 reference
// implementation. Names follow the field (ptl_*, PTL_*), placed in the
// hpcsim::portals namespace as constexpr values / enums (no macros).
// Pure data: no timing, no floating point, no exceptions.
#ifndef HPCSIM_PORTALS_TYPES_H
#define HPCSIM_PORTALS_TYPES_H

#include <cstdint>

namespace hpcsim {
namespace portals {

// ---- Scalar types (REFERENCES §1.1.1): handles and ids are 32-bit. -------
using ptl_handle_t = uint32_t;      ///< generic object handle
using ptl_handle_md_t = uint32_t;   ///< memory descriptor handle (slot index)
using ptl_handle_me_t = uint32_t;   ///< match entry handle (slot index)
using ptl_handle_eq_t = uint32_t;   ///< event queue handle (slot index)
using ptl_nid_t = uint32_t;         ///< node id
using ptl_pid_t = uint32_t;         ///< process id
using ptl_uid_t = uint32_t;         ///< user id
using ptl_jid_t = uint32_t;         ///< job id
using ptl_pt_index_t = uint32_t;    ///< portal table index
using ptl_ac_index_t = uint32_t;    ///< access control list index
using ptl_match_bits_t = uint64_t;  ///< 64 match bits
using ptl_size_t = uint64_t;        ///< lengths and offsets, bytes
using ptl_hdr_data_t = uint64_t;    ///< 64-bit out-of-band header data
using ptl_seq_t = uint64_t;         ///< event sequence number

// ---- Handle and wildcard constants (REFERENCES §1.1.1). ------------------
constexpr ptl_handle_t PTL_INVALID_HANDLE = 0xffffffffu;
constexpr ptl_handle_t PTL_HANDLE_NONE = 0x7fffffffu;  ///< "no ACK wanted"
constexpr ptl_handle_eq_t PTL_EQ_NONE = 0xbfffffffu;   ///< MD has no EQ
constexpr ptl_nid_t PTL_NID_ANY = 0xffffffffu;
constexpr ptl_pid_t PTL_PID_ANY = 0xffffffffu;
constexpr ptl_uid_t PTL_UID_ANY = 0xffffffffu;
constexpr ptl_jid_t PTL_JID_ANY = 0xffffffffu;
constexpr ptl_pt_index_t PTL_PT_INDEX_ANY = 0xffffffffu;
/// pt_index reported in ACK and REPLY events, i.e. (ptl_pt_index_t)-1.
constexpr ptl_pt_index_t PTL_PT_INDEX_NONE = 0xffffffffu;

/// Infinite MD threshold: never decremented (REFERENCES §1.1.1).
constexpr int32_t PTL_MD_THRESH_INF = -1;

// ---- MD option bits (REFERENCES §1.1.1). ---------------------------------
constexpr uint32_t PTL_MD_OP_PUT = 0x1;
constexpr uint32_t PTL_MD_OP_GET = 0x2;
constexpr uint32_t PTL_MD_MANAGE_REMOTE = 0x4;
constexpr uint32_t PTL_MD_TRUNCATE = 0x8;
constexpr uint32_t PTL_MD_ACK_DISABLE = 0x10;
constexpr uint32_t PTL_MD_IOVEC = 0x20;  ///< accepted, not modelled
constexpr uint32_t PTL_MD_MAX_SIZE = 0x40;
constexpr uint32_t PTL_MD_EVENT_START_DISABLE = 0x80;
constexpr uint32_t PTL_MD_EVENT_END_DISABLE = 0x100;

/// Minimum portal table size required by the API (seed 002 §2.1).
constexpr uint32_t kMinPortalTableSize = 64;

/// Wire header size in bytes with natural alignment (REFERENCES §1.1.2:
/// computed from the field sizes, not stated in the source).
constexpr uint32_t kHeaderSizeBytes = 88;

/// Unlink ops for MEs and MDs (REFERENCES §1.1.1).
enum ptl_unlink_t : uint32_t { PTL_RETAIN = 0, PTL_UNLINK = 1 };

/// Insert position for PtlMEAttach / PtlMEInsert (REFERENCES §1.1.1).
enum ptl_ins_pos_t : uint32_t { PTL_INS_BEFORE = 0, PTL_INS_AFTER = 1 };

/// Ack request argument of PtlPut (REFERENCES §1.1.1).
enum ptl_ack_req_t : uint32_t { PTL_ACK_REQ = 0, PTL_NO_ACK_REQ = 1 };

/// Event kinds, in the order of p3api/types.h (REFERENCES §1.1.1).
enum ptl_event_kind_t : uint32_t {
  PTL_EVENT_GET_START = 0,
  PTL_EVENT_GET_END,
  PTL_EVENT_PUT_START,
  PTL_EVENT_PUT_END,
  PTL_EVENT_GETPUT_START,
  PTL_EVENT_GETPUT_END,
  PTL_EVENT_REPLY_START,
  PTL_EVENT_REPLY_END,
  PTL_EVENT_SEND_START,
  PTL_EVENT_SEND_END,
  PTL_EVENT_ACK,
  PTL_EVENT_UNLINK,
};

/// Wire message types (REFERENCES §1.1.2, msg_type).
enum ptl_msg_type_t : uint32_t {
  PTL_MSG_ACK = 0,
  PTL_MSG_PUT = 1,
  PTL_MSG_GET = 2,
  PTL_MSG_REPLY = 3,
  PTL_MSG_GETPUT = 4,
};

/// NI failure type carried by END events (REFERENCES §1.1.1, ni_fail_type).
enum ptl_ni_fail_t : uint32_t { PTL_NI_OK = 0, PTL_NI_FAIL = 1 };

/// NI status registers (REFERENCES §1.1.1, PTL_SR_*).
enum ptl_sr_index_t : uint32_t {
  PTL_SR_DROP_COUNT = 0,
  PTL_SR_DROP_LENGTH = 1,  ///< bytes, sum of dropped rlength
  PTL_SR_RECV_COUNT = 2,
  PTL_SR_RECV_LENGTH = 3,  ///< bytes, sum of mlength received
  PTL_SR_SEND_COUNT = 4,
  PTL_SR_SEND_LENGTH = 5,  ///< bytes
  PTL_SR_COUNT = 6,        ///< number of registers modelled
};

/// API return codes. Names follow the Portals 3.3 spec; the numeric values
/// are this model's own (only PTL_OK = 0 matches the reference).
enum ptl_status_t : int32_t {
  PTL_OK = 0,
  PTL_NO_SPACE,          ///< object table full
  PTL_MD_INVALID,        ///< bad, stale or inactive MD handle
  PTL_MD_ILLEGAL,        ///< MD description not acceptable
  PTL_MD_IN_USE,         ///< MD has operations in flight
  PTL_ME_INVALID,        ///< bad ME handle
  PTL_ME_IN_USE,         ///< ME already has an MD attached
  PTL_EQ_INVALID,        ///< bad EQ handle
  PTL_PT_INDEX_INVALID,  ///< portal index >= table size
  PTL_AC_INDEX_INVALID,  ///< ACL index >= list size
  PTL_PROCESS_INVALID,   ///< ANY used where a concrete id is needed
};

/// Process identifier {nid, pid}; either may be *_ANY in a match_id.
struct ProcessId {
  ptl_nid_t nid = 0;
  ptl_pid_t pid = 0;
};

inline bool operator==(const ProcessId& a, const ProcessId& b) {
  return a.nid == b.nid && a.pid == b.pid;
}
inline bool operator!=(const ProcessId& a, const ProcessId& b) { return !(a == b); }

/// Wire header (ptl_hdr_t, REFERENCES §1.1.2), flattened: the per-type union
/// members share the fields below.
///  * remote_offset: put.dst_offset, get/getput.src_offset, reply.dst_offset
///  * return_offset: get/getput.rtn_offset (offset into the initiator's MD)
///  * ack_md/ack_md_gen: put.ack_md (PTL_HANDLE_NONE = no ACK wanted),
///    get/getput.rtn_md, ack/reply.dst_md, with its generation number
///  * length: bytes requested (PUT/GET/GETPUT) or delivered (ACK/REPLY)
struct Header {
  ptl_msg_type_t type = PTL_MSG_PUT;
  ProcessId src;
  ProcessId dst;
  ptl_match_bits_t match_bits = 0;
  ptl_size_t length = 0;
  ptl_uid_t src_uid = 0;
  ptl_jid_t src_jid = 0;
  ptl_pt_index_t pt_index = 0;
  ptl_ac_index_t ac_index = 0;
  ptl_size_t remote_offset = 0;
  ptl_size_t return_offset = 0;
  ptl_hdr_data_t hdr_data = 0;
  ptl_handle_md_t ack_md = PTL_HANDLE_NONE;
  uint32_t ack_md_gen = 0;
};

/// Snapshot of the MD state copied into an event (ptl_event_t.md).
struct MdSnapshot {
  uint64_t start = 0;
  ptl_size_t length = 0;
  int32_t threshold = 0;
  ptl_size_t max_size = 0;
  uint32_t options = 0;
  uint64_t user_ptr = 0;
};

/// Event record (ptl_event_t, REFERENCES §1.1.1). Lengths/offsets in bytes.
/// `sequence` is stamped by EventQueue::post.
struct Event {
  ptl_event_kind_t type = PTL_EVENT_PUT_START;
  ProcessId initiator;
  ptl_uid_t uid = 0;
  ptl_jid_t jid = 0;
  ptl_pt_index_t pt_index = 0;
  ptl_match_bits_t match_bits = 0;
  ptl_size_t rlength = 0;  ///< requested length
  ptl_size_t mlength = 0;  ///< manipulated length
  ptl_size_t offset = 0;
  ptl_handle_md_t md_handle = PTL_INVALID_HANDLE;
  MdSnapshot md;
  ptl_hdr_data_t hdr_data = 0;
  ptl_ni_fail_t ni_fail_type = PTL_NI_OK;
  ptl_seq_t sequence = 0;
};

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_TYPES_H
