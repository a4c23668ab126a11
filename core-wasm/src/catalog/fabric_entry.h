// A fabric (cluster.fabric) as it enrols in the catalog: its NIC family, testbed, cluster fields and machine factory.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hw/machine.h"
#include "kernel/simulator.h"
#include "nlohmann/json.hpp"
#include "scenario/scenario.h"

namespace hpcsim {

struct FabricEntry {
  std::string id;         ///< cluster.fabric, e.g. "qsnet2"
  std::string label;      ///< e.g. "QsNetII"
  std::string nic;        ///< cluster.nic its nodes carry, e.g. "elan4"
  std::string nic_label;  ///< e.g. "Elan4"
  std::string default_testbed;  ///< cluster.testbed when absent (params/parameter.h testbeds())
  std::string source;           ///< e.g. "seed 001"
  int max_nodes = 1024;
  /// NIC families the same nodes also carry, for series of protocols that run there (seed 003's Fast Ethernet
  /// beside the SCI ringlet).
  std::vector<std::string> side_nics;
  bool fat_tree = false;  ///< a k-ary n-tree: cluster.arity, cluster.levels and node groups apply
  int max_rails = 1;      ///< cluster.rails up to this
  /// The packet kinds its links carry (trace kind names, kernel/trace_kinds.h), each with what the fabric calls
  /// it, e.g. {"rdma_packet", "SCI write"}: the trace's packet kinds are classes shared by every fabric (queued,
  /// RDMA, acknowledgement, NAK, control), the page's legend and tooltips name them in the fabric's terms.
  std::vector<std::pair<std::string, std::string>> packets;
  /// Parameter tables of the models this entry builds (declared beside each model); Catalog::add registers them.
  std::vector<const std::vector<ParameterSpec>*> parameters;
  /// Reads the fabric's own cluster fields (rails, arity, levels) into `s`, after nodes; "" or the error.
  std::function<std::string(const nlohmann::json& cluster, Scenario* s)> parse_cluster;
  /// Builds the run's hardware: the primary network and the side networks its series need.
  std::function<std::unique_ptr<Machine>(Simulator& sim, const Scenario& s)> make_machine;
};

}  // namespace hpcsim
