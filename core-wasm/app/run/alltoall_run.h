// The all-to-all workload: MPI_Alltoall of `bytes` per pair of ranks on every node of the cluster, `iterations`
// times, once per series (each series' MPI layer, run/mpi_layers.h), one after another in simulated time. Gives
// the table `alltoall`: per series, the time of one MPI_Alltoall (µs) and the aggregate bandwidth it reaches
// (N (N - 1) bytes per call over that time, MB/s), and each run's message-size histogram.
#pragma once
#include <functional>

#include "run/mpi_job_series.h"

namespace hpcsim {

class AlltoallRun : public MpiJobSeries {
 public:
  /// The clusters the series need (see make_mpi_layer); `finished` runs after the last series.
  AlltoallRun(Simulator& sim, Cluster* qsnet, SciCluster* sci, EthernetCluster* ethernet, const Scenario& scenario,
              uint32_t* message_ids, std::function<void()> finished);
  void append_tables(nlohmann::ordered_json& tables) const override;
  void append_histograms(nlohmann::ordered_json& histograms) const override;

 private:
  int processes() const;

};

}  // namespace hpcsim
