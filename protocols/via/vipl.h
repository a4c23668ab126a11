// VIA / VIPL semantics, timing-free (after protocols/portals/*.h): descriptors, memory registration, work
// queues, completion queues, VI states and errors.
// Source: ../shared/REFERENCES.md §1.5 (VIPL header constants, descriptor layout; VIA 1.0 behaviour [recalled]).
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <vector>

namespace hpcsim {
namespace via {

// §1.5.1 descriptor layout.
constexpr uint32_t kDescriptorAlignment = 64;

// §1.5.2 control bits.
constexpr uint16_t kControlOpSendRecv = 0;
constexpr uint16_t kControlOpRdmaWrite = 1;
constexpr uint16_t kControlOpRdmaRead = 2;
constexpr uint16_t kControlOpMask = 3;
constexpr uint16_t kControlImmediate = 0x4;
constexpr uint16_t kControlQFence = 0x8;

// §1.5.2 status bits.
constexpr uint32_t kStatusDone = 0x1;
constexpr uint32_t kStatusFormat = 0x2;
constexpr uint32_t kStatusProtection = 0x4;
constexpr uint32_t kStatusLength = 0x8;
constexpr uint32_t kStatusPartial = 0x10;
constexpr uint32_t kStatusDescFlushed = 0x20;
constexpr uint32_t kStatusTransport = 0x40;
constexpr uint32_t kStatusRdmaProt = 0x80;
constexpr uint32_t kStatusRemoteDesc = 0x100;
constexpr uint32_t kStatusErrorMask = 0x1FE;
constexpr uint32_t kStatusOpSend = 0;
constexpr uint32_t kStatusOpReceive = 0x10000;
constexpr uint32_t kStatusOpRdmaWrite = 0x20000;
constexpr uint32_t kStatusOpRemoteRdmaWrite = 0x30000;
constexpr uint32_t kStatusOpRdmaRead = 0x40000;
constexpr uint32_t kStatusImmediate = 0x80000;

// §1.5.3 reliability levels.
constexpr uint32_t kUnreliable = 0x1;
constexpr uint32_t kReliableDelivery = 0x2;
constexpr uint32_t kReliableReception = 0x4;

/// Control segment, 32 B.
struct ControlSegment {
  uint64_t next = 0;
  uint32_t next_handle = 0;
  uint16_t seg_count = 0;
  uint16_t control = 0;
  uint32_t reserved = 0;
  uint32_t immediate_data = 0;
  uint32_t length = 0;
  uint32_t status = 0;
};
static_assert(sizeof(ControlSegment) == 32, "VIP control segment is 32 bytes");
/// Address segment (RDMA), 16 B.
struct AddressSegment {
  uint64_t data = 0;
  uint32_t handle = 0;
  uint32_t reserved = 0;
};
static_assert(sizeof(AddressSegment) == 16, "VIP address segment is 16 bytes");
/// Data segment, 16 B.
struct DataSegment {
  uint64_t data = 0;
  uint32_t handle = 0;
  uint32_t length = 0;
};
static_assert(sizeof(DataSegment) == 16, "VIP data segment is 16 bytes");

/// A descriptor in registered user memory at `address` (must be 64-byte aligned): CS, then for RDMA one
/// address segment, then `cs.seg_count` data segments.
struct Descriptor {
  uint64_t address = 0;
  ControlSegment cs;
  AddressSegment as;
  std::vector<DataSegment> ds;
  uint32_t data_length() const;
  bool done() const { return (cs.status & kStatusDone) != 0; }
  uint32_t errors() const { return cs.status & kStatusErrorMask; }
  /// Size in memory: 32 B + 16 B per segment (the address segment for RDMA).
  uint32_t bytes() const;
};

enum class ViState { kIdle, kConnectPending, kConnected, kError };

enum class AsyncError {
  kPostDesc,
  kConnLost,
  kRecvqEmpty,
  kViOverrun,
  kRdmawProt,
  kRdmawData,
  kRdmawAbort,
  kRdmarProt,
  kCompProt,
  kRdmaTransport,
  kCatastrophic
};

/// VIP_RETURN subset.
enum class Result { kSuccess, kNotDone, kInvalidParameter, kInvalidState, kProtectionError, kErrorResource, kRejected };

/// VIP_VI_ATTRIBUTES.
struct ViAttributes {
  uint32_t reliability = kUnreliable;
  uint32_t max_transfer_size = 65536;
  uint32_t ptag = 0;
  bool enable_rdma_write = false;
  bool enable_rdma_read = false;
};

/// VipRegisterMem / VipDeregisterMem: 32-bit handles for regions tagged with a protection tag.
class MemoryRegistry {
 public:
  struct Region {
    uint64_t address;
    uint64_t length;
    uint32_t ptag;
    bool rdma_write;
    bool rdma_read;
  };
  /// Returns a non-zero handle.
  uint32_t register_mem(uint64_t address, uint64_t length, uint32_t ptag, bool rdma_write = false,
                        bool rdma_read = false);
  Result deregister_mem(uint32_t handle);
  /// True when [address, address+length) lies in the region of `handle` and the tags match.
  bool check(uint32_t handle, uint64_t address, uint64_t length, uint32_t ptag) const;
  const Region* find(uint32_t handle) const;

 private:
  std::map<uint32_t, Region> regions_;
  uint32_t next_ = 1;
};

/// A completion queue: an entry only says which VI and which queue completed (§1.5.4); the descriptor is
/// then dequeued with VipSendDone / VipRecvDone.
class CompletionQueue {
 public:
  explicit CompletionQueue(uint32_t max_entries = 1024) : max_(max_entries) {}
  struct Entry {
    int vi;
    bool is_recv;
  };
  /// False (and the entry is lost) when full: the provider reports CATASTROPHIC.
  bool push(Entry e);
  /// VipCQDone: kSuccess with the oldest entry, or kNotDone.
  Result done(Entry* out);
  size_t size() const { return entries_.size(); }

 private:
  uint32_t max_;
  std::deque<Entry> entries_;
};

/// What happened to a send or RDMA write arriving at a VI.
enum class Arrival {
  kDelivered,  ///< placed; a receive descriptor completed (send, RDMA write with immediate) or none needed
  kDropped,    ///< Unreliable VI: discarded, no error
  kViError,    ///< Reliable VI: async error raised, VI moved to ERROR, descriptors flushed
  kNotConnected,
};

/// A Virtual Interface: two FIFO work queues (the doorbell is the post itself), optional CQs, a state.
class Vi {
 public:
  Vi(int id, const ViAttributes& attrs, const MemoryRegistry* memory, CompletionQueue* send_cq = nullptr,
     CompletionQueue* recv_cq = nullptr, uint32_t max_segments = 252);

  int id() const { return id_; }
  ViState state() const { return state_; }
  const ViAttributes& attributes() const { return attrs_; }
  bool reliable() const { return attrs_.reliability != kUnreliable; }

  // Connection (kernel agent): VipConnectRequest / Accept / Reject, VipDisconnect.
  Result connect_request();
  /// Peer accepted. Fails (VI back to IDLE) when the reliability levels differ.
  Result connect_accept(const ViAttributes& remote);
  Result connect_reject();
  /// CONNECTED or ERROR -> IDLE; outstanding descriptors complete with DESC_FLUSHED.
  Result disconnect();

  // Posting (user level): VipPostSend / VipPostRecv.
  /// Sends only on a CONNECTED VI (kInvalidState otherwise; in ERROR the descriptor is flushed at once).
  /// A malformed descriptor completes with FORMAT / PROTECTION / LENGTH / RDMA_PROT; on a reliable VI such
  /// an error also moves the VI to ERROR.
  Result post_send(Descriptor* d);
  /// Receives may be pre-posted in IDLE and CONNECT_PENDING. In ERROR the descriptor is flushed at once.
  Result post_recv(Descriptor* d);

  // Provider side.
  /// Oldest send descriptor not yet completed (the provider's next work), or nullptr.
  Descriptor* next_send() const;
  /// Completes the oldest pending send with `error_bits` (0 = success).
  void complete_send(uint32_t error_bits = 0);
  /// A send of `bytes` arriving from the peer (with immediate data when `immediate`).
  Arrival incoming_send(uint32_t bytes, bool immediate = false, uint32_t immediate_data = 0);
  /// An RDMA write of `bytes` to `address` under memory handle `handle` arriving from the peer.
  Arrival incoming_rdma_write(uint64_t address, uint32_t handle, uint32_t bytes, bool immediate = false,
                              uint32_t immediate_data = 0);
  /// Oldest posted receive not yet completed (what a sender writes into), or nullptr.
  Descriptor* next_recv() const;
  /// Moves the VI to ERROR with `e` and flushes every outstanding descriptor (DESC_FLUSHED).
  void fail(AsyncError e);

  // Completion (user level): VipSendDone / VipRecvDone: dequeue the head when it is done.
  Result send_done(Descriptor** out);
  Result recv_done(Descriptor** out);

  const std::vector<AsyncError>& async_errors() const { return errors_; }
  size_t send_queue_size() const { return sendq_.size(); }
  size_t recv_queue_size() const { return recvq_.size(); }

 private:
  uint32_t validate(const Descriptor& d, bool is_recv) const;
  void complete(Descriptor* d, uint32_t status, bool is_recv);
  void flush_all();
  Descriptor* first_pending(const std::deque<Descriptor*>& q) const;

  int id_;
  ViAttributes attrs_;
  const MemoryRegistry* memory_;
  CompletionQueue* send_cq_;
  CompletionQueue* recv_cq_;
  uint32_t max_segments_;
  ViState state_ = ViState::kIdle;
  std::deque<Descriptor*> sendq_;
  std::deque<Descriptor*> recvq_;
  std::vector<AsyncError> errors_;
};

}  // namespace via
}  // namespace hpcsim
