// The hardware of one run: the network of the scenario's cluster.fabric and any networks the same nodes also carry.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "hw/network.h"

namespace hpcsim {

/// Owns the networks of a run. The first added is the primary one (cluster.fabric); later ones are side networks
/// of the same nodes (seed 003's testbed has a Fast Ethernet beside its SCI ringlet). Built by the fabric's catalog
/// entry (FabricEntry::make_machine).
class Machine {
 public:
  void add(std::unique_ptr<Network> network) { networks_.push_back(std::move(network)); }
  Network& primary() const { return *networks_.front(); }
  int size() const { return primary().size(); }
  /// The first network of type T (e.g. QsnetCluster), or nullptr.
  template <class T>
  T* network() const {
    for (const auto& n : networks_)
      if (n->type() == network_type<T>()) return static_cast<T*>(n.get());
    return nullptr;
  }
  /// The network whose NICs are of family `nic` ("elan4", "tulip", ...), or nullptr.
  Network* carrying(const std::string& nic) const;
  /// The page's topology (core-wasm/app/wasm/README.md): the primary network's header, each side network's header
  /// under "networks"/<its components' "network" tag>, then the components and links of every network.
  nlohmann::json topology() const;
  /// The topology of one network alone, as if it were a machine's only one.
  static nlohmann::json topology_of(const Network& network);

 private:
  std::vector<std::unique_ptr<Network>> networks_;
};

}  // namespace hpcsim
