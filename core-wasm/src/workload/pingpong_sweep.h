// The run of a "pingpong" workload: every (series, size) ping-pong back to back in simulated time, with the other
// half-shift pairs at the same time, or (cluster.groups) every group's series at once, one run per size. Gives the
// latency/bandwidth series, seed 002's Tables 1 and 2 (initiator and NIC-thread breakdowns) and the protocols' own
// sweep tables (ProtocolEntry::sweep_tables), and the message-size histograms.
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "catalog/workload_entry.h"
#include "hw/elan3_nic.h"
#include "kernel/simulator.h"
#include "ports/pingpong_endpoint.h"
#include "ports/workload_run.h"
#include "workload/pingpong.h"
#include "workload/pingpong_spec.h"

namespace hpcsim {

class PingPongSweep : public WorkloadRun {
 public:
  /// The scenario must have passed the parser with a "pingpong" workload (PingPongSpec).
  explicit PingPongSweep(const RunContext& ctx);
  ~PingPongSweep() override;
  void start() override;
  void append_series(nlohmann::ordered_json& series) const override;
  /// initiator-breakdown and nic-thread-breakdown (seed 002 Tables 1 and 2, 0-byte messages), then each protocol's
  /// own sweep tables.
  void append_tables(nlohmann::ordered_json& tables) const override;
  /// Ping-pong runs (size x series jobs) started before the current one, over the jobs.
  double fraction_done() const override;
  /// {"id": "pingpong/<series id>", "histogram"}: every iteration sends one message each way, on every pair.
  void append_histograms(nlohmann::ordered_json& histograms) const override;
  /// Node groups: `group` on each grouped host, `groups` [{nodes, series, label, series_index}].
  void annotate_topology(nlohmann::json& topology) const override;

 private:
  struct Job {
    size_t series;
    size_t size_index;
  };
  struct ThreadTable {
    bool present = false;
    std::vector<double> step_us;  ///< by ThreadStep code
  };
  /// Idle simulated time between two ping-pong runs, for the animation.
  static constexpr Time kGapBetweenRuns = 20 * kUs;
  void start_job(size_t j);
  /// A grouped run's job `j` (one message size, every group at once; pingpong_sweep_groups.cc).
  void start_grouped_job(size_t j);
  /// The protocol stack of series `s` (its catalog entry's factory) on `nodes` (empty: all).
  std::unique_ptr<PingPongEndpoint> make_endpoint(size_t s, const NodeSet& nodes);
  /// Host component of each node for the series' protocol (the network carrying its NIC).
  std::function<ComponentId(int)> host_ids(size_t s) const;
  /// The Elan3 of `node` when the machine is a QsNet (Elan3) cluster, else null (Table 2 exists for it only).
  Elan3Nic* elan3(int node) const;
  /// Keeps the NIC thread's per-step times of `series` (seed 002 Table 2) from the measured pair's target NIC after
  /// a 0-byte run; nothing for other sizes or when `target_nic` is null.
  void take_thread_table(size_t series, Elan3Nic* target_nic, uint32_t bytes);
  /// One-way latency (µs) of `series` at `bytes`, or -1 when that size was not run.
  double latency_us(size_t series, uint32_t bytes) const;

  Simulator& sim_;
  Machine& machine_;
  const Scenario& scenario_;
  const PingPongSpec& spec_;
  uint32_t* ids_;
  std::function<void()> finished_;
  std::vector<Job> jobs_;
  size_t job_ = 0;  ///< the job running (jobs_.size() after the last)
  std::unique_ptr<PingPongEndpoint> endpoint_;
  std::unique_ptr<PingPong> pingpong_;
  std::vector<std::unique_ptr<PingPongEndpoint>> retired_endpoints_;
  std::vector<std::unique_ptr<PingPong>> retired_pingpongs_;
  std::vector<std::unique_ptr<PingPong>> background_;  ///< the other pairs of a half-shift run; every grouped pair
  std::vector<std::unique_ptr<PingPongEndpoint>> group_endpoints_;  ///< a grouped run's stacks, by series
  std::vector<std::vector<PingPongResult>> results_;  ///< [series][size index]
  std::vector<ThreadTable> thread_tables_;            ///< [series], from the 0-byte run
};

}  // namespace hpcsim
