// TCP/IP over Fast Ethernet and MPICH's ch_p4 on it (seed 003's baseline) as they enrol in the catalog.
#include "catalog/catalog.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "tcp/tcp_ethernet.h"
#include "tcp/tcp_mpi.h"

namespace hpcsim {

void enrol_tcp(Catalog& c) {
  ProtocolEntry p;
  p.id = "tcp";
  p.label = "TCP/IP (Fast Ethernet)";
  p.nic = "tulip";
  p.source = "seed 003 (baseline)";
  p.operations = {{"send", "send()"}};
  p.parameters = {&tcp_parameters()};
  p.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    TcpOptions o;
    o.series = x.series;
    return std::make_unique<TcpEthernet>(x.sim, *x.machine.network<EthernetCluster>(), x.message_ids, o);
  };
  p.make_mpi_layer = [](const EndpointContext& x) {
    EthernetCluster* eth = x.machine.network<EthernetCluster>();
    MpiLayer l;
    l.endpoint = std::make_unique<TcpMpi>(x.sim, *eth, x.message_ids, x.series);
    l.host = [eth](int n) -> Host& { return eth->host(n); };
    return l;
  };
  c.add(p);
}

}  // namespace hpcsim
