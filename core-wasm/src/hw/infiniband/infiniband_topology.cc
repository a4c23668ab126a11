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
  auto add = [&](ComponentId id, const char* kind, const std::string& name, int node) {
    nlohmann::json c = topology_component(id, kind, name, node);
    c["network"] = net;
    components.push_back(std::move(c));
  };
  for (int i = 0; i < size(); ++i) {
    std::string n = std::to_string(i);
    size_t k = static_cast<size_t>(i);
    add(hosts_[k]->id(), "host", "ib-host" + n, i);
    add(pcis_[k]->id(), "pci", "ib-pcix" + n, i);
    add(hcas_[k]->id(), "nic", "hca" + n, i);
  }
  const IbSwitch& sw = *switch_;
  nlohmann::json s = topology_component(sw.id(), "switch", "ib-switch", -1);
  s["level"] = 1;
  s["index"] = 0;
  s["network"] = net;
  s["label"] = "InfiniScale";
  components.push_back(std::move(s));
  double MBps = sw.wire().link_Bps / 1e6;
  for (int i = 0; i < size(); ++i) {
    ComponentId hca = hcas_[static_cast<size_t>(i)]->id();
    links.push_back(topology_link(sw.uplink(i), hca, sw.id(), "link", MBps));
    links.push_back(topology_link(sw.downlink(i), sw.id(), hca, "link", MBps));
  }
}

}  // namespace hpcsim
