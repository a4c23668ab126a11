// The "dynamic" workload kind: MPI-2 dynamic processes over Elan4 (seed 001 "Dynamic MPI-2 Process Pool").
#include "catalog/catalog.h"
#include "ompi/dynamic_run.h"
#include "ompi/series_options.h"
#include "scenario/json_fields.h"

namespace hpcsim {

namespace {

using nlohmann::json;
using namespace fields;

std::string parse_dynamic_workload(WorkloadInput& in) {
  std::string err;
  auto spec = std::make_shared<DynamicSpec>();
  DynamicSpec& d = *spec;
  const json& w = in.workload;
  int nodes = in.scenario.nodes;
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
  in.scenario.workload = spec;
  std::string e = in.read_series(true);
  if (!e.empty()) return e;
  const Scenario& out = in.scenario;
  if (out.series.size() != 1) return "workload.series: a dynamic workload runs one series (its Open MPI configuration)";
  const SeriesSpec& s = out.series.front();
  if (s.protocol != "ompi")
    return "workload.series/0.protocol: dynamic processes are Open MPI's (ompi), not " + s.protocol;
  OmpiElan4Options o = ompi_options(s);
  if (o.rails != 1) return "workload.series/0.rails: a dynamic workload uses one rail";
  if (!o.charge_pml) return "workload.series/0.charge_pml: a dynamic workload charges the PML's code (true)";
  return "";
}

}  // namespace

void enrol_dynamic_processes(Catalog& c) {
  WorkloadEntry w;
  w.id = "dynamic";
  w.label = "MPI-2 dynamic processes";
  w.source = "seed 001 \"Dynamic MPI-2 Process Pool\"";
  w.tables_title = "MPI-2 dynamic process: join, communication and leave (simulated)";
  w.tables_pending = "The dynamic process tables (join, first message and leave in µs; rank, membership, refused "
      "sends) appear when the run has finished.";
  w.fabrics = {"qsnet2"};
  w.fabrics_rule = "dynamic runs on the seed 001 Elan4 cluster only (fabric qsnet2)";
  w.parse = parse_dynamic_workload;
  w.make_run = [](const RunContext& ctx) -> std::unique_ptr<WorkloadRun> { return std::make_unique<DynamicRun>(ctx); };
  c.add(w);
}

}  // namespace hpcsim
