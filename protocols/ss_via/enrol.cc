// SS-VIA (seed 003) as it enrols in the catalog: a ping-pong of VIPL calls over SCI and, with MPI over VIA on top
// of it (protocols/via_mpi), an MPI layer.
#include "catalog/catalog.h"
#include "hw/sci/sci_cluster.h"
#include "ss_via/ss_via.h"
#include "via_mpi/via_mpi.h"

namespace hpcsim {

namespace {
ViaMpiOptions mpi_options(int32_t series) {
  ViaMpiOptions o;
  o.series = series;
  return o;
}
}  // namespace

void enrol_ss_via(Catalog& c) {
  ProtocolEntry p;
  p.id = "ss-via";
  p.label = "SS-VIA (SCI)";
  p.nic = "pci-sci";
  p.source = "seed 003";
  p.operations = {{"send", "VipPostSend"}};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    SsViaOptions o;
    o.series = x.series;
    return std::make_unique<SsVia>(x.sim, *x.machine.network<SciCluster>(), x.message_ids, o);
  };
  p.make_mpi_layer = [](const EndpointContext& x) {
    SciCluster* sci = x.machine.network<SciCluster>();
    MpiLayer l;
    SsViaOptions o;
    o.series = x.series;
    l.endpoint = std::make_unique<ViaMpi>(x.sim, std::make_unique<SsVia>(x.sim, *sci, x.message_ids, o), x.message_ids,
                                          mpi_options(x.series));
    l.host = [sci](int n) -> Host& { return sci->host(n); };
    return l;
  };
  c.add(p);
}

}  // namespace hpcsim
