// One interconnect of a machine: its nodes (each a host on a PCI bus with a NIC) and the fabric joining them.
#pragma once
#include <string>
#include <vector>

#include "hw/host.h"
#include "nlohmann/json.hpp"

namespace hpcsim {

/// A distinct address per network class, which Machine::network<T>() compares instead of a dynamic_cast: the wasm
/// build has no RTTI (core-wasm/cmake/wasm.cmake), which keeps ~150 KB of type names out of the module.
template <class T>
const void* network_type() {
  static const char tag = 0;
  return &tag;
}

/// What the composition root and the workloads need of a cluster's hardware, whatever its fabric: the QsNet /
/// QsNetII fat tree (QsnetCluster), the SCI ringlet (SciCluster), switched Fast Ethernet (EthernetCluster).
/// Protocols reach their own network's specifics through Machine::network<T>().
class Network {
 public:
  virtual ~Network() = default;
  /// Nodes (>= 2).
  virtual int size() const = 0;
  /// The host of `node` (0 <= node < size()) that this network's NIC serves.
  virtual Host& host(int node) = 0;
  /// The NIC family of its nodes, as cluster.nic names it: "elan3", "elan4", "pci-sci", "tulip".
  virtual std::string nic() const = 0;
  /// The topology's header when this is the machine's primary network: "fabric", "nic", "nodes", "levels",
  /// "arity" and facts of the fabric (format: core-wasm/app/wasm/README.md).
  virtual void describe(nlohmann::json& topology) const = 0;
  /// Appends its hosts, PCI buses, NICs and switches to `components` and its directed links to `links`.
  virtual void append_topology(nlohmann::json& components, nlohmann::json& links) const = 0;
  /// network_type<C>() of its concrete class C.
  virtual const void* type() const = 0;
};

/// One entry of the topology's "components" (core-wasm/app/wasm/README.md "Topology JSON"): {"id", "kind" ("host",
/// "pci", "nic", "switch"), "name"}, and "node" when `node` >= 0 (switches belong to none). Callers add the rest
/// ("rail", "level", "index", "network", "label"). Out of line, like topology_link: one call per field instead of
/// an unrolled initializer list at every site keeps this cold code small in the wasm module.
nlohmann::json topology_component(ComponentId id, const char* kind, const std::string& name, int node);
/// One directed link of the topology's "links": {"id", "from", "to", "kind" ("link", "ring"), "bandwidth_MBps"
/// (10^6 B/s)}.
nlohmann::json topology_link(ComponentId id, ComponentId from, ComponentId to, const char* kind, double MBps);

/// A network of one switch and one cable per node (switched Fast Ethernet, InfiniBand), as it enters the topology:
/// every component tagged "network": `network`.
struct SwitchedTopology {
  const char* network;            ///< e.g. "ethernet"
  const char* host_name;          ///< name prefix of node i's host, e.g. "eth-host" -> "eth-host3"
  const char* pci_name;           ///< e.g. "eth-pci"
  const char* nic_name;           ///< e.g. "tulip"
  std::vector<ComponentId> hosts, pcis, nics;  ///< per node
  ComponentId switch_id;
  const char* switch_name;        ///< e.g. "eth-switch"
  const char* switch_label;       ///< e.g. "Fast Ethernet switch"
  std::vector<ComponentId> uplinks, downlinks;  ///< per node: NIC -> switch, switch -> NIC
  double link_MBps;               ///< 10^6 B/s, both directions
};
/// Appends each node's host, PCI bus and NIC, the switch (level 1, index 0) and both directions of each cable.
void append_switched_topology(const SwitchedTopology& t, nlohmann::json& components, nlohmann::json& links);

/// Fills `t`'s per-node ids from a cluster's parallel lists of host, PCI bus and NIC pointers (node i at index i)
/// and its switch's cable directions (`uplink(i)`, `downlink(i)`).
template <class Hosts, class Pcis, class Nics, class Switch>
void add_switched_nodes(SwitchedTopology& t, const Hosts& hosts, const Pcis& pcis, const Nics& nics, const Switch& sw) {
  for (size_t k = 0; k < hosts.size(); ++k) {
    const int i = static_cast<int>(k);
    t.hosts.push_back(hosts[k]->id());
    t.pcis.push_back(pcis[k]->id());
    t.nics.push_back(nics[k]->id());
    t.uplinks.push_back(sw.uplink(i));
    t.downlinks.push_back(sw.downlink(i));
  }
}

}  // namespace hpcsim
