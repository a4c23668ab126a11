// The "dynamic" workload of a scenario: MPI-2 dynamic processes over Elan4 (seed 001 "Dynamic MPI-2 Process Pool").
#include "scenario/scenario_fields.h"

namespace hpcsim::scenario_detail {

std::string parse_dynamic_workload(const json& w, Scenario* out) {
  std::string err;
  DynamicSpec& d = out->dynamic;
  int nodes = out->nodes;
  int64_t processes = 0, contexts = 2, join_node = 0, root = 0, bytes = 4, iterations = 5, after = 2;
  if (!read_int(w, "processes", "workload.processes", true, 2, nodes, &processes, &err)) return err;
  if (!read_int(w, "contexts_per_node", "workload.contexts_per_node", false, 1, 16, &contexts, &err)) return err;
  if (!read_int(w, "join_node", "workload.join_node", true, 0, nodes - 1, &join_node, &err)) return err;
  // The initial job holds context 0 of nodes 0 .. processes-1: with one context per node those are full.
  if (contexts == 1 && join_node < processes)
    return "workload.join_node: node " + std::to_string(join_node) + " has no spare context (contexts_per_node is 1 and rank " +
           std::to_string(join_node) + " runs there)";
  if (!read_int(w, "root", "workload.root", false, 0, processes - 1, &root, &err)) return err;
  if (!read_int(w, "bytes", "workload.bytes", false, 0, 16777216, &bytes, &err)) return err;
  if (!read_int(w, "iterations", "workload.iterations", false, 1, 1000, &iterations, &err)) return err;
  if (!read_int(w, "after_iterations", "workload.after_iterations", false, 0, 1000, &after, &err)) return err;
  if (const json* t = field(w, "join_at_us", "workload.join_at_us", false, json::value_t::number_float, &err)) {
    double v = t->get<double>();
    if (!(v >= 0 && v <= 1e6)) return "workload.join_at_us: " + std::to_string(v) + " is outside [0, 1000000]";
    d.join_at_us = v;
  } else if (!err.empty()) {
    return err;
  }
  d.processes = static_cast<int>(processes);
  d.contexts_per_node = static_cast<int>(contexts);
  d.join_node = static_cast<int>(join_node);
  d.root = static_cast<int>(root);
  d.bytes = static_cast<uint32_t>(bytes);
  d.iterations = static_cast<int>(iterations);
  d.after_iterations = static_cast<int>(after);
  std::string e = parse_series(w, out->nic, out->rails, out);
  if (!e.empty()) return e;
  if (out->series.size() != 1) return "workload.series: a dynamic workload runs one series (its Open MPI configuration)";
  const SeriesSpec& s = out->series.front();
  if (s.protocol != "ompi")
    return "workload.series/0.protocol: dynamic processes are Open MPI's (ompi), not " + s.protocol;
  if (s.rails != 1) return "workload.series/0.rails: a dynamic workload uses one rail";
  if (!s.charge_pml) return "workload.series/0.charge_pml: a dynamic workload charges the PML's code (true)";
  return "";
}

}  // namespace hpcsim::scenario_detail
