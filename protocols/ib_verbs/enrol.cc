// Raw InfiniBand verbs (VAPI) ping-pong as it enrols in the catalog: on an infiniband cluster, or on the InfiniBand
// the nodes of a qsnet2 cluster also carry (seed 000's testbed), to compare with the Elan4 series.
#include "catalog/catalog.h"
#include "hw/infiniband/infiniband_cluster.h"
#include "ib_verbs/ib_verbs.h"

namespace hpcsim {

void enrol_ib_verbs(Catalog& c) {
  ProtocolEntry p;
  p.id = "ib-verbs";
  p.label = "InfiniBand verbs (VAPI)";
  p.nic = "infinihost";
  p.source = "seed 000 (the PVFS2/IBA baseline's network, at the VAPI level)";
  p.operations = {{"rdma-write", "RDMA write, the peer polling the last byte"},
                  {"send", "send / receive, the peer polling its CQ"}};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    auto mode = x.spec.operation == "send" ? IbVerbsPingPong::Mode::kSend : IbVerbsPingPong::Mode::kRdmaWrite;
    return std::make_unique<IbVerbsPingPong>(x.sim, *x.machine.network<InfinibandCluster>(), mode, x.message_ids,
                                             x.series);
  };
  c.add(p);
}

}  // namespace hpcsim
