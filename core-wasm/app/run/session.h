// One run of a scenario: its machine (the fabric's catalog entry builds it) and its workload run (the workload
// kind's entry builds it), run in slices with an event budget; then the result JSON and the topology.
#pragma once
#include <memory>
#include <string>

#include "hw/machine.h"
#include "kernel/simulator.h"
#include "ports/workload_run.h"
#include "scenario/scenario.h"

namespace hpcsim {

class Session {
 public:
  /// Returns nullptr and sets *error (one line naming the field) for a bad scenario.
  static std::unique_ptr<Session> create(const std::string& scenario_json, std::string* error);
  ~Session();

  /// Runs at most `event_budget` events; returns true when the whole scenario has finished.
  bool run(uint64_t event_budget);
  /// The same, but runs no event later than `horizon` (ps; Simulator::run_until); `reached_horizon()` then tells
  /// whether the next event lies beyond it.
  bool run_until(Time horizon, uint64_t event_budget);
  bool reached_horizon(Time horizon) const { return !finished_ && sim_->next_time() > horizon; }
  bool finished() const { return finished_; }
  /// Share of the workload done, 0 to 1 (1 once finished), or -1 when its workload cannot tell (WorkloadRun).
  double fraction_done() const { return finished_ ? 1.0 : run_->fraction_done(); }
  /// The CLI's JSON object (see README: scenario, fingerprint, events, series, tables, message_histograms).
  std::string result_json() const;
  /// The machine's topology, annotated by the workload (core-wasm/app/wasm/README.md).
  std::string topology_json() const;
  Simulator& sim() { return *sim_; }
  const Scenario& scenario() const { return scenario_; }
  Machine& machine() { return *machine_; }

 private:
  Session() = default;

  Scenario scenario_;
  std::unique_ptr<Simulator> sim_;
  std::unique_ptr<Machine> machine_;
  std::unique_ptr<WorkloadRun> run_;
  uint32_t message_ids_ = 0;
  bool finished_ = false;
};

}  // namespace hpcsim
