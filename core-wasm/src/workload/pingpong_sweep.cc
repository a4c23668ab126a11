#include "workload/pingpong_sweep.h"

#include <map>
#include <memory>

#include "catalog/catalog.h"
#include "hw/nic_thread_step.h"
#include "hw/qsnet_cluster.h"
#include "workload/result_table.h"

namespace hpcsim {

namespace {
const ThreadStep kTable2Rows[] = {ThreadStep::kTakeLock,      ThreadStep::kInspectHeader,
                                  ThreadStep::kMatch,         ThreadStep::kHousekeeping,
                                  ThreadStep::kWriteCompletionEvent, ThreadStep::kUnlinkMatchedBuffer,
                                  ThreadStep::kDropLock};
}  // namespace

PingPongSweep::PingPongSweep(const RunContext& ctx)
    : sim_(ctx.sim), machine_(ctx.machine), scenario_(ctx.scenario), spec_(ctx.scenario.workload_as<PingPongSpec>()),
      ids_(ctx.message_ids), finished_(ctx.finished) {
  if (!spec_.groups.empty())  // every series at once: one job per size
    for (size_t k = 0; k < spec_.sizes_bytes.size(); ++k) jobs_.push_back(Job{0, k});
  else
    for (size_t i = 0; i < scenario_.series.size(); ++i)
      for (size_t k = 0; k < spec_.sizes_bytes.size(); ++k) jobs_.push_back(Job{i, k});
  results_.assign(scenario_.series.size(), std::vector<PingPongResult>(spec_.sizes_bytes.size()));
  thread_tables_.assign(scenario_.series.size(), ThreadTable{});
}

PingPongSweep::~PingPongSweep() = default;

void PingPongSweep::start() {
  if (!spec_.groups.empty())
    start_grouped_job(0);
  else
    start_job(0);
}

std::unique_ptr<PingPongEndpoint> PingPongSweep::make_endpoint(size_t s, const NodeSet& nodes) {
  const SeriesSpec& spec = scenario_.series[s];
  const ProtocolEntry& protocol = *catalog().protocol(spec.protocol);  // the parser checked it and its factory
  return protocol.make_endpoint(
      EndpointContext{sim_, machine_, scenario_.parameters, spec, static_cast<int32_t>(s), ids_, nodes});
}

std::function<ComponentId(int)> PingPongSweep::host_ids(size_t s) const {
  Network* net = machine_.carrying(catalog().protocol(scenario_.series[s].protocol)->nic);
  return [net](int node) { return net->host(node).id(); };
}

Elan3Nic* PingPongSweep::elan3(int node) const {
  QsnetCluster* q = machine_.network<QsnetCluster>();
  return q && q->family() == NicFamily::kElan3 ? &q->nic(node) : nullptr;
}

double PingPongSweep::fraction_done() const {
  return jobs_.empty() ? 1.0 : static_cast<double>(job_) / static_cast<double>(jobs_.size());
}

void PingPongSweep::start_job(size_t j) {
  job_ = j;
  if (j >= jobs_.size()) {
    if (finished_) finished_();
    return;
  }
  const Job job = jobs_[j];
  uint32_t bytes = spec_.sizes_bytes[job.size_index];
  sim_.trace().begin_segment(static_cast<size_t>(scenario_.trace_max_records_per_run));
  // Earlier endpoints stay alive: late events of a finished run (a final done word) may still reach them.
  if (endpoint_) retired_endpoints_.push_back(std::move(endpoint_));
  if (pingpong_) retired_pingpongs_.push_back(std::move(pingpong_));
  endpoint_ = make_endpoint(job.series, {});
  // NIC-thread step statistics (seed 002 Table 2) exist for the Elan3 thread only.
  Elan3Nic* target_nic = elan3(spec_.target);
  int nodes = machine_.size();
  std::function<ComponentId(int)> host_id = host_ids(job.series);
  // The measured pair, plus (half-shift pairing) every other pair i <-> i + N/2 running at the same time.
  std::vector<std::pair<int, int>> pairs{{spec_.initiator, spec_.target}};
  if (spec_.half_shift)
    for (int i = 0; i < nodes / 2; ++i)
      if (i != spec_.initiator) pairs.push_back({i, i + nodes / 2});
  auto remaining = std::make_shared<size_t>(pairs.size());
  auto one_done = [this, j, remaining]() {
    if (--*remaining == 0)
      sim_.after(kGapBetweenRuns, 0, EventKind::kWorkloadStep, 0, [this, j]() { start_job(j + 1); });
  };
  pingpong_ = std::make_unique<PingPong>(
      sim_, host_id, *endpoint_, spec_.initiator, spec_.target, bytes, spec_.warmup_iterations, spec_.iterations,
      [target_nic]() { if (target_nic) target_nic->reset_step_stats(); },
      [this, job, bytes, target_nic, one_done]() {
        results_[job.series][job.size_index] = pingpong_->result();
        take_thread_table(job.series, target_nic, bytes);
        one_done();
      });
  PingPongOrder order = spec_.send_first ? PingPongOrder::kSendFirst : PingPongOrder::kReceiveFirst;
  pingpong_->set_order(order);
  pingpong_->start();
  for (size_t k = 1; k < pairs.size(); ++k) {
    background_.push_back(std::make_unique<PingPong>(sim_, host_id, *endpoint_, pairs[k].first, pairs[k].second,
                                                     bytes, spec_.warmup_iterations, spec_.iterations, nullptr,
                                                     one_done));
    background_.back()->set_order(order);
    background_.back()->start();
  }
}

void PingPongSweep::take_thread_table(size_t series, Elan3Nic* target_nic, uint32_t bytes) {
  if (!target_nic || bytes != 0 || target_nic->items_done() == 0) return;
  ThreadTable& t = thread_tables_[series];
  t.present = true;
  t.step_us.assign(16, 0.0);
  for (int32_t s = 0; s < 16; ++s)
    t.step_us[static_cast<size_t>(s)] = ps_to_us(target_nic->step_ps(s)) / target_nic->items_done();
}

double PingPongSweep::latency_us(size_t series, uint32_t bytes) const {
  for (size_t k = 0; k < spec_.sizes_bytes.size(); ++k)
    if (spec_.sizes_bytes[k] == bytes) return results_[series][k].one_way_latency_us();
  return -1;
}

void PingPongSweep::append_series(nlohmann::ordered_json& series) const {
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const auto& r : results_[i])
      points.push_back({{"bytes", r.bytes}, {"latency_us", r.one_way_latency_us()}, {"bandwidth_MBps", r.bandwidth_MBps()}});
    if (spec_.groups.empty()) {
      series.push_back({{"id", scenario_.series[i].id}, {"label", scenario_.series[i].label}, {"points", points}});
      continue;
    }
    // A grouped run: measured on one pair while every group runs at once (the pair is in the label and in "pair").
    for (const GroupPair& gp : spec_.group_pairs)
      if (gp.series == i && gp.measured)
        series.push_back({{"id", scenario_.series[i].id},
                          {"label", scenario_.series[i].label + " (pair " + std::to_string(gp.initiator) + "-" +
                                        std::to_string(gp.target) + ", all groups at once)"},
                          {"pair", {gp.initiator, gp.target}},
                          {"points", points}});
  }
}

void PingPongSweep::append_tables(nlohmann::ordered_json& tables) const {
  using json = nlohmann::ordered_json;
  // Breakdown tables: one column per protocol, from its first eligible series, for the 0-byte message.
  size_t zero = spec_.sizes_bytes.size();
  for (size_t k = 0; k < spec_.sizes_bytes.size(); ++k)
    if (spec_.sizes_bytes[k] == 0) zero = k;
  std::vector<size_t> columns;
  std::vector<std::string> names;
  std::map<std::string, bool> seen;
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    const SeriesSpec& s = scenario_.series[i];
    const ProtocolEntry& p = *catalog().protocol(s.protocol);
    bool eligible = false;
    for (const auto& op : p.breakdown_operations) eligible = eligible || op == s.operation;
    if (p.breakdown_column.empty() || !eligible || seen[s.protocol]) continue;
    seen[s.protocol] = true;
    columns.push_back(i);
    names.push_back(p.breakdown_column);
  }
  std::string grouped = spec_.groups.empty() ? "" : "; each column on its measured pair, all groups at once";
  if (zero < spec_.sizes_bytes.size() && !columns.empty()) {
    json rows = json::array();
    std::vector<double> total(columns.size(), 0.0);
    for (int op = 1; op <= 4; ++op) {
      json values = json::array();
      for (size_t c = 0; c < columns.size(); ++c) {
        const PingPongResult& r = results_[columns[c]][zero];
        double n = r.iterations_ps.empty() ? 1.0 : static_cast<double>(r.iterations_ps.size());
        double us = ps_to_us(r.initiator_step_ps[static_cast<size_t>(op)]) / n;
        total[c] += us;
        values.push_back(us);
      }
      rows.push_back(table_row(host_op_label(static_cast<HostOp>(op)), std::move(values)));
    }
    rows.push_back(table_row("Total", total));
    tables.push_back(result_table("initiator-breakdown",
                                  "Ping-pong timing for initiator, 0-byte messages (seed 002 Table 1)" + grouped, "us",
                                  names, std::move(rows)));
    json trows = json::array();
    std::vector<double> ttotal(columns.size(), 0.0);
    for (ThreadStep s : kTable2Rows) {
      json values = json::array();
      for (size_t c = 0; c < columns.size(); ++c) {
        const ThreadTable& t = thread_tables_[columns[c]];
        double us = t.present ? t.step_us[static_cast<size_t>(s)] : 0.0;
        ttotal[c] += us;
        values.push_back(us);
      }
      trows.push_back(table_row(thread_step_label(static_cast<int32_t>(s)), std::move(values)));
    }
    trows.push_back(table_row("Total", ttotal));
    tables.push_back(result_table("nic-thread-breakdown",
                                  "NIC thread timing for an arriving 0-byte message (seed 002 Table 2)" + grouped,
                                  "us", names, std::move(trows)));
  }
  // Each protocol's own tables of the sweep (e.g. seed 001's progress modes and layer costs).
  SweepView view{scenario_, [this](size_t s, uint32_t b) { return latency_us(s, b); }};
  for (const auto& p : catalog().protocols()) {
    if (!p.sweep_tables) continue;
    bool used = false;
    for (const auto& s : scenario_.series) used = used || s.protocol == p.id;
    if (used) p.sweep_tables(view, tables);
  }
}

void PingPongSweep::append_histograms(nlohmann::ordered_json& histograms) const {
  using json = nlohmann::ordered_json;
  int pairs = spec_.half_shift ? scenario_.nodes / 2 : 1;
  uint64_t per_size = 2ull * static_cast<uint64_t>(spec_.warmup_iterations + spec_.iterations) *
                      static_cast<uint64_t>(pairs);
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    uint64_t n = per_size;
    if (!spec_.groups.empty()) {  // the pairs that run this series' stack
      n = 0;
      for (const GroupPair& gp : spec_.group_pairs)
        if (gp.series == i) n += per_size / static_cast<uint64_t>(pairs);
    }
    std::map<uint32_t, uint64_t> counts;
    for (uint32_t b : spec_.sizes_bytes) counts[b] += n;
    json h = json::array();
    for (const auto& kv : counts) h.push_back({{"bytes", kv.first}, {"count", kv.second}});
    histograms.push_back({{"id", "pingpong/" + scenario_.series[i].id}, {"histogram", h}});
  }
}

}  // namespace hpcsim
