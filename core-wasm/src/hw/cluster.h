// A QsNet cluster: N nodes (host + PCI bus + Elan3 NIC) joined by a quaternary fat tree of Elite switches.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "hw/elan3_nic.h"
#include "hw/host.h"
#include "hw/pci_bus.h"
#include "hw/qsnet_fabric.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// Owns every hardware component of a run. Component ids: node i has host 1 + 3i, PCI bus 2 + 3i and
/// NIC 3 + 3i; switches and directed link channels follow.
class Cluster {
 public:
  /// `nodes` in [2, 1024] (checked by the scenario parser).
  Cluster(Simulator& sim, const ParameterSet& p, int nodes);

  int size() const { return static_cast<int>(hosts_.size()); }
  Host& host(int node) { return *hosts_[static_cast<size_t>(node)]; }
  PciBus& pci(int node) { return *pcis_[static_cast<size_t>(node)]; }
  Elan3Nic& nic(int node) { return *nics_[static_cast<size_t>(node)]; }
  QsnetFabric& fabric() { return *fabric_; }

  /// Topology for the page (format in core-wasm/src/wasm/README.md).
  std::string topology_json() const;

 private:
  std::vector<std::unique_ptr<PciBus>> pcis_;
  std::vector<std::unique_ptr<Host>> hosts_;
  std::vector<std::unique_ptr<Elan3Nic>> nics_;
  std::vector<Elan3Nic*> nic_ptrs_;
  std::unique_ptr<QsnetFabric> fabric_;
  double pci_MBps_;
  double link_MBps_;
};

}  // namespace hpcsim
