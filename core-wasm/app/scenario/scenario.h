// A scenario file (scenarios/scenario.schema.json) as the core reads it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "params/parameter.h"

namespace hpcsim {

struct SeriesSpec {
  std::string id;
  std::string label;
  std::string protocol;   ///< "portals" | "tports" | "ompi" | "mpich-qsnet" | "elan4-qdma"
  std::string operation;  ///< "put" | "get" | "send" | "rdma-write" | "rdma-read"
  // Open MPI options (seed 001); ignored by the other protocols.
  std::string progress = "polling";  ///< polling | interrupt | one-thread | two-threads
  int completion_queues = 1;
  bool chained = true;
  bool inline_rendezvous = false;
  int rails = 1;
  bool charge_pml = true;
};

/// One NAS benchmark run of an "npb" workload (seed 003 "Execution Time of NPB").
struct NpbRunSpec {
  std::string benchmark;  ///< LU | MG | CG | EP | BT
  std::string npb_class;  ///< S | W | A | B
};

/// A "dynamic" workload (seed 001 "Dynamic MPI-2 Process Pool"): a job of `processes` ranks (rank i on node i,
/// context 0) on a capability of every node x `contexts_per_node` contexts; at `join_at_us` a new process starts
/// on a spare context of `join_node`, connects to `root` (MPI_Comm_accept), runs `iterations` ping-pongs of
/// `bytes` with it and leaves; the other ranks run ping-pongs in pairs throughout and `after_iterations` after.
struct DynamicSpec {
  int processes = 0;
  int contexts_per_node = 2;
  int join_node = 0;
  double join_at_us = 20;
  int root = 0;
  uint32_t bytes = 4;
  int iterations = 5;
  int after_iterations = 2;
};

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

struct Scenario {
  std::string id;
  uint32_t seed = 1;
  int nodes = 16;
  std::string testbed = "sandia-elan3-2004";
  std::string nic = "elan3";  ///< elan3 (fabric qsnet) | elan4 (qsnet2) | pci-sci (sci-ringlet) | tulip (fast-ethernet)
  int rails = 1;
  int arity = 4;  ///< fat tree switch radix each way (4: the Elite switches, a quaternary fat tree)
  int levels = 0;  ///< fat tree switch stages; 0: the fewest that hold the nodes (hw/fat_tree_shape.h)
  int initiator = 0;
  int target = 1;
  bool half_shift = false;  ///< every node i < N/2 pings node i + N/2 concurrently
  bool send_first = false;  ///< ping-pong order: MPI_Send then MPI_Recv (PingPongOrder::kSendFirst)
  int warmup_iterations = 1;
  int iterations = 2;
  std::vector<uint32_t> sizes_bytes;
  std::string workload_kind = "pingpong";  ///< pingpong | npb | dynamic | alltoall | exchange
  int64_t alltoall_bytes = 0;              ///< alltoall: bytes each rank sends to each other rank per call
  int64_t exchange_bytes = 0;              ///< exchange: bytes each rank sends to its partner per MPI_Sendrecv
  int npb_processes = 0;                   ///< npb: MPI processes, one per node (0 .. nodes-1)
  std::vector<NpbRunSpec> npb_runs;        ///< npb: the benchmarks, each on every series' transport and on 1 process
  DynamicSpec dynamic;                     ///< dynamic: the job, the join and the leave
  std::vector<SeriesSpec> series;
  std::vector<NodeGroup> groups;       ///< cluster.groups (empty: every series on every node, one after another)
  std::vector<GroupPair> group_pairs;  ///< with groups: every pair that runs, in start order
  ParameterSet parameters;
  uint64_t trace_max_records = 1000000;
  uint64_t trace_max_records_per_run = 0;  ///< 0: no limit per (series, size) run
};

/// Parses and checks a scenario. The full structural check is the JSON schema (applied by the CLI and the
/// page with ajv); this parser re-checks every value the core uses, so a bad file can never crash it.
/// Returns "" on success, else one line naming the offending field, e.g.
/// "workload.target: 20 is not a node of a 16-node cluster". Never throws.
std::string parse_scenario(const std::string& text, Scenario* out);

}  // namespace hpcsim
