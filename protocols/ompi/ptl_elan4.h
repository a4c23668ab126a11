// The Elan4 PTL of Open MPI (ptl_elan, 2004-2005; seed 001; REFERENCES §1.3): fragments as QDMAs into the
// peer's input queue with chained local completions, RDMA write + chained FIN, RDMA read + chained FIN_ACK.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "hw/elan4/elan4_nic.h"
#include "hw/elan4/input_queue.h"
#include "ompi/header.h"
#include "ompi/progress.h"

namespace hpcsim::ompi {

/// Where each fragment's header lives while its QDMA or completion is in flight (slot cookie -> header).
class HeaderStore {
 public:
  uint64_t put(const Header& h) {
    headers_[++next_] = h;
    return next_;
  }
  /// Removes and returns the header of `cookie` (a default header if unknown).
  Header take(uint64_t cookie) {
    auto it = headers_.find(cookie);
    if (it == headers_.end()) return Header{};
    Header h = it->second;
    headers_.erase(it);
    return h;
  }

 private:
  uint64_t next_ = 0;
  std::map<uint64_t, Header> headers_;
};

struct PtlOptions {
  int completion_queues = 1;  ///< 0: per-descriptor done words (polling only), 1: ONE_QUEUE, 2: separate queue
  bool chained = true;        ///< FIN / FIN_ACK chained to the RDMA by a COPY event (no host involvement)
  uint32_t header_bytes = 64;
  uint32_t ctl_header_bytes = 48;
  uint32_t qdma_descriptors = 128;  ///< MAX_QDESCS: the tx_desc_free list's limit
};

/// One PTL instance: one node, one rail (one Elan4 context). Entry points are called on a host thread and
/// call `then` when that thread may go on. Every arrival and local completion is handed to `deliver`
/// (the PML) with the continuation of the draining thread.
class PtlElan4 {
 public:
  using Done = std::function<void()>;
  using Deliver = std::function<void(const Header&, Done)>;

  PtlElan4(Simulator& sim, QsnetCluster& cluster, int node, int rail, const PtlOptions& o, const ParameterSet& p,
           HeaderStore& store, std::vector<PtlElan4*>* peers);

  /// Largest first fragment that fits one QDMA slot: elan4.qdma_max_bytes - header (first_frag_size).
  uint32_t eager_limit() const { return qdma_max_ - o_.header_bytes; }
  int rail() const { return rail_; }
  /// Node whose Elan4 context this PTL owns (the node of its virtual process id).
  int node() const { return node_; }
  /// Fragments not sent because `peers[dst]` was empty (a departed process: its context is freed).
  uint64_t refused() const { return refused_; }
  /// QDMA send descriptors taken and not yet returned (their local completion is still to be processed).
  uint32_t descriptors_in_use() const { return descriptors_in_use_; }
  /// Times an application send found no free descriptor and spun the progress engine for one.
  uint64_t descriptor_waits() const { return descriptor_waits_; }
  void set_deliver(Deliver d) { deliver_ = std::move(d); }
  /// Registers this PTL's sources with the node's progress engine.
  void attach(Progress& progress);

  /// `peers[h.dst]` is the PTL of the destination process (index = MPI rank in the job; for a static job
  /// rank = node). The DMA is routed to that PTL's node: the rank is translated to a context, not used as
  /// a node number (seed 001 "Break the coupling of MPI Rank and VPID"). An empty entry refuses the send.
  /// QDMA of header `h` + `data_bytes` to `h.dst`, with a chained local completion (type + 8). It takes a QDMA
  /// descriptor, returned when that completion is processed; the application thread (h.owner 2) that finds all
  /// PtlOptions::qdma_descriptors taken drives progress (Progress::wait) until one returns, as
  /// mca_ptl_elan_alloc_desc spins on ptlm_progress. A progress thread's send (an ACK while it drains) is not
  /// held back: the model does not recurse into progress from inside progress.
  void send_frag(const Header& h, uint32_t data_bytes, Done then);
  /// RDMA write of `bytes` to `fin.dst`; then FIN (`fin`) — chained from the RDMA's completion event, or
  /// (chained = false) sent by the host after it sees the RDMA complete — and its local completion.
  void put(const Header& fin, uint32_t bytes, Done then);
  /// RDMA read of `bytes` from `fin_ack.dst` (its engine pushes them here); then FIN_ACK (`fin_ack`) to it
  /// and a local completion here (chained, or by the host when chained = false).
  void get(const Header& fin_ack, uint32_t bytes, Done then);

  InputQueue& recv_queue() { return *recv_queue_; }
  InputQueue* comp_queue() { return comp_queue_.get(); }

 private:
  std::shared_ptr<E4Event> completion_event(const Header& h);
  std::shared_ptr<E4Dma> qdma(const Header& h, uint32_t data_bytes);
  void process(Source& s, Done then);
  /// A local completion of a send_frag QDMA returns its descriptor to tx_desc_free; `then` (continuing the
  /// draining thread) comes back, wrapped to wake an application waiting for a descriptor.
  Done return_descriptor(const Header& h, Done then);
  /// The destination's PTL, or nullptr (counted as refused) when `dst` has no attached process.
  PtlElan4* peer(int dst);

  int node_, rail_;
  PtlOptions o_;
  HeaderStore& store_;
  std::vector<PtlElan4*>* peers_;
  Elan4Nic& nic_;
  Host& host_;
  uint32_t qdma_max_;
  std::unique_ptr<InputQueue> recv_queue_, comp_queue_;
  std::deque<uint64_t> done_words_;
  Source recv_source_, comp_source_, word_source_;
  Progress* progress_ = nullptr;
  Deliver deliver_;
  uint64_t refused_ = 0;
  uint32_t descriptors_in_use_ = 0;
  uint64_t descriptor_waits_ = 0;
  bool waiting_for_descriptor_ = false;  ///< the application spins in send_frag for a descriptor
};

}  // namespace hpcsim::ompi
