// The all-to-all workload: MPI_Alltoall of `bytes` per pair of ranks on every node of the cluster, `iterations`
// times, once per series (each series' MPI layer, run/mpi_layers.h), one after another in simulated time. Gives
// the table `alltoall`: per series, the time of one MPI_Alltoall (µs) and the aggregate bandwidth it reaches
// (N (N - 1) bytes per call over that time, MB/s), and each run's message-size histogram.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "run/mpi_job_series.h"

namespace hpcsim {

class AlltoallRun {
 public:
  /// The clusters the series need (see make_mpi_layer); `finished` runs after the last series.
  AlltoallRun(Simulator& sim, Cluster* qsnet, SciCluster* sci, EthernetCluster* ethernet, const Scenario& scenario,
              uint32_t* message_ids, std::function<void()> finished);
  ~AlltoallRun();
  void start() { job_.start(); }
  void append_tables(nlohmann::ordered_json& tables) const;
  void append_histograms(nlohmann::ordered_json& histograms) const;
  /// "" while running or after the end; else (the simulation went idle mid-run) where the ranks stand.
  std::string stalled() const { return job_.stalled(); }
  /// Microseconds of one MPI_Alltoall of series `s`, or -1 before it has run.
  double call_us(size_t s) const { return job_.call_us(s); }

 private:
  int processes() const;

  const Scenario& scenario_;
  MpiJobSeries job_;
};

}  // namespace hpcsim
