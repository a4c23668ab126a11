// A grouped run (cluster.groups): each group of nodes runs the protocol stack of its series, all at once on the
// one fabric. One job per message size: every pair of every group runs its ping-pong of that size concurrently;
// each series' result is its measured pair's (the workload's pair when that pair runs it, else its first pair).
#include "workload/pingpong_sweep.h"

namespace hpcsim {

void PingPongSweep::start_grouped_job(size_t j) {
  if (j >= jobs_.size()) {
    if (finished_) finished_();
    return;
  }
  const size_t k = jobs_[j].size_index;
  const uint32_t bytes = spec_.sizes_bytes[k];
  sim_.trace().begin_segment(static_cast<size_t>(scenario_.trace_max_records_per_run));
  // Earlier stacks stay alive: late events of a finished run (a final done word) may still reach them.
  for (auto& e : group_endpoints_) retired_endpoints_.push_back(std::move(e));
  group_endpoints_.clear();
  const int n = machine_.size();
  std::vector<PingPongEndpoint*> stack(scenario_.series.size(), nullptr);
  for (size_t s = 0; s < scenario_.series.size(); ++s) {
    NodeSet nodes(static_cast<size_t>(n), false);
    for (const NodeGroup& g : spec_.groups)
      if (g.series == s)
        for (int i = g.first; i <= g.last; ++i) nodes[static_cast<size_t>(i)] = true;
    group_endpoints_.push_back(make_endpoint(s, nodes));
    stack[s] = group_endpoints_.back().get();
  }
  auto remaining = std::make_shared<size_t>(spec_.group_pairs.size());
  auto one_done = [this, j, remaining]() {
    if (--*remaining == 0)
      sim_.after(kGapBetweenRuns, 0, EventKind::kWorkloadStep, 0, [this, j]() { start_grouped_job(j + 1); });
  };
  std::function<ComponentId(int)> host_id = [this](int node) { return machine_.primary().host(node).id(); };
  for (const GroupPair& gp : spec_.group_pairs) {
    Elan3Nic* target_nic = gp.measured ? elan3(gp.target) : nullptr;
    size_t index = background_.size();
    std::function<void()> finished = one_done;
    if (gp.measured)
      finished = [this, index, series = gp.series, k, bytes, target_nic, one_done]() {
        results_[series][k] = background_[index]->result();
        take_thread_table(series, target_nic, bytes);
        one_done();
      };
    background_.push_back(std::make_unique<PingPong>(
        sim_, host_id, *stack[gp.series], gp.initiator, gp.target, bytes, spec_.warmup_iterations,
        spec_.iterations, [target_nic]() { if (target_nic) target_nic->reset_step_stats(); }, finished));
  }
  // Started after all are built: background_ does not move while they run.
  PingPongOrder order = spec_.send_first ? PingPongOrder::kSendFirst : PingPongOrder::kReceiveFirst;
  for (size_t i = background_.size() - spec_.group_pairs.size(); i < background_.size(); ++i) {
    background_[i]->set_order(order);
    background_[i]->start();
  }
}

void PingPongSweep::annotate_topology(nlohmann::json& topology) const {
  if (spec_.groups.empty()) return;
  nlohmann::json groups = nlohmann::json::array();
  for (const NodeGroup& g : spec_.groups) {
    const SeriesSpec& s = scenario_.series[g.series];
    groups.push_back({{"nodes", {g.first, g.last}}, {"series", s.id}, {"label", s.label}, {"series_index", g.series}});
  }
  for (auto& c : topology["components"]) {
    if (c["kind"] != "host") continue;
    int node = c["node"].get<int>();
    for (size_t g = 0; g < spec_.groups.size(); ++g)
      if (node >= spec_.groups[g].first && node <= spec_.groups[g].last) c["group"] = g;
  }
  topology["groups"] = groups;
}

}  // namespace hpcsim
