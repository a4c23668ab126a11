// Switched Fast Ethernet on its own: seed 003's baseline network, Tulip-class NICs on one store-and-forward switch.
#include "catalog/catalog.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "scenario/json_fields.h"

namespace hpcsim {

namespace {

std::string parse_switched(const nlohmann::json& cluster, Scenario* s) {
  std::string err;
  int64_t arity = 4, levels = 0;
  if (!fields::read_int(cluster, "arity", "cluster.arity", false, 2, 8, &arity, &err)) return err;
  if (arity != 4) return "cluster.arity: a Fast Ethernet cluster hangs off one switch (the radix is for fat trees only)";
  if (!fields::read_int(cluster, "levels", "cluster.levels", false, 1, 12, &levels, &err)) return err;
  if (levels != 0)
    return "cluster.levels: a Fast Ethernet cluster hangs off one switch (levels are for fat trees only)";
  s->arity = 4;
  s->levels = 0;
  return "";
}

std::unique_ptr<Machine> make_switched(Simulator& sim, const Scenario& s) {
  auto m = std::make_unique<Machine>();
  m->add(std::make_unique<EthernetCluster>(sim, s.parameters, s.nodes, 1));
  return m;
}

}  // namespace

void enrol_ethernet_fabric(Catalog& c) {
  FabricEntry f;
  f.id = "fast-ethernet";
  f.label = "switched Fast Ethernet";
  f.nic = "tulip";
  f.nic_label = "Tulip (DEC 21140)";
  // The Fast Ethernet model's defaults are those of seed 003's testbed, where it is the baseline network.
  f.default_testbed = "usc-sci-p2-350";
  f.source = "seed 003 (baseline)";
  // Frames carrying data (a TCP segment or an M-VIA fragment), and TCP segments that carry only an acknowledgement
  // (EthernetCluster records a frame of no data that is not a message's last as an ACK; M-VIA sends none).
  f.packets = {{"qdma_packet", "Ethernet frame (data)"}, {"ack_packet", "TCP ACK"}};
  f.parameters = {&pci_bus_parameters(), &host_parameters(), &ethernet_parameters()};
  f.parse_cluster = parse_switched;
  f.make_machine = make_switched;
  c.add(f);
}

}  // namespace hpcsim
