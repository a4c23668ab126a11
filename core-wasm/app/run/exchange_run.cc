#include "run/exchange_run.h"

#include "workload/exchange.h"

namespace hpcsim {

ExchangeRun::ExchangeRun(Simulator& sim, Cluster* qsnet, SciCluster* sci, EthernetCluster* ethernet,
                         const Scenario& scenario, uint32_t* message_ids, std::function<void()> finished)
    : MpiJobSeries(
          sim, qsnet, sci, ethernet, scenario, message_ids,
          [&scenario]() { return exchange_programs(scenario.nodes, scenario.exchange_bytes, scenario.iterations); },
          "MPI_Sendrecv exchange", std::move(finished)) {}

void ExchangeRun::append_tables(nlohmann::ordered_json& tables) const {
  using json = nlohmann::ordered_json;
  auto value = [](double v) { return v < 0 ? json(nullptr) : json(v); };
  auto bytes = static_cast<double>(scenario().exchange_bytes);
  json rows = json::array();
  for (size_t s = 0; s < scenario().series.size(); ++s) {
    double us = call_us(s);
    double node = us > 0 ? bytes / us : -1;  // B/µs = MB/s
    double all = us > 0 ? scenario().nodes * bytes / us : -1;
    rows.push_back({{"label", scenario().series[s].label}, {"values", json::array({value(us), value(node), value(all)})}});
  }
  tables.push_back({{"id", "exchange"},
                    {"label", "MPI_Sendrecv of " + std::to_string(scenario().exchange_bytes) +
                                  " B between node i and node i + " + std::to_string(scenario().nodes / 2) + " on " +
                                  std::to_string(scenario().nodes) + " nodes, both ways at once"},
                    {"unit", "us | MB/s | MB/s"},
                    {"columns", json::array({"time per MPI_Sendrecv (µs)", "per node, each way (MB/s)",
                                             "aggregate, all nodes (MB/s)"})},
                    {"rows", rows}});
}

void ExchangeRun::append_histograms(nlohmann::ordered_json& histograms) const {
  using json = nlohmann::ordered_json;
  int64_t n = static_cast<int64_t>(scenario().nodes) * scenario().iterations;
  for (const auto& spec : scenario().series)
    histograms.push_back({{"id", "exchange/" + spec.id},
                          {"histogram", json::array({json{{"bytes", scenario().exchange_bytes}, {"count", n}}})}});
}

}  // namespace hpcsim
