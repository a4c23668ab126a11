// InfiniBand on the wire (IBA 1.1 vol. 1 ch. 5, 7 and 9; vol. 2 ch. 5): a 4X SDR link's data rate after 8b/10b, the
// path MTU, and the headers every reliable-connected (RC) packet carries.
#pragma once
#include <cstdint>

#include "kernel/time.h"
#include "params/parameter.h"

namespace hpcsim {

/// Work-request opcodes of the verbs the HCA model offers (IBA 1.1 vol. 1 §10.8 "work request operations"; VAPI's
/// VAPI_SEND, VAPI_SEND_WITH_IMM, VAPI_RDMA_WRITE, VAPI_RDMA_WRITE_WITH_IMM). Sends and writes with immediate
/// consume a receive posted at the responder and complete there with a CQE; a plain RDMA write only lands data.
enum class IbOpcode : int32_t { kSend = 1, kSendWithImm = 2, kRdmaWrite = 3, kRdmaWriteWithImm = 4 };

/// "send", "send-with-imm", "rdma-write", "rdma-write-with-imm".
const char* ib_opcode_name(IbOpcode op);
/// Whether `op` consumes a receive WQE at the responder and completes there (sends, writes with immediate).
inline bool ib_consumes_receive(IbOpcode op) { return op != IbOpcode::kRdmaWrite; }
/// Whether `op` is an RDMA write (its first packet carries a RETH: remote address, rkey, DMA length).
inline bool ib_is_rdma(IbOpcode op) { return op == IbOpcode::kRdmaWrite || op == IbOpcode::kRdmaWriteWithImm; }

/// The link and packet format (parameters ib.*). Data rate = ib.link_signal_Gbps x 8/10 (8b/10b line code, IBA vol. 2
/// §5.3) / 8 bits, i.e. 1 GB/s for 4X SDR. A message of `bytes` travels as ceil(bytes / ib.mtu_bytes) packets (one
/// for 0 bytes), each with LRH + BTH + ICRC + VCRC; the first packet of an RDMA write adds the RETH, the last packet
/// of an operation with immediate data adds ImmDt; acknowledgements are LRH + BTH + AETH + ICRC + VCRC.
struct IbWire {
  double link_Bps = 1e9;
  uint32_t mtu = 2048;
  uint32_t lrh = 8, bth = 12, reth = 16, aeth = 4, immdt = 4, icrc = 4, vcrc = 2;
  explicit IbWire(const ParameterSet& p);

  /// Packets of a message of `bytes` (>= 1).
  uint32_t packets(uint32_t bytes) const { return bytes == 0 ? 1 : (bytes + mtu - 1) / mtu; }
  /// Payload bytes of packet `k` (0-based) of a message of `bytes`.
  uint32_t payload(uint32_t bytes, uint32_t k) const;
  /// Bytes on the wire of packet `k` of `n` of operation `op` carrying `payload` bytes.
  uint32_t packet_bytes(IbOpcode op, uint32_t k, uint32_t n, uint32_t payload) const;
  /// Bytes of an RC acknowledgement packet (30 with the IBA sizes).
  uint32_t ack_bytes() const { return lrh + bth + aeth + icrc + vcrc; }
  /// Serialisation time of `bytes` on one link direction.
  Time wire_ps(uint32_t bytes) const { return transfer_time_ps(bytes, link_Bps); }
};

}  // namespace hpcsim
