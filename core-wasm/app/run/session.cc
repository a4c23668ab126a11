#include "run/session.h"

#include "run/alltoall_run.h"
#include "run/endpoint_factory.h"
#include "run/exchange_run.h"
#include "run/mpi_layers.h"
#include "run/npb_campaign.h"
#include "run/dynamic_run.h"

#include <map>

#include "hw/ethernet/ethernet_topology.h"
#include "hw/nic_thread_step.h"
#include "nlohmann/json.hpp"

namespace hpcsim {

namespace {
const ThreadStep kTable2Rows[] = {ThreadStep::kTakeLock,      ThreadStep::kInspectHeader,
                                  ThreadStep::kMatch,         ThreadStep::kHousekeeping,
                                  ThreadStep::kWriteCompletionEvent, ThreadStep::kUnlinkMatchedBuffer,
                                  ThreadStep::kDropLock};
}  // namespace

Session::~Session() = default;

std::unique_ptr<Session> Session::create(const std::string& scenario_json, std::string* error) {
  std::unique_ptr<Session> s(new Session());
  std::string e = parse_scenario(scenario_json, &s->scenario_);
  if (!e.empty()) {
    *error = e;
    return nullptr;
  }
  s->sim_ = std::make_unique<Simulator>(static_cast<size_t>(s->scenario_.trace_max_records));
  if (s->scenario_.nic == "pci-sci") {
    s->sci_ = std::make_unique<SciCluster>(*s->sim_, s->scenario_.parameters, s->scenario_.nodes);
    // The seed's nodes also carry Fast Ethernet (its baselines); ids follow the SCI ring links (3N+1 .. 4N).
    for (const auto& spec : s->scenario_.series)
      if (Session::on_ethernet(spec.protocol) && !s->eth_)
        s->eth_ = std::make_unique<EthernetCluster>(*s->sim_, s->scenario_.parameters, s->scenario_.nodes,
                                                    static_cast<ComponentId>(4 * s->scenario_.nodes + 1));
  } else if (s->scenario_.nic == "tulip") {  // seed 003's baseline network on its own: one switch, Tulip NICs
    s->eth_ = std::make_unique<EthernetCluster>(*s->sim_, s->scenario_.parameters, s->scenario_.nodes, 1);
  } else
    s->cluster_ = std::make_unique<Cluster>(*s->sim_, s->scenario_.parameters, s->scenario_.nodes,
                                            s->scenario_.nic == "elan4" ? NicFamily::kElan4 : NicFamily::kElan3,
                                            s->scenario_.rails, s->scenario_.arity, s->scenario_.levels);
  if (!s->scenario_.groups.empty())  // every series at once: one job per size
    for (size_t k = 0; k < s->scenario_.sizes_bytes.size(); ++k) s->jobs_.push_back(Job{0, k});
  else
    for (size_t i = 0; i < s->scenario_.series.size(); ++i)
      for (size_t k = 0; k < s->scenario_.sizes_bytes.size(); ++k) s->jobs_.push_back(Job{i, k});
  s->results_.assign(s->scenario_.series.size(),
                     std::vector<PingPongResult>(s->scenario_.sizes_bytes.size()));
  s->thread_tables_.assign(s->scenario_.series.size(), ThreadTable{});
  Session* raw = s.get();
  if (s->scenario_.workload_kind == "npb") {
    s->npb_ = std::make_unique<NpbCampaign>(*s->sim_, *s->sci_, s->eth_.get(), s->scenario_, &s->message_ids_,
                                            [raw]() { raw->finished_ = true; });
    s->sim_->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->npb_->start(); });
    return s;
  }
  if (s->scenario_.workload_kind == "alltoall") {
    s->mpi_job_ = std::make_unique<AlltoallRun>(*s->sim_, s->cluster_.get(), s->sci_.get(), s->eth_.get(),
                                                 s->scenario_, &s->message_ids_, [raw]() { raw->finished_ = true; });
    s->sim_->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->mpi_job_->start(); });
    return s;
  }
  if (s->scenario_.workload_kind == "exchange") {
    s->mpi_job_ = std::make_unique<ExchangeRun>(*s->sim_, s->cluster_.get(), s->sci_.get(), s->eth_.get(),
                                                 s->scenario_, &s->message_ids_, [raw]() { raw->finished_ = true; });
    s->sim_->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->mpi_job_->start(); });
    return s;
  }
  if (s->scenario_.workload_kind == "dynamic") {
    s->dynamic_ = std::make_unique<DynamicRun>(*s->sim_, *s->cluster_, s->scenario_, &s->message_ids_,
                                               [raw]() { raw->finished_ = true; });
    s->sim_->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->dynamic_->start(); });
    return s;
  }
  if (!s->scenario_.groups.empty())
    s->sim_->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->start_grouped_job(0); });
  else
    s->sim_->at(0, 0, EventKind::kWorkloadStep, 0, [raw]() { raw->start_job(0); });
  return s;
}

void Session::start_job(size_t j) {
  if (j >= jobs_.size()) {
    finished_ = true;
    return;
  }
  const Job job = jobs_[j];
  const SeriesSpec& spec = scenario_.series[job.series];
  uint32_t bytes = scenario_.sizes_bytes[job.size_index];
  const ParameterSet& p = scenario_.parameters;
  int32_t series = static_cast<int32_t>(job.series);
  sim_->trace().begin_segment(static_cast<size_t>(scenario_.trace_max_records_per_run));
  // Earlier endpoints stay alive: late events of a finished run (a final done word) may still reach them.
  if (endpoint_) retired_endpoints_.push_back(std::move(endpoint_));
  if (pingpong_) retired_pingpongs_.push_back(std::move(pingpong_));
  endpoint_ = make_endpoint(*sim_, RunClusters{cluster_.get(), sci_.get(), eth_.get()}, p, spec, series,
                            &message_ids_);
  // NIC-thread step statistics (seed 002 Table 2) exist for the Elan3 thread only.
  Elan3Nic* target_nic =
      cluster_ && cluster_->family() == NicFamily::kElan3 ? &cluster_->nic(scenario_.target) : nullptr;
  int nodes = sci_ ? sci_->size() : cluster_ ? cluster_->size() : eth_->size();
  bool ethernet = on_ethernet(spec.protocol);
  std::function<ComponentId(int)> host_id = [this, ethernet](int node) {
    return ethernet ? eth_->host(node).id() : sci_ ? sci_->host(node).id() : cluster_->host(node).id();
  };
  // The measured pair, plus (half-shift pairing) every other pair i <-> i + N/2 running at the same time.
  std::vector<std::pair<int, int>> pairs{{scenario_.initiator, scenario_.target}};
  if (scenario_.half_shift)
    for (int i = 0; i < nodes / 2; ++i)
      if (i != scenario_.initiator) pairs.push_back({i, i + nodes / 2});
  auto remaining = std::make_shared<size_t>(pairs.size());
  auto one_done = [this, j, remaining]() {
    if (--*remaining == 0)
      sim_->after(kGapBetweenRuns, 0, EventKind::kWorkloadStep, 0, [this, j]() { start_job(j + 1); });
  };
  pingpong_ = std::make_unique<PingPong>(
      *sim_, host_id, *endpoint_, scenario_.initiator, scenario_.target, bytes, scenario_.warmup_iterations,
      scenario_.iterations, [target_nic]() { if (target_nic) target_nic->reset_step_stats(); },
      [this, job, bytes, target_nic, one_done]() {
        results_[job.series][job.size_index] = pingpong_->result();
        take_thread_table(job.series, target_nic, bytes);
        one_done();
      });
  PingPongOrder order = scenario_.send_first ? PingPongOrder::kSendFirst : PingPongOrder::kReceiveFirst;
  pingpong_->set_order(order);
  pingpong_->start();
  for (size_t k = 1; k < pairs.size(); ++k) {
    background_.push_back(std::make_unique<PingPong>(*sim_, host_id, *endpoint_, pairs[k].first, pairs[k].second,
                                                     bytes, scenario_.warmup_iterations, scenario_.iterations,
                                                     nullptr, one_done));
    background_.back()->set_order(order);
    background_.back()->start();
  }
}

void Session::take_thread_table(size_t series, Elan3Nic* target_nic, uint32_t bytes) {
  if (!target_nic || bytes != 0 || target_nic->items_done() == 0) return;
  ThreadTable& t = thread_tables_[series];
  t.present = true;
  t.step_us.assign(16, 0.0);
  for (int32_t s = 0; s < 16; ++s)
    t.step_us[static_cast<size_t>(s)] = ps_to_us(target_nic->step_ps(s)) / target_nic->items_done();
}

double Session::latency_us(size_t series, uint32_t bytes) const {
  for (size_t k = 0; k < scenario_.sizes_bytes.size(); ++k)
    if (scenario_.sizes_bytes[k] == bytes) return results_[series][k].one_way_latency_us();
  return -1;
}

int Session::find_series(const std::string& protocol, const std::string& operation, const std::string& progress,
                         bool charge_pml) const {
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    const SeriesSpec& s = scenario_.series[i];
    if (s.protocol == protocol && (operation.empty() || s.operation == operation) &&
        (progress.empty() || s.progress == progress) && s.charge_pml == charge_pml)
      return static_cast<int>(i);
  }
  return -1;
}

void Session::append_seed001_tables(nlohmann::ordered_json& tables) const {
  using json = nlohmann::ordered_json;
  // Seed 001 "Thread-Based Progress": one-way latency of the RDMA-read configuration per progress mode.
  const char* modes[] = {"polling", "interrupt", "one-thread", "two-threads"};
  const char* names[] = {"Basic", "Interrupt", "One-Thread", "Two-Threads"};
  json columns = json::array(), row4 = json::array(), row4k = json::array();
  for (int m = 0; m < 4; ++m) {
    int i = find_series("ompi", "rdma-read", modes[m], true);
    if (i < 0 || latency_us(static_cast<size_t>(i), 4) < 0 || latency_us(static_cast<size_t>(i), 4096) < 0) continue;
    columns.push_back(names[m]);
    row4.push_back(latency_us(static_cast<size_t>(i), 4));
    row4k.push_back(latency_us(static_cast<size_t>(i), 4096));
  }
  if (columns.size() >= 2)
    tables.push_back({{"id", "progress-modes"},
                      {"label", "Thread-based progress: one-way latency (seed 001)"},
                      {"unit", "us"},
                      {"columns", columns},
                      {"rows", json::array({json{{"label", "RDMA-Read (4B)"}, {"values", row4}},
                                            json{{"label", "RDMA-Read (4KB)"}, {"values", row4k}}})}});
  // Seed 001 "Communication cost in different layers", 0-byte messages: PML = full - PTL-only,
  // PTL/Elan4 = PTL-only - raw QDMA.
  int full = find_series("ompi", "", "polling", true);
  int ptl = find_series("ompi", "", "polling", false);
  int raw = find_series("elan4-qdma", "send", "", true);
  if (full >= 0 && ptl >= 0 && raw >= 0 && latency_us(static_cast<size_t>(full), 0) >= 0) {
    double lf = latency_us(static_cast<size_t>(full), 0), lp = latency_us(static_cast<size_t>(ptl), 0),
           lr = latency_us(static_cast<size_t>(raw), 0);
    tables.push_back(
        {{"id", "layer-costs"},
         {"label", "Communication cost in different layers, 0-byte messages (seed 001)"},
         {"unit", "us"},
         {"columns", json::array({"Open MPI"})},
         {"rows", json::array({json{{"label", "PML"}, {"values", json::array({lf - lp})}},
                               json{{"label", "PTL/Elan4"}, {"values", json::array({lp - lr})}},
                               json{{"label", "QDMA (Elan4)"}, {"values", json::array({lr})}},
                               json{{"label", "Total"}, {"values", json::array({lf})}}})}});
  }
}

bool Session::run(uint64_t event_budget) {
  if (finished_) return true;
  sim_->run(event_budget);
  if (sim_->idle()) finished_ = true;
  return finished_;
}

std::string Session::topology_json() const {
  if (cluster_) {
    if (scenario_.groups.empty()) return cluster_->topology_json();
    nlohmann::json topology = nlohmann::json::parse(cluster_->topology_json());
    annotate_groups(topology);
    return topology.dump();
  }
  using json = nlohmann::ordered_json;
  if (!sci_) {  // a Fast Ethernet cluster: hosts, PCI buses, Tulip NICs and one store-and-forward switch
    json comps = json::array(), links = json::array();
    append_ethernet_topology(*eth_, comps, links);
    return json{{"fabric", "fast-ethernet"}, {"nic", "tulip"}, {"nodes", eth_->size()}, {"levels", 1}, {"arity", 0},
                {"components", comps}, {"links", links}}
        .dump();
  }
  // An SCI ringlet: hosts, PCI buses and PCI-SCI adapters; the ring link leaving node i is 3N + 1 + i.
  json comps = json::array(), links = json::array();
  int n = sci_->size();
  for (int i = 0; i < n; ++i) {
    comps.push_back({{"id", sci_->host(i).id()}, {"kind", "host"}, {"name", "host" + std::to_string(i)}, {"node", i}});
    comps.push_back({{"id", sci_->pci(i).id()}, {"kind", "pci"}, {"name", "pci" + std::to_string(i)}, {"node", i}});
    comps.push_back({{"id", sci_->adapter(i).id()}, {"kind", "nic"}, {"name", "sci" + std::to_string(i)}, {"node", i}});
  }
  for (int i = 0; i < n; ++i)
    links.push_back({{"id", 3 * n + 1 + i},
                     {"from", sci_->adapter(i).id()},
                     {"to", sci_->adapter((i + 1) % n).id()},
                     {"kind", "ring"},
                     {"bandwidth_MBps", scenario_.parameters.get("sci.link_MBps")}});
  if (eth_) append_ethernet_topology(*eth_, comps, links);  // the same nodes' Fast Ethernet, a second layout
  return json{{"fabric", "sci-ringlet"}, {"nic", "pci-sci"}, {"nodes", n}, {"levels", 0}, {"arity", 0},
              {"components", comps}, {"links", links}}
      .dump();
}

std::string Session::result_json() const {
  using json = nlohmann::ordered_json;
  json series = json::array();
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    json points = json::array();
    for (const auto& r : results_[i])
      points.push_back({{"bytes", r.bytes}, {"latency_us", r.one_way_latency_us()}, {"bandwidth_MBps", r.bandwidth_MBps()}});
    if (scenario_.groups.empty()) {
      series.push_back({{"id", scenario_.series[i].id}, {"label", scenario_.series[i].label}, {"points", points}});
      continue;
    }
    // A grouped run: measured on one pair while every group runs at once (the pair is in the label and in "pair").
    for (const GroupPair& gp : scenario_.group_pairs)
      if (gp.series == i && gp.measured)
        series.push_back({{"id", scenario_.series[i].id},
                          {"label", scenario_.series[i].label + " (pair " + std::to_string(gp.initiator) + "-" +
                                        std::to_string(gp.target) + ", all groups at once)"},
                          {"pair", {gp.initiator, gp.target}},
                          {"points", points}});
  }
  // Breakdown tables: one column per protocol, from its first series, for the 0-byte message.
  size_t zero = scenario_.sizes_bytes.size();
  for (size_t k = 0; k < scenario_.sizes_bytes.size(); ++k)
    if (scenario_.sizes_bytes[k] == 0) zero = k;
  std::vector<size_t> columns;
  std::vector<std::string> names;
  std::map<std::string, bool> seen;
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    const std::string& proto = scenario_.series[i].protocol;
    bool eligible = scenario_.series[i].operation != "get" && (proto == "portals" || proto == "tports");
    if (!eligible || seen[proto]) continue;
    seen[proto] = true;
    columns.push_back(i);
    names.push_back(proto == "portals" ? "Portals" : "Tports");
  }
  json tables = json::array();
  if (zero < scenario_.sizes_bytes.size() && !columns.empty()) {
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
      rows.push_back({{"label", host_op_label(static_cast<HostOp>(op))}, {"values", values}});
    }
    rows.push_back({{"label", "Total"}, {"values", total}});
    tables.push_back({{"id", "initiator-breakdown"},
                      {"label", std::string("Ping-pong timing for initiator, 0-byte messages (seed 002 Table 1)") +
                                    (scenario_.groups.empty() ? "" : "; each column on its measured pair, all groups at once")},
                      {"unit", "us"},
                      {"columns", names},
                      {"rows", rows}});
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
      trows.push_back({{"label", thread_step_label(static_cast<int32_t>(s))}, {"values", values}});
    }
    trows.push_back({{"label", "Total"}, {"values", ttotal}});
    tables.push_back({{"id", "nic-thread-breakdown"},
                      {"label", std::string("NIC thread timing for an arriving 0-byte message (seed 002 Table 2)") +
                                    (scenario_.groups.empty() ? "" : "; each column on its measured pair, all groups at once")},
                      {"unit", "us"},
                      {"columns", names},
                      {"rows", trows}});
  }
  append_seed001_tables(tables);
  if (npb_) npb_->append_tables(tables);
  if (mpi_job_) mpi_job_->append_tables(tables);
  if (dynamic_) dynamic_->append_tables(tables);
  // Message-size histogram of each (workload, transport): every iteration sends one message each way, on every
  // pair that runs (the measured one, plus the others of a half-shift run).
  json histograms = json::array();
  int pairs = scenario_.half_shift ? scenario_.nodes / 2 : 1;
  uint64_t per_size = 2ull * static_cast<uint64_t>(scenario_.warmup_iterations + scenario_.iterations) *
                      static_cast<uint64_t>(pairs);
  if (npb_) npb_->append_histograms(histograms);
  if (mpi_job_) mpi_job_->append_histograms(histograms);
  if (dynamic_) dynamic_->append_histograms(histograms);
  for (size_t i = 0; i < scenario_.series.size(); ++i) {
    if (npb_ || dynamic_ || mpi_job_) break;
    const SeriesSpec& spec = scenario_.series[i];
    uint64_t n = per_size;
    if (!scenario_.groups.empty()) {  // the pairs that run this series' stack
      n = 0;
      for (const GroupPair& gp : scenario_.group_pairs)
        if (gp.series == i) n += per_size / static_cast<uint64_t>(pairs);
    }
    std::map<uint32_t, uint64_t> counts;
    for (uint32_t b : scenario_.sizes_bytes) counts[b] += n;
    json h = json::array();
    for (const auto& kv : counts) h.push_back({{"bytes", kv.first}, {"count", kv.second}});
    histograms.push_back({{"id", "pingpong/" + spec.id}, {"histogram", h}});
  }
  json out{{"scenario", scenario_.id},
           {"fingerprint", sim_->fingerprint().hex()},
           {"events", sim_->events_executed()},
           {"sim_time_us", ps_to_us(sim_->now())},
           {"series", series},
           {"tables", tables},
           {"message_histograms", histograms}};
  // A workload that stopped before its end (a protocol deadlock) says where, rather than giving partial tables.
  if (npb_ && !npb_->stalled().empty()) out["stalled"] = npb_->stalled();
  if (mpi_job_ && !mpi_job_->stalled().empty()) out["stalled"] = mpi_job_->stalled();
  if (dynamic_ && !dynamic_->stalled().empty()) out["stalled"] = dynamic_->stalled();
  return out.dump();
}

}  // namespace hpcsim
