#include "run/session.h"

#include <map>

#include "hw/nic_thread_step.h"
#include "nlohmann/json.hpp"
#include "portals/qsnet/portals_qsnet.h"
#include "tports/tports_qsnet.h"

namespace hpcsim {

namespace {
constexpr Time kGapBetweenRuns = 20 * kUs;  // idle time between two ping-pong runs, for the animation
const ThreadStep kTable2Rows[] = {ThreadStep::kTakeLock,      ThreadStep::kInspectHeader,
                                  ThreadStep::kMatch,         ThreadStep::kHousekeeping,
                                  ThreadStep::kWriteCompletionEvent, ThreadStep::kUnlinkMatchedBuffer,
                                  ThreadStep::kDropLock};
}  // namespace

Session::~Session() = default;

std::unique_ptr<Session> Session::create(const std::string& scenario_json, std::string* error) {
  std::unique_ptr<Session> s(new Session());
  std::string e = parse_scenario(scenario_json, &s->scenario_);
  if (!e.empty()) {
    *error = e;
    return nullptr;
  }
  s->sim_ = std::make_unique<Simulator>(static_cast<size_t>(s->scenario_.trace_max_records));
  s->cluster_ = std::make_unique<Cluster>(*s->sim_, s->scenario_.parameters, s->scenario_.nodes);
  for (size_t i = 0; i < s->scenario_.series.size(); ++i)
    for (size_t k = 0; k < s->scenario_.sizes_bytes.size(); ++k) s->jobs_.push_back(Job{i, k});
  s->results_.assign(s->scenario_.series.size(),
                     std::vector<PingPongResult>(s->scenario_.sizes_bytes.size()));
  s->thread_tables_.assign(s->scenario_.series.size(), ThreadTable{});
  Session* raw = s.get();
  s->sim_->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->start_job(0); });
  return s;
}

void Session::start_job(size_t j) {
  if (j >= jobs_.size()) {
    finished_ = true;
    return;
  }
  const Job job = jobs_[j];
  const SeriesSpec& spec = scenario_.series[job.series];
  uint32_t bytes = scenario_.sizes_bytes[job.size_index];
  const ParameterSet& p = scenario_.parameters;
  int32_t series = static_cast<int32_t>(job.series);
  // Earlier endpoints stay alive: late events of a finished run (a final done word) may still reach them.
  if (endpoint_) retired_endpoints_.push_back(std::move(endpoint_));
  if (pingpong_) retired_pingpongs_.push_back(std::move(pingpong_));
  if (spec.protocol == "tports")
    endpoint_ = std::make_unique<TportsQsnet>(*sim_, *cluster_, p, &message_ids_, series);
  else
    endpoint_ = std::make_unique<PortalsQsnet>(*sim_, *cluster_, p,
                                               spec.operation == "get" ? PortalsQsnet::Op::kGet
                                                                       : PortalsQsnet::Op::kPut,
                                               &message_ids_, series);
  Elan3Nic& target_nic = cluster_->nic(scenario_.target);
  // The measured pair, plus (half-shift pairing) every other pair i <-> i + N/2 running at the same time.
  std::vector<std::pair<int, int>> pairs{{scenario_.initiator, scenario_.target}};
  if (scenario_.half_shift)
    for (int i = 0; i < cluster_->size() / 2; ++i)
      if (i != scenario_.initiator) pairs.push_back({i, i + cluster_->size() / 2});
  auto remaining = std::make_shared<size_t>(pairs.size());
  auto one_done = [this, j, remaining]() {
    if (--*remaining == 0)
      sim_->after(kGapBetweenRuns, 0, EventKind::kWorkloadStep, 0, [this, j]() { start_job(j + 1); });
  };
  pingpong_ = std::make_unique<PingPong>(
      *sim_, *cluster_, *endpoint_, scenario_.initiator, scenario_.target, bytes, scenario_.warmup_iterations,
      scenario_.iterations, [&target_nic]() { target_nic.reset_step_stats(); },
      [this, job, bytes, &target_nic, one_done]() {
        results_[job.series][job.size_index] = pingpong_->result();
        if (bytes == 0 && target_nic.items_done() > 0) {
          ThreadTable& t = thread_tables_[job.series];
          t.present = true;
          t.step_us.assign(16, 0.0);
          for (int32_t s = 0; s < 16; ++s)
            t.step_us[static_cast<size_t>(s)] = ps_to_us(target_nic.step_ps(s)) / target_nic.items_done();
        }
        one_done();
      });
  pingpong_->start();
  for (size_t k = 1; k < pairs.size(); ++k) {
    background_.push_back(std::make_unique<PingPong>(*sim_, *cluster_, *endpoint_, pairs[k].first, pairs[k].second,
                                                     bytes, scenario_.warmup_iterations, scenario_.iterations,
                                                     nullptr, one_done));
    background_.back()->start();
  }
}

bool Session::run(uint64_t event_budget) {
  if (finished_) return true;
  sim_->run(event_budget);
  if (sim_->idle()) finished_ = true;
  return finished_;
}

std::string Session::result_json() const {
  using json = nlohmann::ordered_json;
  json series = json::array();
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    json points = json::array();
    for (const auto& r : results_[i])
      points.push_back({{"bytes", r.bytes}, {"latency_us", r.one_way_latency_us()}, {"bandwidth_MBps", r.bandwidth_MBps()}});
    series.push_back({{"id", scenario_.series[i].id}, {"label", scenario_.series[i].label}, {"points", points}});
  }
  // Breakdown tables: one column per protocol, from its first series, for the 0-byte message.
  size_t zero = scenario_.sizes_bytes.size();
  for (size_t k = 0; k < scenario_.sizes_bytes.size(); ++k)
    if (scenario_.sizes_bytes[k] == 0) zero = k;
  std::vector<size_t> columns;
  std::vector<std::string> names;
  std::map<std::string, bool> seen;
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    const std::string& proto = scenario_.series[i].protocol;
    bool eligible = scenario_.series[i].operation != "get";
    if (!eligible || seen[proto]) continue;
    seen[proto] = true;
    columns.push_back(i);
    names.push_back(proto == "portals" ? "Portals" : "Tports");
  }
  json tables = json::array();
  if (zero < scenario_.sizes_bytes.size() && !columns.empty()) {
    json rows = json::array();
    std::vector<double> total(columns.size(), 0.0);
    for (int op = 1; op <= 4; ++op) {
      json values = json::array();
      for (size_t c = 0; c < columns.size(); ++c) {
        const PingPongResult& r = results_[columns[c]][zero];
        double n = r.iterations_ps.empty() ? 1.0 : static_cast<double>(r.iterations_ps.size());
        double us = ps_to_us(r.initiator_step_ps[static_cast<size_t>(op)]) / n;
        total[c] += us;
        values.push_back(us);
      }
      rows.push_back({{"label", host_op_label(static_cast<HostOp>(op))}, {"values", values}});
    }
    rows.push_back({{"label", "Total"}, {"values", total}});
    tables.push_back({{"id", "initiator-breakdown"},
                      {"label", "Ping-pong timing for initiator, 0-byte messages (seed 002 Table 1)"},
                      {"unit", "us"},
                      {"columns", names},
                      {"rows", rows}});
    json trows = json::array();
    std::vector<double> ttotal(columns.size(), 0.0);
    for (ThreadStep s : kTable2Rows) {
      json values = json::array();
      for (size_t c = 0; c < columns.size(); ++c) {
        const ThreadTable& t = thread_tables_[columns[c]];
        double us = t.present ? t.step_us[static_cast<size_t>(s)] : 0.0;
        ttotal[c] += us;
        values.push_back(us);
      }
      trows.push_back({{"label", thread_step_label(static_cast<int32_t>(s))}, {"values", values}});
    }
    trows.push_back({{"label", "Total"}, {"values", ttotal}});
    tables.push_back({{"id", "nic-thread-breakdown"},
                      {"label", "NIC thread timing for an arriving 0-byte message (seed 002 Table 2)"},
                      {"unit", "us"},
                      {"columns", names},
                      {"rows", trows}});
  }
  return json{{"scenario", scenario_.id},
              {"fingerprint", sim_->fingerprint().hex()},
              {"events", sim_->events_executed()},
              {"sim_time_us", ps_to_us(sim_->now())},
              {"series", series},
              {"tables", tables}}
      .dump();
}

}  // namespace hpcsim
