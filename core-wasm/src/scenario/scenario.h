// A scenario file (scenarios/scenario.schema.json) as the core reads it: the fields every scenario has, and the
// fields of its fabric, workload kind and protocols, each read by their catalog entry (catalog/).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "params/parameter.h"

namespace hpcsim {

/// A protocol's own fields of a workload series (e.g. Open MPI's progress mode), read by its
/// ProtocolEntry::parse_options. Each protocol derives its own.
struct SeriesOptions {
  virtual ~SeriesOptions() = default;
};

/// One workload series (workload.series/<i>): a protocol stack and operation measured or run by the workload.
struct SeriesSpec {
  std::string id;
  std::string label;
  std::string protocol;   ///< a ProtocolEntry id ("portals", "ompi", ...)
  std::string operation;  ///< one of that protocol's operations ("put", "rdma-read", "send", ...)
  /// The protocol's own fields; null when it has none.
  std::shared_ptr<const SeriesOptions> options;
  /// The options as the protocol's type (the protocol that parsed them knows it); null when absent.
  template <class T>
  const T* options_as() const {
    return static_cast<const T*>(options.get());
  }
};

/// A workload kind's own fields (workload.<field>), read by its WorkloadEntry::parse. Each kind derives its own.
struct WorkloadSpec {
  virtual ~WorkloadSpec() = default;
};

struct Scenario {
  std::string id;
  uint32_t seed = 1;
  std::string fabric = "qsnet";  ///< cluster.fabric: a FabricEntry id
  std::string nic = "elan3";     ///< cluster.nic: the fabric's NIC family
  std::string testbed = "sandia-elan3-2004";
  int nodes = 16;
  int rails = 1;   ///< cluster.rails (fabrics with rails: Elan4)
  int arity = 4;   ///< fat trees: switch radix each way (4: the Elite switches, a quaternary fat tree)
  int levels = 0;  ///< fat trees: switch stages; 0 = the fewest that hold the nodes (hw/fat_tree_shape.h)
  std::string workload_kind = "pingpong";  ///< workload.kind: a WorkloadEntry id
  std::shared_ptr<const WorkloadSpec> workload;  ///< the kind's own fields
  std::vector<SeriesSpec> series;
  ParameterSet parameters;
  uint64_t trace_max_records = 1000000;
  uint64_t trace_max_records_per_run = 0;  ///< 0: no limit per (series, size) run

  /// The workload's fields as its kind's type (the kind that parsed them knows it).
  template <class T>
  const T& workload_as() const {
    return *static_cast<const T*>(workload.get());
  }
};

}  // namespace hpcsim
