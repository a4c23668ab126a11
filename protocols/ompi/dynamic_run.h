// The run of a "dynamic" workload (seed 001 "Dynamic MPI-2 Process Pool"): a job of N ranks on an Elan4 cluster,
// ping-pongs between pairs of its ranks all along; at join_at_us a new process attaches to a spare context of
// the capability, connects to the root (MPI_Comm_connect / MPI_Comm_accept, then the synchronized merge), runs
// ping-pongs with the root through the Open MPI PML/PTL, and leaves (MPI_Comm_disconnect, context freed); the
// others go on. Gives the tables dynamic-phases (µs) and dynamic-process (identity and counts).
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "catalog/workload_entry.h"
#include "hw/qsnet_cluster.h"
#include "kernel/simulator.h"
#include "nlohmann/json.hpp"
#include "ompi/dynamic_job.h"
#include "ports/workload_run.h"
#include "scenario/scenario.h"

namespace hpcsim {

/// The fields of a "dynamic" workload (seed 001 "Dynamic MPI-2 Process Pool"): a job of `processes` ranks (rank i
/// on node i, context 0) on a capability of every node x `contexts_per_node` contexts; at `join_at_us` a new process
/// starts on a spare context of `join_node`, connects to `root` (MPI_Comm_accept), runs `iterations` ping-pongs of
/// `bytes` with it and leaves; the other ranks run ping-pongs in pairs throughout and `after_iterations` after.
struct DynamicSpec : WorkloadSpec {
  int processes = 0;
  int contexts_per_node = 2;
  int join_node = 0;
  double join_at_us = 20;
  int root = 0;
  uint32_t bytes = 4;
  int iterations = 5;
  int after_iterations = 2;
};

class DynamicRun : public WorkloadRun {
 public:
  /// ctx.scenario has a "dynamic" workload (DynamicSpec, one ompi series) on an Elan4 cluster of at least the
  /// workload's nodes. ctx.finished runs when the background pairs have done their last iterations.
  explicit DynamicRun(const RunContext& ctx);
  ~DynamicRun() override;
  /// Launches the job at the current time and schedules the join at join_at_us.
  void start() override;
  /// Appends dynamic-phases (µs; null for a phase not reached) and dynamic-process.
  void append_tables(nlohmann::ordered_json& tables) const override;
  /// Appends {"id": "dynamic/<series id>", "histogram"} of MPI messages and {"id": "dynamic/control", ...} of the
  /// connect/accept/disconnect QDMAs, by size in bytes.
  void append_histograms(nlohmann::ordered_json& histograms) const override;
  /// "" when the join, the ping-pongs and the leave all ended; else where the workload stopped.
  std::string stalled() const override;
  const ompi::DynamicJob& job() const { return *job_; }
  /// The error the root got when it sent to the departed rank after the leave ("" if not tried yet).
  const std::string& refused_error() const { return refused_error_; }

 private:
  struct Pair {
    int a = 0, b = 0;
    int after_left = -1;  ///< iterations still to run once the new process has left (-1: not counting yet)
    std::vector<std::pair<Time, Time>> iterations;  ///< (start, end) of each of a's iterations
  };
  void pair_iteration(Pair& p);
  void pair_target(Pair& p);
  void joined(int rank);
  void joiner_iteration(int k);
  void root_loop(int k);
  void left();
  void count(std::map<uint32_t, uint64_t>& h, uint32_t bytes) { ++h[bytes]; }

  Simulator& sim_;
  QsnetCluster& cluster_;
  const Scenario& scenario_;
  const DynamicSpec& spec_;
  uint32_t* ids_;
  std::function<void()> finished_;
  std::unique_ptr<ompi::DynamicJob> job_;
  std::vector<std::unique_ptr<Pair>> pairs_;
  int new_rank_ = -1;
  bool left_ = false;
  int pairs_done_ = 0;
  Time first_send_ = 0, first_arrival_ = 0;
  std::vector<Time> pingpong_ps_;  ///< iterations of the new process with the root
  int new_vpid_ = -1;
  int members_after_join_ = 0, members_after_leave_ = 0;
  int refused_sends_ = 0;
  std::string refused_error_;
  std::map<uint32_t, uint64_t> mpi_sizes_;
};

}  // namespace hpcsim
