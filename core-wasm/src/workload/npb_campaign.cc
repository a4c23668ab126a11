#include "workload/npb_campaign.h"

#include <algorithm>
#include <map>

#include "catalog/catalog.h"
#include "workload/result_table.h"

namespace hpcsim {

namespace {
constexpr Time kGapBetweenRuns = 100 * kUs;  // idle time between two runs, for the animation

npb::Benchmark benchmark_of(const std::string& b) {
  return b == "LU" ? npb::Benchmark::LU : b == "MG" ? npb::Benchmark::MG : b == "CG" ? npb::Benchmark::CG
       : b == "EP" ? npb::Benchmark::EP : npb::Benchmark::BT;
}
npb::NpbClass class_of(const std::string& c) {
  return c == "S" ? npb::NpbClass::S : c == "W" ? npb::NpbClass::W : c == "A" ? npb::NpbClass::A : npb::NpbClass::B;
}
}  // namespace

NpbCampaign::NpbCampaign(const RunContext& ctx)
    : sim_(ctx.sim), machine_(ctx.machine), scenario_(ctx.scenario), spec_(ctx.scenario.workload_as<NpbSpec>()),
      ids_(ctx.message_ids), finished_(ctx.finished), part_(ctx.part) {
  for (size_t r = 0; r < spec_.runs.size(); ++r) {
    jobs_.push_back(Job{r, -1});
    for (size_t s = 0; s < scenario_.series.size(); ++s) jobs_.push_back(Job{r, static_cast<int>(s)});
  }
  seconds_.assign(spec_.runs.size(), std::vector<double>(scenario_.series.size() + 1, -1.0));
}

NpbCampaign::~NpbCampaign() = default;

std::vector<npb::RankProgram> NpbCampaign::programs(size_t run, int processes) const {
  const NpbRunSpec& spec = spec_.runs[run];
  std::vector<npb::RankProgram> p;
  npb::build_program(benchmark_of(spec.benchmark), class_of(spec.npb_class), processes, &p);  // checked by the parser
  // The timed region only (NPB starts its timer after a barrier): setup, warm-up and verification are not run.
  for (auto& rank : p) {
    std::vector<npb::Op> timed;
    for (const auto& op : rank.ops)
      if (op.phase == npb::Phase::Timed) timed.push_back(op);
    rank.ops = std::move(timed);
  }
  npb::lower_collectives(&p);
  return p;
}

double NpbCampaign::cycles_per_flop(size_t run) const {
  const std::string& b = spec_.runs[run].benchmark;
  const ParameterSet& p = scenario_.parameters;
  // BT's loops are LU's kind (5x5 block solves over a 3-D grid): it takes LU's figure.
  return b == "MG" ? p.get("npb.mg_cycles_per_flop") : b == "CG" ? p.get("npb.cg_cycles_per_flop")
         : b == "EP" ? p.get("npb.ep_cycles_per_flop") : p.get("npb.lu_cycles_per_flop");
}

void NpbCampaign::start_job(size_t j) {
  if (j >= jobs_.size()) {
    done_ = true;
    if (finished_) finished_();
    return;
  }
  const Job job = jobs_[j];
  sim_.trace().begin_segment(static_cast<size_t>(scenario_.trace_max_records_per_run));
  int processes = job.series < 0 ? 1 : spec_.processes;
  MpiEndpoint* mpi = nullptr;
  Network* primary = &machine_.primary();
  std::function<Host&(int)> host = [primary](int node) -> Host& { return primary->host(node); };
  if (job.series >= 0) {
    const SeriesSpec& series = scenario_.series[static_cast<size_t>(job.series)];
    MpiLayer l = catalog().protocol(series.protocol)->make_mpi_layer(
        EndpointContext{sim_, machine_, scenario_.parameters, series, job.series, ids_, {}});
    layers_.push_back(std::move(l.endpoint));
    mpi = layers_.back().get();
    host = l.host;  // the MPI process runs on the host its layer uses (the Fast Ethernet's for m-via and tcp)
  }
  size_t index = runs_.size();
  runs_.push_back(std::make_unique<NpbRun>(
      sim_, host, mpi, programs(job.run, processes),
      cycles_per_flop(job.run), job.series < 0 ? 0 : job.series, ids_, [this, j, job, index]() {
        seconds_[job.run][static_cast<size_t>(job.series + 1)] = static_cast<double>(runs_[index]->elapsed_ps()) / 1e12;
        if (part_ >= 0) {  // a part run: this job is all of it
          done_ = true;
          if (finished_) finished_();
          return;
        }
        sim_.after(kGapBetweenRuns, 0, EventKind::kWorkloadStep, 0, [this, j]() { start_job(j + 1); });
      }));
  runs_.back()->start();
}

std::string NpbCampaign::stalled() const {
  if (done_ || runs_.empty() || !sim_.idle()) return "";
  const Job& job = jobs_[part_ >= 0 ? static_cast<size_t>(part_) : runs_.size() - 1];
  const NpbRunSpec& spec = spec_.runs[job.run];
  return spec.benchmark + "." + spec.npb_class + " on " +
         (job.series < 0 ? std::string("1 process") : scenario_.series[static_cast<size_t>(job.series)].id) +
         " stopped before its end:\n" + runs_.back()->where();
}

double NpbCampaign::seconds(size_t run, int series) const {
  if (run >= seconds_.size() || series + 1 < 0 || static_cast<size_t>(series + 1) >= seconds_[run].size()) return -1;
  return seconds_[run][static_cast<size_t>(series + 1)];
}

void NpbCampaign::append_tables(nlohmann::ordered_json& tables) const {
  using json = nlohmann::ordered_json;
  auto value = [](double v) { return v < 0 ? json(nullptr) : json(v); };
  json exec_cols = json::array({"1 process"}), speed_cols = json::array();
  for (const auto& s : scenario_.series) {
    exec_cols.push_back(s.label);
    speed_cols.push_back(s.label);
  }
  json exec_rows = json::array(), speed_rows = json::array();
  std::vector<double> sum(scenario_.series.size(), 0.0);
  std::vector<int> count(scenario_.series.size(), 0);
  for (size_t r = 0; r < spec_.runs.size(); ++r) {
    json ev = json::array(), sv = json::array();
    double one = seconds(r, -1);
    ev.push_back(value(one));
    for (size_t s = 0; s < scenario_.series.size(); ++s) {
      double t = seconds(r, static_cast<int>(s));
      ev.push_back(value(t));
      double speedup = one > 0 && t > 0 ? one / t : -1;
      sv.push_back(value(speedup));
      if (speedup > 0) {
        sum[s] += speedup;
        ++count[s];
      }
    }
    std::string label = spec_.runs[r].benchmark;
    exec_rows.push_back(table_row(label, std::move(ev)));
    speed_rows.push_back(table_row(label, std::move(sv)));
  }
  json avg = json::array();
  for (size_t s = 0; s < scenario_.series.size(); ++s) avg.push_back(value(count[s] ? sum[s] / count[s] : -1));
  speed_rows.push_back(table_row("Average", std::move(avg)));
  std::string p = std::to_string(spec_.processes);
  tables.push_back(result_table("npb-execution",
                                "NAS Parallel Benchmarks 2.3: execution time of the timed region on " + p +
                                    " nodes (seed 003 \"Execution Time of NPB\")",
                                "s", std::move(exec_cols), std::move(exec_rows)));
  tables.push_back(result_table("npb-speedup",
                                "NAS Parallel Benchmarks 2.3: speed-up on " + p + " nodes over 1 process (seed 003)",
                                "x", std::move(speed_cols), std::move(speed_rows)));
}

void NpbCampaign::append_histograms(nlohmann::ordered_json& histograms) const {
  using json = nlohmann::ordered_json;
  for (size_t r = 0; r < spec_.runs.size(); ++r) {
    const NpbRunSpec& spec = spec_.runs[r];
    std::string name = spec.benchmark + "." + spec.npb_class;
    for (int s = -1; s < static_cast<int>(scenario_.series.size()); ++s) {
      auto p = programs(r, s < 0 ? 1 : spec_.processes);
      json h = json::array();
      for (const auto& [bytes, n] : npb::histogram(p)) h.push_back({{"bytes", bytes}, {"count", n}});
      histograms.push_back({{"id", name + "/" + (s < 0 ? std::string("1-process") : scenario_.series[static_cast<size_t>(s)].id)},
                            {"histogram", h}});
    }
  }
}

size_t npb_parts(const Scenario& scenario) {
  return scenario.workload_as<NpbSpec>().runs.size() * (scenario.series.size() + 1);
}

nlohmann::json NpbCampaign::part_result() const {
  const Job& job = jobs_[static_cast<size_t>(std::max(part_, 0))];
  return {{"seconds", seconds(job.run, job.series)}};
}

void NpbCampaign::absorb_part(size_t part, const nlohmann::json& result) {
  if (part >= jobs_.size()) return;
  const Job& job = jobs_[part];
  seconds_[job.run][static_cast<size_t>(job.series + 1)] = result.value("seconds", -1.0);
}

double NpbCampaign::fraction_done() const {
  if (jobs_.empty()) return 1.0;
  if (runs_.empty()) return 0.0;
  if (part_ >= 0) return runs_.back()->fraction_done();
  double current = runs_.back() ? runs_.back()->fraction_done() : 0.0;
  return std::min(1.0, (static_cast<double>(runs_.size() - 1) + current) / static_cast<double>(jobs_.size()));
}

}  // namespace hpcsim
