// An Elan4 DMA descriptor (E4_DMA64, REFERENCES §1.2.3): what the DMA engine moves and which events it sets.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>

namespace hpcsim {

class E4Event;
class InputQueue;

/// What lands in one input-queue slot: the protocol keeps its header by `cookie` (an index it owns).
struct QueueSlot {
  uint32_t message = 0;  ///< message id for the trace (0 = none)
  int src_node = -1;     ///< node whose DMA engine sent it
  uint32_t bytes = 0;    ///< header + data bytes written into the slot (<= slot size)
  uint64_t cookie = 0;   ///< protocol's key of the header
};

/// One 64-byte descriptor. kQueued: `bytes` (header + inline data, read from host memory) into the input queue
/// `queue` of node `peer` (DMA_QueueWrite). kRdmaWrite: `bytes` from this node's host memory to `peer`'s.
/// kRdmaRead: a STEN packet makes `peer`'s engine push `bytes` here (elan4_remote_dma).
/// `src_event` is set on this NIC at local completion (the acknowledgement of the last packet; for a read,
/// when the data is here); `dst_event` is set on the receiving NIC when the last byte is in host memory.
struct E4Dma {
  enum class Type { kQueued, kRdmaWrite, kRdmaRead };
  Type type = Type::kQueued;
  int peer = -1;
  uint32_t bytes = 0;
  uint32_t message = 0;
  InputQueue* queue = nullptr;  ///< kQueued: destination queue (on `peer`)
  QueueSlot slot;               ///< kQueued: slot contents
  std::shared_ptr<E4Event> src_event;
  std::shared_ptr<E4Event> dst_event;
  std::function<void()> on_landed;  ///< internal: remote DMA of a read, run when the last byte has landed
};

/// Bytes of one E4_DMA64 descriptor written into a command queue (8 x 64-bit words).
constexpr uint32_t kE4DmaDescriptorBytes = 64;

}  // namespace hpcsim
