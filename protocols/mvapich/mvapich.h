// MVAPICH: MPICH 1.2 over InfiniBand verbs (OSU's MPI for InfiniHost HCAs; the MPI of seed 000's PVFS2/IBA
// cluster), a device under the MPICH engine (mpich/engine.h). Its mechanism follows MVAPICH's ch_gen2 device, the
// successor of 0.9.x's ch_vapi with the same packets (grondo/mvapich-cce mpid/ch_gen2: viapacket.h, viaparam.c,
// ibverbs_const.h):
//  - one reliable-connected QP per pair of processes (QP kMvapichQp), set up at the first call naming the peer, with
//    mvapich.prepost_depth receive vbufs of mvapich.vbuf_bytes posted on each side;
//  - eager (VIADEV_PROTOCOL_EAGER) up to a vbuf less the EAGER_START header: MPI_Isend copies the data into a vbuf
//    (the send request is then complete) and posts a send; the receiver polls the CQE, matches the envelope and
//    copies the data out of the vbuf into the user buffer (at MPI_Irecv for an unexpected message);
//  - rendezvous (VIADEV_PROTOCOL_RPUT) above it: the sender registers its buffer and sends RENDEZVOUS_START; the
//    receiver, once matched, registers its buffer and answers RENDEZVOUS_REPLY with its address; the sender posts
//    one RDMA write of the data and right behind it RPUT_FINISH on the same QP (RC delivers in order), whose local
//    completion completes the send; RPUT_FINISH completes the receive. Registrations go through the registration
//    cache (dreg): a buffer registered once stays registered;
//  - credit flow control: a sender holds one credit per receive vbuf the peer has posted for it; data packets
//    leave mvapich.credit_preserve credits for control packets; a packet without a credit waits in the connection's
//    backlog; each packet carries the receives its sender has reposted since its last packet (vbuf_credit), and a
//    NOOP carries them when mvapich.credit_notify_threshold accumulate with nothing else to send.
// Not modelled: the RDMA fast path for small messages (adaptive in 0.9.5+: here every eager message goes by
// send/receive), eager messages spanning several vbufs (EAGER_NEXT), R3 and RGET. Workloads carry no buffer
// addresses, so the registration cache knows a buffer by (peer, tag, length, direction): a workload reusing its
// buffers hits, as MVAPICH's dreg cache does.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

#include "hw/infiniband/infiniband_cluster.h"
#include "mpich/engine.h"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of MVAPICH (parameters.cc).
const std::vector<ParameterSpec>& mvapich_parameters();

/// Packet sizes on ia32 (viapacket.h): the common header (type, eager size, sequence id, ack, vbuf and remote credit,
/// source rank: 16 B) and the envelope (context, tag, length, source: 16 B).
constexpr uint32_t kMvapichHeaderBytes = 16;
constexpr uint32_t kMvapichEnvelopeBytes = 16;
/// viadev_packet_eager_start: header, envelope, bytes in this packet.
constexpr uint32_t kMvapichEagerStartBytes = kMvapichHeaderBytes + kMvapichEnvelopeBytes + 4;
/// viadev_packet_rendezvous_start: header, envelope, buffer address, rkey, length, send request, protocol.
constexpr uint32_t kMvapichRndvStartBytes = kMvapichHeaderBytes + kMvapichEnvelopeBytes + 20;
/// viadev_packet_rendezvous_reply: header, buffer address, rkey, receive and send requests, protocol.
constexpr uint32_t kMvapichRndvReplyBytes = kMvapichHeaderBytes + 20;
/// viadev_packet_rput_finish: header, receive request.
constexpr uint32_t kMvapichRputFinishBytes = kMvapichHeaderBytes + 4;
/// viadev_packet_noop: the header alone.
constexpr uint32_t kMvapichNoopBytes = kMvapichHeaderBytes;

/// The QP number MVAPICH uses to each peer: bmi_ib, in the same processes on seed 000's cluster, keeps QPs 0 and 1.
constexpr int kMvapichQp = 2;

/// What one run of the device did (tests, the walkthrough).
struct MvapichCounters {
  uint64_t eager = 0;          ///< messages sent eagerly
  uint64_t rendezvous = 0;     ///< messages sent by RPUT rendezvous
  uint64_t registrations = 0;  ///< VAPI_register_mr calls (registration-cache misses)
  uint64_t cache_hits = 0;     ///< buffers found registered
  uint64_t noops = 0;          ///< NOOP packets sent to return credits
  uint64_t backlogged = 0;     ///< packets that waited for a credit
  uint64_t packets = 0;        ///< packets sent (each consumes one receive vbuf of the peer)
};

/// The MVAPICH device on every node of an InfinibandCluster (one MPI process per node). Host costs: the MPICH
/// engine's generic calls (mpich::kMessageDeviceCosts), mvapich.vbuf_cycles per packet built or dispatched, copies at
/// host.memcpy_MBps and the HCA's own VAPI costs (ib.*: posts, CQ polls, registrations).
class Mvapich : public MpichEngine {
 public:
  Mvapich(Simulator& sim, InfinibandCluster& net, const ParameterSet& p, uint32_t* message_ids, int32_t series = 0);

  const char* table_column() const override { return "MVAPICH"; }
  bool traces_messages() const override { return false; }
  /// The largest message sent eagerly: a vbuf less the EAGER_START header (viadev_rendezvous_threshold).
  uint32_t eager_limit() const { return vbuf_bytes_ - kMvapichEagerStartBytes; }
  const MvapichCounters& counters() const { return counters_; }
  /// Credits `node` holds to send to `peer` (receive vbufs the peer has posted for it and not yet seen consumed).
  int credits(int node, int peer) const;

 private:
  enum class Packet { kEagerStart, kRndvStart, kRndvReply, kRputFinish, kNoop };
  struct Header {
    Packet type = Packet::kEagerStart;
    mpi::Envelope e;
    int sreq = 0;          ///< the sender's request (rendezvous)
    int rreq = 0;          ///< the receiver's request (reply, finish)
    int vbuf_credit = 0;   ///< receives the sender reposted for the destination since its last packet
    uint32_t len = 0;      ///< reply: bytes the receive buffer takes (the RDMA write's length)
  };
  /// A buffer as the registration cache knows it: (peer, tag, length, sending).
  using BufferKey = std::tuple<int, int, uint32_t, bool>;
  struct Queued {
    Header h;
    uint32_t bytes = 0;  ///< packet bytes (header + eager data)
    std::function<void()> sent;  ///< after the post returns
    std::function<void()> on_local;  ///< when the send's CQE has been polled
  };
  /// One direction of a connection: what `node` knows about sending to `peer`.
  struct Conn {
    bool ready = false;  ///< receives posted on both sides
    bool setting_up = false;
    int credits = 0;       ///< receives the peer has posted for this node
    int local_credit = 0;  ///< receives this node reposted for the peer, not yet returned to it
    std::deque<Queued> backlog;
    size_t waited = 0;  ///< packets at the front of the backlog already counted as waiting for a credit
  };
  struct RndvSend {
    int dst = 0;
    uint32_t bytes = 0;
    uint32_t message = 0;
  };

  // --- the device (mpich/engine.h) ---
  Host& host_of(int node) override { return net_.host(node); }
  void connect(int node, int peer) override;
  void start_send(int node, const SendOp& op, Done returned) override;
  void deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) override;
  void keep_unexpected(int node, const mpi::Envelope& e, Done then) override;

  Conn& conn(int node, int peer) { return conns_[{node, peer}]; }
  /// Posts `left` receive vbufs at `node` for `peer`, one after another, then `then`.
  void prepost(int node, int peer, int left, std::function<void()> then);
  void post_one_receive(int node, int peer, std::function<void()> then);
  /// Sends packet `q` to `peer` if a credit allows, else queues it; data packets leave credit_preserve credits.
  void send_packet(int node, int peer, Queued q);
  void flush(int node, int peer);
  /// Whether `c` may send `q` now: NOOPs always; eager data above credit_preserve; control packets above none.
  bool has_credit(const Conn& c, const Queued& q) const;
  /// Counts the backlog's packets not counted yet as waiting for a credit (counters_.backlogged).
  void note_blocked(Conn& c);
  void post_packet(int node, int peer, Queued q);
  /// A receive vbuf of `node` took packet `message` from `peer`: poll it, repost, dispatch.
  void on_receive(int node, int peer, uint32_t message);
  void dispatch(int node, const Header& h);
  /// Registers message `e` to `dst` in the run's message catalog (the ping-pong traces it from send to arrival);
  /// its layers for the page's per-layer view are described only when asked (describe).
  void catalog(const mpi::Envelope& e, int dst, bool rendezvous);
  static std::vector<HeaderLayer> describe(const mpi::Envelope& e, int dst, bool rendezvous, uint32_t vbuf_bytes,
                                           uint32_t mtu);
  /// Registers a buffer through the registration cache, then `then`.
  void register_buffer(int node, const BufferKey& key, uint32_t bytes, std::function<void()> then);
  void rput(int node, const Header& reply);

  Simulator& sim_;
  InfinibandCluster& net_;
  uint32_t* ids_;
  int32_t series_;
  uint32_t vbuf_bytes_;
  int prepost_depth_, credit_preserve_, notify_threshold_;
  uint64_t vbuf_cycles_;
  /// Receives posted per direction beyond the credited ones, for NOOPs (which carry no credit): viaparam.c
  /// viadev_prepost_noop_extra.
  static constexpr int kNoopExtra = 8;
  std::map<std::pair<int, int>, Conn> conns_;
  std::map<uint32_t, Header> in_flight_;  ///< packets by message id, until their receiver dispatches them
  std::map<std::pair<int, int>, RndvSend> rndv_;  ///< (node, send request) -> rendezvous send waiting for its reply
  std::set<std::pair<int, BufferKey>> registered_;  ///< (node, buffer) registered
  MvapichCounters counters_;
};

}  // namespace hpcsim
