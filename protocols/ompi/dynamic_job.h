// MPI-2 dynamic processes of Open MPI over Elan4 (seed 001 "Dynamic MPI-2 Process Pool": break the coupling of
// MPI rank and VPID, allocate a capability with more contexts, dynamic and synchronized joining and disjoining).
// A job of processes, each on one context (VPID) of the capability with its own PTL/Elan4, progress engine and
// PML; processes join on a spare context (MPI_Comm_connect to a root in MPI_Comm_accept, then
// MPI_Intercomm_merge) and leave (MPI_Comm_disconnect, then the context is freed), each step in simulated time.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "hw/elan4/linux_wake.h"
#include "ompi/pml.h"
#include "ompi/process_pool.h"
#include "ompi/progress.h"
#include "ompi/ptl_elan4.h"

namespace hpcsim::ompi {

/// The Open MPI configuration of every process (a series' options; the PML's code is always charged).
/// completion_queues is raised as OmpiElan4 does: blocking progress needs 1, two threads need 2.
struct DynamicOptions {
  RdmaPath path = RdmaPath::kWrite;
  bool inline_rendezvous = false;
  bool chained = true;
  int completion_queues = 1;
};

/// When the steps of one join or leave ended (ps of simulated time; 0 = not reached).
struct DpmTimes {
  Time start = 0;     ///< join: the new process starts attaching; leave: MPI_Comm_disconnect called
  Time attached = 0;  ///< join: context attached, memory registered, PTL initialised
  Time connected = 0; ///< join: ACCEPT received (rank and address table known)
  Time done = 0;      ///< join: merged (every member acknowledged); leave: context freed
  Time drained = 0;   ///< leave: no request pending any more
  Time disconnected = 0;  ///< leave: every member acknowledged the DISCONNECT
};

/// The job. Each process runs one blocking MPI call at a time (its Progress holds one wait): call accept,
/// disconnect_wait, progress_until or wait on a rank only once its previous call has returned. Control messages (header types kConnect..kDisconnectAck) are QDMAs through the same PTL queues
/// as MPI fragments and are handled by whatever host thread drains them (progress inside MPI calls), so a
/// member that never calls MPI never acknowledges. Every host step is charged from ompi/dynamic_costs.h and
/// the elan4.context_*, elan4.command_queue_alloc_us, os.page_* and os.syscall_* parameters. The model's
/// choice: Open MPI of 2005 exchanged connect/accept data through its run-time's out-of-band channel (TCP);
/// here it goes by QDMA on the Elan4, as a PTL-level wire-up would.
class DynamicJob {
 public:
  using Done = std::function<void()>;
  /// `cap.nodes` <= cluster.size(); the cluster must be Elan4. Messages use rail 0. `message_ids` is the
  /// session's message id counter; `series` tags the message trace records.
  DynamicJob(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, const Capability& cap, ProgressMode mode,
             uint32_t* message_ids, int32_t series, const DynamicOptions& o = {});
  ~DynamicJob();

  /// The initial job (MPI_COMM_WORLD), started by the run-time before time 0: process i on `nodes[i]`, rank i,
  /// every process knowing every other. Returns "" or an error (a node outside the capability, no context).
  std::string launch(const std::vector<int>& nodes);
  /// `root` waits in MPI_Comm_accept until a CONNECT has been served; then `then`.
  void accept(int root, Done then);
  /// A new process starts on `node` and calls MPI_Comm_connect to `root`'s port (its VPID and queue address
  /// are in the port name). `joined(rank)` runs when MPI_Intercomm_merge returns. Returns -1 with *error set
  /// ("node 3 has no spare context in the capability (2 contexts per node, all in use)") when no context is
  /// free; else the rank it will have.
  int join(int node, int root, std::function<void(int)> joined, std::string* error);
  /// `rank` calls MPI_Comm_disconnect (waits for its requests, tells every member, waits for their
  /// acknowledgements), then frees its context; `left` then. False if `rank` is not an active member.
  bool leave(int rank, Done left);
  /// A member's side of MPI_Comm_disconnect with `leaver`: progresses until it has removed `leaver`.
  void disconnect_wait(int rank, int leaver, Done then);

  /// MPI_Isend from `rank` to `dst` (tag 7, the merged communicator). Refused (returns 0, *error set, `then`
  /// not called) when `dst` is not in `rank`'s proc table: never installed, or it left.
  uint64_t isend(int rank, int dst, uint32_t bytes, Done then, std::string* error);
  /// MPI_Irecv at `rank` from `src` (kAnySource allowed).
  uint64_t irecv(int rank, int src, uint32_t bytes, Done then);
  /// MPI_Wait at `rank`.
  void wait(int rank, uint64_t request, Done then);
  /// Progress at `rank` until `complete()` holds (an MPI call that waits on something else, e.g. a barrier).
  void progress_until(int rank, std::function<bool()> complete, Done then);

  const ProcessPool& pool() const { return pool_; }
  /// True when `rank`'s proc table holds `peer`.
  bool knows(int rank, int peer) const;
  int node_of(int rank) const;
  ComponentId host_id(int rank) const;
  const DpmTimes& join_times(int rank) const { return times(joins_, rank); }
  const DpmTimes& leave_times(int rank) const { return times(leaves_, rank); }
  /// Fragments the PTLs refused because their destination had left (should stay 0: sends are refused before).
  uint64_t ptl_refused() const;
  /// Connect/accept/disconnect QDMAs sent so far, by size in bytes (header + payload).
  const std::map<uint32_t, uint64_t>& control_sizes() const { return control_sizes_; }
  /// Bytes a joining process registers with its context (input queue ring, completion queue, QDMA buffers).
  uint64_t registered_bytes() const;

 private:
  struct Process;
  static const DpmTimes& times(const std::map<int, DpmTimes>& m, int rank);
  Process* proc(int rank) const;
  std::unique_ptr<Process> make_process(int rank, int node);
  void send_control(Process& from, HeaderType type, int dst, uint32_t payload_bytes, Done then, int subject = -1);
  void on_control(Process& at, const Header& h, Done then);
  void catalog(uint32_t message, const Process& from, int dst, const char* what, uint32_t bytes);
  void maybe_merged(Process& p, Done then);

  Simulator& sim_;
  QsnetCluster& cluster_;
  const ParameterSet& params_;
  ProcessPool pool_;
  ProgressMode mode_;
  uint32_t* ids_;
  int32_t series_;
  PtlOptions ptl_options_;
  PmlOptions pml_options_;
  LinuxWake wake_;
  std::map<int, std::unique_ptr<Elan4Driver>> drivers_;  ///< [node]
  HeaderStore store_;
  std::vector<PtlElan4*> contexts_;  ///< [rank]: the PTL on that rank's context; nullptr once freed
  std::map<int, std::unique_ptr<Process>> procs_;
  std::map<int, DpmTimes> joins_, leaves_;
  std::map<uint32_t, uint64_t> control_sizes_;
};

}  // namespace hpcsim::ompi
