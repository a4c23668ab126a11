// A Fast Ethernet cluster in the topology JSON (core-wasm/app/wasm/README.md): on its own (fabric fast-ethernet) or
// as the second network of an SCI testbed (seed 003), which the page draws as its own layout.
#include "hw/ethernet/ethernet_cluster.h"

#include <string>

namespace hpcsim {

void EthernetCluster::describe(nlohmann::json& topology) const {
  topology["fabric"] = "fast-ethernet";
  topology["nic"] = "tulip";
  topology["nodes"] = size();
  topology["levels"] = 1;
  topology["arity"] = 0;
  topology["link_MBps"] = switch_->timing().link_Bps / 1e6;
  topology["switch"] = "store-and-forward Fast Ethernet switch";
  topology["bus"] = pcis_.front()->describe("PCI");
}

// Each node's Ethernet host, PCI bus and Tulip NIC ("eth-host<i>", "eth-pci<i>", "tulip<i>", with `node`) and the
// store-and-forward switch ("eth-switch", level 1, index 0, label "Fast Ethernet switch"), all with "network":
// "ethernet"; both directions of each node's cable (uplink NIC -> switch, downlink switch -> NIC; kind "link",
// bandwidth in MB/s = 10^6 B/s from the eth.link rate).
void EthernetCluster::append_topology(nlohmann::json& components, nlohmann::json& links) const {
  const char* net = "ethernet";
  auto add = [&](ComponentId id, const char* kind, const std::string& name, int node) {
    nlohmann::json c = topology_component(id, kind, name, node);
    c["network"] = net;
    components.push_back(std::move(c));
  };
  for (int i = 0; i < size(); ++i) {
    std::string n = std::to_string(i);
    size_t k = static_cast<size_t>(i);
    add(hosts_[k]->id(), "host", "eth-host" + n, i);
    add(pcis_[k]->id(), "pci", "eth-pci" + n, i);
    add(nics_[k]->id(), "nic", "tulip" + n, i);
  }
  const EthernetSwitch& sw = *switch_;
  nlohmann::json s = topology_component(sw.id(), "switch", "eth-switch", -1);
  s["level"] = 1;
  s["index"] = 0;
  s["network"] = net;
  s["label"] = "Fast Ethernet switch";
  components.push_back(std::move(s));
  double MBps = sw.timing().link_Bps / 1e6;
  for (int i = 0; i < size(); ++i) {
    ComponentId nic = nics_[static_cast<size_t>(i)]->id();
    links.push_back(topology_link(sw.uplink(i), nic, sw.id(), "link", MBps));
    links.push_back(topology_link(sw.downlink(i), sw.id(), nic, "link", MBps));
  }
}

}  // namespace hpcsim
