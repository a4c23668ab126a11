// Per-call costs of M-VIA (LBNL, 1999; REFERENCES §1.5.6) on a 350 MHz Pentium II under Linux 2.2, in CPU
// cycles. No public breakdown exists: every count is an [estimate] of the code path named beside it. Trap,
// interrupt, driver and data-movement costs are parameters (mvia.*, eth.*, host.*), not here.
#pragma once
#include <cstdint>

namespace hpcsim::mvia {

// VipPostRecv, user part (VIPL): build the descriptor, then the fast trap.
constexpr uint64_t kPostRecvUserCycles = 150;
// vipk: check the descriptor (segments, memory handle, protection tag), link it into the VI's receive queue.
constexpr uint64_t kPostRecvKernelCycles = 700;
// VipPostSend, user part: build the descriptor, then the doorbell (fast trap).
constexpr uint64_t kPostSendUserCycles = 150;
// vipk send path: check the descriptor, translate the registered buffer to physical pages, VI state.
constexpr uint64_t kSendKernelCycles = 1000;
// Per fragment: build the M-VIA header and the driver buffer (header from a kernel buffer, data from the
// registered pages by the NIC's second buffer pointer), sequence number.
constexpr uint64_t kFrameCycles = 350;
// Transmit reaped (in the interrupt): mark the send descriptor done after its last fragment.
constexpr uint64_t kSendCompleteCycles = 200;
// Receive, per frame (in the interrupt, after tulip_rx): recognise the EtherType, parse the header, find
// the VI and its receive descriptor, check the sequence.
constexpr uint64_t kRxDemuxCycles = 600;
// Receive, last fragment: write Length/Status into the descriptor, completion queue entry.
constexpr uint64_t kRxCompleteCycles = 300;
// VipSendWait / VipRecvWait once the descriptor's status says done (user-level poll): decode and dequeue.
constexpr uint64_t kSendWaitCycles = 150;
constexpr uint64_t kRecvWaitCycles = 200;

// Registered memory of each node (one region) and its layout.
constexpr uint64_t kRegionBytes = 1ull << 32;
constexpr uint64_t kRecvDescriptorBase = 0x10000;  // + 64 * k
constexpr uint64_t kSendDescriptorBase = 0x20000;  // + 64 * k
constexpr uint64_t kRecvBufferBase = 0x1000000;
constexpr uint64_t kSendBufferBase = 0x80000000;
constexpr uint32_t kRing = 256;

}  // namespace hpcsim::mvia
