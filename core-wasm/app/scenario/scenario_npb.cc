// The "npb" workload of a scenario: NAS Parallel Benchmarks 2.3 runs (seed 003 "Execution Time of NPB").
#include <set>

#include "scenario/scenario_fields.h"
#include "workload/npb/npb.h"

namespace hpcsim::scenario_detail {

std::string parse_npb_workload(const json& w, Scenario* out) {
  std::string err;
  int64_t processes = 0;
  if (!read_int(w, "processes", "workload.processes", true, 2, out->nodes, &processes, &err)) return err;
  out->npb_processes = static_cast<int>(processes);
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
    out->npb_runs.push_back(spec);
  }
  return "";
}

}  // namespace hpcsim::scenario_detail
