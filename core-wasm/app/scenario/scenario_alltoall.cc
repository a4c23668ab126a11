// The "alltoall" workload of a scenario: MPI_Alltoall on every node of the cluster over each series' MPI layer.
#include "run/mpi_layers.h"
#include "scenario/scenario_fields.h"

namespace hpcsim::scenario_detail {

std::string parse_alltoall_workload(const json& w, Scenario* out) {
  std::string err;
  int64_t bytes = 0, iterations = 1;
  if (!read_int(w, "bytes", "workload.bytes", true, 0, 16777216, &bytes, &err)) return err;
  if (!read_int(w, "iterations", "workload.iterations", false, 1, 100, &iterations, &err)) return err;
  out->alltoall_bytes = bytes;
  out->iterations = static_cast<int>(iterations);
  return "";
}

std::string check_mpi_series(const Scenario& s) {
  for (size_t i = 0; i < s.series.size(); ++i)
    if (!has_mpi_layer(s.series[i].protocol))
      return "workload.series/" + std::to_string(i) + ".protocol: " + s.series[i].protocol +
             " has no MPI layer here (ompi on qsnet2; ss-via, sci-mpich, m-via, tcp on sci-ringlet; m-via, tcp on fast-ethernet)";
  return "";
}

}  // namespace hpcsim::scenario_detail
