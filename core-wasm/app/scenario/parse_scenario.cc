#include "scenario/parse_scenario.h"

#include <set>

#include "catalog/catalog.h"
#include "enrolment.h"
#include "nlohmann/json.hpp"
#include "scenario/json_fields.h"

namespace hpcsim {

namespace {

using nlohmann::json;
using namespace fields;

bool runs_on(const ProtocolEntry& p, const FabricEntry& f) {
  if (p.nic == f.nic) return true;
  for (const auto& n : f.side_nics)
    if (p.nic == n) return true;
  return false;
}

// workload.series: 1 to 8 series; each protocol known, running on the machine's NICs (unless `check_nic` is
// false: with node groups each group checks its own), its operation one of the protocol's and its own fields read.
std::string parse_series(const json& w, const FabricEntry& fabric, bool check_nic, Scenario* out) {
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
    const ProtocolEntry* protocol = catalog().protocol(spec.protocol);
    if (!protocol)
      return p + ".protocol: \"" + spec.protocol + "\" is not a known protocol (" + catalog().protocol_ids() + ")";
    if (check_nic && !runs_on(*protocol, fabric)) return p + ".protocol: " + spec.protocol + " does not run on " + out->nic + " NICs";
    // A side network (the same nodes' second NIC) is as big as its own fabric allows, e.g. one 8-port switch.
    const FabricEntry* own = protocol->nic == fabric.nic ? nullptr : catalog().fabric_of_nic(protocol->nic);
    if (own && out->nodes > own->max_nodes)
      return p + ".protocol: " + spec.protocol + " runs on the nodes' " + own->nic_label + " (" + own->label +
             "), which holds at most " + std::to_string(own->max_nodes) + " nodes; this cluster has " +
             std::to_string(out->nodes);
    if (!protocol->has_operation(spec.operation))
      return p + ".operation: \"" + spec.operation + "\" is not an operation of " + spec.protocol;
    if (protocol->parse_options) {
      std::string e = protocol->parse_options(s, p, *out, &spec.options);
      if (!e.empty()) return e;
    }
    out->series.push_back(spec);
  }
  return "";
}

// For rank-program workloads: every series' protocol offers an MPI layer.
std::string check_mpi_series(const Scenario& s) {
  for (size_t i = 0; i < s.series.size(); ++i) {
    if (catalog().protocol(s.series[i].protocol)->make_mpi_layer) continue;
    // "(ompi on qsnet2; ss-via, sci-mpich, m-via, tcp on sci-ringlet; ...)": the MPI layers each fabric carries.
    std::string where;
    for (const auto& f : catalog().fabrics()) {
      std::string layers;
      for (const auto& p : catalog().protocols())
        if (p.make_mpi_layer && runs_on(p, f)) layers += (layers.empty() ? "" : ", ") + p.id;
      if (!layers.empty()) where += (where.empty() ? "" : "; ") + layers + " on " + f.id;
    }
    return "workload.series/" + std::to_string(i) + ".protocol: " + s.series[i].protocol +
           " has no MPI layer here (" + where + ")";
  }
  return "";
}

// Every series names one of the workload's protocols, when it has a list (WorkloadEntry::series_protocols).
std::string check_series_protocols(const WorkloadEntry& w, const Scenario& s) {
  if (w.series_protocols.empty()) return "";
  for (size_t i = 0; i < s.series.size(); ++i) {
    bool ok = false;
    std::string ids;
    for (const auto& p : w.series_protocols) {
      ok = ok || p == s.series[i].protocol;
      ids += (ids.empty() ? "" : ", ") + p;
    }
    if (!ok)
      return "workload.series/" + std::to_string(i) + ".protocol: " + w.id + " runs over " + ids + ", not " +
             s.series[i].protocol;
  }
  return "";
}

// cluster: fabric, nic, rails, testbed, nodes, then the fabric's own fields.
std::string parse_cluster(const json& cluster, Scenario* out, const FabricEntry** fabric_out) {
  std::string err;
  std::string fabric;
  if (!read_string(cluster, "fabric", "cluster.fabric", true, &fabric, &err)) return err;
  const FabricEntry* f = catalog().fabric(fabric);
  if (!f) return "cluster.fabric: \"" + fabric + "\" is not a known fabric (" + catalog().fabric_ids() + ")";
  *fabric_out = f;
  out->fabric = fabric;
  std::string nic = f->nic;
  if (!read_string(cluster, "nic", "cluster.nic", false, &nic, &err)) return err;
  if (!catalog().fabric_of_nic(nic)) {
    std::string nics;
    for (const auto& x : catalog().fabrics()) nics += (nics.empty() ? "" : ", ") + x.nic;
    return "cluster.nic: \"" + nic + "\" is not a known NIC (" + nics + ")";
  }
  if (nic != f->nic) {
    std::string pairs;
    for (const auto& x : catalog().fabrics()) pairs += (pairs.empty() ? "" : ", ") + x.nic + " on " + x.id;
    return "cluster.nic: " + nic + " does not go with fabric " + fabric + " (" + pairs + ")";
  }
  out->nic = nic;
  int max_rails = 1;
  std::string railed;
  for (const auto& x : catalog().fabrics())
    if (x.max_rails > 1) {
      max_rails = std::max(max_rails, x.max_rails);
      railed += (railed.empty() ? "" : ", ") + x.nic_label;
    }
  int64_t rails = 1;
  if (!read_int(cluster, "rails", "cluster.rails", false, 1, max_rails, &rails, &err)) return err;
  if (rails > f->max_rails) return "cluster.rails: only " + railed + " clusters have more than one rail";
  out->rails = static_cast<int>(rails);
  std::string testbed = f->default_testbed;
  if (!read_string(cluster, "testbed", "cluster.testbed", false, &testbed, &err)) return err;
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
  if (!read_int(cluster, "nodes", "cluster.nodes", true, 2, f->max_nodes, &nodes, &err)) return err;
  out->nodes = static_cast<int>(nodes);
  return f->parse_cluster ? f->parse_cluster(cluster, out) : "";
}

}  // namespace

std::string parse_scenario(const std::string& text, Scenario* out) {
  enrol_all();
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
  const FabricEntry* fabric = nullptr;
  e = parse_cluster(*cluster, out, &fabric);
  if (!e.empty()) return e;

  const json* w = field(j, "workload", "workload", true, json::value_t::object, &err);
  if (!w) return err;
  std::string kind;
  if (!read_string(*w, "kind", "workload.kind", true, &kind, &err)) return err;
  const WorkloadEntry* workload = catalog().workload(kind);
  if (!workload) return "workload.kind: \"" + kind + "\" is not a known workload (" + catalog().workload_ids() + ")";
  out->workload_kind = kind;
  if (!workload->fabrics.empty()) {
    bool ok = false;
    for (const auto& f : workload->fabrics) ok = ok || f == out->fabric;
    if (!ok) return "workload.kind: " + workload->fabrics_rule;
  }
  WorkloadInput in{j, *w, *out,
                   [w, fabric, out](bool check_nic) { return parse_series(*w, *fabric, check_nic, out); }};
  e = workload->parse(in);
  if (!e.empty()) return e;
  if (workload->mpi) {
    e = check_mpi_series(*out);
    if (!e.empty()) return e;
  }
  e = check_series_protocols(*workload, *out);
  if (!e.empty()) return e;
  if (cluster->contains("groups") && !workload->node_groups)
    return "cluster.groups: only ping-pong workloads run node groups (this one is " + kind + ")";

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
