// Portals 3.3 on Elan3 (seed 002) as it enrols in the catalog.
#include "catalog/catalog.h"
#include "hw/qsnet_cluster.h"
#include "portals/qsnet/portals_qsnet.h"

namespace hpcsim {

void enrol_portals(Catalog& c) {
  ProtocolEntry p;
  p.id = "portals";
  p.label = "Portals 3.3 (Elan3 NIC thread)";
  p.nic = "elan3";
  p.source = "seed 002";
  p.operations = {{"put", "PUT"}, {"get", "GET"}};
  p.breakdown_column = "Portals";
  p.breakdown_operations = {"put"};
  p.parameters = {&portals_qsnet_parameters()};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    PortalsQsnet::Op op = x.spec.operation == "get" ? PortalsQsnet::Op::kGet : PortalsQsnet::Op::kPut;
    return std::make_unique<PortalsQsnet>(x.sim, *x.machine.network<QsnetCluster>(), x.parameters, op, x.message_ids,
                                          x.series, x.nodes);
  };
  c.add(p);
}

}  // namespace hpcsim
