// SCI-MPICH (RWTH Aachen, ch_smi; the seed's "SCI-MPI"): MPI over SCI shared memory, as a ping-pong endpoint
// on the SciCluster. Three protocols (REFERENCES §1.6.3): SHORT (<= 47 B): envelope + data in one 64-byte
// remote buffer, 63 per pair, credits returned by remote counter writes; EAGER (<= 16 KiB): data into one of
// 8 remote 16 KiB buffers, store barrier, envelope in a SHORT buffer; the receiver copies out and releases
// the buffer by a remote write; none free after one CheckDevice -> RENDEZVOUS: RTS, the receiver reserves its
// 256 KiB pool and answers CTS, the sender writes 16 KiB blocks (store barrier + block flag each), the
// receiver copies each block out and returns it by a remote counter write, so writes and reads interleave.
// Send completion: SCIStoreBarrier + SCICheckSequence (a retriable error resends a SHORT buffer).
#pragma once
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "hw/sci/sci_cluster.h"
#include "mpich/engine.h"
#include "sci_mpich/costs.h"

namespace hpcsim {

struct SciMpichOptions {
  uint32_t short_credit_batch = sci_mpich::kShortCreditBatch;
  int32_t series = 0;
};

/// The ch_smi device under the MPICH engine (mpich/engine.h: MPI calls, matching, the ping-pong mapping).
class SciMpich : public MpichEngine {
 public:
  SciMpich(Simulator& sim, SciCluster& cluster, uint32_t* message_ids, SciMpichOptions options = {});

  const char* table_column() const override { return "SCI-MPICH"; }
  bool traces_messages() const override { return false; }

  // --- Counters (tests) ---
  enum Protocol { kShort = 1, kEager = 2, kRendezvous = 3 };
  /// Protocol of a send request.
  int protocol(int node, int req) const;
  int short_credits(int node, int peer) { return pr(node, peer).credits; }
  int eager_free(int node, int peer);
  uint64_t credit_stalls() const { return credit_stalls_; }
  uint64_t eager_fallbacks() const { return eager_fallbacks_; }
  uint64_t credit_returns() const { return credit_returns_; }
  uint64_t retries() const { return retries_; }
  /// Test hook: while held, the node's progress engine does not run (the process is outside MPI).
  void hold_progress(int node, bool hold);

 private:
  enum SlotKind { kSlotShort = 1, kSlotEager = 2, kSlotRts = 3, kSlotCts = 4 };
  struct Slot {
    int kind = 0;
    int src = 0;
    int tag = 0;
    uint32_t bytes = 0;
    int sreq = 0;
    int rreq = 0;
    uint32_t eager = 0;  ///< eager buffer index
    uint32_t message = 0;
  };
  struct PairState {  // node -> peer
    bool setup = false;
    int credits = static_cast<int>(sci_mpich::kShortBuffers);
    uint32_t next_slot = 0;
    std::deque<std::function<void()>> waiting;  ///< SHORT writes waiting for a credit
    std::vector<bool> eager_busy = std::vector<bool>(sci_mpich::kEagerBuffers, false);
    uint32_t consumed = 0;  ///< SHORT buffers from peer consumed here (receiver side)
    // rendezvous sender side
    int rndv_sreq = 0;
    uint32_t rndv_bytes = 0, rndv_blocks = 0, rndv_next = 0, rndv_freed = 0;
    uint32_t rndv_message = 0;
    bool rndv_writing = false;
  };
  struct RndvRecv {
    int src;
    int rreq;
    int sreq;
    uint32_t bytes;
    uint32_t message;
  };
  struct NodeState {
    std::map<int, int> protocol;                 ///< send request -> protocol
    std::map<uint64_t, std::deque<Slot>> slots;  ///< contents written into this node's SHORT buffers
    std::deque<std::function<void(Done)>> work;  ///< the progress engine's queue
    bool busy = false;
    bool held = false;
    bool seq_started = false;
    // rendezvous receiver side: the pool serves one transfer at a time
    bool pool_busy = false;
    RndvRecv rndv{};
    uint32_t rndv_blocks = 0, rndv_done = 0;
    std::deque<RndvRecv> pool_queue;
  };
  // --- the device (mpich/engine.h) ---
  Host& host_of(int node) override { return cluster_.host(node); }
  void connect(int node, int peer) override { setup_pair(node, peer); }
  void prepare_send(int node, SendOp& op) override;
  void start_send(int node, const SendOp& op, Done returned) override;
  void deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) override;
  void keep_unexpected(int node, const mpi::Envelope& e, Done then) override;

  NodeState& st(int node) { return *nodes_[static_cast<size_t>(node)]; }
  const NodeState& st(int node) const { return *nodes_[static_cast<size_t>(node)]; }
  PairState& pr(int node, int peer) { return pairs_[std::make_pair(node, peer)]; }
  void setup_pair(int a, int b);
  void watch_slot(int node, int src, uint32_t i);
  void run(int node, std::function<void(Done)> w);
  void pump_work(int node);
  void write_slot(int node, int dst, const Slot& s, Done then);
  void remote_word(int node, int dst, uint64_t addr, uint32_t message);
  void complete_send(int node, int sreq, uint32_t message, std::function<void()> redo);
  void on_slot(int node, int src, const Slot& s, Done then);
  void consume_slot(int node, int src);
  void rndv_start(int node, const RndvRecv& r);
  void rndv_block_landed(int node, uint32_t b);
  void rndv_write(int node, int dst);
  void eager_send(int node, int dst, int tag, uint32_t bytes, int req, uint32_t msg, int checks, Done then);
  void rndv_send(int node, int dst, int tag, uint32_t bytes, int req, uint32_t msg, Done then);
  void catalog(uint32_t msg, int src, int dst, uint32_t bytes, const char* protocol);

  Simulator& sim_;
  SciCluster& cluster_;
  uint32_t* ids_;
  SciMpichOptions opt_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
  std::map<std::pair<int, int>, PairState> pairs_;
  uint64_t credit_stalls_ = 0, eager_fallbacks_ = 0, credit_returns_ = 0, retries_ = 0;
};

}  // namespace hpcsim
