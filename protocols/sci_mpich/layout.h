// Where SCI-MPICH's buffers sit in the exported SCI segments (REFERENCES §1.6.3): short buffers, eager buffers,
// the rendezvous pool and its block flags, and the counter lines written back for credits and releases.
// Addresses are byte offsets in the receiver's (or, for counter lines, the sender's) segment.
#pragma once
#include <cstdint>

#include "sci_mpich/costs.h"

namespace hpcsim::sci_mpich {

inline uint64_t short_addr(int src, uint32_t i) { return kShortBase + (static_cast<uint64_t>(src) * 64 + i) * kShortBufferBytes; }
inline uint64_t credit_line(int peer) { return kCreditLineBase + 64ull * static_cast<uint64_t>(peer); }
inline uint64_t block_line(int peer) { return kBlockLineBase + 64ull * static_cast<uint64_t>(peer); }
inline uint64_t eager_free_line(int peer, uint32_t j) {
  return kEagerFreeBase + 64ull * (static_cast<uint64_t>(peer) * kEagerBuffers + j);
}
inline uint64_t block_flag(uint32_t b) { return kBlockFlagBase + 64ull * (b % kRndvBlocks); }
inline uint64_t pool_addr(uint32_t b) { return kRndvPoolBase + static_cast<uint64_t>(kRndvBlockBytes) * (b % kRndvBlocks); }
inline uint64_t eager_addr(int src, uint32_t j) {
  return kEagerBase + static_cast<uint64_t>(kEagerBufferBytes) * (static_cast<uint64_t>(src) * kEagerBuffers + j);
}
inline uint32_t blocks_of(uint32_t bytes) { return bytes == 0 ? 1 : (bytes + kRndvBlockBytes - 1) / kRndvBlockBytes; }
inline uint32_t block_len(uint32_t bytes, uint32_t b) {
  uint32_t off = b * kRndvBlockBytes;
  return bytes - off < kRndvBlockBytes ? bytes - off : kRndvBlockBytes;
}

}  // namespace hpcsim::sci_mpich
