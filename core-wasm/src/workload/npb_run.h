// Runs NAS Parallel Benchmark rank programs (workload/npb) on simulated hosts and an MPI layer: rank r on node r.
// Compute steps hold the node's CPU for flops x cycles-per-flop host cycles; point-to-point operations are the
// MPI layer's MPI_Isend / MPI_Irecv / MPI_Wait (MPI_Send and MPI_Recv as Isend/Irecv + Wait, as MPICH does);
// collectives must have been lowered to point-to-point (npb::lower_collectives). A message to the sending rank
// itself is a copy in host memory (MPICH's self device), never seen by the network.
//
// Each point-to-point message gets a `message` trace record from the MPI_Isend call to the completion of the
// matching receive (MPI's non-overtaking rule pairs them first-in first-out per source, destination and tag)
// and a catalog entry with its MPI envelope, for the page's sequence chart; these records are kept whatever the
// trace's per-run cap (only trace.max_records bounds them).
//
// Assumed (seed 003 silent): the MPI layers' progress engines run while the application computes, so a rank
// that is computing still accepts arriving messages (a polling progress thread view); computation and the MPI
// library's own cycles on one node are not serialised against each other.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "hw/host.h"
#include "kernel/id_table.h"
#include "kernel/simulator.h"
#include "ports/mpi_endpoint.h"
#include "workload/npb/npb.h"

namespace hpcsim {

class NpbRun {
 public:
  /// `programs`: one per rank, collectives lowered; `mpi` may be null when every message goes to self (one
  /// process). `cycles_per_flop`: host cycles per floating-point operation of this benchmark's Compute steps.
  /// `series`: message-catalog series id. `finished` runs when every rank has run its last operation.
  NpbRun(Simulator& sim, std::function<Host&(int)> host, MpiEndpoint* mpi, std::vector<npb::RankProgram> programs,
         double cycles_per_flop, int32_t series, uint32_t* message_ids, std::function<void()> finished);

  /// Runs each Io operation (BT-IO's output_timestep): `hook(rank, op, then)` calls `then` when the rank may go on.
  /// Without a hook an Io operation is skipped.
  void set_io_hook(std::function<void(int, const npb::Op&, std::function<void()>)> hook) { io_ = std::move(hook); }
  /// Starts every rank at the current simulated time.
  void start();
  /// Simulated time from start() until the last rank finished (ps); 0 before that.
  Time elapsed_ps() const { return done_ == programs_.size() ? end_ - start_ : 0; }
  /// Where each unfinished rank stands ("rank 3: op 120 of 4000 (Recv from 2, tag 5, lu exchange_3)"), one line
  /// per rank; "" when all finished. For a run that stopped (deadlock) before finishing.
  std::string where() const;
  /// Point-to-point messages between different ranks sent so far.
  uint64_t messages() const { return messages_; }
  /// Share of the programs' steps run so far, 0 to 1: every operation counts once, but an Exchange (MPI_Alltoall's
  /// post-all) counts only its sends, npb::exchange_sends. Its receives are posted at once and its waits run at its
  /// end, so counting those made the share jump twice and stall between (on the 1,024-node all-to-all: 14% in the
  /// first 5% of its events, 24% at 45%, 64% at 53%); the sends go out as the MPI layer takes them (Open MPI's PTL
  /// holds at most MAX_QDESCS), so they track the exchange's progress (7% at 4%, 50% at 47%, 93% at 87%).
  double fraction_done() const {
    return steps_total_ == 0 ? 1.0 : static_cast<double>(steps_done_) / static_cast<double>(steps_total_);
  }

 private:
  struct SelfRequest {
    bool complete = false;
    std::function<void()> waiter;
  };
  /// A request a program started and has not waited for yet.
  struct Request {
    uint32_t id = 0;  ///< program request id + 1 (IdTable's key; 16 bytes a request)
    int layer = 0;    ///< MPI layer request id (> 0) or self request (< 0)
    int src = -1;     ///< an Irecv's source and tag (src -1: an Isend)
    int tag = 0;
  };
  struct Rank {
    size_t pc = 0;
    int sub = 0;       ///< steps of the Exchange at pc already run
    npb::Op step;      ///< the Exchange step running (its fields are read while it is posted)
    IdTable<Request> requests;       ///< by program request id + 1
    std::map<int, std::deque<int64_t>> self_arrived;  ///< tag -> bytes of self messages not yet received
    std::map<int, std::deque<int>> self_posted;       ///< tag -> self receives waiting for a message
    std::map<int, SelfRequest> self_reqs;
    int next_self = -1;
  };
  struct InFlight {
    Time t0;
    uint32_t message;
    uint32_t bytes;
  };
  /// (source, destination, tag) packed into one key: ranks below 2^13, tags below 2^32 (the all-to-all's is 2^24 + 16).
  static uint64_t channel(int src, int dst, int tag) {
    return (static_cast<uint64_t>(src) << 45) | (static_cast<uint64_t>(dst) << 32) | static_cast<uint32_t>(tag);
  }
  void next(int r);
  void step(int r);
  void finish_rank();
  /// A point-to-point call of rank r; `then` runs when the operation is complete (blocking) or posted.
  int post_send(int r, const npb::Op& op, std::function<void()> then);
  int post_recv(int r, const npb::Op& op, std::function<void()> then);
  void wait(int r, int req, std::pair<int, int> recv_of, std::function<void()> then);
  /// Registers a point-to-point message (its id, envelope and, unless the MPI layer reports which message each
  /// receive matched, its place in the per-channel FIFO); returns its id.
  uint32_t begin_message(int src, const npb::Op& op);
  /// The message record of the oldest message in flight on (src, dst, tag): MPI's non-overtaking rule.
  void end_message(int src, int dst, int tag);
  /// The message record of `message`, received at rank `dst` (from its envelope).
  void end_message(uint32_t message, int dst);
  void complete_self(int r, int req);

  std::function<void(int, const npb::Op&, std::function<void()>)> io_;
  Simulator& sim_;
  std::function<Host&(int)> host_;
  MpiEndpoint* mpi_;
  std::vector<npb::RankProgram> programs_;
  double cycles_per_flop_;
  int32_t series_;
  uint32_t* ids_;
  std::function<void()> finished_;
  std::vector<Rank> ranks_;
  /// Messages sent and not yet received, by (source, destination, tag), oldest first among equal keys (a
  /// multimap inserts after its equals): a node per message in flight, freed when it is received.
  std::multimap<uint64_t, InFlight> in_flight_;  ///< by channel(): a 64-byte node a message
  size_t done_ = 0;
  Time start_ = 0, end_ = 0;
  uint64_t messages_ = 0;
  uint64_t steps_total_ = 0, steps_done_ = 0;  ///< what fraction_done counts
};

}  // namespace hpcsim
