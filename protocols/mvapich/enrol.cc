// MVAPICH (MPI over InfiniBand verbs) as it enrols in the catalog: on an infiniband cluster, or on the InfiniBand
// the nodes of a qsnet2 cluster also carry (seed 000's testbed: the MPI of the PVFS2/IBA runs).
#include "catalog/catalog.h"
#include "hw/infiniband/infiniband_cluster.h"
#include "mvapich/mvapich.h"

namespace hpcsim {

void enrol_mvapich(Catalog& c) {
  ProtocolEntry p;
  p.id = "mvapich";
  p.label = "MVAPICH (MPI over InfiniBand)";
  p.nic = "infinihost";
  p.source = "seed 000 (the MPI of the PVFS2/IBA baseline); MVAPICH ch_gen2 (grondo/mvapich-cce)";
  p.operations = {{"send", "MPI send (eager or RPUT rendezvous)"}};
  p.parameters = {&mvapich_parameters()};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    return std::make_unique<Mvapich>(x.sim, *x.machine.network<InfinibandCluster>(), x.parameters, x.message_ids,
                                     x.series);
  };
  p.make_mpi_layer = [](const EndpointContext& x) {
    InfinibandCluster* ib = x.machine.network<InfinibandCluster>();
    MpiLayer l;
    l.endpoint = std::make_unique<Mvapich>(x.sim, *ib, x.parameters, x.message_ids, x.series);
    l.host = [ib](int n) -> Host& { return ib->host(n); };
    return l;
  };
  c.add(p);
}

}  // namespace hpcsim
