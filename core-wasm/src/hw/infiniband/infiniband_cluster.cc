#include "hw/infiniband/infiniband_cluster.h"

namespace hpcsim {

InfinibandCluster::InfinibandCluster(Simulator& sim, const ParameterSet& p, int nodes, ComponentId first_id)
    : sim_(sim), params_(p) {
  if (nodes < 2) nodes = 2;
  if (nodes > kIbSwitchPorts) nodes = kIbSwitchPorts;  // the parser refuses more; never build a bigger switch
  ComponentId next = first_id;
  std::vector<ComponentId> host_ids, pci_ids, hca_ids, up, down;
  for (int i = 0; i < nodes; ++i) {
    host_ids.push_back(next++);
    pci_ids.push_back(next++);
    hca_ids.push_back(next++);
  }
  for (int i = 0; i < nodes; ++i) up.push_back(next++);
  for (int i = 0; i < nodes; ++i) down.push_back(next++);
  switch_ = std::make_unique<IbSwitch>(sim, next++, params_, up, down);
  Time pio_read_ps = ns_to_ps(params_.get("ib.pio_read_latency_ns"));
  for (int i = 0; i < nodes; ++i) {
    size_t k = static_cast<size_t>(i);
    pcis_.push_back(std::make_unique<PciBus>(sim, pci_ids[k], params_, pio_read_ps));
    hosts_.push_back(std::make_unique<Host>(sim, host_ids[k], i, *pcis_.back(), params_));
    hcas_.push_back(std::make_unique<Hca>(sim, hca_ids[k], i, *pcis_.back(), params_));
    hca_ptrs_.push_back(hcas_.back().get());
  }
  for (auto& h : hcas_) h->attach(switch_.get(), &hca_ptrs_);
}

}  // namespace hpcsim
