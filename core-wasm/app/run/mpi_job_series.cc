#include "run/mpi_job_series.h"

namespace hpcsim {

namespace {
constexpr Time kGapBetweenRuns = 20 * kUs;  // idle time between two series, for the animation
}

MpiJobSeries::MpiJobSeries(Simulator& sim, Cluster* qsnet, SciCluster* sci, EthernetCluster* ethernet,
                           const Scenario& scenario, uint32_t* message_ids, Programs programs, std::string call,
                           std::function<void()> finished)
    : sim_(sim), qsnet_(qsnet), sci_(sci), eth_(ethernet), scenario_(scenario), ids_(message_ids),
      programs_(std::move(programs)), call_(std::move(call)), finished_(std::move(finished)),
      call_us_(scenario.series.size(), -1.0) {}

MpiJobSeries::~MpiJobSeries() = default;

void MpiJobSeries::start_series(size_t s) {
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
      sim_, l.host, layers_.back().get(), programs_(), 0.0, series, ids_, [this, s, index]() {
        call_us_[s] = ps_to_us(runs_[index]->elapsed_ps()) / scenario_.iterations;
        sim_.after(kGapBetweenRuns, 0, EventKind::kWorkloadStep, 0, [this, s]() { start_series(s + 1); });
      }));
  runs_.back()->start();
}

std::string MpiJobSeries::stalled() const {
  if (done_ || runs_.empty() || !sim_.idle()) return "";
  return call_ + " on " + scenario_.series[runs_.size() - 1].id + " stopped before its end:\n" +
         runs_.back()->where();
}

}  // namespace hpcsim
