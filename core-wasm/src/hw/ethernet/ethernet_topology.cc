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
  const EthernetSwitch& sw = *switch_;
  SwitchedTopology t{"ethernet", "eth-host", "eth-pci", "tulip", {}, {}, {},
                     sw.id(), "eth-switch", "Fast Ethernet switch", {}, {}, sw.timing().link_Bps / 1e6};
  add_switched_nodes(t, hosts_, pcis_, nics_, sw);
  append_switched_topology(t, components, links);
}

}  // namespace hpcsim
