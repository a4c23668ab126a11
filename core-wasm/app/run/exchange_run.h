// The exchange workload: every rank r does MPI_Sendrecv of `bytes` with rank (r + N/2) mod N at the same time,
// `iterations` times (workload/exchange.h), once per series (each series' MPI layer, run/mpi_layers.h), one after
// another in simulated time. Gives the table `exchange`: per series, the time of one MPI_Sendrecv (µs), the
// bandwidth each node reaches in each direction (bytes / time, MB/s = 10^6 B/s) and the aggregate over the machine
// (N × bytes / time, MB/s), and each run's message-size histogram ("exchange/<series id>").
#pragma once
#include <functional>

#include "run/mpi_job_series.h"

namespace hpcsim {

class ExchangeRun : public MpiJobSeries {
 public:
  /// The clusters the series need (see make_mpi_layer); `finished` runs after the last series.
  ExchangeRun(Simulator& sim, Cluster* qsnet, SciCluster* sci, EthernetCluster* ethernet, const Scenario& scenario,
              uint32_t* message_ids, std::function<void()> finished);
  void append_tables(nlohmann::ordered_json& tables) const override;
  void append_histograms(nlohmann::ordered_json& histograms) const override;
};

}  // namespace hpcsim
