#include "workload/mpi_job_series.h"

#include "catalog/catalog.h"
#include "scenario/json_fields.h"

namespace hpcsim {

namespace {
constexpr Time kGapBetweenSeries = 20 * kUs;  // idle time between two series, for the animation
}

std::string parse_mpi_job_fields(const nlohmann::json& w, MpiJobSpec* out) {
  std::string err;
  int64_t bytes = 0, iterations = 1;
  if (!fields::read_int(w, "bytes", "workload.bytes", true, 0, 16777216, &bytes, &err)) return err;
  if (!fields::read_int(w, "iterations", "workload.iterations", false, 1, 100, &iterations, &err)) return err;
  out->bytes = bytes;
  out->iterations = static_cast<int>(iterations);
  return "";
}

MpiJobSeries::MpiJobSeries(const RunContext& ctx, Programs programs, std::string call)
    : sim_(ctx.sim), machine_(ctx.machine), scenario_(ctx.scenario), ids_(ctx.message_ids),
      programs_(std::move(programs)), call_(std::move(call)), finished_(ctx.finished), part_(ctx.part),
      call_us_(ctx.scenario.series.size(), -1.0) {}

size_t mpi_job_parts(const Scenario& scenario) { return scenario.series.size(); }

MpiJobSeries::~MpiJobSeries() = default;

void MpiJobSeries::start_series(size_t s) {
  if (s >= scenario_.series.size()) {
    done_ = true;
    if (finished_) finished_();
    return;
  }
  sim_.trace().begin_segment(static_cast<size_t>(scenario_.trace_max_records_per_run));
  auto series = static_cast<int32_t>(s);
  const SeriesSpec& spec = scenario_.series[s];
  MpiLayer l = catalog().protocol(spec.protocol)->make_mpi_layer(
      EndpointContext{sim_, machine_, scenario_.parameters, spec, series, ids_, {}});
  layers_.push_back(std::move(l.endpoint));
  size_t index = runs_.size();
  runs_.push_back(std::make_unique<NpbRun>(
      sim_, l.host, layers_.back().get(), programs_(), 0.0, series, ids_, [this, s, index]() {
        call_us_[s] = ps_to_us(runs_[index]->elapsed_ps()) / job().iterations;
        if (part_ >= 0) {  // a part run: this series is all of it
          done_ = true;
          if (finished_) finished_();
          return;
        }
        sim_.after(kGapBetweenSeries, 0, EventKind::kWorkloadStep, 0, [this, s]() { start_series(s + 1); });
      }));
  runs_.back()->start();
}

std::string MpiJobSeries::stalled() const {
  if (done_ || runs_.empty() || !sim_.idle()) return "";
  return call_ + " on " + scenario_.series[part_ >= 0 ? static_cast<size_t>(part_) : runs_.size() - 1].id +
         " stopped before its end:\n" +
         runs_.back()->where();
}

double MpiJobSeries::fraction_done() const {
  if (done_ || scenario_.series.empty()) return 1.0;
  if (runs_.empty()) return 0.0;
  if (part_ >= 0) return runs_.back()->fraction_done();
  return (static_cast<double>(runs_.size() - 1) + runs_.back()->fraction_done()) /
         static_cast<double>(scenario_.series.size());
}

}  // namespace hpcsim
