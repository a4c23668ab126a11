// M-VIA (seed 003's baseline) as it enrols in the catalog: a ping-pong of VIPL calls over Fast Ethernet and, with
// MPI over VIA on top of it (protocols/via_mpi, as MVICH did), an MPI layer.
#include "catalog/catalog.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "mvia/mvia.h"
#include "via_mpi/via_mpi.h"

namespace hpcsim {

namespace {
ViaMpiOptions mpi_options(int32_t series) {
  ViaMpiOptions o;
  o.series = series;
  return o;
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
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    MviaOptions o;
    o.series = x.series;
    return std::make_unique<Mvia>(x.sim, *x.machine.network<EthernetCluster>(), x.message_ids, o);
  };
  p.make_mpi_layer = [](const EndpointContext& x) {
    EthernetCluster* eth = x.machine.network<EthernetCluster>();
    MpiLayer l;
    MviaOptions o;
    o.series = x.series;
    l.endpoint = std::make_unique<ViaMpi>(x.sim, std::make_unique<Mvia>(x.sim, *eth, x.message_ids, o), x.message_ids,
                                          mpi_options(x.series));
    l.host = [eth](int n) -> Host& { return eth->host(n); };
    return l;
  };
  c.add(p);
}

}  // namespace hpcsim
