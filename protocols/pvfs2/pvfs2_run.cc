#include "pvfs2/pvfs2_run.h"

#include "catalog/catalog.h"
#include "hw/qsnet_cluster.h"
#include "pvfs2/bmi_elan4.h"
#include "pvfs2/bmi_ib.h"
#include "scenario/json_fields.h"

namespace hpcsim::pvfs2 {

std::string parse_pvfs2_common(WorkloadInput& in, Pvfs2Spec* spec) {
  std::string err;
  int64_t servers = 4, clients = 4;
  const int nodes = in.scenario.nodes;
  if (!fields::read_int(in.workload, "servers", "workload.servers", false, 1, 64, &servers, &err)) return err;
  if (!fields::read_int(in.workload, "clients", "workload.clients", false, 1, 64, &clients, &err)) return err;
  if (servers + clients > nodes)
    return "workload.clients: " + std::to_string(clients) + " clients and " + std::to_string(servers) +
           " servers need " + std::to_string(servers + clients) + " nodes, the cluster has " + std::to_string(nodes);
  spec->servers = static_cast<int>(servers);
  spec->clients = static_cast<int>(clients);
  return "";
}

std::function<Host&(int)> series_hosts(const RunContext& ctx, const SeriesSpec& spec) {
  const ProtocolEntry* p = catalog().protocol(spec.protocol);
  Network* net = p ? ctx.machine.carrying(p->nic) : nullptr;
  if (!net) net = &ctx.machine.primary();
  return [net](int n) -> Host& { return net->host(n); };
}

std::unique_ptr<BmiMethod> make_bmi(const RunContext& ctx, const SeriesSpec& spec, int32_t series, FileSystem& fs) {
  auto threads = [&fs](int n) -> Thread& { return fs.thread(n); };
  if (spec.protocol == "pvfs2-elan4") {
    ListMode mode = spec.operation == "lio" ? ListMode::kLio
                    : spec.operation == "iterative" ? ListMode::kIterative
                                                    : ListMode::kSgLio;
    return std::make_unique<BmiElan4>(ctx.sim, *ctx.machine.network<QsnetCluster>(), ctx.scenario.parameters, mode,
                                      threads, ctx.message_ids, series);
  }
  if (spec.protocol == "pvfs2-ib")
    return std::make_unique<BmiIb>(ctx.sim, *ctx.machine.network<InfinibandCluster>(), ctx.scenario.parameters,
                                   threads, ctx.message_ids, series);
  return nullptr;
}

Pvfs2Run::Pvfs2Run(const RunContext& ctx, const Pvfs2Spec& spec) : ctx_(ctx), spec_(spec) {}

void Pvfs2Run::start() {
  // The prologue (BT-IO's run without I/O) keeps its own share of the trace, as each series does.
  ctx_.sim.trace().begin_segment(static_cast<size_t>(ctx_.scenario.trace_max_records_per_run));
  prologue([this]() { run_series(0); });
}

void Pvfs2Run::run_series(size_t i) {
  const auto& series = ctx_.scenario.series;
  if (i == series.size()) {
    finished_ = true;
    if (ctx_.finished) ctx_.finished();
    return;
  }
  current_ = i;
  // Each series keeps at most trace.max_records_per_run records, so every transport's first steps are in the trace.
  ctx_.sim.trace().begin_segment(static_cast<size_t>(ctx_.scenario.trace_max_records_per_run));
  fs_.push_back(std::make_unique<FileSystem>(ctx_.sim, ctx_.scenario.parameters, spec_.servers, spec_.clients,
                                             series_hosts(ctx_, series[i])));
  FileSystem& fs = *fs_.back();
  bmi_.push_back(make_bmi(ctx_, series[i], static_cast<int32_t>(i), fs));
  fs.attach(bmi_.back().get());
  drive(i, fs, [this, i, &fs]() {
    counters.push_back(fs.counters());
    // The next series starts in an event of its own, after this one's last callbacks have returned.
    ctx_.sim.after(0, 0, EventKind::kWorkloadStep, 0, [this, i]() { run_series(i + 1); });
  });
}

std::string Pvfs2Run::stalled() const {
  if (finished_) return "";
  return "series " + std::to_string(current_) + " (" + ctx_.scenario.series[current_].id +
         ") did not finish: a PVFS2 operation never completed";
}

}  // namespace hpcsim::pvfs2
