// Per-call costs of SS-VIA (seed 003) on a 350 MHz Pentium II, in CPU cycles, and its memory layout.
// The seed gives no breakdown: every count here is an [estimate] of the code path named beside it. Data
// movement is not here: it is CPU stores through the SCI mapping (hw/sci), timed by PCI, adapter and ring.
#pragma once
#include <cstdint>

namespace hpcsim::ss_via {

// VipPostRecv: check the descriptor (alignment, segment count, registry lookup of the data segment's
// memory handle and protection tag), link it into the receive queue, build the 16-byte notice.
constexpr uint64_t kPostRecvCycles = 350;
// VipPostSend and the user-level VI manager picking up the descriptor: the same checks, translation of
// the data segment to an offset of the peer's mapped SCI segment, SCIStartSequence.
constexpr uint64_t kPostSendCycles = 600;
// VipSendWait once the barrier / sequence check returned: status update and dequeue.
constexpr uint64_t kSendWaitCycles = 150;
// VipRecvWait / VipRecvDone once the flag is seen: status decode and dequeue.
constexpr uint64_t kRecvDoneCycles = 300;
// Kernel agent (through a system call): create the VI, SCICreateSegment + SCIPrepareSegment +
// SCIMapLocalSegment + SCISetSegmentAvailable for its queues.
constexpr uint64_t kAgentCreateCycles = 20000;
// Kernel agent: SCIMapRemoteSegment (page-table entries for the imported segment) and VI bookkeeping.
constexpr uint64_t kAgentMapCycles = 8000;

// Notice a receiver writes into the sender's mirror of its receive queue: buffer offset (8), descriptor
// offset (4), length (4).
constexpr uint32_t kNoticeBytes = 16;
// Completion flag: Length and Status of the receiver's control segment (offset 24 of the descriptor).
constexpr uint32_t kFlagBytes = 8;
constexpr uint32_t kFlagOffset = 24;
// Segment descriptor the driver reads from the exporter during SCIConnectSegment.
constexpr uint32_t kSegmentDescriptorBytes = 64;

// Layout of each node's exported segment (offsets; all 64-byte aligned, REFERENCES §1.6.2).
constexpr uint32_t kSegmentId = 3;
constexpr uint64_t kSegmentBytes = 1ull << 32;
constexpr uint64_t kControlBase = 0x1000;      // + 64 * peer: connection / error words
constexpr uint64_t kDescriptorBase = 0x10000;  // + 64 * (ring * peer + k): receive descriptors
constexpr uint64_t kMirrorBase = 0x200000;     // + 32 * (ring * peer + k): notices of the peer's receives
constexpr uint64_t kSendDescriptorBase = 0x400000;
constexpr uint64_t kBufferBase = 0x1000000;    // + kBufferStride * peer: receive buffers
constexpr uint64_t kBufferStride = 0x1000000;
constexpr uint64_t kSendBufferBase = 0x80000000;
constexpr uint32_t kRing = 64;

}  // namespace hpcsim::ss_via
