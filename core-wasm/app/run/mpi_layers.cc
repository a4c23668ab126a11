#include "run/mpi_layers.h"

#include "ompi/ompi_elan4.h"
#include "sci_mpich/sci_mpich.h"
#include "tcp/tcp_mpi.h"
#include "via_mpi/via_mpi.h"

namespace hpcsim {

OmpiElan4Options ompi_options(const SeriesSpec& spec) {
  OmpiElan4Options o;
  o.path = spec.operation == "rdma-read" ? ompi::RdmaPath::kRead : ompi::RdmaPath::kWrite;
  o.progress = spec.progress == "interrupt"     ? ompi::ProgressMode::kInterrupt
               : spec.progress == "one-thread"  ? ompi::ProgressMode::kOneThread
               : spec.progress == "two-threads" ? ompi::ProgressMode::kTwoThreads
                                                : ompi::ProgressMode::kPolling;
  o.completion_queues = spec.completion_queues;
  o.chained = spec.chained;
  o.inline_rendezvous = spec.inline_rendezvous;
  o.rails = spec.rails;
  o.charge_pml = spec.charge_pml;
  return o;
}

bool has_mpi_layer(const std::string& protocol) {
  return protocol == "ompi" || protocol == "ss-via" || protocol == "sci-mpich" || protocol == "m-via" ||
         protocol == "tcp";
}

MpiLayer make_mpi_layer(const SeriesSpec& spec, int32_t series, Simulator& sim, Cluster* qsnet, SciCluster* sci,
                        EthernetCluster* ethernet, const ParameterSet& p, uint32_t* ids) {
  MpiLayer l;
  const std::string& pr = spec.protocol;
  if (pr == "ompi" && qsnet) {
    OmpiElan4Options o = ompi_options(spec);
    o.trace_messages = false;  // the rank-program driver writes the message records
    l.endpoint = std::make_unique<OmpiElan4>(sim, *qsnet, p, o, ids, series);
    l.host = [qsnet](int n) -> Host& { return qsnet->host(n); };
  } else if ((pr == "ss-via" || pr == "sci-mpich") && sci) {
    if (pr == "sci-mpich") {
      SciMpichOptions o;
      o.series = series;
      l.endpoint = std::make_unique<SciMpich>(sim, *sci, ids, o);
    } else {
      ViaMpiOptions o;
      o.series = series;
      o.via.series = series;
      l.endpoint = std::make_unique<ViaMpi>(sim, *sci, ids, o);
    }
    l.host = [sci](int n) -> Host& { return sci->host(n); };
  } else if ((pr == "m-via" || pr == "tcp") && ethernet) {
    if (pr == "tcp") {
      l.endpoint = std::make_unique<TcpMpi>(sim, *ethernet, ids, series);
    } else {
      ViaMpiOptions o;
      o.series = series;
      o.via.series = series;
      l.endpoint = std::make_unique<ViaMpi>(sim, *ethernet, ids, o);
    }
    l.host = [ethernet](int n) -> Host& { return ethernet->host(n); };
  }
  return l;
}

}  // namespace hpcsim
