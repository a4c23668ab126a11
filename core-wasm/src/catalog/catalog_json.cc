// The catalog as JSON (hs_catalog_json, `hpcsim-native --catalog`): what the page and the CLI know of the models.
// Objects are filled field by field (cold code, run once per page load: json initializer lists unroll into far more
// code per field), and the trace kinds are taken as JSON, not parsed back from text (which linked an ordered_json
// parser for this one call): hs_catalog_json was 31 KB of the wasm module.
#include "catalog/catalog.h"

namespace hpcsim {

namespace {

using json = nlohmann::ordered_json;

/// {a: va, b: vb}: the first fields of every entry, an operation, a packet kind, a testbed.
json two_fields(const char* a, const std::string& va, const char* b, const std::string& vb) {
  json o = json::object();
  o[a] = va;
  o[b] = vb;
  return o;
}

json id_label(const std::string& id, const std::string& label) { return two_fields("id", id, "label", label); }

/// The parameter groups an entry's models read: the registry-name prefixes (before the first dot, e.g. "pci" of
/// "pci.clock_MHz") of its parameter tables, in first-appearance order. The page's parameter form shows these
/// groups for the scenario's fabric, series protocols and workload kind.
json parameter_groups(const std::vector<const std::vector<ParameterSpec>*>& tables) {
  json out = json::array();
  for (const auto* table : tables)
    for (const auto& spec : *table) {
      std::string name(spec.name);
      std::string prefix = name.substr(0, name.find('.'));
      bool seen = false;
      for (const auto& g : out) seen = seen || g.get_ref<const std::string&>() == prefix;
      if (!seen) out.push_back(std::move(prefix));
    }
  return out;
}

json fabric_json(const FabricEntry& f) {
  json o = id_label(f.id, f.label);
  o["nic"] = f.nic;
  o["nic_label"] = f.nic_label;
  o["default_testbed"] = f.default_testbed;
  o["source"] = f.source;
  o["max_nodes"] = f.max_nodes;
  o["side_nics"] = f.side_nics;
  o["fat_tree"] = f.fat_tree;
  o["max_rails"] = f.max_rails;
  o["parameters"] = parameter_groups(f.parameters);
  json packets = json::array();
  for (const auto& [kind, label] : f.packets) packets.push_back(two_fields("kind", kind, "label", label));
  o["packets"] = std::move(packets);
  return o;
}

json protocol_json(const ProtocolEntry& p) {
  json o = id_label(p.id, p.label);
  o["nic"] = p.nic;
  o["source"] = p.source;
  json ops = json::array();
  for (const auto& op : p.operations) ops.push_back(id_label(op.id, op.label));
  o["operations"] = std::move(ops);
  o["pingpong"] = static_cast<bool>(p.make_endpoint);
  o["mpi"] = static_cast<bool>(p.make_mpi_layer);
  o["options"] = static_cast<bool>(p.parse_options);
  o["parameters"] = parameter_groups(p.parameters);
  return o;
}

json workload_json(const WorkloadEntry& w, const Catalog& c) {
  json o = id_label(w.id, w.label);
  o["source"] = w.source;
  o["fabrics"] = w.fabrics;
  o["mpi"] = w.mpi;
  o["node_groups"] = w.node_groups;
  o["parts"] = static_cast<bool>(w.parts);
  o["tables_title"] = w.tables_title;
  o["tables_pending"] = w.tables_pending;
  std::vector<const std::vector<ParameterSpec>*> tables = w.parameters;
  for (const auto& id : w.protocols)
    if (const ProtocolEntry* p = c.protocol(id)) tables.insert(tables.end(), p->parameters.begin(), p->parameters.end());
  o["parameters"] = parameter_groups(tables);
  return o;
}

}  // namespace

std::string catalog_json(const Catalog& c) {
  json fabrics = json::array(), protocols = json::array(), workloads = json::array(), tbs = json::array();
  for (const auto& f : c.fabrics()) fabrics.push_back(fabric_json(f));
  for (const auto& p : c.protocols()) protocols.push_back(protocol_json(p));
  for (const auto& w : c.workloads()) workloads.push_back(workload_json(w, c));
  for (const auto& t : testbeds()) tbs.push_back(two_fields("id", t.id, "description", t.description));
  json out = json::object();
  out["fabrics"] = std::move(fabrics);
  out["protocols"] = std::move(protocols);
  out["workloads"] = std::move(workloads);
  out["testbeds"] = std::move(tbs);
  out["trace_kinds"] = trace_kinds();
  return out.dump();
}

}  // namespace hpcsim
