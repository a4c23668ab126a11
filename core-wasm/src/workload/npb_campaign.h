// The runs of an "npb" workload (seed 003 "Execution Time of NPB"): every benchmark on one process (the
// speed-up's reference; no network), then on `processes` nodes over each series' MPI (MPI over SS-VIA,
// SCI-MPICH, MPI over M-VIA or MPICH's ch_p4 over TCP/IP on the Fast Ethernet). Each run is a part of the scenario's
// run (npb_parts; run/session.h): a fresh machine of its own, as each benchmark is a fresh mpirun. Gives the tables
// npb-execution (seconds of the timed region) and npb-speedup (one process over `processes`), and each run's
// message-size histogram.
#pragma once
#include "params/parameter.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catalog/workload_entry.h"
#include "kernel/simulator.h"
#include "nlohmann/json.hpp"
#include "ports/mpi_endpoint.h"
#include "ports/workload_run.h"
#include "scenario/scenario.h"
#include "workload/npb/npb.h"
#include "workload/npb_run.h"

namespace hpcsim {

/// The parameters of the NAS benchmarks' computation (seed 003's NPB runs) (parameters.cc).
const std::vector<ParameterSpec>& npb_parameters();


/// One NAS benchmark run of an "npb" workload (seed 003 "Execution Time of NPB").
struct NpbRunSpec {
  std::string benchmark;  ///< LU | MG | CG | EP | BT
  std::string npb_class;  ///< S | W | A | B
};

/// The fields of an "npb" workload: MPI processes (one per node, 0 .. processes-1) and the benchmarks, each run on
/// every series' transport and on 1 process.
struct NpbSpec : WorkloadSpec {
  int processes = 0;
  std::vector<NpbRunSpec> runs;
};

/// The campaign's independent parts (WorkloadEntry::parts): one per benchmark x (1 process, each series) run.
size_t npb_parts(const Scenario& scenario);

class NpbCampaign : public WorkloadRun {
 public:
  /// ctx.scenario has an "npb" workload (NpbSpec); ctx.finished runs after the last run. The 1-process runs use
  /// the primary network's hosts; a series' runs the hosts its MPI layer uses (the Fast Ethernet's for m-via, tcp).
  explicit NpbCampaign(const RunContext& ctx);
  ~NpbCampaign() override;
  /// The first job, or the one job of a part run (RunContext::part: job k of the runs x (1 process, series) order).
  void start() override { start_job(part_ < 0 ? 0 : static_cast<size_t>(part_)); }
  /// A part run's job: {"seconds": its timed region, or -1 if it did not finish}.
  nlohmann::json part_result() const override;
  void absorb_part(size_t part, const nlohmann::json& result) override;
  /// Appends npb-execution and npb-speedup (runs not finished yet are null).
  void append_tables(nlohmann::ordered_json& tables) const override;
  /// Appends {"id": "<benchmark>.<class>/<series id or 1-process>", "histogram": [{bytes, count}]} per run.
  void append_histograms(nlohmann::ordered_json& histograms) const override;
  /// "" while runs progress or after all finished; else (the simulation went idle mid-run) which run stopped
  /// and where each rank stands.
  std::string stalled() const override;
  bool finished() const { return done_; }
  /// Seconds of the timed region of benchmark `run` with `series` (-1: one process), or -1 if not run yet.
  double seconds(size_t run, int series) const;
  /// Jobs (benchmark x series runs) finished, the current one by its ranks' steps, over the jobs.
  double fraction_done() const override;

 private:
  struct Job {
    size_t run;
    int series;  ///< -1: one process
  };
  void start_job(size_t j);
  std::vector<npb::RankProgram> programs(size_t run, int processes) const;
  double cycles_per_flop(size_t run) const;

  Simulator& sim_;
  Machine& machine_;
  const Scenario& scenario_;
  const NpbSpec& spec_;
  uint32_t* ids_;
  std::function<void()> finished_;
  int part_;  ///< RunContext::part
  std::vector<Job> jobs_;
  bool done_ = false;
  std::vector<std::vector<double>> seconds_;  ///< [run][series + 1]
  std::vector<std::unique_ptr<MpiEndpoint>> layers_;  ///< kept alive: late events of a finished run may reach them
  std::vector<std::unique_ptr<NpbRun>> runs_;
};

}  // namespace hpcsim
