#include "pvfs2/pvfs2_run.h"

#include "catalog/catalog.h"
#include "hw/qsnet_cluster.h"
#include "pvfs2/bmi_elan4.h"
#include "pvfs2/bmi_ib.h"
#include "scenario/json_fields.h"

namespace hpcsim::pvfs2 {

const std::vector<Pvfs2Version>& pvfs2_versions() {
  static const std::vector<Pvfs2Version> kVersions = {
      {"1.0.1", 1, 16, 8, true},
      {"1.1.0", 0, 64, 64, false},
      {"1.2.0", 0, 64, 64, false},
  };
  return kVersions;
}

std::string parse_pvfs2_common(WorkloadInput& in, Pvfs2Spec* spec) {
  std::string err;
  int64_t servers = 4, clients = 4;
  const int nodes = in.scenario.nodes;
  if (!fields::read_int(in.workload, "servers", "workload.servers", false, 1, 64, &servers, &err)) return err;
  if (!fields::read_int(in.workload, "clients", "workload.clients", false, 1, 64, &clients, &err)) return err;
  std::string version = kDefaultPvfs2Version;
  if (!fields::read_string(in.workload, "pvfs2_version", "workload.pvfs2_version", false, &version, &err)) return err;
  const Pvfs2Version* v = nullptr;
  for (const auto& x : pvfs2_versions())
    if (version == x.id) v = &x;
  if (!v) return "workload.pvfs2_version: \"" + version + "\" is not a modelled PVFS2 release (1.0.1, 1.1.0 or 1.2.0)";
  for (const auto& [name, value] : {std::pair<const char*, int>{"pvfs2.trove_sync_data", v->trove_sync_data},
                                    {"pvfs2.max_regions", v->max_regions},
                                    {"pvfs2.aiocb_array", v->aiocb_array}})
    in.scenario.parameters.set(name, value);
  spec->leak_slots = v->leak_slots;
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
  if (ctx_.part < 0) {
    prologue([this]() { run_series(0); });
  } else if (has_prologue() && ctx_.part == 0) {
    prologue([this]() { finish(); });
  } else {
    run_series(static_cast<size_t>(ctx_.part - (has_prologue() ? 1 : 0)), true);
  }
}

void Pvfs2Run::finish() {
  finished_ = true;
  if (ctx_.finished) ctx_.finished();
}

void Pvfs2Run::run_series(size_t i, bool last) {
  const auto& series = ctx_.scenario.series;
  if (i == series.size()) {
    finish();
    return;
  }
  current_ = i;
  // Each series keeps at most trace.max_records_per_run records, so every transport's first steps are in the trace.
  ctx_.sim.trace().begin_segment(static_cast<size_t>(ctx_.scenario.trace_max_records_per_run));
  fs_.push_back(std::make_unique<FileSystem>(ctx_.sim, ctx_.scenario.parameters, spec_.servers, spec_.clients,
                                             series_hosts(ctx_, series[i]), spec_.leak_slots));
  FileSystem& fs = *fs_.back();
  bmi_.push_back(make_bmi(ctx_, series[i], static_cast<int32_t>(i), fs));
  fs.attach(bmi_.back().get());
  drive(i, fs, [this, i, last, &fs]() {
    counters.push_back(fs.counters());
    // The next series starts in an event of its own, after this one's last callbacks have returned.
    ctx_.sim.after(0, 0, EventKind::kWorkloadStep, 0, [this, i, last]() {
      if (last) finish();
      else run_series(i + 1);
    });
  });
}

namespace {

/// The release whose Trove leaks its slots (the oldest modelled).
std::string leaking_version() {
  for (const auto& v : pvfs2_versions())
    if (v.leak_slots) return v.id;
  return "?";
}

}  // namespace

std::string Pvfs2Run::stalled() const {
  if (finished_) return "";
  std::string why = "a PVFS2 operation never completed";
  for (int s = 0; !fs_.empty() && s < fs_.back()->servers(); ++s)
    if (fs_.back()->trove(s).leaks_slots() && fs_.back()->trove(s).waiting() > 0)
      why = "PVFS2 " + leaking_version() +
            "'s Trove leaked its I/O slots on noncontiguous lists (every lio_listio round after an op's first takes one "
            "of DBPF_MAX_IOS_IN_PROGRESS and the op's end returns one; fixed in 1.1.0), so server " +
            std::to_string(s) + "'s later Trove operations wait for ever: set workload.pvfs2_version to 1.1.0";
  return "series " + std::to_string(current_) + " (" + ctx_.scenario.series[current_].id + ") did not finish: " + why;
}

}  // namespace hpcsim::pvfs2
