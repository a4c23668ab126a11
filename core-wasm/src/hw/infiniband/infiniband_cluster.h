// An InfiniBand cluster: N nodes, each a host on its own PCI-X 133 MHz/64-bit bus with an InfiniHost (MT23108)
// HCA, every HCA on one port of an 8-port InfiniScale 4X switch (the seed 000 "PVFS2/IBA" baseline's network).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "hw/host.h"
#include "hw/infiniband/hca.h"
#include "hw/infiniband/ib_switch.h"
#include "hw/network.h"
#include "hw/pci_bus.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// Ports of the one InfiniScale switch, hence the most nodes an InfiniBand cluster has.
constexpr int kIbSwitchPorts = 8;

/// Owns the hardware of an InfiniBand network. Component ids from `first_id`: node i has host first + 3i, PCI-X bus
/// first + 3i + 1 and HCA first + 3i + 2; then the uplink cable directions (HCA -> switch) of every node, the
/// downlinks (switch -> HCA), and the switch. The parameters are copied; every pair of nodes is joined by
/// reliable-connected queue pairs (any QP number a protocol uses exists).
class InfinibandCluster : public Network {
 public:
  /// `nodes` in [2, kIbSwitchPorts] (the scenario parser refuses more). `first_id` is 1 unless the InfiniBand is a
  /// second network of the same nodes, beside a QsNetII fat tree (seed 000's testbed carries both).
  InfinibandCluster(Simulator& sim, const ParameterSet& p, int nodes, ComponentId first_id = 1);

  int size() const override { return static_cast<int>(hosts_.size()); }
  Host& host(int node) override { return *hosts_[static_cast<size_t>(node)]; }
  std::string nic() const override { return "infinihost"; }
  /// fabric "infiniband", nic "infinihost", nodes, levels 1 (one switch), arity 0, link_MBps (the data rate of a 4X
  /// link, MB/s = 10^6 B/s), switch ("8-port InfiniScale 4X cut-through switch") and bus (PciBus::describe).
  void describe(nlohmann::json& topology) const override;
  /// Hosts ("ib-host<i>"), PCI-X buses ("ib-pcix<i>"), HCAs ("hca<i>") and the switch ("ib-switch", label
  /// "InfiniScale switch"), all with "network": "infiniband", and both directions of each node's cable.
  void append_topology(nlohmann::json& components, nlohmann::json& links) const override;
  const void* type() const override { return network_type<InfinibandCluster>(); }

  Hca& hca(int node) { return *hcas_[static_cast<size_t>(node)]; }
  PciBus& pci(int node) { return *pcis_[static_cast<size_t>(node)]; }
  IbSwitch& fabric() { return *switch_; }
  const ParameterSet& parameters() const { return params_; }
  Simulator& sim() { return sim_; }

 private:
  Simulator& sim_;
  ParameterSet params_;
  std::vector<std::unique_ptr<PciBus>> pcis_;
  std::vector<std::unique_ptr<Host>> hosts_;
  std::vector<std::unique_ptr<Hca>> hcas_;
  std::vector<Hca*> hca_ptrs_;
  std::unique_ptr<IbSwitch> switch_;
};

}  // namespace hpcsim
