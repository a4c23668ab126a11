// What the composition root asks of a running workload, whatever its kind (catalog WorkloadEntry::make_run): the
// ping-pong sweep, the NAS campaign, the MPI job series (all-to-all, exchange), MPI-2 dynamic processes.
#pragma once
#include <string>

#include "nlohmann/json.hpp"

namespace hpcsim {

class WorkloadRun {
 public:
  virtual ~WorkloadRun() = default;
  /// Starts the workload at the current simulated time; it calls the `finished` it was built with after its end.
  virtual void start() = 0;
  /// The CLI JSON's "series": [{id, label, points: [{bytes, latency_us, bandwidth_MBps}]}] (ping-pong sweeps).
  virtual void append_series(nlohmann::ordered_json& series) const { (void)series; }
  /// The CLI JSON's "tables": [{id, label, unit, columns, rows: [{label, values}]}].
  virtual void append_tables(nlohmann::ordered_json& tables) const = 0;
  /// The CLI JSON's "message_histograms": [{id: "<workload>/<series>", histogram: [{bytes, count}]}].
  virtual void append_histograms(nlohmann::ordered_json& histograms) const = 0;
  /// "" while running or after the end; else (the simulation went idle before the end: a protocol deadlock)
  /// where it stopped.
  virtual std::string stalled() const { return ""; }
  /// Share of the workload done, 0 to 1, counted in its own units (jobs, series, rank-program steps), for the
  /// progress line's estimate of the time left; -1 when the workload cannot tell.
  virtual double fraction_done() const { return -1; }
  /// A run of one part (RunContext::part): what it measured, as JSON (the part's seconds, say), for absorb_part.
  virtual nlohmann::json part_result() const { return nlohmann::json::object(); }
  /// Takes what a run of part `part` measured (its part_result), so this run's series, tables and stalled() give
  /// every absorbed part's figures as a whole run would.
  virtual void absorb_part(size_t part, const nlohmann::json& result) {
    (void)part;
    (void)result;
  }
  /// Adds what the workload knows of the hardware to the topology JSON (ping-pong node groups).
  virtual void annotate_topology(nlohmann::json& topology) const { (void)topology; }
};

}  // namespace hpcsim
