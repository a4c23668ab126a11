// The fields of a "pingpong" workload (seed 002 §5's benchmark) and its node groups (cluster.groups).
#pragma once
#include <cstdint>
#include <vector>

#include "scenario/scenario.h"

namespace hpcsim {

/// A node group (cluster.groups): nodes `first`..`last` (inclusive) run the protocol stack of workload series
/// `series` (an index into Scenario::series), at the same time as the other groups, on the one fabric.
struct NodeGroup {
  int first = 0;
  int last = 0;
  size_t series = 0;
};

/// One ping-pong pair of a grouped run, on the stack of series `series`; `measured`: the pair whose result is the
/// series' (the workload's pair when that pair runs the series, else the series' first pair).
struct GroupPair {
  int initiator = 0;
  int target = 0;
  size_t series = 0;
  bool measured = false;
};

struct PingPongSpec : WorkloadSpec {
  int initiator = 0;
  int target = 1;
  bool half_shift = false;  ///< every node i < N/2 pings node i + N/2 concurrently
  bool send_first = false;  ///< ping-pong order: MPI_Send then MPI_Recv (PingPongOrder::kSendFirst)
  int warmup_iterations = 1;
  int iterations = 2;
  std::vector<uint32_t> sizes_bytes;
  std::vector<NodeGroup> groups;       ///< cluster.groups (empty: every series on every node, one after another)
  std::vector<GroupPair> group_pairs;  ///< with groups: every pair that runs, in start order
};

}  // namespace hpcsim
