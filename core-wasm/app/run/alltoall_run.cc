#include "run/alltoall_run.h"

#include "workload/alltoall.h"

namespace hpcsim {

AlltoallRun::AlltoallRun(Simulator& sim, Cluster* qsnet, SciCluster* sci, EthernetCluster* ethernet,
                         const Scenario& scenario, uint32_t* message_ids, std::function<void()> finished)
    : MpiJobSeries(
          sim, qsnet, sci, ethernet, scenario, message_ids,
          [&scenario]() { return alltoall_programs(scenario.nodes, scenario.alltoall_bytes, scenario.iterations); },
          "MPI_Alltoall", std::move(finished)) {}

int AlltoallRun::processes() const { return scenario().nodes; }

void AlltoallRun::append_tables(nlohmann::ordered_json& tables) const {
  using json = nlohmann::ordered_json;
  auto value = [](double v) { return v < 0 ? json(nullptr) : json(v); };
  json rows = json::array();
  double pairs = static_cast<double>(processes()) * (processes() - 1);
  for (size_t s = 0; s < scenario().series.size(); ++s) {
    double us = call_us(s);
    double mbps = us > 0 ? pairs * static_cast<double>(scenario().alltoall_bytes) / us : -1;  // B/µs = MB/s
    rows.push_back({{"label", scenario().series[s].label}, {"values", json::array({value(us), value(mbps)})}});
  }
  tables.push_back({{"id", "alltoall"},
                    {"label", "MPI_Alltoall of " + std::to_string(scenario().alltoall_bytes) + " B per pair on " +
                                  std::to_string(processes()) + " nodes (MPICH 1.2's Irecv / Isend / Waitall)"},
                    {"unit", "us | MB/s"},
                    {"columns", json::array({"time per call (µs)", "aggregate bandwidth (MB/s)"})},
                    {"rows", rows}});
}

void AlltoallRun::append_histograms(nlohmann::ordered_json& histograms) const {
  using json = nlohmann::ordered_json;
  int64_t n = static_cast<int64_t>(processes()) * (processes() - 1) * scenario().iterations;
  for (const auto& spec : scenario().series)
    histograms.push_back({{"id", "alltoall/" + spec.id},
                          {"histogram", json::array({json{{"bytes", scenario().alltoall_bytes}, {"count", n}}})}});
}

}  // namespace hpcsim
