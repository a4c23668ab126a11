// SCI-MPICH (ch_smi, seed 003's SCI-MPI) as it enrols in the catalog.
#include "catalog/catalog.h"
#include "hw/sci/sci_cluster.h"
#include "sci_mpich/sci_mpich.h"

namespace hpcsim {

void enrol_sci_mpich(Catalog& c) {
  ProtocolEntry p;
  p.id = "sci-mpich";
  p.label = "SCI-MPICH (ch_smi)";
  p.nic = "pci-sci";
  p.source = "seed 003; REFERENCES §1.6.3";
  p.operations = {{"send", "MPI send"}};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    SciMpichOptions o;
    o.series = x.series;
    return std::make_unique<SciMpich>(x.sim, *x.machine.network<SciCluster>(), x.message_ids, o);
  };
  p.make_mpi_layer = [](const EndpointContext& x) {
    SciCluster* sci = x.machine.network<SciCluster>();
    SciMpichOptions o;
    o.series = x.series;
    MpiLayer l;
    l.endpoint = std::make_unique<SciMpich>(x.sim, *sci, x.message_ids, o);
    l.host = [sci](int n) -> Host& { return sci->host(n); };
    return l;
  };
  c.add(p);
}

}  // namespace hpcsim
