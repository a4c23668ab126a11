// MPI over VIA (seed 003 "MPI on SS-VIA"; over M-VIA for the seed's Fast Ethernet baseline, as MVICH did): the
// MPICH engine (mpich/engine.h) over a VIA device on VIPL. Eager: the sender copies envelope + data into a
// registered bounce buffer and VipPostSends it into one of the receiver's pre-posted bounce receives; the receiver matches (source, tag) against its
// posted receives (else the message joins the unexpected queue) and copies out. Rendezvous (above the eager
// limit): RTS envelope; when matched the receiver posts a receive descriptor for the user buffer and sends
// CTS; the sender's VipPostSend moves the data straight into it; completion is the VIA descriptor completion
// on each side (zero copy).
#pragma once
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mpich/engine.h"
#include "via/vipl_provider.h"
#include "via_mpi/costs.h"

namespace hpcsim {

struct ViaMpiOptions {
  uint32_t eager_limit = via_mpi::kEagerLimitBytes;
  int bounce_buffers = via_mpi::kBounceBuffers;
  int32_t series = 0;
};

/// The defaults above for the series with index `series` (how the VIA providers' catalog entries build the layer).
inline ViaMpiOptions via_mpi_options(int32_t series) {
  ViaMpiOptions o;
  o.series = series;
  return o;
}

/// The VIA device under the MPICH engine (mpich/engine.h: MPI calls, matching, the ping-pong mapping), over a VIPL
/// provider (SsVia on SCI clusters, Mvia on Fast Ethernet).
///
/// Flow control: a sender sends only while it holds a credit = a receive the peer posted that the provider has made
/// known to it (SS-VIA: the receive's notice landed in its mirror, so SS-VIA never sees RECVQ_EMPTY; M-VIA tells the
/// sender nothing, so the credit of a re-posted bounce buffer is taken to reach it at once, as MVICH piggybacks
/// credits on its traffic; explicit credit messages are not modelled, and with credits the Unreliable VI never
/// drops); the receiver re-posts each bounce buffer it consumed. The layer's progress engine runs whenever the
/// provider makes a send's arrival known at its receiver (a polling thread view).
class ViaMpi : public MpichEngine {
 public:
  explicit ViaMpi(std::unique_ptr<ViplProvider> provider, ViaMpiOptions options = {});

  const char* table_column() const override { return column_.c_str(); }

  // --- Counters (tests) ---
  uint64_t eager_sends() const { return eager_sends_; }
  uint64_t rendezvous_sends() const { return rndv_sends_; }
  /// The VIPL provider underneath.
  ViplProvider& provider() { return *via_; }

 private:
  enum Kind { kEager = 1, kRts = 2, kCts = 3, kData = 4 };
  struct Wire {
    int kind = 0;
    int src = 0;
    int tag = 0;
    uint32_t bytes = 0;  ///< MPI payload bytes
    int sreq = 0;
    int rreq = 0;
    uint32_t message = 0;
  };
  struct Out {
    int dst;
    Wire w;
    uint32_t wire_bytes;
    Done on_posted;    ///< VipPostSend returned
    Done on_complete;  ///< VipSendWait returned
  };
  struct PairState {
    bool setup = false;
    int credits = 0;        ///< peer's receive notices landed here, not yet consumed by a send
    uint32_t sent = 0;      ///< SS-VIA sends node -> peer (= index of the peer's receive they consume)
    uint32_t posted = 0;    ///< SS-VIA receives node posted for peer
  };
  struct NodeState {
    std::deque<Wire> arrivals;  ///< flags landed, in order, waiting for the progress engine
    std::deque<Out> out;        ///< SS-VIA sends, one at a time
    bool out_busy = false;
  };
  // --- the device (mpich/engine.h) ---
  Host& host_of(int node) override { return via_->host(node); }
  void connect(int node, int peer) override { setup_pair(node, peer); }
  void start_send(int node, const SendOp& op, Done returned) override;
  void deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) override;
  void keep_unexpected(int node, const mpi::Envelope& e, Done then) override;

  NodeState& st(int node) { return *nodes_[static_cast<size_t>(node)]; }
  const NodeState& st(int node) const { return *nodes_[static_cast<size_t>(node)]; }
  PairState& pr(int node, int peer) { return pairs_[std::make_pair(node, peer)]; }
  void setup_pair(int a, int b);
  void post_via_recv(int node, int peer, uint32_t bytes, Done then);
  void enqueue(int node, Out o);
  void pump(int node);
  void progress(int node);
  void handle(int node, const Wire& w, Done then);
  void repost(int node, int peer) { post_via_recv(node, peer, kBounceLength, nullptr); }
  void deliver_eager(int node, int rreq, const mpi::Envelope& e, bool from_temp, Done then);
  void start_rndv(int node, int rreq, const mpi::Envelope& e, Done then);

  /// Bounce receives are posted with the VI's maximum transfer size: SS-VIA's receive queue is FIFO and it has no
  /// RDMA-write path, so a rendezvous data send consumes the oldest posted receive (see post_via_recv).
  static constexpr uint32_t kBounceLength = 1u << 24;

  ViaMpiOptions opt_;
  std::unique_ptr<ViplProvider> via_;
  std::string column_;  ///< "MPI/" + the provider's column
  std::vector<std::unique_ptr<NodeState>> nodes_;
  std::map<std::pair<int, int>, PairState> pairs_;
  uint64_t eager_sends_ = 0, rndv_sends_ = 0;
};

}  // namespace hpcsim
