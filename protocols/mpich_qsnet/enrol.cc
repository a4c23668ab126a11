// MPICH-QsNet over Tports on Elan4 (seed 001's baseline) as it enrols in the catalog.
#include "catalog/catalog.h"
#include "hw/qsnet_cluster.h"
#include "mpich_qsnet/mpich_qsnet.h"

namespace hpcsim {

void enrol_mpich_qsnet(Catalog& c) {
  ProtocolEntry p;
  p.id = "mpich-qsnet";
  p.label = "MPICH-QsNet (Tports, Elan4)";
  p.nic = "elan4";
  p.source = "seed 001 (baseline)";
  p.operations = {{"send", "MPI send"}};
  p.parameters = {&mpich_qsnet_parameters()};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    return std::make_unique<MpichQsnetElan4>(x.sim, *x.machine.network<QsnetCluster>(), x.parameters, x.message_ids,
                                             x.series, x.nodes);
  };
  c.add(p);
}

}  // namespace hpcsim
