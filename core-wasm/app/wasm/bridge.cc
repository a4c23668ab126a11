// The wasm bridge: a few exported C functions (contract in README.md beside this file), after
// Perfetto's wasm_bridge. Bulk trace data leaves as typed-array columns of the session's batch.
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "nlohmann/json.hpp"
#include "hw/nic_thread_step.h"
#include "params/parameter.h"
#include "workload/pingpong_endpoint.h"
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

HS_EXPORT uint32_t hs_create(const char* scenario_json) {
  std::string err;
  auto s = hpcsim::Session::create(scenario_json ? scenario_json : "", &err);
  if (!s) {
    last_error = err;
    return 0;
  }
  uint32_t id = next_id++;
  sessions()[id] = std::move(s);
  return id;
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

HS_EXPORT double hs_now_ps(uint32_t id) {
  hpcsim::Session* s = find(id);
  return s ? static_cast<double>(s->sim().now()) : 0.0;
}

HS_EXPORT double hs_events(uint32_t id) {
  hpcsim::Session* s = find(id);
  return s ? static_cast<double>(s->sim().events_executed()) : 0.0;
}

HS_EXPORT uint32_t hs_trace_take(uint32_t id, uint32_t max_records) {
  hpcsim::Session* s = find(id);
  return s ? static_cast<uint32_t>(s->sim().trace().take(max_records)) : 0;
}

HS_EXPORT uintptr_t hs_trace_column(uint32_t id, uint32_t column) {
  hpcsim::Session* s = find(id);
  if (!s) return 0;
  auto& t = s->sim().trace();
  switch (column) {
    case 0: return reinterpret_cast<uintptr_t>(t.batch_t0());
    case 1: return reinterpret_cast<uintptr_t>(t.batch_t1());
    case 2: return reinterpret_cast<uintptr_t>(t.batch_kind());
    case 3: return reinterpret_cast<uintptr_t>(t.batch_component());
    case 4: return reinterpret_cast<uintptr_t>(t.batch_message());
    case 5: return reinterpret_cast<uintptr_t>(t.batch_bytes());
    case 6: return reinterpret_cast<uintptr_t>(t.batch_value());
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
  out_text = s ? s->sim().messages().json(message) : "{}";
  return out_text.c_str();
}

HS_EXPORT const char* hs_topology_json(uint32_t id) {
  hpcsim::Session* s = find(id);
  out_text = s ? s->topology_json() : "{}";
  return out_text.c_str();
}

HS_EXPORT const char* hs_trace_kinds_json() {
  using nlohmann::json;
  json steps = json::object(), ops = json::object();
  for (int32_t s = 1; s <= static_cast<int32_t>(hpcsim::ThreadStep::kPostEnd); ++s)
    steps[std::to_string(s)] = hpcsim::thread_step_label(s);
  // Role-neutral names (the initiator's Table 1 wording would mislabel the target's steps).
  // 5-8: MPI-2 dynamic-process phases (ompi/dynamic_job.cc).
  const char* op_names[] = {"", "Post receive", "Send", "Wait for send to complete", "Wait for arrival",
                            "Attach to a context (join)", "Connect / accept and merge (join)",
                            "Disconnect (leave)", "Detach from the context (leave)"};
  for (int32_t o = 1; o <= 8; ++o) ops[std::to_string(o)] = op_names[o];
  json kinds = json::array({
      {{"kind", 1}, {"name", "qdma_packet"}},
      {{"kind", 2}, {"name", "rdma_packet"}},
      {{"kind", 3}, {"name", "ack_packet"}},
      {{"kind", 4}, {"name", "nak_packet"}},
      {{"kind", 5}, {"name", "control_packet"}},
      {{"kind", 10}, {"name", "pci_transaction"}, {"values", {{"0", "DMA read"}, {"1", "DMA write"}, {"2", "PIO read"}, {"3", "PIO write"}}}},
      {{"kind", 20}, {"name", "nic_thread"}, {"values", steps}},
      {{"kind", 21}, {"name", "input_queue"}, {"values", "occupied slots"}},
      {{"kind", 22}, {"name", "match_list"}, {"values", "match entries or posted receives"}},
      {{"kind", 23}, {"name", "event_queue"}, {"values", "unconsumed events"}},
      {{"kind", 30}, {"name", "host_op"}, {"values", ops}},
      {{"kind", 40}, {"name", "message"}, {"values", "series index"}},
      {{"kind", 50}, {"name", "e4_event"}, {"values", {{"1", "count reached"}, {"2", "copy (chained DMA)"}, {"3", "write done word"}, {"4", "interrupt"}}}},
      {{"kind", 52}, {"name", "e4_event_count"}, {"values", "event id on its NIC; bytes = count << 16 | remaining"}},
      {{"kind", 51}, {"name", "host_wake"}, {"values", {{"1", "woken by an interrupt"}, {"2", "woken by another thread"}, {"3", "spurious"}}}},
      // Packed values (via/vi_trace.h); `values` names the state codes of the low bits.
      {{"kind", 60}, {"name", "vi_descriptor"}, {"values", {{"1", "posted"}, {"2", "in progress"}, {"3", "complete"}, {"4", "dequeued"},
                                                            {"5", "error: FORMAT"}, {"6", "error: PROTECTION"}, {"7", "error: LENGTH"},
                                                            {"8", "error: PARTIAL"}, {"9", "flushed: DESC_FLUSHED"}, {"10", "error: TRANSPORT"},
                                                            {"11", "error: RDMA_PROT"}, {"12", "error: REMOTE_DESC"}}}},
      {{"kind", 61}, {"name", "vi_state"}, {"values", {{"0", "Idle"}, {"1", "Connect pending"}, {"2", "Connected"}, {"3", "Error"}}}},
  });
  out_text = kinds.dump();
  return out_text.c_str();
}

HS_EXPORT const char* hs_parameters_json() {
  out_text = hpcsim::parameter_registry_json();
  return out_text.c_str();
}

HS_EXPORT void hs_destroy(uint32_t id) { sessions().erase(id); }
