// InfiniBand on its own: InfiniHost (MT23108) HCAs on PCI-X 133 MHz/64-bit, 4X links, one 8-port InfiniScale switch:
// the network of seed 000's "PVFS2/IBA" baseline (REFERENCES §1.4, ../shared/references/pvfs2-elan4.md §1.7), on the
// same dual-Xeon PCI-X hosts as the seed's Elan4 testbed.
#include "catalog/catalog.h"
#include "hw/infiniband/infiniband_cluster.h"
#include "scenario/json_fields.h"

namespace hpcsim {

namespace {

std::string parse_one_switch(const nlohmann::json& cluster, Scenario* s) {
  std::string err;
  int64_t arity = 4, levels = 0;
  if (!fields::read_int(cluster, "arity", "cluster.arity", false, 2, 8, &arity, &err)) return err;
  if (arity != 4) return "cluster.arity: an InfiniBand cluster hangs off one switch (the radix is for fat trees only)";
  if (!fields::read_int(cluster, "levels", "cluster.levels", false, 1, 12, &levels, &err)) return err;
  if (levels != 0)
    return "cluster.levels: an InfiniBand cluster hangs off one switch (levels are for fat trees only)";
  s->arity = 4;
  s->levels = 0;
  return "";
}

std::unique_ptr<Machine> make_infiniband(Simulator& sim, const Scenario& s) {
  auto m = std::make_unique<Machine>();
  m->add(std::make_unique<InfinibandCluster>(sim, s.parameters, s.nodes, 1));
  return m;
}

}  // namespace

void enrol_infiniband_fabric(Catalog& c) {
  FabricEntry f;
  f.id = "infiniband";
  f.label = "InfiniBand 4X";
  f.nic = "infinihost";
  f.nic_label = "InfiniHost";
  // The hosts of seed 000's testbed (dual Xeon 3.0 GHz, PCI-X 133 MHz/64-bit), the same as seed 001's Elan4 nodes.
  f.default_testbed = "osu-elan4-2005";
  f.source = "seed 000 (PVFS2/IBA baseline)";
  f.max_nodes = kIbSwitchPorts;
  // IBA packets (hw/infiniband/hca.cc): SEND (channel semantics), RDMA WRITE / READ data, and the RC ACK.
  f.packets = {{"qdma_packet", "IB SEND"}, {"rdma_packet", "IB RDMA"}, {"ack_packet", "IB ACK"}};
  f.parameters = {&pci_bus_parameters(), &host_parameters(), &infiniband_parameters()};
  f.parse_cluster = parse_one_switch;
  f.make_machine = make_infiniband;
  c.add(f);
}

}  // namespace hpcsim
