// One MPI job (the same rank programs, workload/npb_run.h) run once per series of the scenario, each over that
// series' MPI layer (its protocol's ProtocolEntry::make_mpi_layer), with the time of one call measured (the slowest
// rank's elapsed time / iterations). With two series or more, each series is a part of the scenario's run
// (mpi_job_parts; run/session.h): a machine of its own, so the series can run at once. The collective workloads
// (workload/alltoall_run.h, workload/exchange_run.h) derive from it and add their own tables.
#pragma once
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catalog/workload_entry.h"
#include "nlohmann/json.hpp"
#include "ports/mpi_endpoint.h"
#include "ports/workload_run.h"
#include "workload/npb_run.h"

namespace hpcsim {

/// The fields of an MPI job workload (alltoall, exchange): bytes per message and calls.
struct MpiJobSpec : WorkloadSpec {
  int64_t bytes = 0;
  int iterations = 1;
};

/// Reads workload.bytes (0 to 16 MiB) and workload.iterations (1 to 100, default 1); "" or the error.
std::string parse_mpi_job_fields(const nlohmann::json& w, MpiJobSpec* out);

/// The parts of an MPI job workload (WorkloadEntry::parts): one per series.
size_t mpi_job_parts(const Scenario& scenario);

class MpiJobSeries : public WorkloadRun {
 public:
  /// The rank programs of one run (called once per series).
  using Programs = std::function<std::vector<npb::RankProgram>()>;
  /// `call` names one call in messages ("MPI_Alltoall"); ctx.finished runs after the last series.
  MpiJobSeries(const RunContext& ctx, Programs programs, std::string call);
  ~MpiJobSeries() override;
  /// The first series, or the one series of a part run (RunContext::part: series k).
  void start() override { start_series(part_ < 0 ? 0 : static_cast<size_t>(part_)); }
  /// A part run's series: {"call_us": µs of one call, or -1 if it did not finish}.
  nlohmann::json part_result() const override { return {{"call_us", call_us(static_cast<size_t>(std::max(part_, 0)))}}; }
  void absorb_part(size_t part, const nlohmann::json& result) override {
    if (part < call_us_.size()) call_us_[part] = result.value("call_us", -1.0);
  }
  /// "" while running or after the end; else (the simulation went idle mid-run) where the ranks stand.
  std::string stalled() const override;
  /// Series run so far, the current one by its ranks' steps, over the series.
  double fraction_done() const override;
  /// Microseconds of one call of series `s`, or -1 before it has run.
  double call_us(size_t s) const { return s < call_us_.size() ? call_us_[s] : -1; }

 protected:
  const Scenario& scenario() const { return scenario_; }
  const MpiJobSpec& job() const { return scenario_.workload_as<MpiJobSpec>(); }

 private:
  void start_series(size_t s);

  Simulator& sim_;
  Machine& machine_;
  const Scenario& scenario_;
  uint32_t* ids_;
  Programs programs_;
  std::string call_;
  std::function<void()> finished_;
  int part_;  ///< RunContext::part
  std::vector<double> call_us_;
  std::vector<std::unique_ptr<MpiEndpoint>> layers_;  ///< kept alive: late events of a finished run may reach them
  std::vector<std::unique_ptr<NpbRun>> runs_;
  bool done_ = false;
};

}  // namespace hpcsim
