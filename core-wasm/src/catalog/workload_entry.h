// A workload kind (workload.kind) as it enrols in the catalog: where it runs, its fields and its run factory.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hw/machine.h"
#include "kernel/simulator.h"
#include "nlohmann/json.hpp"
#include "ports/workload_run.h"
#include "scenario/scenario.h"

namespace hpcsim {

/// What a workload kind's parser receives. The cluster fields of `scenario` are read; the kind fills
/// `scenario.workload` and calls `read_series` where its series come (which fills `scenario.series`).
struct WorkloadInput {
  const nlohmann::json& root;      ///< the whole scenario (a ping-pong reads cluster.groups)
  const nlohmann::json& workload;  ///< root["workload"]
  Scenario& scenario;
  /// Reads workload.series (1 to 8; protocols known, operations theirs, their own fields); `check_nic`: refuse a
  /// protocol whose NIC the machine does not carry. "" or the error naming the field.
  std::function<std::string(bool check_nic)> read_series;
};

/// What a workload's run is built with.
struct RunContext {
  Simulator& sim;
  Machine& machine;
  const Scenario& scenario;
  uint32_t* message_ids;             ///< the run's message counter
  std::function<void()> finished;    ///< to call after the workload's end
  /// -1: the whole workload; else only part `part` of the kind's `parts` (WorkloadEntry::parts), on a machine of its
  /// own from time 0, after which the run calls `finished`.
  int part = -1;
};

struct WorkloadEntry {
  std::string id;      ///< workload.kind, e.g. "pingpong"
  std::string label;   ///< e.g. "Ping-pong sweep"
  std::string source;  ///< e.g. "seed 002 §5"
  /// Fabrics it runs on (empty: any) and the error's reason when not, e.g. "npb runs on the seed 003 SCI
  /// cluster only (fabric sci-ringlet)".
  std::vector<std::string> fabrics;
  std::string fabrics_rule;
  bool mpi = false;          ///< every series needs an MPI layer (rank programs)
  /// The protocols its series may name (catalog ids; empty: any the fabric carries), e.g. the PVFS2 workloads' BMI
  /// methods "pvfs2-elan4" and "pvfs2-ib". The parser refuses any other, naming the series' protocol field.
  std::vector<std::string> series_protocols;
  bool node_groups = false;  ///< reads cluster.groups (other kinds refuse it)
  /// Its result tables as the page's tables panel names them: the panel's heading, e.g. "MPI_Alltoall: time per call
  /// and aggregate bandwidth (simulated)", and what the panel says while the run computes, e.g. "The MPI_Alltoall table
  /// (µs per call, aggregate MB/s) appears when every series has finished." Empty heading: the page's generic one;
  /// empty pending text: no panel until the tables come (the ping-pong's breakdowns).
  std::string tables_title;
  std::string tables_pending;
  /// Parameter tables of the models this entry builds (declared beside each model); Catalog::add registers them.
  std::vector<const std::vector<ParameterSpec>*> parameters;
  /// Protocols (catalog ids) its runs build besides their series' own, e.g. BT-IO's MPI for BT's messages
  /// (ompi, mvapich): their parameter groups count as the workload's in the catalog JSON.
  std::vector<std::string> protocols;
  /// Reads the kind's fields and, through `read_series`, the series; "" or the error naming the field.
  std::function<std::string(WorkloadInput& in)> parse;
  std::function<std::unique_ptr<WorkloadRun>(const RunContext&)> make_run;
  /// How many independent parts a run of `scenario` has (issue 39 item 5), or empty: one. Parts are runs that do not
  /// interact (the NAS campaign's benchmark x transport runs): each runs on a fresh machine from time 0
  /// (run/session.h), alone or beside the others, and the result merges them in order through
  /// WorkloadRun::part_result and absorb_part, so it is the same however many run at once.
  std::function<size_t(const Scenario&)> parts;
};

}  // namespace hpcsim
