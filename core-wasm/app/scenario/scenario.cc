#include "scenario/scenario.h"

#include <cmath>
#include <set>

#include "hw/fat_tree_shape.h"
#include "nlohmann/json.hpp"
#include "scenario/scenario_fields.h"

namespace hpcsim {

using nlohmann::json;
using namespace scenario_detail;

namespace scenario_detail {

std::string parse_series(const json& w, const std::string& nic, int rails, Scenario* out, bool check_nic) {
  std::string err;
  const json* series = field(w, "series", "workload.series", true, json::value_t::array, &err);
  if (!series) return err;
  if (series->empty() || series->size() > 8) return "workload.series: must hold 1 to 8 series";
  std::set<std::string> ids;
  for (size_t i = 0; i < series->size(); ++i) {
    std::string p = "workload.series/" + std::to_string(i);
    const json& s = (*series)[i];
    if (!s.is_object()) return p + ": must be object";
    SeriesSpec spec;
    if (!read_string(s, "id", p + ".id", true, &spec.id, &err)) return err;
    if (!read_string(s, "label", p + ".label", false, &spec.label, &err)) return err;
    if (!read_string(s, "protocol", p + ".protocol", true, &spec.protocol, &err)) return err;
    if (!read_string(s, "operation", p + ".operation", true, &spec.operation, &err)) return err;
    if (spec.label.empty()) spec.label = spec.id;
    if (!ids.insert(spec.id).second) return p + ".id: \"" + spec.id + "\" is used twice";
    const std::string& pr = spec.protocol;
    const std::string& op = spec.operation;
    bool elan3_protocol = pr == "portals" || pr == "tports";
    bool elan4_protocol = pr == "ompi" || pr == "mpich-qsnet" || pr == "elan4-qdma";
    bool ethernet_protocol = pr == "m-via" || pr == "tcp";
    bool sci_protocol = pr == "ss-via" || pr == "sci-mpich" || ethernet_protocol;
    if (!elan3_protocol && !elan4_protocol && !sci_protocol)
      return p + ".protocol: \"" + pr +
             "\" is not a known protocol (portals, tports, ompi, mpich-qsnet, elan4-qdma, ss-via, sci-mpich, m-via, tcp)";
    // SCI nodes carry Fast Ethernet too (seed 003's baselines); a fast-ethernet cluster has Tulip NICs only.
    bool runs = (elan3_protocol && nic == "elan3") || (elan4_protocol && nic == "elan4") ||
                (sci_protocol && nic == "pci-sci") || (ethernet_protocol && nic == "tulip");
    if (check_nic && !runs) return p + ".protocol: " + pr + " does not run on " + nic + " NICs";
    bool ok = (pr == "portals" && (op == "put" || op == "get")) || (pr == "ompi" && (op == "rdma-write" || op == "rdma-read")) ||
              ((pr == "tports" || pr == "mpich-qsnet" || pr == "elan4-qdma" || sci_protocol) && op == "send");
    if (!ok) return p + ".operation: \"" + op + "\" is not an operation of " + pr;
    if (!read_string(s, "progress", p + ".progress", false, &spec.progress, &err)) return err;
    if (spec.progress != "polling" && spec.progress != "interrupt" && spec.progress != "one-thread" &&
        spec.progress != "two-threads")
      return p + ".progress: \"" + spec.progress + "\" is not a progress mode (polling, interrupt, one-thread, two-threads)";
    int64_t cq = 1, srails = 1;
    if (!read_int(s, "completion_queues", p + ".completion_queues", false, 0, 2, &cq, &err)) return err;
    if (!read_int(s, "rails", p + ".rails", false, 1, 2, &srails, &err)) return err;
    if (srails > rails) return p + ".rails: " + std::to_string(srails) + " rails on a " + std::to_string(rails) + "-rail cluster";
    spec.completion_queues = static_cast<int>(cq);
    spec.rails = static_cast<int>(srails);
    for (const char* flag : {"chained", "inline_rendezvous", "charge_pml"}) {
      auto f = s.find(flag);
      if (f == s.end()) continue;
      if (!f->is_boolean()) return p + "." + flag + ": must be boolean";
      bool v = f->get<bool>();
      if (std::string(flag) == "chained") spec.chained = v;
      else if (std::string(flag) == "inline_rendezvous") spec.inline_rendezvous = v;
      else spec.charge_pml = v;
    }
    out->series.push_back(spec);
  }

  return "";
}

}  // namespace scenario_detail

namespace {

// workload of kind "pingpong": the measured pair, pairing, iterations and message sizes.
std::string parse_pingpong_workload(const json& w, int nodes, Scenario* out) {
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

}  // namespace

std::string parse_scenario(const std::string& text, Scenario* out) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return "scenario: not valid JSON";
  if (!j.is_object()) return "scenario: must be an object";
  std::string err, e;
  std::string format;
  if (!read_string(j, "format", "format", true, &format, &err)) return err;
  if (format != "hpc-interconnect-scenario") return "format: must be \"hpc-interconnect-scenario\"";
  int64_t version = 0;
  if (!read_int(j, "version", "version", true, 1, 1, &version, &err)) return err;
  if (!read_string(j, "id", "id", true, &out->id, &err)) return err;
  if (out->id.empty()) return "id: must not be empty";
  int64_t seed = 1;
  if (!read_int(j, "seed", "seed", false, 0, 4294967295LL, &seed, &err)) return err;
  out->seed = static_cast<uint32_t>(seed);

  const json* cluster = field(j, "cluster", "cluster", true, json::value_t::object, &err);
  if (!cluster) return err;
  std::string fabric;
  if (!read_string(*cluster, "fabric", "cluster.fabric", true, &fabric, &err)) return err;
  if (fabric != "qsnet" && fabric != "qsnet2" && fabric != "sci-ringlet" && fabric != "fast-ethernet")
    return "cluster.fabric: \"" + fabric + "\" is not a known fabric (qsnet, qsnet2, sci-ringlet, fast-ethernet)";
  std::string expected = fabric == "qsnet"         ? "elan3"
                         : fabric == "qsnet2"      ? "elan4"
                         : fabric == "sci-ringlet" ? "pci-sci"
                                                   : "tulip";
  std::string nic = expected;
  if (!read_string(*cluster, "nic", "cluster.nic", false, &nic, &err)) return err;
  if (nic != "elan3" && nic != "elan4" && nic != "pci-sci" && nic != "tulip")
    return "cluster.nic: \"" + nic + "\" is not a known NIC (elan3, elan4, pci-sci, tulip)";
  if (nic != expected)
    return "cluster.nic: " + nic + " does not go with fabric " + fabric +
           " (elan3 on qsnet, elan4 on qsnet2, pci-sci on sci-ringlet, tulip on fast-ethernet)";
  out->nic = nic;
  int64_t rails = 1;
  if (!read_int(*cluster, "rails", "cluster.rails", false, 1, 2, &rails, &err)) return err;
  if (rails > 1 && nic != "elan4") return "cluster.rails: only Elan4 clusters have more than one rail";
  out->rails = static_cast<int>(rails);
  int64_t arity = 4;
  if (!read_int(*cluster, "arity", "cluster.arity", false, 2, 8, &arity, &err)) return err;
  if (arity != 4 && nic == "pci-sci") return "cluster.arity: a ringlet has no switch radix (fat trees only)";
  if (arity != 4 && nic == "tulip")
    return "cluster.arity: a Fast Ethernet cluster hangs off one switch (the radix is for fat trees only)";
  out->arity = static_cast<int>(arity);
  // The Fast Ethernet model's defaults are those of seed 003's testbed, where it is the baseline network.
  std::string testbed = nic == "elan4"                      ? "osu-elan4-2005"
                        : nic == "pci-sci" || nic == "tulip" ? "usc-sci-p2-350"
                                                             : "sandia-elan3-2004";
  if (!read_string(*cluster, "testbed", "cluster.testbed", false, &testbed, &err)) return err;
  bool known = false;
  std::string names;
  for (const auto& tb : testbeds()) {
    known = known || testbed == tb.id;
    names += std::string(names.empty() ? "" : ", ") + tb.id;
  }
  if (!known) return "cluster.testbed: \"" + testbed + "\" is not a known testbed (" + names + ")";
  out->testbed = testbed;
  out->parameters = ParameterSet(testbed);
  int64_t nodes = 0;
  if (!read_int(*cluster, "nodes", "cluster.nodes", true, 2, 1024, &nodes, &err)) return err;
  out->nodes = static_cast<int>(nodes);
  int64_t levels = 0;
  if (!read_int(*cluster, "levels", "cluster.levels", false, 1, 12, &levels, &err)) return err;
  if (levels != 0) {
    if (nic == "pci-sci") return "cluster.levels: a ringlet has no switch levels (fat trees only)";
    if (nic == "tulip") return "cluster.levels: a Fast Ethernet cluster hangs off one switch (levels are for fat trees only)";
    std::string rule = fat_tree_levels_rule(out->arity, static_cast<int>(levels), out->nodes);
    if (!rule.empty()) return "cluster.levels: " + rule;
  }
  out->levels = static_cast<int>(levels);

  const json* w = field(j, "workload", "workload", true, json::value_t::object, &err);
  if (!w) return err;
  std::string kind;
  if (!read_string(*w, "kind", "workload.kind", true, &kind, &err)) return err;
  if (kind != "pingpong" && kind != "npb" && kind != "dynamic" && kind != "alltoall" && kind != "exchange")
    return "workload.kind: \"" + kind + "\" is not a known workload (pingpong, npb, dynamic, alltoall, exchange)";
  out->workload_kind = kind;
  if (kind == "npb") {
    if (nic != "pci-sci") return "workload.kind: npb runs on the seed 003 SCI cluster only (fabric sci-ringlet)";
    e = parse_npb_workload(*w, out);
    if (!e.empty()) return e;
    e = parse_series(*w, nic, static_cast<int>(rails), out);
    if (!e.empty()) return e;
  } else if (kind == "alltoall") {
    e = parse_alltoall_workload(*w, out);
    if (!e.empty()) return e;
    e = parse_series(*w, nic, static_cast<int>(rails), out);
    if (!e.empty()) return e;
    e = check_mpi_series(*out);
    if (!e.empty()) return e;
  } else if (kind == "exchange") {
    e = parse_exchange_workload(*w, static_cast<int>(nodes), out);
    if (!e.empty()) return e;
    e = parse_series(*w, nic, static_cast<int>(rails), out);
    if (!e.empty()) return e;
    e = check_mpi_series(*out);
    if (!e.empty()) return e;
  } else if (kind == "dynamic") {
    if (nic != "elan4") return "workload.kind: dynamic runs on the seed 001 Elan4 cluster only (fabric qsnet2)";
    e = parse_dynamic_workload(*w, out);
    if (!e.empty()) return e;
  } else {
    e = parse_pingpong_workload(*w, static_cast<int>(nodes), out);
    if (!e.empty()) return e;
    e = parse_series(*w, nic, static_cast<int>(rails), out, !cluster->contains("groups"));
    if (!e.empty()) return e;
  }
  e = parse_groups(*cluster, fabric, out);
  if (!e.empty()) return e;

  if (auto it = j.find("parameters"); it != j.end()) {
    if (!it->is_object()) return "parameters: must be object";
    for (auto p = it->begin(); p != it->end(); ++p) {
      if (!p.value().is_number()) return "parameters." + p.key() + ": must be number";
      std::string e = out->parameters.set(p.key(), p.value().get<double>());
      if (!e.empty()) return e;
    }
  }
  if (auto it = j.find("trace"); it != j.end()) {
    if (!it->is_object()) return "trace: must be object";
    int64_t max = 1000000;
    if (!read_int(*it, "max_records", "trace.max_records", false, 0, 5000000, &max, &err)) return err;
    out->trace_max_records = static_cast<uint64_t>(max);
    int64_t per_run = 0;
    if (!read_int(*it, "max_records_per_run", "trace.max_records_per_run", false, 0, 5000000, &per_run, &err))
      return err;
    out->trace_max_records_per_run = static_cast<uint64_t>(per_run);
  }
  return "";
}

}  // namespace hpcsim
