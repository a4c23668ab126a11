// Quadrics Tports on Elan3 (seed 002's baseline) as it enrols in the catalog.
#include "catalog/catalog.h"
#include "hw/qsnet_cluster.h"
#include "tports/tports_qsnet.h"

namespace hpcsim {

void enrol_tports(Catalog& c) {
  ProtocolEntry p;
  p.id = "tports";
  p.label = "Tports (Elan3)";
  p.nic = "elan3";
  p.source = "seed 002 (baseline)";
  p.operations = {{"send", "tagged send"}};
  p.breakdown_column = "Tports";
  p.breakdown_operations = {"send"};
  p.parameters = {&tports_parameters()};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    return std::make_unique<TportsQsnet>(x.sim, *x.machine.network<QsnetCluster>(), x.parameters, x.message_ids,
                                         x.series, x.nodes);
  };
  c.add(p);
}

}  // namespace hpcsim
