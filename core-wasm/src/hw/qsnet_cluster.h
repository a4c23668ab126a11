// A QsNet cluster: N nodes (host + PCI bus + Elan3 NIC) joined by a quaternary fat tree of Elite switches, or a
// QsNetII one (Elan4 on PCI-X, Elite4 switches, one or two rails).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "hw/elan3_nic.h"
#include "hw/elan4/elan4_nic.h"
#include "hw/host.h"
#include "hw/network.h"
#include "hw/pci_bus.h"
#include "hw/qsnet_fabric.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// Which NIC the nodes carry: Elan3 on QsNet (seed 002) or Elan4 on QsNetII (seed 001).
enum class NicFamily { kElan3, kElan4 };

/// Owns every hardware component of a run. Elan3: node i has host 1 + 3i, PCI bus 2 + 3i and NIC 3 + 3i;
/// switches and directed link channels follow. Elan4: node i has host, then per rail a PCI-X bus and an
/// Elan4 (1 + 2 * rails ids per node); then each rail's QsNetII fabric (qsnet2.* parameters).
class QsnetCluster : public Network {
 public:
  /// `nodes` in [2, 4096] (checked by the scenario parser); `rails` in [1, 2] (Elan4 only); `arity` in [2, 8]: the fat
  /// tree's switch radix each way (4: the Elite switches; see QsnetFabric); `levels`: its switch stages, 0 for the
  /// fewest that hold `nodes` (more build a partially populated tree whose spare top stages idle; see QsnetFabric).
  QsnetCluster(Simulator& sim, const ParameterSet& p, int nodes, NicFamily family = NicFamily::kElan3, int rails = 1,
          int arity = 4, int levels = 0);

  NicFamily family() const { return family_; }
  int rails() const { return rails_; }
  /// Elan4 of `node` on `rail` (Elan4 clusters only).
  Elan4Nic& elan4(int node, int rail = 0) { return *e4_[static_cast<size_t>(rail)][static_cast<size_t>(node)]; }
  /// PCI-X bus of `node` serving `rail` (Elan4 clusters only).
  PciBus& pci_rail(int node, int rail) { return *pcis_[static_cast<size_t>(node * rails_ + rail)]; }
  QsnetFabric& fabric_rail(int rail) { return *fabrics_[static_cast<size_t>(rail)]; }

  int size() const override { return static_cast<int>(hosts_.size()); }
  Host& host(int node) override { return *hosts_[static_cast<size_t>(node)]; }
  std::string nic() const override { return family_ == NicFamily::kElan4 ? "elan4" : "elan3"; }
  PciBus& pci(int node) { return *pcis_[static_cast<size_t>(node)]; }
  Elan3Nic& nic(int node) { return *nics_[static_cast<size_t>(node)]; }
  QsnetFabric& fabric() { return *fabric_; }  ///< rail 0's fabric for Elan4

  /// fabric "qsnet" or "qsnet2", nic, rails, nodes, levels and arity of the tree, pci_MBps (the PCI or PCI-X
  /// bus's data rate, clock x width, MB/s = 10^6 B/s), link_MBps (one link direction), switch ("Elite" or
  /// "Elite4") and bus (PciBus::describe: "PCI" on Elan3 nodes, "PCI-X" on Elan4 nodes).
  void describe(nlohmann::json& topology) const override;
  /// Hosts, PCI (-X) buses, NICs ("elan3-<n>"; "elan4-<n>", with "r<rail>" on two rails), Elite switches and the
  /// directed link channels of every rail; buses, NICs and switches carry their "rail" (0-based).
  void append_topology(nlohmann::json& components, nlohmann::json& links) const override;
  const void* type() const override { return network_type<QsnetCluster>(); }

 private:
  std::vector<std::unique_ptr<PciBus>> pcis_;
  std::vector<std::unique_ptr<Host>> hosts_;
  std::vector<std::unique_ptr<Elan3Nic>> nics_;
  std::vector<Elan3Nic*> nic_ptrs_;
  std::unique_ptr<QsnetFabric> fabric_;
  NicFamily family_ = NicFamily::kElan3;
  int rails_ = 1;
  std::vector<std::unique_ptr<Elan4Nic>> e4_nics_;
  std::vector<std::vector<Elan4Nic*>> e4_;
  std::vector<std::unique_ptr<QsnetFabric>> fabrics_;
  double pci_MBps_;
  double link_MBps_;
};

}  // namespace hpcsim
