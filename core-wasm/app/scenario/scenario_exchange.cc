// The "exchange" workload of a scenario: MPI_Sendrecv between node i and node i + N/2 on every node at once, over
// each series' MPI layer.
#include "scenario/scenario_fields.h"

namespace hpcsim::scenario_detail {

std::string parse_exchange_workload(const json& w, int nodes, Scenario* out) {
  std::string err;
  if (nodes % 2 != 0)
    return "cluster.nodes: the exchange pairs node i with node i + N/2, so it needs an even number of nodes (" +
           std::to_string(nodes) + " given)";
  int64_t bytes = 0, iterations = 1;
  if (!read_int(w, "bytes", "workload.bytes", true, 0, 16777216, &bytes, &err)) return err;
  if (!read_int(w, "iterations", "workload.iterations", false, 1, 100, &iterations, &err)) return err;
  out->exchange_bytes = bytes;
  out->iterations = static_cast<int>(iterations);
  return "";
}

}  // namespace hpcsim::scenario_detail
