// Open MPI point-to-point fragment headers (mca_ptl_base_header_t; REFERENCES §1.3.3).
#pragma once
#include <cstdint>

namespace hpcsim::ompi {

/// Header types (ptl_base_header.h). The Elan4 PTL adds kCompletionOffset to the type of a local-completion
/// entry in a shared queue (ONE_QUEUE), so one receive loop tells local completions from arrivals.
enum class HeaderType : uint8_t {
  kMatch = 1, kRndv = 2, kFrag = 3, kAck = 4, kNack = 5, kGet = 6, kFin = 7, kFinAck = 8,
  // MPI-2 process management over the PTL (the model's own codes, above the PTL's and their + 8 completion
  // codes; Open MPI of 2005 exchanged these through its run-time's out-of-band channel): see dynamic_job.h.
  kConnect = 0x20, kAccept = 0x21, kNewProc = 0x22, kProcAck = 0x23, kDisconnect = 0x24, kDisconnectAck = 0x25
};
constexpr uint8_t kDpmFirst = 0x20;
constexpr uint8_t kCompletionOffset = 8;
constexpr uint8_t kTypeStop = 0x3F;  ///< shuts a progress thread down

/// Flags: an ACK is requested (rendezvous), network byte order.
constexpr uint8_t kFlagAck = 1;
constexpr uint8_t kFlagNbo = 2;

constexpr int kAnySource = -1;
constexpr int kAnyTag = -1;

/// One fragment header. Match part: context, src, dst, tag, msg_length, msg_seq. Frag part: frag_length,
/// frag_offset, src_ptr (sender's request), dst_ptr (receiver's request). dst_addr/dst_size are the ACK's
/// receive-buffer offset and remaining size.
struct Header {
  HeaderType type = HeaderType::kMatch;
  uint8_t flags = 0;
  bool completion = false;  ///< a local-completion entry (type + 8 on the wire)
  uint32_t context = 0;
  int src = 0;
  int dst = 0;
  int tag = 0;
  uint64_t msg_length = 0;
  uint16_t msg_seq = 0;
  uint32_t frag_length = 0;
  uint64_t frag_offset = 0;
  uint64_t src_ptr = 0;
  uint64_t dst_ptr = 0;
  uint64_t dst_addr = 0;
  uint64_t dst_size = 0;
  int rail = 0;
  uint32_t message = 0;  ///< trace message id of the MPI message
  int owner = 2;         ///< (model) the host thread that handles or issued it: progress worker 0/1, 2 = application
  bool tx_descriptor = false;  ///< (model) sent by PtlElan4::send_frag on a QDMA descriptor of tx_desc_free
};

/// Wire type code: the type plus kCompletionOffset for local-completion entries.
inline uint8_t wire_type(const Header& h) {
  return static_cast<uint8_t>(static_cast<uint8_t>(h.type) + (h.completion ? kCompletionOffset : 0));
}

}  // namespace hpcsim::ompi
