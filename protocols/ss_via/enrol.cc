// SS-VIA (seed 003) as it enrols in the catalog: a ping-pong of VIPL calls over SCI and, with MPI over VIA on top
// of it (protocols/via_mpi), an MPI layer.
#include "catalog/catalog.h"
#include "hw/sci/sci_cluster.h"
#include "ss_via/ss_via.h"
#include "via_mpi/via_mpi.h"

namespace hpcsim {

namespace {
/// The provider for the series of `x`, on the machine's SciCluster.
std::unique_ptr<SsVia> make_ss_via(const EndpointContext& x) {
  SsViaOptions o;
  o.series = x.series;
  return std::make_unique<SsVia>(x.sim, *x.machine.network<SciCluster>(), x.message_ids, o);
}
}  // namespace

void enrol_ss_via(Catalog& c) {
  ProtocolEntry p;
  p.id = "ss-via";
  p.label = "SS-VIA (SCI)";
  p.nic = "pci-sci";
  p.source = "seed 003";
  p.operations = {{"send", "VipPostSend"}};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> { return make_ss_via(x); };
  p.make_mpi_layer = [](const EndpointContext& x) {
    SciCluster* sci = x.machine.network<SciCluster>();
    MpiLayer l;
    l.endpoint = std::make_unique<ViaMpi>(make_ss_via(x), via_mpi_options(x.series));
    l.host = [sci](int n) -> Host& { return sci->host(n); };
    return l;
  };
  c.add(p);
}

}  // namespace hpcsim
