#include "hw/cluster.h"

#include "nlohmann/json.hpp"

namespace hpcsim {

Cluster::Cluster(Simulator& sim, const ParameterSet& p, int nodes)
    : pci_MBps_(p.get("pci.clock_MHz") * p.get("pci.width_bytes")), link_MBps_(p.get("qsnet.link_MBps")) {
  ComponentId next = 1;
  std::vector<ComponentId> nic_ids;
  for (int i = 0; i < nodes; ++i) {
    ComponentId host_id = next++, pci_id = next++, nic_id = next++;
    pcis_.push_back(std::make_unique<PciBus>(sim, pci_id, p));
    hosts_.push_back(std::make_unique<Host>(sim, host_id, i, *pcis_.back(), p));
    nics_.push_back(std::make_unique<Elan3Nic>(sim, nic_id, i, *pcis_.back(), p));
    nic_ptrs_.push_back(nics_.back().get());
    nic_ids.push_back(nic_id);
  }
  fabric_ = std::make_unique<QsnetFabric>(sim, p, nic_ids, next);
  for (auto& n : nics_) n->attach(fabric_.get(), &nic_ptrs_);
}

std::string Cluster::topology_json() const {
  using nlohmann::json;
  json comps = json::array(), links = json::array();
  for (size_t i = 0; i < hosts_.size(); ++i) {
    int n = static_cast<int>(i);
    comps.push_back({{"id", hosts_[i]->id()}, {"kind", "host"}, {"name", "host" + std::to_string(n)}, {"node", n}});
    comps.push_back({{"id", pcis_[i]->id()}, {"kind", "pci"}, {"name", "pci" + std::to_string(n)}, {"node", n}});
    comps.push_back({{"id", nics_[i]->id()}, {"kind", "nic"}, {"name", "elan" + std::to_string(n)}, {"node", n}});
  }
  for (const auto& s : fabric_->switches())
    comps.push_back({{"id", s.id},
                     {"kind", "switch"},
                     {"name", "elite-L" + std::to_string(s.level) + "-" + std::to_string(s.subtree) + "." +
                                  std::to_string(s.rank)},
                     {"level", s.level},
                     {"index", s.subtree * (1 << (2 * (s.level - 1))) + s.rank}});
  for (const auto& c : fabric_->channels())
    links.push_back({{"id", c.id}, {"from", c.from}, {"to", c.to}, {"kind", "link"}, {"bandwidth_MBps", link_MBps_}});
  return json{{"fabric", "qsnet"},
              {"nodes", hosts_.size()},
              {"levels", fabric_->levels()},
              {"arity", 4},
              {"pci_MBps", pci_MBps_},
              {"components", comps},
              {"links", links}}
      .dump();
}

}  // namespace hpcsim
