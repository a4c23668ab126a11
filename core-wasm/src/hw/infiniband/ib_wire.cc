#include "hw/infiniband/ib_wire.h"

namespace hpcsim {

const char* ib_opcode_name(IbOpcode op) {
  switch (op) {
    case IbOpcode::kSend: return "send";
    case IbOpcode::kSendWithImm: return "send-with-imm";
    case IbOpcode::kRdmaWrite: return "rdma-write";
    case IbOpcode::kRdmaWriteWithImm: return "rdma-write-with-imm";
  }
  return "?";
}

IbWire::IbWire(const ParameterSet& p)
    : link_Bps(p.get("ib.link_signal_Gbps") * 1e9 * 8.0 / 10.0 / 8.0),
      mtu(static_cast<uint32_t>(p.count("ib.mtu_bytes"))),
      lrh(static_cast<uint32_t>(p.count("ib.lrh_bytes"))),
      bth(static_cast<uint32_t>(p.count("ib.bth_bytes"))),
      reth(static_cast<uint32_t>(p.count("ib.reth_bytes"))),
      aeth(static_cast<uint32_t>(p.count("ib.aeth_bytes"))),
      immdt(static_cast<uint32_t>(p.count("ib.immdt_bytes"))),
      icrc(static_cast<uint32_t>(p.count("ib.icrc_bytes"))),
      vcrc(static_cast<uint32_t>(p.count("ib.vcrc_bytes"))) {}

uint32_t IbWire::payload(uint32_t bytes, uint32_t k) const {
  uint64_t offset = static_cast<uint64_t>(k) * mtu;
  if (offset >= bytes) return 0;
  uint64_t left = bytes - offset;
  return left < mtu ? static_cast<uint32_t>(left) : mtu;
}

uint32_t IbWire::packet_bytes(IbOpcode op, uint32_t k, uint32_t n, uint32_t payload_bytes) const {
  uint32_t b = lrh + bth + payload_bytes + icrc + vcrc;
  if (ib_is_rdma(op) && k == 0) b += reth;
  bool imm = op == IbOpcode::kSendWithImm || op == IbOpcode::kRdmaWriteWithImm;
  if (imm && k + 1 == n) b += immdt;
  return b;
}

}  // namespace hpcsim
