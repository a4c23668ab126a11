// The exchange workload: every rank r does MPI_Sendrecv of `bytes` with rank (r + N/2) mod N at the same time,
// `iterations` times (workload/exchange.h), once per series (each series' MPI layer), one after
// another in simulated time. Gives the table `exchange`: per series, the time of one MPI_Sendrecv (µs), the
// bandwidth each node reaches in each direction (bytes / time, MB/s = 10^6 B/s) and the aggregate over the machine
// (N × bytes / time, MB/s), and each run's message-size histogram ("exchange/<series id>").
#pragma once

#include "workload/mpi_job_series.h"

namespace hpcsim {

class ExchangeRun : public MpiJobSeries {
 public:
  /// ctx.scenario has an "exchange" workload (MpiJobSpec); ctx.finished runs after the last series.
  explicit ExchangeRun(const RunContext& ctx);
  void append_tables(nlohmann::ordered_json& tables) const override;
  void append_histograms(nlohmann::ordered_json& histograms) const override;
};

}  // namespace hpcsim
