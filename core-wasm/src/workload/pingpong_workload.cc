// The "pingpong" workload kind: seed 002 §5's benchmark swept over message sizes, on one pair, on every
// half-shift pair at once, or on node groups running different stacks side by side.
#include "catalog/catalog.h"
#include "scenario/json_fields.h"
#include "workload/pingpong_groups.h"
#include "workload/pingpong_spec.h"
#include "workload/pingpong_sweep.h"

namespace hpcsim {

namespace {

using nlohmann::json;
using namespace fields;

// The measured pair, pairing, order, iterations and message sizes.
std::string parse_own_fields(const json& w, int nodes, PingPongSpec* out) {
  std::string err;
  int64_t a = 0, b = 0, warm = 1, iters = 2;
  if (!read_int(w, "initiator", "workload.initiator", true, 0, nodes - 1, &a, &err)) return err;
  if (!read_int(w, "target", "workload.target", true, 0, nodes - 1, &b, &err)) return err;
  if (a == b) return "workload.target: must differ from workload.initiator";
  if (!read_int(w, "warmup_iterations", "workload.warmup_iterations", false, 0, 100, &warm, &err)) return err;
  if (!read_int(w, "iterations", "workload.iterations", false, 1, 1000, &iters, &err)) return err;
  std::string pairing = "single";
  if (!read_string(w, "pairing", "workload.pairing", false, &pairing, &err)) return err;
  if (pairing != "single" && pairing != "half-shift")
    return "workload.pairing: \"" + pairing + "\" is not a known pairing (single, half-shift)";
  out->half_shift = pairing == "half-shift";
  if (out->half_shift) {
    if (nodes % 2 != 0) return "workload.pairing: half-shift needs an even number of nodes";
    if (a >= nodes / 2 || b != a + nodes / 2)
      return "workload.target: with half-shift pairing the target must be initiator + nodes / 2";
  }
  std::string order = "receive-first";
  if (!read_string(w, "order", "workload.order", false, &order, &err)) return err;
  if (order != "receive-first" && order != "send-first")
    return "workload.order: \"" + order + "\" is not a known order (receive-first, send-first)";
  out->send_first = order == "send-first";
  out->initiator = static_cast<int>(a);
  out->target = static_cast<int>(b);
  out->warmup_iterations = static_cast<int>(warm);
  out->iterations = static_cast<int>(iters);

  const json* sizes = field(w, "sizes_bytes", "workload.sizes_bytes", true, json::value_t::array, &err);
  if (!sizes) return err;
  if (sizes->empty() || sizes->size() > 64) return "workload.sizes_bytes: must hold 1 to 64 sizes";
  for (size_t i = 0; i < sizes->size(); ++i) {
    std::string p = "workload.sizes_bytes/" + std::to_string(i);
    const json& s = (*sizes)[i];
    if (!s.is_number_integer()) return p + ": must be integer";
    int64_t v = s.get<int64_t>();
    if (v < 0 || v > 16777216) return p + ": " + std::to_string(v) + " is outside [0, 16777216]";
    out->sizes_bytes.push_back(static_cast<uint32_t>(v));
  }
  return "";
}

std::string parse_pingpong(WorkloadInput& in) {
  auto spec = std::make_shared<PingPongSpec>();
  std::string e = parse_own_fields(in.workload, in.scenario.nodes, spec.get());
  if (!e.empty()) return e;
  in.scenario.workload = spec;
  const json& cluster = in.root["cluster"];
  // With node groups each group checks its own series against the fabric (pingpong_groups.cc).
  e = in.read_series(!cluster.contains("groups"));
  if (!e.empty()) return e;
  return parse_groups(cluster, in.scenario, spec.get());
}

}  // namespace

void enrol_pingpong(Catalog& c) {
  WorkloadEntry w;
  w.id = "pingpong";
  w.label = "Ping-pong";
  w.source = "seed 002 §5";
  w.node_groups = true;
  w.parse = parse_pingpong;
  w.make_run = [](const RunContext& ctx) -> std::unique_ptr<WorkloadRun> {
    return std::make_unique<PingPongSweep>(ctx);
  };
  c.add(w);
}

}  // namespace hpcsim
