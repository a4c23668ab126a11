// Open MPI's point-to-point management layer (PML, pml_teg; seed 001 "Open MPI Communication"): requests,
// host-side matching with sequence numbers, fragmentation and scheduling/striping over the PTLs.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "hw/host.h"
#include "ompi/match_queue.h"
#include "ompi/progress.h"
#include "ompi/ptl_elan4.h"
#include "ompi/request.h"
#include "kernel/id_table.h"

namespace hpcsim::ompi {

enum class RdmaPath { kWrite, kRead };

struct PmlOptions {
  RdmaPath path = RdmaPath::kWrite;  ///< ENABLE_GET = 0 (PUT, default) or 1
  bool inline_rendezvous = false;    ///< first rendezvous fragment carries data (ZERO_FFRAG = 0)
  bool charge_pml = true;            ///< false: the PML's logic runs but its code costs nothing (layer study)
};

/// The PML of one process (node). Sends of at most the first PTL's eager limit go in one MATCH fragment.
/// Longer ones send a MATCH with FLAGS_ACK carrying 0 bytes (or eager-limit bytes if inline_rendezvous);
/// after the match the rest moves by RDMA: kWrite — the receiver ACKs, the sender stripes the rest over its
/// PTLs (by ompi.rails_weight_MBps) as RDMA writes each followed by a FIN; kRead — the receiver stripes RDMA
/// reads, each followed by a FIN_ACK to the sender. Every host step is charged from ompi/costs.h.
class Pml {
 public:
  using Done = std::function<void()>;
  Pml(Simulator& sim, Host& host, int node, std::vector<PtlElan4*> ptls, Progress& progress, const PmlOptions& o);

  /// MPI_Isend; returns the request id at once and calls `then` when the call returns.
  uint64_t isend(int dst, int tag, uint32_t context, uint64_t bytes, uint32_t message, Done then);
  /// MPI_Irecv; returns the request id.
  uint64_t irecv(int src, int tag, uint32_t context, uint64_t bytes, Done then);
  /// MPI_Wait.
  void wait(uint64_t request, Done then);
  bool complete(uint64_t request) const;
  /// Frees a request MPI_Wait has returned for (MPI_Wait sets the handle to MPI_REQUEST_NULL): a later lookup
  /// finds nothing, and a wait on it returns at once.
  void release(uint64_t request);

  /// Called by a PTL for each arrival or local completion; `then` continues the draining thread.
  void on_fragment(const Header& h, Done then);

  MatchQueue& matching() { return match_; }
  const SendRequest* send_request(uint64_t id) const;
  const RecvRequest* recv_request(uint64_t id) const;
  /// Called with (message, bytes, send time) when a receive completes, for message trace records.
  void set_on_receive(std::function<void(const RecvRequest&)> f) { on_receive_ = std::move(f); }
  /// Handler of arriving process-management fragments (header types >= kDpmFirst; ompi/dynamic_job.h):
  /// MPI-2 connect/accept and disconnect run over the PTL's queues and are drained by the same progress.
  void set_control(std::function<void(const Header&, Done)> f) { control_ = std::move(f); }
  /// Send and receive requests not complete yet (what MPI_Comm_disconnect waits for).
  size_t pending_requests() const;

 private:
  void cpu(uint64_t cycles, Done then);
  /// Cycles of a PML step: `always`, plus `with_threads` when progress threads make ompi_using_threads() true
  /// (its OMPI_THREAD_LOCK mutexes; see costs.h).
  uint64_t cost(uint64_t always, uint64_t with_threads) const;
  void matched(RecvRequest& r, const Header& h, Done then);
  void schedule_rdma(uint64_t offset, uint64_t bytes, const Header& base, bool read, Done then);
  void recv_progress(RecvRequest& r, uint64_t bytes, Done then);
  void send_progress(SendRequest& s, uint64_t bytes, Done then);

  Simulator& sim_;
  Host& host_;
  int node_;
  std::vector<PtlElan4*> ptls_;
  Progress& progress_;
  PmlOptions o_;
  MatchQueue match_;
  uint64_t next_id_ = 0;
  IdTable<SendRequest> sends_;
  IdTable<RecvRequest> recvs_;
  std::function<void(const RecvRequest&)> on_receive_;
  std::function<void(const Header&, Done)> control_;
};

}  // namespace hpcsim::ompi
