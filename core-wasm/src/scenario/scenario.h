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

struct Scenario {
  std::string id;
  uint32_t seed = 1;
  int nodes = 16;
  std::string testbed = "sandia-elan3-2004";
  std::string nic = "elan3";  ///< elan3 (fabric qsnet) | elan4 (fabric qsnet2)
  int rails = 1;
  int initiator = 0;
  int target = 1;
  bool half_shift = false;  ///< every node i < N/2 pings node i + N/2 concurrently
  int warmup_iterations = 1;
  int iterations = 2;
  std::vector<uint32_t> sizes_bytes;
  std::string workload_kind = "pingpong";  ///< pingpong | npb
  int npb_processes = 0;                   ///< npb: MPI processes, one per node (0 .. nodes-1)
  std::vector<NpbRunSpec> npb_runs;        ///< npb: the benchmarks, each on every series' transport and on 1 process
  std::vector<SeriesSpec> series;
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
