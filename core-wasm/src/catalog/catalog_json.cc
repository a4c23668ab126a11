// The catalog as JSON (hs_catalog_json, `hpcsim-native --catalog`): what the page and the CLI know of the models.
#include "catalog/catalog.h"

namespace hpcsim {

std::string catalog_json(const Catalog& c) {
  using json = nlohmann::ordered_json;
  json fabrics = json::array(), protocols = json::array(), workloads = json::array(), tbs = json::array();
  for (const auto& f : c.fabrics()) {
    json packets = json::array();
    for (const auto& [kind, label] : f.packets) packets.push_back({{"kind", kind}, {"label", label}});
    fabrics.push_back({{"id", f.id},
                       {"label", f.label},
                       {"nic", f.nic},
                       {"nic_label", f.nic_label},
                       {"default_testbed", f.default_testbed},
                       {"source", f.source},
                       {"max_nodes", f.max_nodes},
                       {"side_nics", f.side_nics},
                       {"fat_tree", f.fat_tree},
                       {"max_rails", f.max_rails},
                       {"packets", packets}});
  }
  for (const auto& p : c.protocols()) {
    json ops = json::array();
    for (const auto& o : p.operations) ops.push_back({{"id", o.id}, {"label", o.label}});
    protocols.push_back({{"id", p.id},
                         {"label", p.label},
                         {"nic", p.nic},
                         {"source", p.source},
                         {"operations", ops},
                         {"pingpong", static_cast<bool>(p.make_endpoint)},
                         {"mpi", static_cast<bool>(p.make_mpi_layer)},
                         {"options", static_cast<bool>(p.parse_options)}});
  }
  for (const auto& w : c.workloads())
    workloads.push_back({{"id", w.id},
                         {"label", w.label},
                         {"source", w.source},
                         {"fabrics", w.fabrics},
                         {"mpi", w.mpi},
                         {"node_groups", w.node_groups}});
  for (const auto& t : testbeds()) tbs.push_back({{"id", t.id}, {"description", t.description}});
  return json{{"fabrics", fabrics},
              {"protocols", protocols},
              {"workloads", workloads},
              {"testbeds", tbs},
              {"trace_kinds", json::parse(trace_kinds_json())}}
      .dump();
}

}  // namespace hpcsim
