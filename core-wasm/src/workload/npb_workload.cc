// The "npb" workload kind: NAS Parallel Benchmarks 2.3 runs (seed 003 "Execution Time of NPB").
#include <set>

#include "catalog/catalog.h"
#include "scenario/json_fields.h"
#include "workload/npb/npb.h"
#include "workload/npb_campaign.h"

namespace hpcsim {

namespace {

using nlohmann::json;
using namespace fields;

std::string parse_npb_fields(const json& w, int nodes, NpbSpec* out) {
  std::string err;
  int64_t processes = 0;
  if (!read_int(w, "processes", "workload.processes", true, 2, nodes, &processes, &err)) return err;
  out->processes = static_cast<int>(processes);
  const json* runs = field(w, "benchmarks", "workload.benchmarks", true, json::value_t::array, &err);
  if (!runs) return err;
  if (runs->empty() || runs->size() > 8) return "workload.benchmarks: must hold 1 to 8 benchmarks";
  std::set<std::string> seen;
  for (size_t i = 0; i < runs->size(); ++i) {
    std::string p = "workload.benchmarks/" + std::to_string(i);
    const json& r = (*runs)[i];
    if (!r.is_object()) return p + ": must be object";
    NpbRunSpec spec;
    if (!read_string(r, "benchmark", p + ".benchmark", true, &spec.benchmark, &err)) return err;
    if (!read_string(r, "class", p + ".class", true, &spec.npb_class, &err)) return err;
    const std::set<std::string> benchmarks{"LU", "MG", "CG", "EP", "BT"}, classes{"S", "W", "A", "B"};
    if (!benchmarks.count(spec.benchmark))
      return p + ".benchmark: \"" + spec.benchmark + "\" is not a NAS benchmark here (LU, MG, CG, EP, BT)";
    if (!classes.count(spec.npb_class)) return p + ".class: \"" + spec.npb_class + "\" is not a class (S, W, A, B)";
    if (!seen.insert(spec.benchmark).second) return p + ".benchmark: " + spec.benchmark + " is listed twice";
    // The skeleton's own rules (process grid shapes) are checked here, so a run cannot fail later.
    npb::Benchmark b = spec.benchmark == "LU"   ? npb::Benchmark::LU
                       : spec.benchmark == "MG" ? npb::Benchmark::MG
                       : spec.benchmark == "CG" ? npb::Benchmark::CG
                       : spec.benchmark == "EP" ? npb::Benchmark::EP
                                                : npb::Benchmark::BT;
    npb::NpbClass c = spec.npb_class == "S"   ? npb::NpbClass::S
                      : spec.npb_class == "W" ? npb::NpbClass::W
                      : spec.npb_class == "A" ? npb::NpbClass::A
                                              : npb::NpbClass::B;
    std::vector<npb::RankProgram> programs;
    std::string e = npb::build_program(b, c, static_cast<int>(processes), &programs);
    if (e.empty()) e = npb::build_program(b, c, 1, &programs);
    if (!e.empty()) return p + ": " + e;
    out->runs.push_back(spec);
  }
  return "";
}

}  // namespace

void enrol_npb(Catalog& c) {
  WorkloadEntry w;
  w.id = "npb";
  w.label = "NAS Parallel Benchmarks 2.3";
  w.source = "seed 003 \"Execution Time of NPB\"";
  w.tables_title = "NAS Parallel Benchmarks: execution time and speed-up (simulated)";
  w.tables_pending = "The NAS tables (execution time, speed-up) appear when every run has finished.";
  w.fabrics = {"sci-ringlet"};
  w.fabrics_rule = "npb runs on the seed 003 SCI cluster only (fabric sci-ringlet)";
  w.mpi = true;
  w.parameters = {&npb_parameters()};
  w.parse = [](WorkloadInput& in) {
    auto spec = std::make_shared<NpbSpec>();
    std::string e = parse_npb_fields(in.workload, in.scenario.nodes, spec.get());
    if (!e.empty()) return e;
    in.scenario.workload = spec;
    return in.read_series(true);
  };
  w.make_run = [](const RunContext& ctx) -> std::unique_ptr<WorkloadRun> { return std::make_unique<NpbCampaign>(ctx); };
  w.parts = npb_parts;
  c.add(w);
}

}  // namespace hpcsim
