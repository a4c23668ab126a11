// The SCI ringlet of seed 003 (PCI-SCI adapters), with the same nodes' Fast Ethernet beside it for the seed's
// baselines (M-VIA, TCP/IP).
#include "catalog/catalog.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "hw/sci/sci_cluster.h"
#include "scenario/json_fields.h"

namespace hpcsim {

namespace {

std::string parse_ringlet(const nlohmann::json& cluster, Scenario* s) {
  std::string err;
  int64_t arity = 4, levels = 0;
  if (!fields::read_int(cluster, "arity", "cluster.arity", false, 2, 8, &arity, &err)) return err;
  if (arity != 4) return "cluster.arity: a ringlet has no switch radix (fat trees only)";
  if (!fields::read_int(cluster, "levels", "cluster.levels", false, 1, 12, &levels, &err)) return err;
  if (levels != 0) return "cluster.levels: a ringlet has no switch levels (fat trees only)";
  s->arity = 4;
  s->levels = 0;
  return "";
}

std::unique_ptr<Machine> make_ringlet(Simulator& sim, const Scenario& s) {
  auto m = std::make_unique<Machine>();
  m->add(std::make_unique<SciCluster>(sim, s.parameters, s.nodes));
  // The seed's nodes also carry Fast Ethernet (its baselines); ids follow the SCI ring links (3N+1 .. 4N).
  for (const auto& spec : s.series) {
    const ProtocolEntry* p = catalog().protocol(spec.protocol);
    if (p && p->nic == "tulip") {
      m->add(std::make_unique<EthernetCluster>(sim, s.parameters, s.nodes, static_cast<ComponentId>(4 * s.nodes + 1)));
      break;
    }
  }
  return m;
}

}  // namespace

void enrol_sci_fabric(Catalog& c) {
  FabricEntry f;
  f.id = "sci-ringlet";
  f.label = "SCI ringlet";
  f.nic = "pci-sci";
  f.nic_label = "PCI-SCI";
  f.default_testbed = "usc-sci-p2-350";
  f.source = "seed 003";
  f.side_nics = {"tulip"};
  // SCI transactions (IEEE 1596; hw/sci/sci_adapter.cc): a request subaction carrying data (a remote write, or the
  // response to a read), the read request without data, and the echo a link controller returns for each.
  f.packets = {{"rdma_packet", "SCI write / read response"}, {"control_packet", "SCI read request"},
               {"ack_packet", "SCI echo"}};
  f.parameters = {&pci_bus_parameters(), &host_parameters(), &sci_parameters(), &ethernet_parameters()};
  f.parse_cluster = parse_ringlet;
  f.make_machine = make_ringlet;
  c.add(f);
}

}  // namespace hpcsim
