// One run of a scenario: builds the cluster, runs every (series, size) ping-pong back to back in simulated
// time (with node groups, cluster.groups: every group's series at once, one run per size), in slices with an event
// budget, and reports the series, the breakdown tables and the fingerprint.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "hw/cluster.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "hw/sci/sci_cluster.h"
#include "nlohmann/json.hpp"
#include "kernel/simulator.h"
#include "scenario/scenario.h"
#include "workload/pingpong.h"

namespace hpcsim {

class NpbCampaign;
class MpiJobSeries;
class DynamicRun;

class Session {
 public:
  /// Returns nullptr and sets *error (one line naming the field) for a bad scenario.
  static std::unique_ptr<Session> create(const std::string& scenario_json, std::string* error);
  ~Session();

  /// Runs at most `event_budget` events; returns true when the whole scenario has finished.
  bool run(uint64_t event_budget);
  bool finished() const { return finished_; }
  /// Protocols that run on the Fast Ethernet of an SCI testbed rather than on its ringlet.
  static bool on_ethernet(const std::string& protocol) { return protocol == "m-via" || protocol == "tcp"; }
  /// The CLI's JSON object (see README: scenario, fingerprint, events, series, tables, checks).
  std::string result_json() const;
  std::string topology_json() const;
  Simulator& sim() { return *sim_; }
  const Scenario& scenario() const { return scenario_; }

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
  Session() = default;
  void start_job(size_t j);
  /// A grouped run's job `j` (one message size, every group at once; session_groups.cc).
  void start_grouped_job(size_t j);
  /// Adds the node groups to the topology JSON: `group` on each grouped host, `groups` [{nodes, series, label,
  /// series_index}] (session_groups.cc).
  void annotate_groups(nlohmann::json& topology) const;
  /// Keeps the NIC thread's per-step times of `series` (seed 002 Table 2) from the measured pair's target NIC after a
  /// 0-byte run; nothing for other sizes or when `target_nic` is null (not Elan3).
  void take_thread_table(size_t series, Elan3Nic* target_nic, uint32_t bytes);
  /// One-way latency (µs) of `series` at `bytes`, or -1 when that size was not run.
  double latency_us(size_t series, uint32_t bytes) const;
  /// First series matching (protocol, operation or any, progress or any, charge_pml), or -1.
  int find_series(const std::string& protocol, const std::string& operation, const std::string& progress,
                  bool charge_pml) const;
  /// The seed 001 tables (progress-modes, layer-costs) when the scenario has the series they need.
  void append_seed001_tables(nlohmann::ordered_json& tables) const;

  Scenario scenario_;
  std::unique_ptr<Simulator> sim_;
  std::unique_ptr<Cluster> cluster_;    ///< QsNet (Elan3) or QsNetII (Elan4) runs
  std::unique_ptr<SciCluster> sci_;     ///< SCI ringlet runs (seed 003)
  std::unique_ptr<EthernetCluster> eth_;  ///< the same nodes' Fast Ethernet (seed 003's baselines)
  std::vector<Job> jobs_;
  std::unique_ptr<PingPongEndpoint> endpoint_;
  std::unique_ptr<PingPong> pingpong_;
  std::vector<std::unique_ptr<PingPongEndpoint>> retired_endpoints_;
  std::vector<std::unique_ptr<PingPong>> retired_pingpongs_;
  std::vector<std::unique_ptr<PingPong>> background_;  ///< the other pairs of a half-shift run; every grouped pair
  std::vector<std::unique_ptr<PingPongEndpoint>> group_endpoints_;  ///< a grouped run's stacks, by series
  std::vector<std::vector<PingPongResult>> results_;  ///< [series][size index]
  std::vector<ThreadTable> thread_tables_;            ///< [series], from the 0-byte run
  std::unique_ptr<NpbCampaign> npb_;                  ///< an "npb" workload's runs (seed 003)
  std::unique_ptr<MpiJobSeries> mpi_job_;             ///< an "alltoall" or "exchange" workload's runs
  std::unique_ptr<DynamicRun> dynamic_;               ///< a "dynamic" workload's run (seed 001)
  uint32_t message_ids_ = 0;
  bool finished_ = false;
};

}  // namespace hpcsim
