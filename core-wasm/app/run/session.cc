#include "run/session.h"

#include "catalog/catalog.h"
#include "enrolment.h"
#include "nlohmann/json.hpp"
#include "scenario/parse_scenario.h"

namespace hpcsim {

Session::~Session() = default;

std::unique_ptr<Session> Session::create(const std::string& scenario_json, std::string* error) {
  enrol_all();
  std::unique_ptr<Session> s(new Session());
  std::string e = parse_scenario(scenario_json, &s->scenario_);
  if (!e.empty()) {
    *error = e;
    return nullptr;
  }
  s->sim_ = std::make_unique<Simulator>(static_cast<size_t>(s->scenario_.trace_max_records));
  s->machine_ = catalog().fabric(s->scenario_.fabric)->make_machine(*s->sim_, s->scenario_);
  Session* raw = s.get();
  s->run_ = catalog().workload(s->scenario_.workload_kind)
                ->make_run(RunContext{*s->sim_, *s->machine_, s->scenario_, &s->message_ids_,
                                      [raw]() { raw->finished_ = true; }});
  s->sim_->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->run_->start(); });
  return s;
}

bool Session::run(uint64_t event_budget) {
  if (finished_) return true;
  sim_->run(event_budget);
  if (sim_->idle()) finished_ = true;
  return finished_;
}

bool Session::run_until(Time horizon, uint64_t event_budget) {
  if (finished_) return true;
  if (sim_->run_until(horizon, event_budget)) finished_ = true;
  return finished_;
}

std::string Session::topology_json() const {
  nlohmann::json t = machine_->topology();
  run_->annotate_topology(t);
  return t.dump();
}

std::string Session::result_json() const {
  using json = nlohmann::ordered_json;
  json series = json::array(), tables = json::array(), histograms = json::array();
  run_->append_series(series);
  if (series.empty())  // workloads without latency curves list their series with no points
    for (const auto& s : scenario_.series)
      series.push_back({{"id", s.id}, {"label", s.label}, {"points", json::array()}});
  run_->append_tables(tables);
  run_->append_histograms(histograms);
  json out{{"scenario", scenario_.id},
           {"fingerprint", sim_->fingerprint().hex()},
           {"events", sim_->events_executed()},
           {"sim_time_us", ps_to_us(sim_->now())},
           {"series", series},
           {"tables", tables},
           {"message_histograms", histograms}};
  // A workload that stopped before its end (a protocol deadlock) says where, rather than giving partial tables.
  std::string stalled = run_->stalled();
  if (!stalled.empty()) out["stalled"] = stalled;
  return out.dump();
}

}  // namespace hpcsim
