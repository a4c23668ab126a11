// An SCI ringlet in the topology JSON (core-wasm/app/wasm/README.md).
#include <string>

#include "hw/sci/sci_cluster.h"

namespace hpcsim {

void SciCluster::describe(nlohmann::json& topology) const {
  topology["fabric"] = "sci-ringlet";
  topology["nic"] = "pci-sci";
  topology["nodes"] = size();
  topology["levels"] = 0;
  topology["arity"] = 0;
  topology["link_MBps"] = params_.get("sci.link_MBps");
  topology["bus"] = pcis_.front()->describe("PCI");
}

void SciCluster::append_topology(nlohmann::json& components, nlohmann::json& links) const {
  int n = size();
  for (int i = 0; i < n; ++i) {
    size_t k = static_cast<size_t>(i);
    std::string s = std::to_string(i);
    components.push_back({{"id", hosts_[k]->id()}, {"kind", "host"}, {"name", "host" + s}, {"node", i}});
    components.push_back({{"id", pcis_[k]->id()}, {"kind", "pci"}, {"name", "pci" + s}, {"node", i}});
    components.push_back({{"id", adapters_[k]->id()}, {"kind", "nic"}, {"name", "sci" + s}, {"node", i}});
  }
  for (int i = 0; i < n; ++i)
    links.push_back({{"id", 3 * n + 1 + i},
                     {"from", adapters_[static_cast<size_t>(i)]->id()},
                     {"to", adapters_[static_cast<size_t>((i + 1) % n)]->id()},
                     {"kind", "ring"},
                     {"bandwidth_MBps", params_.get("sci.link_MBps")}});
}

}  // namespace hpcsim
