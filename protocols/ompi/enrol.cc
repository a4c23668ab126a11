// Open MPI over Elan4 (seed 001) and raw QDMA, its layer-cost baseline, as they enrol in the catalog; with seed
// 001's tables of a ping-pong sweep (thread-based progress, cost per layer).
#include "catalog/catalog.h"
#include "hw/qsnet_cluster.h"
#include "ompi/ompi_elan4.h"
#include "ompi/raw_qdma.h"
#include "ompi/series_options.h"
#include "workload/result_table.h"

namespace hpcsim {

namespace {

using nlohmann::ordered_json;

/// First series matching (protocol, operation or any, progress or any, charge_pml), or -1. Series without Open
/// MPI's fields count as charging the PML.
int find_series(const Scenario& s, const std::string& protocol, const std::string& operation,
                const std::string& progress, bool charge_pml) {
  for (size_t i = 0; i < s.series.size(); ++i) {
    const SeriesSpec& x = s.series[i];
    const OmpiSeriesOptions* o = x.options_as<OmpiSeriesOptions>();
    std::string mode = o ? o->progress : "polling";
    bool charged = o ? o->charge_pml : true;
    if (x.protocol == protocol && (operation.empty() || x.operation == operation) &&
        (progress.empty() || mode == progress) && charged == charge_pml)
      return static_cast<int>(i);
  }
  return -1;
}

void seed001_tables(const SweepView& v, ordered_json& tables) {
  auto latency = [&v](int series, uint32_t bytes) { return v.latency_us(static_cast<size_t>(series), bytes); };
  // Seed 001 "Thread-Based Progress": one-way latency of the RDMA-read configuration per progress mode.
  const char* modes[] = {"polling", "interrupt", "one-thread", "two-threads"};
  const char* names[] = {"Basic", "Interrupt", "One-Thread", "Two-Threads"};
  ordered_json columns = ordered_json::array(), row4 = ordered_json::array(), row4k = ordered_json::array();
  for (int m = 0; m < 4; ++m) {
    int i = find_series(v.scenario, "ompi", "rdma-read", modes[m], true);
    if (i < 0 || latency(i, 4) < 0 || latency(i, 4096) < 0) continue;
    columns.push_back(names[m]);
    row4.push_back(latency(i, 4));
    row4k.push_back(latency(i, 4096));
  }
  if (columns.size() >= 2)
    tables.push_back(result_table("progress-modes", "Thread-based progress: one-way latency (seed 001)", "us",
                                  std::move(columns),
                                  ordered_json::array({table_row("RDMA-Read (4B)", std::move(row4)),
                                               table_row("RDMA-Read (4KB)", std::move(row4k))})));
  // Seed 001 "Communication cost in different layers", 0-byte messages: PML = full - PTL-only,
  // PTL/Elan4 = PTL-only - raw QDMA.
  int full = find_series(v.scenario, "ompi", "", "polling", true);
  int ptl = find_series(v.scenario, "ompi", "", "polling", false);
  int raw = find_series(v.scenario, "elan4-qdma", "send", "", true);
  if (full >= 0 && ptl >= 0 && raw >= 0 && latency(full, 0) >= 0) {
    double lf = latency(full, 0), lp = latency(ptl, 0), lr = latency(raw, 0);
    ordered_json rows = ordered_json::array();
    rows.push_back(table_row("PML", ordered_json::array({lf - lp})));
    rows.push_back(table_row("PTL/Elan4", ordered_json::array({lp - lr})));
    rows.push_back(table_row("QDMA (Elan4)", ordered_json::array({lr})));
    rows.push_back(table_row("Total", ordered_json::array({lf})));
    tables.push_back(result_table("layer-costs",
                                  "Communication cost in different layers, 0-byte messages (seed 001)", "us",
                                  ordered_json::array({"Open MPI"}), std::move(rows)));
  }
}

}  // namespace

void enrol_ompi(Catalog& c) {
  ProtocolEntry o;
  o.id = "ompi";
  o.label = "Open MPI (PML/PTL, Elan4)";
  o.nic = "elan4";
  o.source = "seed 001";
  o.operations = {{"rdma-write", "RDMA write rendezvous"}, {"rdma-read", "RDMA read rendezvous"}};
  o.parameters = {&ompi_parameters()};
  o.parse_options = parse_ompi_options;
  o.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    return std::make_unique<OmpiElan4>(x.sim, *x.machine.network<QsnetCluster>(), x.parameters, ompi_options(x.spec),
                                       x.message_ids, x.series);
  };
  o.make_mpi_layer = [](const EndpointContext& x) {
    QsnetCluster* q = x.machine.network<QsnetCluster>();
    OmpiElan4Options opt = ompi_options(x.spec);
    opt.trace_messages = false;  // the rank-program driver writes the message records
    MpiLayer l;
    l.endpoint = std::make_unique<OmpiElan4>(x.sim, *q, x.parameters, opt, x.message_ids, x.series);
    l.host = [q](int n) -> Host& { return q->host(n); };
    return l;
  };
  o.sweep_tables = seed001_tables;
  c.add(o);

  ProtocolEntry q;
  q.id = "elan4-qdma";
  q.label = "QDMA (Elan4)";
  q.nic = "elan4";
  q.source = "seed 001 (layer costs)";
  q.operations = {{"send", "queued DMA"}};
  q.make_endpoint = [](const EndpointContext& x) -> std::unique_ptr<PingPongEndpoint> {
    return std::make_unique<RawQdmaElan4>(x.sim, *x.machine.network<QsnetCluster>(), x.parameters, x.message_ids,
                                          x.series);
  };
  c.add(q);
}

}  // namespace hpcsim
