// M-VIA (seed 003's baseline) as it enrols in the catalog: a ping-pong of VIPL calls over Fast Ethernet and, with
// MPI over VIA on top of it (protocols/via_mpi, as MVICH did), an MPI layer.
#include "catalog/catalog.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "mvia/mvia.h"
#include "via_mpi/via_mpi.h"

namespace hpcsim {

namespace {
/// The provider for the series of `x`, on the machine's EthernetCluster.
std::unique_ptr<Mvia> make_mvia(const EndpointContext& x) {
  MviaOptions o;
  o.series = x.series;
  return std::make_unique<Mvia>(x.sim, *x.machine.network<EthernetCluster>(), x.message_ids, o);
}
}  // namespace

void enrol_mvia(Catalog& c) {
  ProtocolEntry p;
  p.id = "m-via";
  p.label = "M-VIA (Fast Ethernet)";
  p.parameters = {&mvia_parameters()};
  p.nic = "tulip";
  p.source = "seed 003 (baseline)";
  p.operations = {{"send", "VipPostSend"}};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> { return make_mvia(x); };
  p.make_mpi_layer = [](const EndpointContext& x) {
    EthernetCluster* eth = x.machine.network<EthernetCluster>();
    MpiLayer l;
    l.endpoint = std::make_unique<ViaMpi>(make_mvia(x), via_mpi_options(x.series));
    l.host = [eth](int n) -> Host& { return eth->host(n); };
    return l;
  };
  c.add(p);
}

}  // namespace hpcsim
