// The MPI layer a series' protocol names, for workloads that run rank programs (NAS runs, all-to-all): Open MPI
// over Elan4 (ompi, with the series' options), MPI over SS-VIA (ss-via), SCI-MPICH (sci-mpich), MPI over M-VIA
// (m-via) and MPICH's ch_p4 over TCP/IP (tcp), with the host model each runs on.
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "hw/cluster.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "hw/sci/sci_cluster.h"
#include "kernel/simulator.h"
#include "ompi/ompi_elan4.h"
#include "scenario/scenario.h"
#include "workload/mpi_endpoint.h"

namespace hpcsim {

struct MpiLayer {
  std::unique_ptr<MpiEndpoint> endpoint;
  std::function<Host&(int)> host;  ///< the host model of rank r's node that the layer uses
};

/// Open MPI's options as a series spells them (path from `operation`, progress mode, completion queues, chained,
/// inline rendezvous, rails, charge_pml); used by every workload that runs Open MPI.
OmpiElan4Options ompi_options(const SeriesSpec& spec);

/// Whether `protocol` has an MPI layer here (the parser's check for rank-program workloads).
bool has_mpi_layer(const std::string& protocol);

/// Builds the layer of `spec` on the cluster it needs (`qsnet` for ompi; `sci` for ss-via and sci-mpich;
/// `ethernet` for m-via and tcp). Returns an empty layer if that cluster is null or the protocol has none.
MpiLayer make_mpi_layer(const SeriesSpec& spec, int32_t series, Simulator& sim, Cluster* qsnet, SciCluster* sci,
                        EthernetCluster* ethernet, const ParameterSet& p, uint32_t* message_ids);

}  // namespace hpcsim
