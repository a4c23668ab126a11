// The Fast Ethernet of an SCI testbed (seed 003) in the topology JSON (core-wasm/app/wasm/README.md): a
// second network beside the ringlet, drawn by the page as its own layout.
#pragma once
#include "hw/ethernet/ethernet_cluster.h"
#include "nlohmann/json.hpp"

namespace hpcsim {

/// Appends to `components` each node's Ethernet host, PCI bus and Tulip NIC ("eth-host<i>", "eth-pci<i>",
/// "tulip<i>", with `node`) and the store-and-forward switch ("eth-switch", level 1, index 0, label
/// "Fast Ethernet switch"), every one with "network": "ethernet"; appends to `links` both directions of each
/// node's cable (uplink NIC -> switch, downlink switch -> NIC; kind "link", bandwidth in MB/s = 10^6 B/s
/// from eth.link rate).
void append_ethernet_topology(EthernetCluster& eth, nlohmann::ordered_json& components, nlohmann::ordered_json& links);

}  // namespace hpcsim
