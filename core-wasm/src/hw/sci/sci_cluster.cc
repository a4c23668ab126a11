#include "hw/sci/sci_cluster.h"

namespace hpcsim {

SciCluster::SciCluster(Simulator& sim, const ParameterSet& p, int nodes) : params_(p) {
  if (nodes < 2) nodes = 2;
  ComponentId next = 1;
  std::vector<ComponentId> host_ids, pci_ids, adapter_ids, link_ids;
  for (int i = 0; i < nodes; ++i) {
    host_ids.push_back(next++);
    pci_ids.push_back(next++);
    adapter_ids.push_back(next++);
  }
  for (int i = 0; i < nodes; ++i) link_ids.push_back(next++);
  ring_ = std::make_unique<SciRing>(sim, params_, link_ids);
  for (int i = 0; i < nodes; ++i) {
    size_t k = static_cast<size_t>(i);
    pcis_.push_back(std::make_unique<PciBus>(sim, pci_ids[k], params_, 0));  // register reads: SciAdapter
    hosts_.push_back(std::make_unique<Host>(sim, host_ids[k], i, *pcis_.back(), params_));
    adapters_.push_back(
        std::make_unique<SciAdapter>(sim, adapter_ids[k], i, *hosts_.back(), *pcis_.back(), *ring_, params_));
    adapter_ptrs_.push_back(adapters_.back().get());
  }
  for (auto& a : adapters_) a->attach(&adapter_ptrs_);
}

}  // namespace hpcsim
