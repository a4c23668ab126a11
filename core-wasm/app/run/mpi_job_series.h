// One MPI job (the same rank programs, workload/npb_run.h) run once per series of the scenario, each over that
// series' MPI layer (run/mpi_layers.h), one after another in simulated time, with the time of one call measured
// (the slowest rank's elapsed time / iterations). The collective workloads (run/alltoall_run.h, run/exchange_run.h)
// derive from it and add their own tables.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "run/mpi_layers.h"
#include "workload/npb_run.h"

namespace hpcsim {

class MpiJobSeries {
 public:
  /// The rank programs of one run (called once per series).
  using Programs = std::function<std::vector<npb::RankProgram>()>;
  /// The clusters the series need (see make_mpi_layer); `call` names one call in messages ("MPI_Alltoall");
  /// `finished` runs after the last series.
  MpiJobSeries(Simulator& sim, Cluster* qsnet, SciCluster* sci, EthernetCluster* ethernet, const Scenario& scenario,
               uint32_t* message_ids, Programs programs, std::string call, std::function<void()> finished);
  virtual ~MpiJobSeries();
  void start() { start_series(0); }
  /// The workload's result tables and message-size histograms (CLI JSON `tables`, `message_histograms`).
  virtual void append_tables(nlohmann::ordered_json& tables) const = 0;
  virtual void append_histograms(nlohmann::ordered_json& histograms) const = 0;
  /// "" while running or after the end; else (the simulation went idle mid-run) where the ranks stand.
  std::string stalled() const;
  /// Microseconds of one call of series `s`, or -1 before it has run.
  double call_us(size_t s) const { return s < call_us_.size() ? call_us_[s] : -1; }

 protected:
  const Scenario& scenario() const { return scenario_; }

 private:
  void start_series(size_t s);

  Simulator& sim_;
  Cluster* qsnet_;
  SciCluster* sci_;
  EthernetCluster* eth_;
  const Scenario& scenario_;
  uint32_t* ids_;
  Programs programs_;
  std::string call_;
  std::function<void()> finished_;
  std::vector<double> call_us_;
  std::vector<std::unique_ptr<MpiEndpoint>> layers_;  ///< kept alive: late events of a finished run may reach them
  std::vector<std::unique_ptr<NpbRun>> runs_;
  bool done_ = false;
};

}  // namespace hpcsim
