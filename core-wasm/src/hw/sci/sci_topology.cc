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
    components.push_back(topology_component(hosts_[k]->id(), "host", "host" + s, i));
    components.push_back(topology_component(pcis_[k]->id(), "pci", "pci" + s, i));
    components.push_back(topology_component(adapters_[k]->id(), "nic", "sci" + s, i));
  }
  for (int i = 0; i < n; ++i)
    links.push_back(topology_link(static_cast<ComponentId>(3 * n + 1 + i), adapters_[static_cast<size_t>(i)]->id(),
                                  adapters_[static_cast<size_t>((i + 1) % n)]->id(), "ring",
                                  params_.get("sci.link_MBps")));
}

}  // namespace hpcsim
