// An InfiniBand cluster in the topology JSON (core-wasm/app/wasm/README.md): on its own (fabric infiniband) or as the
// second network of a QsNetII testbed (seed 000: the same nodes carry Elan4 and InfiniBand), which the page draws as
// its own layout.
#include <string>

#include "hw/infiniband/infiniband_cluster.h"

namespace hpcsim {

void InfinibandCluster::describe(nlohmann::json& topology) const {
  topology["fabric"] = "infiniband";
  topology["nic"] = "infinihost";
  topology["nodes"] = size();
  topology["levels"] = 1;
  topology["arity"] = 0;
  topology["link_MBps"] = switch_->wire().link_Bps / 1e6;
  topology["switch"] = "8-port InfiniScale 4X cut-through switch";
  topology["bus"] = pcis_.front()->describe("PCI-X");
}

void InfinibandCluster::append_topology(nlohmann::json& components, nlohmann::json& links) const {
  const char* net = "infiniband";
  for (int i = 0; i < size(); ++i) {
    std::string n = std::to_string(i);
    size_t k = static_cast<size_t>(i);
    components.push_back({{"id", hosts_[k]->id()}, {"kind", "host"}, {"name", "ib-host" + n}, {"node", i}, {"network", net}});
    components.push_back({{"id", pcis_[k]->id()}, {"kind", "pci"}, {"name", "ib-pcix" + n}, {"node", i}, {"network", net}});
    components.push_back({{"id", hcas_[k]->id()}, {"kind", "nic"}, {"name", "hca" + n}, {"node", i}, {"network", net}});
  }
  const IbSwitch& sw = *switch_;
  components.push_back({{"id", sw.id()}, {"kind", "switch"}, {"name", "ib-switch"}, {"level", 1}, {"index", 0},
                        {"network", net}, {"label", "InfiniScale"}});
  double MBps = sw.wire().link_Bps / 1e6;
  for (int i = 0; i < size(); ++i) {
    ComponentId hca = hcas_[static_cast<size_t>(i)]->id();
    links.push_back({{"id", sw.uplink(i)}, {"from", hca}, {"to", sw.id()}, {"kind", "link"}, {"bandwidth_MBps", MBps}});
    links.push_back({{"id", sw.downlink(i)}, {"from", sw.id()}, {"to", hca}, {"kind", "link"}, {"bandwidth_MBps", MBps}});
  }
}

}  // namespace hpcsim
