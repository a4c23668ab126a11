#include "workload/alltoall_run.h"

#include <algorithm>
#include <string>
#include <vector>

#include "catalog/catalog.h"

#include "workload/alltoall.h"
#include "workload/result_table.h"

namespace hpcsim {

AlltoallRun::AlltoallRun(const RunContext& ctx)
    : MpiJobSeries(
          ctx,
          [&s = ctx.scenario]() {
            const auto& job = s.workload_as<MpiJobSpec>();
            return alltoall_programs(s.nodes, job.bytes, job.iterations);
          },
          "MPI_Alltoall") {}

int AlltoallRun::processes() const { return scenario().nodes; }

std::string alltoall_algorithm(const std::string& protocol) {
  if (protocol == "ompi")
    return "Open MPI 1.0's coll/basic alltoall_intra: persistent receives from rank+1, rank+2, ..., then sends to "
           "rank+1, rank+2, ..., started together and waited for together";
  return "MPICH 1.2's intra_Alltoall: MPI_Irecv from every other rank, MPI_Isend to rank+1, rank+2, ..., MPI_Waitall";
}

void AlltoallRun::append_tables(nlohmann::ordered_json& tables) const {
  using json = nlohmann::ordered_json;
  auto value = [](double v) { return v < 0 ? json(nullptr) : json(v); };
  json rows = json::array();
  double pairs = static_cast<double>(processes()) * (processes() - 1);
  for (size_t s = 0; s < scenario().series.size(); ++s) {
    double us = call_us(s);
    double mbps = us > 0 ? pairs * static_cast<double>(job().bytes) / us : -1;  // B/µs = MB/s
    rows.push_back(table_row(scenario().series[s].label, json::array({value(us), value(mbps)})));
  }
  // Which algorithm ran, per MPI library among the series: both libraries of 2005 post everything, whatever the
  // size and process count (../shared/references/pvfs2-config.md §4: MPICH 1.2 and Open MPI 1.0 choose nothing;
  // Bruck and pairwise exchange came with MPICH2 and Open MPI 1.2's coll/tuned).
  std::vector<std::string> algorithms;
  for (const auto& spec : scenario().series) {
    std::string a = alltoall_algorithm(spec.protocol);
    if (std::find(algorithms.begin(), algorithms.end(), a) == algorithms.end()) algorithms.push_back(a);
  }
  std::string how;
  for (const auto& a : algorithms) how += (how.empty() ? "" : "; ") + a;
  tables.push_back(result_table("alltoall",
                                "MPI_Alltoall of " + std::to_string(job().bytes) + " B per pair on " +
                                    std::to_string(processes()) + " nodes (" + how + ")",
                                "us | MB/s", json::array({"time per call (µs)", "aggregate bandwidth (MB/s)"}),
                                std::move(rows)));
}

void AlltoallRun::append_histograms(nlohmann::ordered_json& histograms) const {
  using json = nlohmann::ordered_json;
  int64_t n = static_cast<int64_t>(processes()) * (processes() - 1) * job().iterations;
  for (const auto& spec : scenario().series)
    histograms.push_back({{"id", "alltoall/" + spec.id},
                          {"histogram", json::array({json{{"bytes", job().bytes}, {"count", n}}})}});
}

void enrol_alltoall(Catalog& c) {
  WorkloadEntry w;
  w.id = "alltoall";
  w.label = "MPI_Alltoall";
  w.source = "MPICH 1.2 intra_Alltoall and Open MPI 1.0 coll/basic alltoall_intra (every receive, every send, wait all)";
  w.tables_title = "MPI_Alltoall: time per call and aggregate bandwidth (simulated)";
  w.tables_pending = "The MPI_Alltoall table (µs per call, aggregate MB/s) appears when every series has finished.";
  w.mpi = true;
  w.parse = [](WorkloadInput& in) {
    auto spec = std::make_shared<MpiJobSpec>();
    std::string e = parse_mpi_job_fields(in.workload, spec.get());
    if (!e.empty()) return e;
    in.scenario.workload = spec;
    return in.read_series(true);
  };
  w.make_run = [](const RunContext& ctx) -> std::unique_ptr<WorkloadRun> { return std::make_unique<AlltoallRun>(ctx); };
  w.parts = mpi_job_parts;
  c.add(w);
}

}  // namespace hpcsim
