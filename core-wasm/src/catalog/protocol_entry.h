// A protocol stack as it enrols in the catalog: its id, what it runs on, its series fields and its factories.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hw/machine.h"
#include "kernel/simulator.h"
#include "nlohmann/json.hpp"
#include "ports/mpi_layer.h"
#include "ports/pingpong_endpoint.h"
#include "scenario/scenario.h"

namespace hpcsim {

/// What a protocol's factories receive: the run's simulator, hardware and parameters, and the series it serves.
struct EndpointContext {
  Simulator& sim;
  Machine& machine;
  const ParameterSet& parameters;
  const SeriesSpec& spec;
  int32_t series;          ///< index of `spec` in the scenario; tags the stack's trace records
  uint32_t* message_ids;   ///< the run's message counter
  NodeSet nodes;           ///< the nodes that run it (empty = every node; cluster.groups)
};

/// The results of a ping-pong sweep, for a protocol's own tables (ProtocolEntry::sweep_tables).
struct SweepView {
  const Scenario& scenario;
  /// One-way latency (µs) of series `series` at `bytes`, or -1 when that size was not run.
  std::function<double(size_t series, uint32_t bytes)> latency_us;
};

struct OperationEntry {
  std::string id;     ///< workload.series/<i>.operation, e.g. "put"
  std::string label;  ///< e.g. "PUT"
};

struct ProtocolEntry {
  std::string id;      ///< workload.series/<i>.protocol, e.g. "portals"
  std::string label;   ///< e.g. "Portals 3.3"
  std::string nic;     ///< the NIC family it runs on (a FabricEntry's nic or side NIC), e.g. "elan3"
  std::string source;  ///< the seed or reference it comes from, e.g. "seed 002"
  std::vector<OperationEntry> operations;
  /// Seed 002 Tables 1 and 2: the column this protocol's first series with one of `breakdown_operations` fills
  /// ("Portals"); empty: the protocol is not in those tables.
  std::string breakdown_column;
  std::vector<std::string> breakdown_operations;
  /// Parameter tables of the models this entry builds (declared beside each model); Catalog::add registers them.
  std::vector<const std::vector<ParameterSpec>*> parameters;
  /// Reads the protocol's own series fields (besides id, label, protocol, operation) of `series`, whose path is
  /// `path` ("workload.series/2"); "" and *out set, or the error naming the field. Null: no own fields.
  std::function<std::string(const nlohmann::json& series, const std::string& path, const Scenario& scenario,
                            std::shared_ptr<const SeriesOptions>* out)>
      parse_options;
  /// The ping-pong endpoint of the series on the run's machine; null: no ping-pong.
  std::function<std::unique_ptr<PingPongEndpoint>(const EndpointContext&)> make_endpoint;
  /// The MPI layer of the series (rank-program workloads); null: the protocol offers no MPI layer.
  std::function<MpiLayer(const EndpointContext&)> make_mpi_layer;
  /// Appends the protocol's own tables of a ping-pong sweep whose series include it (seed 001's progress modes).
  std::function<void(const SweepView&, nlohmann::ordered_json& tables)> sweep_tables;

  bool has_operation(const std::string& op) const {
    for (const auto& o : operations)
      if (o.id == op) return true;
    return false;
  }
};

}  // namespace hpcsim
