// The ping-pong endpoint (protocol stack) of a workload series, on the cluster the scenario built.
#pragma once
#include <memory>

#include "hw/cluster.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "hw/sci/sci_cluster.h"
#include "kernel/simulator.h"
#include "scenario/scenario.h"
#include "workload/pingpong_endpoint.h"

namespace hpcsim {

/// The clusters of a run: `qsnet` for qsnet / qsnet2 scenarios; `sci` (and `eth` when a series runs on Fast
/// Ethernet) for sci-ringlet ones. Null members are absent.
struct RunClusters {
  Cluster* qsnet = nullptr;
  SciCluster* sci = nullptr;
  EthernetCluster* eth = nullptr;
};

/// Builds the protocol stack of `spec` (portals, tports, ompi, mpich-qsnet, elan4-qdma on the fat tree; ss-via,
/// sci-mpich on the ringlet; m-via, tcp on Fast Ethernet). `series` tags its trace records; `ids` is the run's
/// message counter. `nodes` (NodeSet, empty = every node) are the nodes that run it: Portals, Tports and
/// MPICH-QsNet then install their NIC thread code only there, so stacks on disjoint node groups share no NIC
/// state (Open MPI and raw QDMA keep their input queues in the endpoint, one set per stack, and need no set).
/// The cluster the protocol needs must be present (the scenario parser guarantees it).
std::unique_ptr<PingPongEndpoint> make_endpoint(Simulator& sim, const RunClusters& c, const ParameterSet& p,
                                                const SeriesSpec& spec, int32_t series, uint32_t* ids,
                                                const NodeSet& nodes = {});

}  // namespace hpcsim
