// The QsNet (Elan3, seed 002) and QsNetII (Elan4, seed 001) fabrics: k-ary n-trees of Elite / Elite4 switches.
#include <algorithm>

#include "catalog/catalog.h"
#include "hw/fat_tree_shape.h"
#include "hw/infiniband/infiniband_cluster.h"
#include "hw/qsnet_cluster.h"
#include "scenario/json_fields.h"

namespace hpcsim {

namespace {

// cluster.arity (2 to 8, default 4: the Elite switch's 4 links down and 4 up) and cluster.levels (the fewest stages
// that hold the nodes up to arity^levels <= 4096 host ports; hw/fat_tree_shape.h).
std::string parse_fat_tree(const nlohmann::json& cluster, Scenario* s) {
  std::string err;
  int64_t arity = 4, levels = 0;
  if (!fields::read_int(cluster, "arity", "cluster.arity", false, 2, 8, &arity, &err)) return err;
  s->arity = static_cast<int>(arity);
  std::string fits = fat_tree_arity_rule(s->arity, s->nodes);
  if (!fits.empty()) return "cluster.arity: " + fits;
  if (!fields::read_int(cluster, "levels", "cluster.levels", false, 1, 12, &levels, &err)) return err;
  if (levels != 0) {
    std::string rule = fat_tree_levels_rule(s->arity, static_cast<int>(levels), s->nodes);
    if (!rule.empty()) return "cluster.levels: " + rule;
  }
  s->levels = static_cast<int>(levels);
  return "";
}

// The largest component id a network's topology uses.
ComponentId last_id(const Network& n) {
  nlohmann::json t = Machine::topology_of(n);
  ComponentId last = 0;
  for (const char* list : {"components", "links"})
    for (const auto& c : t[list]) last = std::max(last, c["id"].get<ComponentId>());
  return last;
}

std::unique_ptr<Machine> make_qsnet(Simulator& sim, const Scenario& s) {
  auto m = std::make_unique<Machine>();
  NicFamily family = s.nic == "elan4" ? NicFamily::kElan4 : NicFamily::kElan3;
  m->add(std::make_unique<QsnetCluster>(sim, s.parameters, s.nodes, family, s.rails, s.arity, s.levels));
  // Seed 000's testbed: the same Elan4 nodes also carry InfiniBand (the PVFS2/IBA baseline), built when a series
  // runs on it; its ids follow the fat tree's.
  if (family == NicFamily::kElan4)
    for (const auto& spec : s.series) {
      const ProtocolEntry* p = catalog().protocol(spec.protocol);
      if (p && p->nic == "infinihost") {
        m->add(std::make_unique<InfinibandCluster>(sim, s.parameters, s.nodes, last_id(m->primary()) + 1));
        break;
      }
    }
  return m;
}

}  // namespace

void enrol_qsnet_fabrics(Catalog& c) {
  FabricEntry q;
  q.id = "qsnet";
  q.label = "QsNet";
  q.nic = "elan3";
  q.nic_label = "Elan3";
  q.default_testbed = "sandia-elan3-2004";
  q.source = "seed 002";
  q.fat_tree = true;
  // Elan3 (seed 002) and Elan4 (seed 001) alike: queued DMA, RDMA data, the link-level acknowledgement token, its
  // negative form (target busy: the sender retries) and control packets (RDMA read requests, rendezvous headers).
  q.packets = {{"qdma_packet", "QDMA"}, {"rdma_packet", "RDMA"}, {"ack_packet", "ACK"}, {"nak_packet", "NAK"},
               {"control_packet", "Control (RDMA request)"}};
  q.parameters = {&pci_bus_parameters(), &host_parameters(), &elan3_parameters(), &qsnet_fabric_parameters()};
  q.parse_cluster = parse_fat_tree;
  q.make_machine = make_qsnet;
  c.add(q);
  FabricEntry q2 = q;
  q2.id = "qsnet2";
  q2.label = "QsNetII";
  q2.nic = "elan4";
  q2.nic_label = "Elan4";
  // QsNetII's largest fat tree: 4,096 nodes (six stages of Elite4 switches; issue 12 item 7). QsNet (Elan3) keeps
  // the 1,024 the product had.
  q2.max_nodes = 4096;
  q2.default_testbed = "osu-elan4-2005";
  q2.source = "seed 001";
  q2.max_rails = 2;
  // The seed 000 testbed's nodes also hold an InfiniHost HCA on an InfiniScale switch (the PVFS2/IBA baseline).
  q2.side_nics = {"infinihost"};
  q2.parameters = {&pci_bus_parameters(), &host_parameters(), &qsnet2_fabric_parameters(), &elan4_parameters(),
                   &infiniband_parameters()};
  c.add(q2);
}

}  // namespace hpcsim
