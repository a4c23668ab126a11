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
#include "ss_via/ss_via.h"

namespace hpcsim {

namespace {
/// The seed-003 endpoints: default options but the series their records carry.
template <class Endpoint, class Options, class Net>
std::unique_ptr<PingPongEndpoint> with_series(Simulator& sim, Net& net, uint32_t* ids, int32_t series) {
  Options o;
  o.series = series;
  return std::make_unique<Endpoint>(sim, net, ids, o);
}
}  // namespace

std::unique_ptr<PingPongEndpoint> make_endpoint(Simulator& sim, const RunClusters& c, const ParameterSet& p,
                                                const SeriesSpec& spec, int32_t series, uint32_t* ids,
                                                const NodeSet& nodes) {
  const std::string& pr = spec.protocol;
  if (pr == "ss-via") return with_series<SsVia, SsViaOptions>(sim, *c.sci, ids, series);
  if (pr == "sci-mpich") return with_series<SciMpich, SciMpichOptions>(sim, *c.sci, ids, series);
  if (pr == "m-via") return with_series<Mvia, MviaOptions>(sim, *c.eth, ids, series);
  if (pr == "tcp") return with_series<TcpEthernet, TcpOptions>(sim, *c.eth, ids, series);
  if (pr == "tports") return std::make_unique<TportsQsnet>(sim, *c.qsnet, p, ids, series, nodes);
  if (pr == "ompi") return std::make_unique<OmpiElan4>(sim, *c.qsnet, p, ompi_options(spec), ids, series);
  if (pr == "mpich-qsnet") return std::make_unique<MpichQsnetElan4>(sim, *c.qsnet, p, ids, series, nodes);
  if (pr == "elan4-qdma") return std::make_unique<RawQdmaElan4>(sim, *c.qsnet, p, ids, series);
  return std::make_unique<PortalsQsnet>(sim, *c.qsnet, p,
                                        spec.operation == "get" ? PortalsQsnet::Op::kGet : PortalsQsnet::Op::kPut,
                                        ids, series, nodes);
}

}  // namespace hpcsim
