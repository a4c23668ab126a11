// The wasm bridge: a few exported C functions (contract in README.md beside this file), after
// Perfetto's wasm_bridge. Bulk trace data leaves as typed-array columns of the session's batch.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "enrolment.h"
#include "nlohmann/json.hpp"
#include "params/parameter.h"
#include "run/session.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define HS_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define HS_EXPORT extern "C"
#endif

namespace {
std::map<uint32_t, std::unique_ptr<hpcsim::Session>>& sessions() {
  static std::map<uint32_t, std::unique_ptr<hpcsim::Session>> s;
  return s;
}
uint32_t next_id = 1;
std::string last_error;
std::string out_text;  // backing store of the last returned string

hpcsim::Session* find(uint32_t id) {
  auto it = sessions().find(id);
  return it == sessions().end() ? nullptr : it->second.get();
}
}  // namespace

namespace {
/// A new session (Session::create's `part`: -1 the whole run): its id, or 0 with last_error set.
uint32_t create_session(const char* scenario_json, int part) {
  std::string err;
  auto s = hpcsim::Session::create(scenario_json ? scenario_json : "", &err, part);
  if (!s) {
    last_error = err;
    return 0;
  }
  uint32_t id = next_id++;
  sessions()[id] = std::move(s);
  return id;
}
}  // namespace

HS_EXPORT uint32_t hs_create(const char* scenario_json) { return create_session(scenario_json, -1); }

/// hs_create for one part of a workload with parts (Session::create's `part`): 0 when refused (hs_last_error).
HS_EXPORT uint32_t hs_create_part(const char* scenario_json, int32_t part) {
  return create_session(scenario_json, part < 0 ? 0 : part);
}

/// How many independent parts the scenario's run has (1: none), or -1 when refused (hs_last_error).
HS_EXPORT int32_t hs_parts(const char* scenario_json) {
  std::string err;
  auto s = hpcsim::Session::create(scenario_json ? scenario_json : "", &err);
  if (!s) {
    last_error = err;
    return -1;
  }
  return static_cast<int32_t>(s->parts());
}

/// A part run's outcome for hs_merge (Session::part_result_json).
HS_EXPORT const char* hs_part_result_json(uint32_t id) {
  hpcsim::Session* s = find(id);
  out_text = s ? s->part_result_json() : "{}";
  return out_text.c_str();
}

/// Frees a finished part run's simulation, keeping what hs_message_json reads (Session::retire).
HS_EXPORT void hs_retire(uint32_t id) {
  if (hpcsim::Session* s = find(id)) s->retire();
}

/// The result JSON of the run whose parts ran apart: `parts_json` is a JSON array of every part's
/// hs_part_result_json, in part order. "" when refused (hs_last_error).
HS_EXPORT const char* hs_merge(const char* scenario_json, const char* parts_json) {
  auto parts = nlohmann::json::parse(parts_json ? parts_json : "", nullptr, false);
  if (parts.is_discarded() || !parts.is_array()) {
    last_error = "merge: not a JSON array of part results";
    out_text.clear();
    return out_text.c_str();
  }
  std::vector<std::string> texts;
  for (const auto& p : parts) texts.push_back(p.dump());
  std::string err;
  out_text = hpcsim::Session::merge(scenario_json ? scenario_json : "", texts, &err);
  if (out_text.empty()) last_error = err;
  return out_text.c_str();
}

HS_EXPORT const char* hs_last_error() { return last_error.c_str(); }

HS_EXPORT int hs_run(uint32_t id, uint32_t event_budget) {
  hpcsim::Session* s = find(id);
  if (!s) {
    last_error = "session: no such session";
    return -1;
  }
  return s->run(event_budget) ? 1 : 0;
}

/// hs_run, but no event later than `horizon_ps` runs: 1 finished, 2 stopped before the first event after the horizon,
/// 0 more to run within it (the budget ran out), -1 no such session. The CLI's --until (Simulator::run_until).
HS_EXPORT int hs_run_until(uint32_t id, uint32_t event_budget, double horizon_ps) {
  hpcsim::Session* s = find(id);
  if (!s) {
    last_error = "session: no such session";
    return -1;
  }
  const hpcsim::Time horizon = hpcsim::ps_saturating(horizon_ps);
  if (s->run_until(horizon, event_budget)) return 1;
  return s->reached_horizon(horizon) ? 2 : 0;
}

HS_EXPORT double hs_now_ps(uint32_t id) {
  hpcsim::Session* s = find(id);
  return s ? static_cast<double>(s->now()) : 0.0;
}

HS_EXPORT double hs_events(uint32_t id) {
  hpcsim::Session* s = find(id);
  return s ? static_cast<double>(s->events()) : 0.0;
}

/// Share of the workload done, 0 to 1, or -1 when the workload cannot tell (or no such session).
HS_EXPORT double hs_fraction_done(uint32_t id) {
  hpcsim::Session* s = find(id);
  return s ? s->fraction_done() : -1.0;
}

HS_EXPORT uint32_t hs_trace_take(uint32_t id, uint32_t max_records) {
  hpcsim::Session* s = find(id);
  return s ? static_cast<uint32_t>(s->take_trace(max_records)) : 0;
}

HS_EXPORT uintptr_t hs_trace_column(uint32_t id, uint32_t column) {
  hpcsim::Session* s = find(id);
  if (!s || s->retired()) return 0;
  const auto& t = s->trace_batch();
  switch (column) {
    case 0: return reinterpret_cast<uintptr_t>(t.batch_t0());
    case 1: return reinterpret_cast<uintptr_t>(t.batch_t1());
    case 2: return reinterpret_cast<uintptr_t>(t.batch_kind());
    case 3: return reinterpret_cast<uintptr_t>(t.batch_component());
    case 4: return reinterpret_cast<uintptr_t>(t.batch_message());
    case 5: return reinterpret_cast<uintptr_t>(t.batch_bytes());
    case 6: return reinterpret_cast<uintptr_t>(t.batch_value());
    case 7: return reinterpret_cast<uintptr_t>(t.batch_cause());
  }
  return 0;
}

HS_EXPORT const char* hs_result_json(uint32_t id) {
  hpcsim::Session* s = find(id);
  out_text = s ? s->result_json() : "{}";
  return out_text.c_str();
}

HS_EXPORT const char* hs_message_json(uint32_t id, uint32_t message) {
  hpcsim::Session* s = find(id);
  out_text = s ? s->message_json(message) : "{}";
  return out_text.c_str();
}

HS_EXPORT const char* hs_topology_json(uint32_t id) {
  hpcsim::Session* s = find(id);
  out_text = s ? s->topology_json() : "{}";
  return out_text.c_str();
}

HS_EXPORT const char* hs_trace_kinds_json() {
  out_text = hpcsim::trace_kinds_json();
  return out_text.c_str();
}

HS_EXPORT const char* hs_parameters_json() {
  hpcsim::enrol_all();  // the catalog's entries register their models' parameter tables
  out_text = hpcsim::parameter_registry_json();
  return out_text.c_str();
}

HS_EXPORT const char* hs_catalog_json() {
  hpcsim::enrol_all();
  out_text = hpcsim::catalog_json(hpcsim::catalog());
  return out_text.c_str();
}

HS_EXPORT void hs_destroy(uint32_t id) { sessions().erase(id); }
