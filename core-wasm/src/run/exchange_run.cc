#include "run/exchange_run.h"

#include "workload/exchange.h"

namespace hpcsim {

namespace {
constexpr Time kGapBetweenRuns = 20 * kUs;  // idle time between two series, for the animation
}

ExchangeRun::ExchangeRun(Simulator& sim, Cluster* qsnet, SciCluster* sci, EthernetCluster* ethernet,
                         const Scenario& scenario, uint32_t* message_ids, std::function<void()> finished)
    : sim_(sim), qsnet_(qsnet), sci_(sci), eth_(ethernet), scenario_(scenario), ids_(message_ids),
      finished_(std::move(finished)), call_us_(scenario.series.size(), -1.0) {}

ExchangeRun::~ExchangeRun() = default;

void ExchangeRun::start_series(size_t s) {
  if (s >= scenario_.series.size()) {
    done_ = true;
    if (finished_) finished_();
    return;
  }
  sim_.trace().begin_segment(static_cast<size_t>(scenario_.trace_max_records_per_run));
  auto series = static_cast<int32_t>(s);
  MpiLayer l = make_mpi_layer(scenario_.series[s], series, sim_, qsnet_, sci_, eth_, scenario_.parameters, ids_);
  layers_.push_back(std::move(l.endpoint));
  size_t index = runs_.size();
  runs_.push_back(std::make_unique<NpbRun>(
      sim_, l.host, layers_.back().get(),
      exchange_programs(scenario_.nodes, scenario_.exchange_bytes, scenario_.iterations), 0.0, series, ids_,
      [this, s, index]() {
        call_us_[s] = ps_to_us(runs_[index]->elapsed_ps()) / scenario_.iterations;
        sim_.after(kGapBetweenRuns, 0, EventKind::kWorkloadStep, 0, [this, s]() { start_series(s + 1); });
      }));
  runs_.back()->start();
}

std::string ExchangeRun::stalled() const {
  if (done_ || runs_.empty() || !sim_.idle()) return "";
  return "MPI_Sendrecv exchange on " + scenario_.series[runs_.size() - 1].id + " stopped before its end:\n" +
         runs_.back()->where();
}

void ExchangeRun::append_tables(nlohmann::ordered_json& tables) const {
  using json = nlohmann::ordered_json;
  auto value = [](double v) { return v < 0 ? json(nullptr) : json(v); };
  auto bytes = static_cast<double>(scenario_.exchange_bytes);
  json rows = json::array();
  for (size_t s = 0; s < scenario_.series.size(); ++s) {
    double us = call_us(s);
    double node = us > 0 ? bytes / us : -1;  // B/µs = MB/s
    double all = us > 0 ? scenario_.nodes * bytes / us : -1;
    rows.push_back({{"label", scenario_.series[s].label}, {"values", json::array({value(us), value(node), value(all)})}});
  }
  tables.push_back({{"id", "exchange"},
                    {"label", "MPI_Sendrecv of " + std::to_string(scenario_.exchange_bytes) +
                                  " B between node i and node i + " + std::to_string(scenario_.nodes / 2) + " on " +
                                  std::to_string(scenario_.nodes) + " nodes, both ways at once"},
                    {"unit", "us | MB/s | MB/s"},
                    {"columns", json::array({"time per MPI_Sendrecv (µs)", "per node, each way (MB/s)",
                                             "aggregate, all nodes (MB/s)"})},
                    {"rows", rows}});
}

void ExchangeRun::append_histograms(nlohmann::ordered_json& histograms) const {
  using json = nlohmann::ordered_json;
  int64_t n = static_cast<int64_t>(scenario_.nodes) * scenario_.iterations;
  for (const auto& spec : scenario_.series)
    histograms.push_back({{"id", "exchange/" + spec.id},
                          {"histogram", json::array({json{{"bytes", scenario_.exchange_bytes}, {"count", n}}})}});
}

}  // namespace hpcsim
