// MPI-2 dynamic processes over Elan4 (seed 001 "Dynamic MPI-2 Process Pool"): ranks decoupled from the
// NIC's virtual process ids, a capability allocated with spare contexts, synchronized join and leave.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hpcsim::ompi {

/// An Elan4 capability: a range of `contexts` hardware contexts (virtual process ids, vpids) on `nodes`
/// nodes, allocated larger than the initial job so processes can join later ("a capability with more
/// contexts"). Each vpid is (node, context slot).
struct Capability {
  int nodes = 0;
  int contexts_per_node = 0;  ///< contexts reserved per node (initial + spare)
  int vpids() const { return nodes * contexts_per_node; }
  int node_of(int vpid) const { return contexts_per_node > 0 ? vpid / contexts_per_node : -1; }
};

/// The job's process pool. MPI ranks are dense 0..size-1 in join order (MPI_COMM_WORLD of the initial job,
/// then MPI_Comm_spawn/connect groups); vpids are whatever free context the capability had on the chosen
/// node, so rank != vpid in general. A join is "synchronized": it becomes visible to the members only when
/// each of them has acknowledged (installed the new peer's queue addresses) — until then the newcomer is
/// `pending`. Leaving frees the vpid for later joiners; ranks of the others do not change (the leaver's rank
/// is retired, as when a group disconnects).
class ProcessPool {
 public:
  explicit ProcessPool(const Capability& cap) : cap_(cap) {}

  /// Starts a join on `node`; returns the new rank, or -1 with `error` set (node out of range, no spare
  /// context left on it).
  int join(int node, std::string* error);
  /// Member `member` acknowledges `rank`'s join. When every other member has, the rank becomes active.
  /// Returns false if either rank is unknown.
  bool acknowledge(int rank, int member);
  /// Removes `rank` (MPI_Comm_disconnect / finalize); frees its vpid. False if not a member.
  bool leave(int rank);

  bool active(int rank) const { return active_.count(rank) > 0; }
  bool pending(int rank) const { return pending_.count(rank) > 0; }
  /// Virtual process id of `rank`, or -1.
  int vpid(int rank) const;
  /// Rank living at `vpid`, or -1 (e.g. a freed context).
  int rank_of_vpid(int vpid) const;
  int size() const { return static_cast<int>(active_.size()); }
  const Capability& capability() const { return cap_; }

 private:
  Capability cap_;
  int next_rank_ = 0;
  std::map<int, int> vpid_of_rank_;
  std::set<int> used_vpids_;
  std::set<int> active_;
  std::map<int, std::set<int>> pending_;  ///< joining rank -> members that still have to acknowledge
};

}  // namespace hpcsim::ompi
