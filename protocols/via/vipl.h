// VIA / VIPL semantics, timing-free (after protocols/portals/*.h): descriptors, memory registration, work
// queues, completion queues, VI states and errors.
// Source: ../shared/REFERENCES.md §1.5 (VIPL header constants, descriptor layout; VIA 1.0 behaviour [recalled]).
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
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
/// address segment, then `cs.seg_count` data segments. `sequence` and `message` are the emulator's
/// bookkeeping, not VIPL fields: the descriptor's position on its work queue (0, 1, ... in post order,
/// set by VipPostSend / VipPostRecv) and the simulator's message id it carried (0 = none yet).
struct Descriptor {
  uint64_t address = 0;
  uint32_t sequence = 0;
  uint32_t message = 0;
  ControlSegment cs;
  AddressSegment as;
  std::vector<DataSegment> ds;
  uint32_t data_length() const;
  bool done() const { return (cs.status & kStatusDone) != 0; }
  uint32_t errors() const { return cs.status & kStatusErrorMask; }
  /// Size in memory: 32 B + 16 B per segment (the address segment for RDMA).
  uint32_t bytes() const;
};

/// VI states of the VIA 1.0 state diagram (REFERENCES §1.5); the numbers are trace kind 61's codes.
enum class ViState { kIdle = 0, kConnectPending = 1, kConnected = 2, kError = 3 };

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

/// The four queues a node's VIs use: each VI's send and receive work queues, and the completion queues
/// an entry of which names a VI and one of its work queues. Numbers are trace kind 60's queue codes.
enum class QueueType : uint32_t { kSendWork = 0, kRecvWork = 1, kSendCompletion = 2, kRecvCompletion = 3 };

/// State of a descriptor (or completion-queue entry) as the page shows it (trace kind 60's state codes):
/// posted (on the queue, CS status 0), in progress (the provider is transferring its data), complete (Done
/// bit set, no error), dequeued (VipSendDone / VipRecvDone / VipCQDone took it), or one of the errors: the
/// code is 4 + the bit index of the lowest error bit of the CS status (FORMAT 5 ... DESC_FLUSHED 9 ...
/// REMOTE_DESC 12; §1.5.2).
enum class EntryState : uint32_t { kPosted = 1, kInProgress = 2, kComplete = 3, kDequeued = 4 };
/// State code of a completed descriptor's CS `status` word (3 when no error bit is set).
uint32_t completion_state(uint32_t status);

/// One change of a queue entry, as reported to an observer (see ViTrace).
struct QueueChange {
  QueueType queue;
  int vi;            ///< VI owning the work queue, or named by the completion-queue entry
  uint32_t number;   ///< descriptor's `sequence` on its work queue, or the entry's position in the CQ
  uint32_t state;    ///< an EntryState or an error code (completion_state)
  uint32_t bytes;    ///< data bytes: the data segments' total when posted, the CS Length once complete
  uint32_t message;  ///< the descriptor's `message` (0 for CQ entries)
};

/// Observers of a VI for the trace: `queue` on every descriptor or CQ-entry change, `state` on every VI state
/// change (`created` once, when the observer is attached). Empty functions are not called.
struct ViTrace {
  std::function<void(const QueueChange&)> queue;
  std::function<void(int vi, ViState state, bool created, int async_error)> state;
};

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
    uint32_t number = 0;  ///< position in this CQ (0, 1, ...), set by push
  };
  /// False (and the entry is lost) when full: the provider reports CATASTROPHIC.
  bool push(Entry e);
  /// VipCQDone: kSuccess with the oldest entry, or kNotDone.
  Result done(Entry* out);
  size_t size() const { return entries_.size(); }
  /// Reports each push (state posted) and each VipCQDone (state dequeued) to `trace.queue`.
  void set_trace(ViTrace trace) { trace_ = std::move(trace); }

 private:
  void report(const Entry& e, EntryState s) const;
  ViTrace trace_;
  uint32_t pushed_ = 0;
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
  /// Attaches the trace observers and reports the VI's current state with `created` set.
  void set_trace(ViTrace trace);
  /// The provider has started moving the data of the oldest pending send (or, `is_recv`, into the oldest
  /// pending receive): reported as in progress. No effect on the VIPL state; nothing when none is pending.
  void start_transfer(bool is_recv);
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
  /// A send of `bytes` arriving from the peer (with immediate data when `immediate`); `message` is the
  /// simulator's id of the message, kept in the receive descriptor it completes.
  Arrival incoming_send(uint32_t bytes, bool immediate = false, uint32_t immediate_data = 0, uint32_t message = 0);
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
  void set_state(ViState s, int async_error = -1);
  void report(const Descriptor& d, bool is_recv, uint32_t state) const;
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
  ViTrace trace_;
  uint32_t send_posted_ = 0, recv_posted_ = 0;
};

}  // namespace via
}  // namespace hpcsim
