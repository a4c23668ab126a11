// The all-to-all workload: MPI_Alltoall of `bytes` per pair of ranks on every node of the cluster, `iterations`
// times, once per series (each series' MPI layer), one after another in simulated time. Gives
// the table `alltoall`: per series, the time of one MPI_Alltoall (µs) and the aggregate bandwidth it reaches
// (N (N - 1) bytes per call over that time, MB/s), and each run's message-size histogram.
#pragma once

#include <string>

#include "workload/mpi_job_series.h"

namespace hpcsim {

/// The MPI_Alltoall algorithm the MPI library under `protocol` (a series' protocol id) runs, as the result table
/// names it. Every library the catalog models posts every receive and every send at once, at any size and process
/// count (../shared/references/pvfs2-config.md §4).
std::string alltoall_algorithm(const std::string& protocol);

class AlltoallRun : public MpiJobSeries {
 public:
  /// ctx.scenario has an "alltoall" workload (MpiJobSpec); ctx.finished runs after the last series.
  explicit AlltoallRun(const RunContext& ctx);
  void append_tables(nlohmann::ordered_json& tables) const override;
  void append_histograms(nlohmann::ordered_json& histograms) const override;

 private:
  int processes() const;

};

}  // namespace hpcsim
