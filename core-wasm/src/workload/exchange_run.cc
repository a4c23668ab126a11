#include "workload/exchange_run.h"

#include "catalog/catalog.h"

#include "workload/exchange.h"
#include "workload/result_table.h"

namespace hpcsim {

ExchangeRun::ExchangeRun(const RunContext& ctx)
    : MpiJobSeries(
          ctx,
          [&s = ctx.scenario]() {
            const auto& job = s.workload_as<MpiJobSpec>();
            return exchange_programs(s.nodes, job.bytes, job.iterations);
          },
          "MPI_Sendrecv exchange") {}

void ExchangeRun::append_tables(nlohmann::ordered_json& tables) const {
  using json = nlohmann::ordered_json;
  auto value = [](double v) { return v < 0 ? json(nullptr) : json(v); };
  auto bytes = static_cast<double>(job().bytes);
  json rows = json::array();
  for (size_t s = 0; s < scenario().series.size(); ++s) {
    double us = call_us(s);
    double node = us > 0 ? bytes / us : -1;  // B/µs = MB/s
    double all = us > 0 ? scenario().nodes * bytes / us : -1;
    rows.push_back(table_row(scenario().series[s].label, json::array({value(us), value(node), value(all)})));
  }
  tables.push_back(result_table("exchange",
                                "MPI_Sendrecv of " + std::to_string(job().bytes) + " B between node i and node i + " +
                                    std::to_string(scenario().nodes / 2) + " on " + std::to_string(scenario().nodes) +
                                    " nodes, both ways at once",
                                "us | MB/s | MB/s",
                                json::array({"time per MPI_Sendrecv (µs)", "per node, each way (MB/s)",
                                             "aggregate, all nodes (MB/s)"}),
                                std::move(rows)));
}

void ExchangeRun::append_histograms(nlohmann::ordered_json& histograms) const {
  using json = nlohmann::ordered_json;
  int64_t n = static_cast<int64_t>(scenario().nodes) * job().iterations;
  for (const auto& spec : scenario().series)
    histograms.push_back({{"id", "exchange/" + spec.id},
                          {"histogram", json::array({json{{"bytes", job().bytes}, {"count", n}}})}});
}

void enrol_exchange(Catalog& c) {
  WorkloadEntry w;
  w.id = "exchange";
  w.label = "MPI_Sendrecv exchange";
  w.source = "MPICH 1.2 MPI_Sendrecv (Irecv, Isend, Waitall)";
  w.tables_title = "MPI_Sendrecv across the bisection: time per call and bandwidth (simulated)";
  w.tables_pending = "The MPI_Sendrecv table (µs per call, MB/s per node each way, aggregate MB/s) appears when every "
      "series has finished.";
  w.mpi = true;
  w.parse = [](WorkloadInput& in) {
    int nodes = in.scenario.nodes;
    if (nodes % 2 != 0)
      return "cluster.nodes: the exchange pairs node i with node i + N/2, so it needs an even number of nodes (" +
             std::to_string(nodes) + " given)";
    auto spec = std::make_shared<MpiJobSpec>();
    std::string e = parse_mpi_job_fields(in.workload, spec.get());
    if (!e.empty()) return e;
    in.scenario.workload = spec;
    return in.read_series(true);
  };
  w.make_run = [](const RunContext& ctx) -> std::unique_ptr<WorkloadRun> { return std::make_unique<ExchangeRun>(ctx); };
  w.parts = mpi_job_parts;
  c.add(w);
}

}  // namespace hpcsim
