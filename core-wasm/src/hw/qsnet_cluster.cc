#include "hw/qsnet_cluster.h"

namespace hpcsim {

namespace {
// Switches per subtree at `level`: arity^(level - 1).
int level_width(const QsnetFabric& f, int level) {
  int v = 1;
  for (int i = 1; i < level; ++i) v *= f.arity();
  return v;
}
}  // namespace

QsnetCluster::QsnetCluster(Simulator& sim, const ParameterSet& p, int nodes, NicFamily family, int rails, int arity,
                 int levels)
    : family_(family),
      rails_(family == NicFamily::kElan4 ? (rails < 1 ? 1 : (rails > 2 ? 2 : rails)) : 1),
      pci_MBps_(p.get("pci.clock_MHz") * p.get("pci.width_bytes")),
      link_MBps_(p.get(family == NicFamily::kElan4 ? "qsnet2.link_MBps" : "qsnet.link_MBps")) {
  ComponentId next = 1;
  if (family == NicFamily::kElan4) {
    std::vector<std::vector<ComponentId>> ids(static_cast<size_t>(rails_));
    e4_.resize(static_cast<size_t>(rails_));
    for (int i = 0; i < nodes; ++i) {
      ComponentId host_id = next++;
      for (int r = 0; r < rails_; ++r) {
        ComponentId pci_id = next++, nic_id = next++;
        pcis_.push_back(std::make_unique<PciBus>(sim, pci_id, p, 0));  // no host PIO reads of an Elan4
        e4_nics_.push_back(std::make_unique<Elan4Nic>(sim, nic_id, i, r, *pcis_.back(), p));
        e4_[static_cast<size_t>(r)].push_back(e4_nics_.back().get());
        ids[static_cast<size_t>(r)].push_back(nic_id);
      }
      hosts_.push_back(std::make_unique<Host>(sim, host_id, i, *pcis_[static_cast<size_t>(i * rails_)], p));
    }
    for (int r = 0; r < rails_; ++r) {
      fabrics_.push_back(std::make_unique<QsnetFabric>(sim, p, ids[static_cast<size_t>(r)], next, "qsnet2", arity, levels));
      for (auto* n : e4_[static_cast<size_t>(r)]) n->attach(fabrics_.back().get(), &e4_[static_cast<size_t>(r)]);
    }
    fabric_ = nullptr;
    return;
  }
  std::vector<ComponentId> nic_ids;
  for (int i = 0; i < nodes; ++i) {
    ComponentId host_id = next++, pci_id = next++, nic_id = next++;
    pcis_.push_back(std::make_unique<PciBus>(sim, pci_id, p, ns_to_ps(p.get("elan3.pio_read_latency_ns"))));
    hosts_.push_back(std::make_unique<Host>(sim, host_id, i, *pcis_.back(), p));
    nics_.push_back(std::make_unique<Elan3Nic>(sim, nic_id, i, *pcis_.back(), p));
    nic_ptrs_.push_back(nics_.back().get());
    nic_ids.push_back(nic_id);
  }
  fabric_ = std::make_unique<QsnetFabric>(sim, p, nic_ids, next, "qsnet", arity, levels);
  for (auto& n : nics_) n->attach(fabric_.get(), &nic_ptrs_);
}

void QsnetCluster::describe(nlohmann::json& topology) const {
  const QsnetFabric* first = fabric_ ? fabric_.get() : fabrics_.front().get();
  topology["fabric"] = family_ == NicFamily::kElan4 ? "qsnet2" : "qsnet";
  topology["nic"] = nic();
  topology["rails"] = family_ == NicFamily::kElan4 ? rails() : 1;
  topology["nodes"] = hosts_.size();
  topology["levels"] = first->levels();
  topology["arity"] = first->arity();
  topology["pci_MBps"] = pci_MBps_;
  topology["link_MBps"] = link_MBps_;
  topology["switch"] = family_ == NicFamily::kElan4 ? "Elite4" : "Elite";
  topology["bus"] = pcis_.front()->describe(family_ == NicFamily::kElan4 ? "PCI-X" : "PCI");
}

void QsnetCluster::append_topology(nlohmann::json& comps, nlohmann::json& links) const {
  auto add = [&](ComponentId id, const char* kind, const std::string& name, int node, int rail) {
    nlohmann::json c = topology_component(id, kind, name, node);
    c["rail"] = rail;
    comps.push_back(std::move(c));
  };
  for (size_t i = 0; i < hosts_.size(); ++i) {
    int n = static_cast<int>(i);
    comps.push_back(topology_component(hosts_[i]->id(), "host", "host" + std::to_string(n), n));
    if (family_ == NicFamily::kElan4) {
      for (int r = 0; r < rails_; ++r) {
        std::string suffix = std::to_string(n) + (rails_ > 1 ? "r" + std::to_string(r) : "");
        add(pcis_[i * static_cast<size_t>(rails_) + static_cast<size_t>(r)]->id(), "pci", "pcix" + suffix, n, r);
        add(e4_[static_cast<size_t>(r)][i]->id(), "nic", "elan4-" + suffix, n, r);
      }
      continue;
    }
    add(pcis_[i]->id(), "pci", "pci" + std::to_string(n), n, 0);
    add(nics_[i]->id(), "nic", "elan3-" + std::to_string(n), n, 0);
  }
  std::vector<const QsnetFabric*> fabrics;
  if (fabric_) fabrics.push_back(fabric_.get());
  for (const auto& f : fabrics_) fabrics.push_back(f.get());
  for (size_t rail = 0; rail < fabrics.size(); ++rail)
    for (const auto& s : fabrics[rail]->switches()) {
      nlohmann::json c = topology_component(
          s.id, "switch",
          "elite-L" + std::to_string(s.level) + "-" + std::to_string(s.subtree) + "." + std::to_string(s.rank), -1);
      c["level"] = s.level;
      c["index"] = s.subtree * level_width(*fabrics[rail], s.level) + s.rank;
      c["rail"] = rail;
      comps.push_back(std::move(c));
    }
  for (const auto* fab : fabrics)
    for (const auto& c : fab->channels()) links.push_back(topology_link(c.id, c.from, c.to, "link", link_MBps_));
}

}  // namespace hpcsim
