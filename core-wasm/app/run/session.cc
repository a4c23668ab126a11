#include "run/session.h"

#include <algorithm>

#include "catalog/catalog.h"
#include "enrolment.h"
#include "scenario/parse_scenario.h"

namespace hpcsim {

namespace {
constexpr Time kGapBetweenParts = 100 * kUs;  // idle time between two parts in the run's time, for the animation

/// Where part k + 1 starts in the run's time, after part k (its origin, and its clock at its end).
Time next_origin(Time origin, Time end) { return origin + end + kGapBetweenParts; }
}  // namespace

Session::~Session() = default;

std::unique_ptr<Session> Session::create(const std::string& scenario_json, std::string* error, int part) {
  enrol_all();
  std::unique_ptr<Session> s(new Session());
  std::string e = parse_scenario(scenario_json, &s->scenario_);
  if (!e.empty()) {
    *error = e;
    return nullptr;
  }
  const WorkloadEntry* w = catalog().workload(s->scenario_.workload_kind);
  s->part_count_ = w->parts ? std::max<size_t>(1, w->parts(s->scenario_)) : 1;
  if (part >= 0 && (s->part_count_ < 2 || static_cast<size_t>(part) >= s->part_count_)) {
    *error = "part " + std::to_string(part) + ": workload \"" + s->scenario_.workload_kind + "\" of this scenario " +
             (s->part_count_ < 2 ? "runs as one part" : "has " + std::to_string(s->part_count_) + " parts, 0 to " +
                                                            std::to_string(s->part_count_ - 1));
    return nullptr;
  }
  s->only_part_ = part;
  s->start_part(part < 0 ? 0 : static_cast<size_t>(part));
  return s;
}

void Session::start_part(size_t index) {
  auto p = std::make_unique<Part>();
  p->index = index;
  if (only_part_ < 0 && !parts_.empty()) {
    Part& last = part();
    p->origin = next_origin(last.origin, last.sim->now());
    p->events_before = last.events_before + last.sim->events_executed();
    p->messages_before = last.messages_before + last.message_ids;
    p->records_before = last.records_before + static_cast<uint32_t>(last.sim->trace().recorded());
    if (last.sim->trace().pending() > 0)
      ended_traces_.push_back(std::make_unique<TraceBuffer>(std::move(last.sim->trace())));
    retire_part(last);
  }
  // With a per-run limit (trace.max_records_per_run: the trace shared out over the runs), each part keeps at most its
  // share of trace.max_records, state records included, so a long first part (BT-IO's No IO run, whose Elan4 event
  // and queue states are kept beyond the per-run limit) cannot leave the later parts no trace; run alone, a part keeps
  // the same share, so the trace is the same however the parts ran. Without one, the parts fill it in order.
  const bool shared = part_count_ >= 2 && scenario_.trace_max_records_per_run > 0;
  const uint64_t share = shared ? scenario_.trace_max_records / part_count_ : scenario_.trace_max_records;
  const uint64_t left = scenario_.trace_max_records > p->records_before ? scenario_.trace_max_records - p->records_before : 0;
  const uint64_t limit = std::min(share, left);
  p->sim = std::make_unique<Simulator>(static_cast<size_t>(limit));
  p->sim->trace().set_batch_offsets(static_cast<double>(p->origin), p->messages_before, p->records_before);
  p->machine = catalog().fabric(scenario_.fabric)->make_machine(*p->sim, scenario_);
  Part* raw = p.get();
  Session* self = this;
  const bool whole = part_count_ < 2;
  p->run = catalog().workload(scenario_.workload_kind)
               ->make_run(RunContext{*p->sim, *p->machine, scenario_, &p->message_ids,
                                     [raw, self, whole]() {
                                       if (whole) {  // as before parts: the run ends with its workload
                                         self->finished_ = true;
                                         return;
                                       }
                                       raw->workload_done = true;
                                       raw->sim->stop();
                                     },
                                     whole ? -1 : static_cast<int>(index)});
  for (size_t i = 0; i < records_.size(); ++i) p->run->absorb_part(i, records_[i]["result"]);
  p->sim->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->run->start(); });
  parts_.push_back(std::move(p));
  next_part_due_ = false;
}

void Session::retire_part(Part& p) {
  p.end = p.sim->now();
  p.events = p.sim->events_executed();
  p.messages = std::make_unique<MessageCatalog>(std::move(p.sim->messages()));
  p.run.reset();  // its figures are in records_
  p.sim.reset();  // its late events go unrun, as the part ended with its workload
}

void Session::retire() {
  if (only_part_ >= 0 && finished_ && part().sim) retire_part(part());
}

void Session::after_slice() {
  Part& p = part();
  if (part_count_ < 2) {
    if (p.sim->idle()) finished_ = true;
    return;
  }
  if (finished_ || !(p.workload_done || p.sim->idle())) return;
  nlohmann::json record = part_record(p);
  p.run->absorb_part(p.index, record["result"]);
  const bool stalled = record.contains("stalled");
  records_.push_back(std::move(record));
  if (only_part_ < 0 && !stalled && p.index + 1 < part_count_) next_part_due_ = true;
  else finished_ = true;
}

nlohmann::json Session::part_record(const Part& p) const {
  nlohmann::json r{{"scenario", scenario_.id},
                   {"part", p.index},
                   {"parts", part_count_},
                   {"fingerprint", p.sim->fingerprint().hex()},
                   {"events", p.sim->events_executed()},
                   {"end_ps", p.sim->now()},
                   {"messages", p.message_ids},
                   {"records", p.sim->trace().recorded()},
                   {"gap_ps", kGapBetweenParts},
                   {"result", p.run->part_result()}};
  if (!p.workload_done) {  // idle before its end: a protocol deadlock
    std::string where = p.run->stalled();
    r["stalled"] = where.empty() ? "part " + std::to_string(p.index) + " stopped before its end" : where;
  }
  return r;
}

bool Session::run(uint64_t event_budget) {
  if (finished_ || retired()) return true;
  if (next_part_due_) start_part(part().index + 1);
  part().sim->run(event_budget);
  after_slice();
  return finished_;
}

bool Session::run_until(Time horizon, uint64_t event_budget) {
  if (finished_) return true;
  if (part_count_ < 2) {
    if (part().sim->run_until(horizon, event_budget)) finished_ = true;
    return finished_;
  }
  if (next_part_due_) {
    if (next_origin(part().origin, part().sim->now()) > horizon) return false;
    start_part(part().index + 1);
  }
  const Part& p = part();
  if (horizon >= p.origin) part().sim->run_until(horizon - p.origin, event_budget);
  after_slice();
  return finished_;
}

bool Session::reached_horizon(Time horizon) const {
  if (finished_) return false;
  const Part& p = part();
  if (next_part_due_) return next_origin(p.origin, p.sim->now()) > horizon;
  return p.origin + p.sim->next_time() > horizon;
}

double Session::fraction_done() const {
  if (finished_) return 1.0;
  const double f = part().run->fraction_done();
  if (part_count_ < 2 || only_part_ >= 0 || f < 0) return f;
  return std::min(1.0, (static_cast<double>(part().index) + f) / static_cast<double>(part_count_));
}

size_t Session::take_trace(size_t n) {
  while (!ended_traces_.empty() && ended_traces_.front()->pending() == 0) ended_traces_.pop_front();
  TraceBuffer* t = !ended_traces_.empty() ? ended_traces_.front().get() : part().sim ? &part().sim->trace() : nullptr;
  if (!t) return 0;
  batch_ = t;
  return t->take(n);
}

Time Session::now() const { return part().origin + (part().sim ? part().sim->now() : part().end); }

uint64_t Session::events() const {
  return part().events_before + (part().sim ? part().sim->events_executed() : part().events);
}

std::string Session::message_json(uint32_t message) const {
  for (auto it = parts_.rbegin(); it != parts_.rend(); ++it) {
    const Part& p = **it;
    if (message <= p.messages_before) continue;
    std::string local = (p.messages ? *p.messages : p.sim->messages()).json(message - p.messages_before);
    if (p.messages_before == 0 || local == "{}") return local;
    auto j = nlohmann::ordered_json::parse(local);
    j["message"] = message;
    return j.dump();
  }
  return "{}";
}

std::string Session::topology_json() const {
  if (retired()) return "{}";
  nlohmann::json t = part().machine->topology();
  part().run->annotate_topology(t);
  return t.dump();
}

std::string Session::part_result_json() const {
  return records_.empty() ? part_record(part()).dump() : records_.back().dump();
}

std::string Session::result_json() {
  using json = nlohmann::ordered_json;
  if (retired()) return "{}";  // a retired part run: its part_result_json() is what it gives
  WorkloadRun& run = *part().run;
  json series = json::array(), tables = json::array(), histograms = json::array();
  // The parts up to the first that stalled: a whole run stops there, so a merge of parts that ran on reads no further.
  size_t usable = 0;
  while (usable < records_.size() && !(usable > 0 && records_[usable - 1].contains("stalled"))) ++usable;
  for (size_t i = 0; i < usable; ++i) run.absorb_part(records_[i]["part"].get<size_t>(), records_[i]["result"]);
  run.append_series(series);
  if (series.empty())  // workloads without latency curves list their series with no points
    for (const auto& s : scenario_.series)
      series.push_back({{"id", s.id}, {"label", s.label}, {"points", json::array()}});
  run.append_tables(tables);
  run.append_histograms(histograms);
  std::string fingerprint = part().sim->fingerprint().hex(), stalled;
  uint64_t events = this->events();
  double sim_time_us = ps_to_us(now());
  if (part_count_ > 1) {
    // The parts' fingerprints and event counts in order; a part still running (a bounded run) as it stands.
    Fingerprint f;
    std::vector<json> all(records_.begin(), records_.begin() + static_cast<std::ptrdiff_t>(usable));
    if (!finished_ && !next_part_due_) all.push_back(part_record(part()));
    events = 0;
    Time origin = 0, end = 0;
    for (size_t i = 0; i < all.size(); ++i) {
      f.add_word(std::stoull(all[i]["fingerprint"].get<std::string>(), nullptr, 16));
      f.add_word(all[i]["events"].get<uint64_t>());
      events += all[i]["events"].get<uint64_t>();
      if (i > 0) origin = next_origin(origin, end);
      end = all[i]["end_ps"].get<Time>();
      if (stalled.empty() && all[i].contains("stalled") && i < usable) stalled = all[i]["stalled"];
    }
    fingerprint = f.hex();
    sim_time_us = ps_to_us(origin + end);
  }
  json out{{"scenario", scenario_.id},
           {"fingerprint", fingerprint},
           {"events", events},
           {"sim_time_us", sim_time_us},
           {"series", series},
           {"tables", tables},
           {"message_histograms", histograms}};
  // A workload that stopped before its end (a protocol deadlock) says where, rather than giving partial tables.
  if (part_count_ < 2) stalled = run.stalled();
  if (!stalled.empty()) out["stalled"] = stalled;
  return out.dump();
}

std::string Session::merge(const std::string& scenario_json, const std::vector<std::string>& parts,
                           std::string* error) {
  std::unique_ptr<Session> s = create(scenario_json, error);
  if (!s) return "";
  // Every part, or the parts up to one that stalled (the whole run stops there too).
  auto stalled = [](const std::string& text) {
    auto r = nlohmann::json::parse(text, nullptr, false);
    return r.is_object() && r.contains("stalled");
  };
  if (parts.size() > s->part_count_ || (parts.size() < s->part_count_ && (parts.empty() || !stalled(parts.back())))) {
    *error = "merge: this scenario has " + std::to_string(s->part_count_) + " parts, got " +
             std::to_string(parts.size()) + " part results";
    return "";
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    auto r = nlohmann::json::parse(parts[i], nullptr, false);
    const std::string where = "merge: part result " + std::to_string(i);
    if (r.is_discarded() || !r.is_object()) {
      *error = where + " is not JSON";
      return "";
    }
    if (r.value("scenario", std::string()) != s->scenario_.id || r.value("part", static_cast<size_t>(-1)) != i ||
        r.value("parts", size_t{0}) != s->part_count_ || !r.contains("fingerprint") || !r["fingerprint"].is_string() ||
        !r.contains("events") || !r["events"].is_number_unsigned() || !r.contains("end_ps") ||
        !r["end_ps"].is_number_integer() || !r.contains("result") || !r["result"].is_object()) {
      *error = where + " is not part " + std::to_string(i) + " of " + std::to_string(s->part_count_) +
               " of scenario \"" + s->scenario_.id + "\" (hpcsim-native --part " + std::to_string(i) + ")";
      return "";
    }
    s->records_.push_back(std::move(r));
  }
  s->finished_ = true;
  return s->result_json();
}

}  // namespace hpcsim
