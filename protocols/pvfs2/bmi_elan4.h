// BMI over Quadrics Elan4, after the OSU design of ICS'05 and SNAPI'05 (seed 000; references/pvfs2-elan4.md §2.9,
// §3): small and unexpected messages by QDMA into each process's input queue; larger ones by a rendezvous whose
// request (RTS) carries the sender's address/length list, after which the receiver pulls the data by RDMA read and
// returns a FIN by QDMA. Noncontiguous (list) transfers three ways:
//  - kSgLio: zero-copy scatter/gather: one Elan4 RDMA descriptor per piece (both lists split at every boundary),
//    written into Elan memory, chained by COPY events (each DMA's completion injects the next) and started by one
//    host SET_EVENT; one event counting all N completions (SEAMUR) writes the done word and injects the FIN.
//    Quadrics' own kernel comms chain multi-fragment RDMAs the same way, so the chain is serial by design: in
//    ep4rcvr_rpc_put / ep4rcvr_rpc_get each fragment's DMA (for a get, its STEN packet) names as its completion event
//    an E4_EVENT_COPY event that copies the next fragment's command into the command queue, and one SET_EVENT starts
//    the whole chain (the qsnet driver in lustre/lustre-release's qsnet-rhel4-2.6.patch @065df7c6, epcomms_elan4
//    rxd code).
//  - kLio: the fallback the seed names first, "basic memory packing and unpacking", after PVFS2's own precedent
//    (bmi_gm's setup_send_data_buffer_list, references/pvfs2-config.md §2.3): the sender copies every region of its
//    list into buffers of a pool mapped once at start-up and sends from there; a receiver with a list pulls one RDMA
//    into pool buffers and copies each region out. Besides the copies, each region costs bmi_elan4.lio_region_us,
//    the one cost of the fallback no source gives (calibrated).
//  - kIterative: the seed's other fallback, "iterative communication for each contiguous region": the receiver's
//    host posts one RDMA per piece and waits for its done word before posting the next.
// Connections and slot credits (our design; the papers give the idea, not the code): a process connects to a peer
// at its first message (CONNECT / ACCEPT by QDMA, clients and servers started apart as PVFS2's dynamic
// client/server model has them); each connection then owns kConnCredits slots of the peer's input queue, the queue
// divided among the other nodes less a reserve for the uncredited CONNECT, ACCEPT and CREDIT messages. Every other
// QDMA takes a credit (a message without one waits on its connection); the receiver returns the slots it consumed
// on its next message to that peer, or in a CREDIT message once half a connection's credits are owed. The FIN of an
// SG-LIO chain, injected by a COPY event with no host involved, takes its credit when the chain is built.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "hw/elan4/input_queue.h"
#include "hw/qsnet_cluster.h"
#include "params/parameter.h"
#include "pvfs2/bmi.h"

namespace hpcsim::pvfs2 {

enum class ListMode { kSgLio, kLio, kIterative };

class BmiElan4 : public BmiMethod {
 public:
  /// Rail 0 of `cluster`; parameters bmi_elan4.*, elan4.*, host.*; `nodes` processes, one per node.
  BmiElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, ListMode mode,
           std::function<Thread&(int)> threads, uint32_t* message_ids, int32_t series);
  const char* name() const override { return "bmi_elan4"; }
  /// Unexpected messages above one slot go by rendezvous into a BMI buffer (bmi_elan4.unexpected_bytes).
  uint64_t unexpected_limit() const override { return unexpected_bytes_; }
  uint64_t eager_limit() const override { return slot_bytes_ - header_bytes_; }
  ListMode mode() const { return mode_; }
  /// RDMA descriptors the method has issued (chained or host-posted), and those started by a COPY event.
  uint64_t descriptors() const { return descriptors_; }
  uint64_t chained_starts() const { return chained_; }
  uint64_t bytes_packed() const { return packed_; }
  /// Packs or unpacks that waited for a free bounce buffer.
  uint64_t pool_waits() const { return pool_waits_; }
  /// Slots of a peer's input queue one connection owns (its credits when it is set up).
  int connection_credits() const { return conn_credits_; }
  /// Connections set up (CONNECT sent), CREDIT messages sent, and messages that waited for a credit.
  uint64_t connections() const { return connections_; }
  uint64_t credit_messages() const { return credit_messages_; }
  uint64_t credit_waits() const { return credit_waits_; }
  /// Credits `node` holds towards `peer` (0 before the connection is up).
  int credits(int node, int peer) const;
  /// QDMAs the input queues refused because they were full (NACKed and retried by the NIC), over all nodes.
  uint64_t queue_refusals() const {
    uint64_t n = 0;
    for (const auto& q : queues_) n += q->refused();
    return n;
  }

 protected:
  void transmit(int node, int peer, int tag, const std::vector<uint32_t>& segments, uint64_t total, bool unexpected,
                bool eager, BmiDone sent) override;
  void deliver(int node, const BmiIncoming& in, BmiReceive recv) override;
  void refuse(int node, const BmiIncoming& in, int error) override;

 private:
  enum class Kind { kEager, kRts, kFin, kCredit, kConnect, kAccept };
  struct Header {
    Kind kind = Kind::kEager;
    BmiIncoming in;
    uint64_t send_id = 0;  ///< kRts, kFin: the sender's rendezvous
    int error = 0;         ///< kFin
    int credits = 0;       ///< slots the sender consumed from the receiver's messages, returned with this one
  };
  /// One direction of a connection: what `node` knows about sending to `peer`.
  struct Conn {
    enum class State { kNone, kConnecting, kUp } state = State::kNone;
    int credits = 0;  ///< slots of the peer's queue this node may still fill
    int owed = 0;     ///< slots this node consumed from the peer's messages, not yet returned
    std::deque<std::function<void()>> waiting;  ///< QDMAs waiting for the connection or a credit
    size_t counted = 0;  ///< waiting QDMAs (from the front) already counted in credit_waits_
  };
  Conn& conn(int node, int peer) { return conns_[{node, peer}]; }
  /// Runs `go` (which posts one credited QDMA to `peer`) once the connection is up and a credit taken.
  void with_credit(int node, int peer, std::function<void()> go);
  void drain(int node, int peer);
  /// Counts the QDMAs waiting on `c` not yet counted in credit_waits_.
  void note_waiting(Conn& c);
  /// The connection is up with a full grant of credits (once, whichever of CONNECT or ACCEPT comes first).
  void set_up(Conn& c);
  void connect(int node, int peer);
  /// Bookkeeping of a slot `node` consumed from `from`: credits returned, credits owed, CONNECT / ACCEPT.
  void account(int node, int from, const Header& h);
  struct Pending {
    BmiDone sent;
  };
  void qdma(int node, int peer, uint32_t bytes, uint32_t message, Header h, std::shared_ptr<E4Dma>* out = nullptr);
  void on_slot(int node);
  /// kIterative: piece `k` of `pieces` by one RDMA read, waited for, then the next; after the last the FIN.
  void iterate(int node, const BmiIncoming& in, std::shared_ptr<const std::vector<uint32_t>> pieces, size_t k,
               std::function<void()> complete);
  /// The bounce pool of `node` (kLio): buffers a message of `bytes` takes; take them (or wait, in order); give back.
  int pool_buffers_for(uint64_t bytes) const;
  void pool_get(int node, int buffers, std::function<void()> then);
  void pool_put(int node, int buffers);
  struct Pool {
    int free = 0;
    std::deque<std::pair<int, std::function<void()>>> waiting;
  };
  /// SG-LIO: the N chained RDMA reads of rendezvous `in` into `mine`, their SEAMUR event and the FIN it injects.
  /// Read i+1 starts when read i's data has landed here: the vendor's own chained get, ep4rcvr_rpc_get (Quadrics
  /// ep/epcommsRx_elan4.c, in lustre-release's qsnet-rhel-2.4.patch), sets each STEN's remote DMA dstEvent to the next
  /// COPY chain event, so a chained read costs a round trip per region (its puts chain on srcEvent instead).
  void sg_chain(int node, const BmiIncoming& in, const std::vector<uint32_t>& mine, std::function<void()> complete);
  void send_fin(int node, const BmiIncoming& in, int error);
  Time cycles(double c) const { return static_cast<Time>(c * cycle_ps_ + 0.5); }

  QsnetCluster& cluster_;
  ListMode mode_;
  uint32_t* ids_;
  int32_t series_;
  uint32_t slot_bytes_, header_bytes_, entry_bytes_;
  uint64_t unexpected_bytes_;
  double cycle_ps_, post_cycles_, poll_cycles_, descriptor_cycles_, segment_cycles_;
  Time lio_region_ps_;
  uint64_t pool_bytes_;
  std::vector<Pool> pools_;
  uint64_t pool_waits_ = 0;
  std::vector<std::unique_ptr<InputQueue>> queues_;
  std::map<uint64_t, Header> headers_;  ///< by QueueSlot::cookie
  uint64_t next_cookie_ = 0;
  std::map<uint64_t, Pending> sends_;  ///< rendezvous sends waiting for their FIN
  uint64_t next_send_ = 0;
  uint64_t descriptors_ = 0, chained_ = 0, packed_ = 0;
  int conn_credits_ = 1;
  std::map<std::pair<int, int>, Conn> conns_;
  uint64_t connections_ = 0, credit_messages_ = 0, credit_waits_ = 0;
  /// Slots of each queue kept per peer for uncredited messages: up to two CREDIT messages and a CONNECT or ACCEPT.
  static constexpr int kReservedSlots = 3;
};

}  // namespace hpcsim::pvfs2
