#include "run/endpoint_factory.h"

#include "mpich_qsnet/mpich_qsnet.h"
#include "mvia/mvia.h"
#include "ompi/ompi_elan4.h"
#include "ompi/raw_qdma.h"
#include "portals/qsnet/portals_qsnet.h"
#include "run/mpi_layers.h"
#include "sci_mpich/sci_mpich.h"
#include "tcp/tcp_ethernet.h"
#include "tports/tports_qsnet.h"
#include "via/ss_via/ss_via.h"

namespace hpcsim {

std::unique_ptr<PingPongEndpoint> make_endpoint(Simulator& sim, const RunClusters& c, const ParameterSet& p,
                                                const SeriesSpec& spec, int32_t series, uint32_t* ids,
                                                const NodeSet& nodes) {
  const std::string& pr = spec.protocol;
  if (pr == "ss-via") {
    SsViaOptions o;
    o.series = series;
    return std::make_unique<SsVia>(sim, *c.sci, ids, o);
  }
  if (pr == "sci-mpich") {
    SciMpichOptions o;
    o.series = series;
    return std::make_unique<SciMpich>(sim, *c.sci, ids, o);
  }
  if (pr == "m-via") {
    MviaOptions o;
    o.series = series;
    return std::make_unique<Mvia>(sim, *c.eth, ids, o);
  }
  if (pr == "tcp") {
    TcpOptions o;
    o.series = series;
    return std::make_unique<TcpEthernet>(sim, *c.eth, ids, o);
  }
  if (pr == "tports") return std::make_unique<TportsQsnet>(sim, *c.qsnet, p, ids, series, nodes);
  if (pr == "ompi") return std::make_unique<OmpiElan4>(sim, *c.qsnet, p, ompi_options(spec), ids, series);
  if (pr == "mpich-qsnet") return std::make_unique<MpichQsnetElan4>(sim, *c.qsnet, p, ids, series, nodes);
  if (pr == "elan4-qdma") return std::make_unique<RawQdmaElan4>(sim, *c.qsnet, p, ids, series);
  return std::make_unique<PortalsQsnet>(sim, *c.qsnet, p,
                                        spec.operation == "get" ? PortalsQsnet::Op::kGet : PortalsQsnet::Op::kPut,
                                        ids, series, nodes);
}

}  // namespace hpcsim
