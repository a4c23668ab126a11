// An SCI cluster (seed 003): N Pentium II nodes, each a host on a 32-bit/33 MHz PCI bus with a Dolphin
// PCI-SCI adapter, all on one SCI ringlet.
#pragma once
#include <memory>
#include <vector>

#include "hw/host.h"
#include "hw/network.h"
#include "hw/pci_bus.h"
#include "hw/sci/sci_adapter.h"
#include "hw/sci/sci_ring.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of the Dolphin PCI-SCI adapter and the SCI ringlet (seed 003) (sci_parameters.cc).
const std::vector<ParameterSpec>& sci_parameters();


/// Owns the hardware of an SCI run. Component ids as in the Elan3 QsnetCluster: node i has host 1 + 3i,
/// PCI bus 2 + 3i and adapter 3 + 3i; the ring link leaving node i is 3N + 1 + i.
/// The adapter models its own register-read latency (a PCI delayed transaction, sci.register_read_ns), so the
/// PCI buses add none to PIO reads.
class SciCluster : public Network {
 public:
  /// `nodes` >= 2 (a ringlet; the seed's cluster has 8).
  SciCluster(Simulator& sim, const ParameterSet& p, int nodes);

  int size() const override { return static_cast<int>(hosts_.size()); }
  Host& host(int node) override { return *hosts_[static_cast<size_t>(node)]; }
  std::string nic() const override { return "pci-sci"; }
  /// fabric "sci-ringlet", nic, nodes, levels 0, arity 0, link_MBps (sci.link_MBps) and bus (PciBus::describe).
  void describe(nlohmann::json& topology) const override;
  /// Hosts, PCI buses and adapters; the ring link leaving node i is 3N + 1 + i.
  void append_topology(nlohmann::json& components, nlohmann::json& links) const override;
  const void* type() const override { return network_type<SciCluster>(); }
  PciBus& pci(int node) { return *pcis_[static_cast<size_t>(node)]; }
  SciAdapter& adapter(int node) { return *adapters_[static_cast<size_t>(node)]; }
  SciRing& ring() { return *ring_; }
  const ParameterSet& parameters() const { return params_; }

 private:
  ParameterSet params_;
  std::vector<std::unique_ptr<PciBus>> pcis_;
  std::vector<std::unique_ptr<Host>> hosts_;
  std::unique_ptr<SciRing> ring_;
  std::vector<std::unique_ptr<SciAdapter>> adapters_;
  std::vector<SciAdapter*> adapter_ptrs_;
};

}  // namespace hpcsim
