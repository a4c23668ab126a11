// SCI-MPICH (RWTH Aachen's ch_smi device; the seed's "SCI-MPI") protocol constants and per-call costs on the
// 350 MHz Pentium II. Protocol constants: ../shared/REFERENCES.md §1.6.3 [code] (mpid/ch_smi/README).
// Cycle counts are [estimate]s of the code path named beside each; data movement is CPU stores through the
// SCI mapping (hw/sci) or local copies at host.memcpy_MBps.
#pragma once
#include <cstdint>

namespace hpcsim::sci_mpich {

// --- REFERENCES §1.6.3 ---
constexpr uint32_t kShortBufferBytes = 64;     // SHORT buffers of 64 B ("do not change")
constexpr uint32_t kShortMaxPayload = 47;      // maximum SHORT payload
constexpr uint32_t kShortHeaderBytes = kShortBufferBytes - kShortMaxPayload;  // envelope + sequence flag
constexpr uint32_t kShortBuffers = 63;         // per sender/receiver pair; credits by remote counter updates
constexpr uint32_t kEagerBufferBytes = 16384;  // EAGER_bufsize, 64-byte aligned
constexpr uint32_t kEagerBuffers = 8;          // EAGER_nbrbufs per pair
constexpr int kEagerMaxCheckDev = 1;           // CheckDevice calls before falling back to rendezvous
constexpr uint32_t kRndvPoolBytes = 256 * 1024;  // RNDV_memorysize at the receiver
constexpr uint32_t kRndvBlockBytes = 16 * 1024;  // RNDV_blocksize: writes and reads interleaved per block
constexpr uint32_t kRndvBlocks = kRndvPoolBytes / kRndvBlockBytes;

// [assumption] the receiver writes its consumed-SHORT counter into the sender's memory every this many
// consumed buffers (a remote counter update returns that many credits).
constexpr uint32_t kShortCreditBatch = 16;

// --- host costs [estimate] ---
// MPI_Isend through the ADI to ch_smi: request, envelope, protocol choice by length.
constexpr uint64_t kIsendCycles = 250;
// MPI_Irecv: request, unexpected-queue search, append to the posted queue.
constexpr uint64_t kIrecvCycles = 250;
// Per queue entry inspected while matching.
constexpr uint64_t kMatchEntryCycles = 40;
// Receiver: check the next SHORT buffer's sequence flag, decode the envelope, dispatch (plus the cache miss
// on the buffer line the adapter wrote, charged by Host::read_dma_written).
constexpr uint64_t kPollCycles = 150;
// One CheckDevice: poll every peer's next SHORT buffer and the counters (no message found).
constexpr uint64_t kCheckDeviceCycles = 300;
// Rendezvous at the receiver: reserve the pool, build the CTS (OK-to-send) envelope.
constexpr uint64_t kRndvSetupCycles = 400;
// Rendezvous, per 16 KiB block on either side: bookkeeping, flag / counter handling.
constexpr uint64_t kBlockCycles = 100;
// MPI_Wait once the request is complete.
constexpr uint64_t kWaitCycles = 150;

// --- segment layout (offsets in each node's exported space; 64-byte aligned, REFERENCES §1.6.2) ---
constexpr uint32_t kSegmentId = 11;
constexpr uint64_t kBase = 0x200000000ull;                // clear of SS-VIA's layout
constexpr uint64_t kShortBase = kBase;                    // + ((src * 64 + i) * 64): SHORT buffers from src
constexpr uint64_t kCreditLineBase = kBase + 0x100000;    // + peer * 64: consumed-SHORT counter from peer
constexpr uint64_t kBlockLineBase = kBase + 0x110000;     // + peer * 64: rendezvous blocks consumed by peer
constexpr uint64_t kEagerFreeBase = kBase + 0x120000;     // + (peer * 8 + j) * 64: eager buffer j released
constexpr uint64_t kBlockFlagBase = kBase + 0x130000;     // + b * 64: rendezvous block b ready (receiver)
constexpr uint64_t kRndvPoolBase = kBase + 0x200000;      // 256 KiB pool (receiver)
constexpr uint64_t kEagerBase = kBase + 0x1000000;        // + (src * 8 + j) * 16384: eager buffers from src

}  // namespace hpcsim::sci_mpich
