#include "ompi/dynamic_run.h"

#include "ompi/series_options.h"
#include "workload/result_table.h"

namespace hpcsim {

using namespace ompi;
using nlohmann::ordered_json;

namespace {
ordered_json us_or_null(Time from, Time to) { return from > 0 && to >= from ? ordered_json(ps_to_us(to - from)) : ordered_json(nullptr); }
}  // namespace

DynamicRun::DynamicRun(const RunContext& ctx)
    : sim_(ctx.sim), cluster_(*ctx.machine.network<QsnetCluster>()), scenario_(ctx.scenario),
      spec_(ctx.scenario.workload_as<DynamicSpec>()), ids_(ctx.message_ids), finished_(ctx.finished) {
  Capability cap{cluster_.size(), spec_.contexts_per_node};
  OmpiElan4Options series = ompi_options(scenario_.series.front());
  DynamicOptions o;
  o.path = series.path;
  o.inline_rendezvous = series.inline_rendezvous;
  o.chained = series.chained;
  o.completion_queues = series.completion_queues;
  job_ = std::make_unique<DynamicJob>(sim_, cluster_, scenario_.parameters, cap, series.progress, ids_, 0, o);
}

DynamicRun::~DynamicRun() = default;

void DynamicRun::start() {
  std::vector<int> nodes;
  for (int i = 0; i < spec_.processes; ++i) nodes.push_back(i);
  job_->launch(nodes);  // the parser checked processes <= nodes
  std::vector<int> others;
  for (int r = 0; r < spec_.processes; ++r)
    if (r != spec_.root) others.push_back(r);
  for (size_t i = 0; i + 1 < others.size(); i += 2) {
    auto p = std::make_unique<Pair>();
    p->a = others[i];
    p->b = others[i + 1];
    pairs_.push_back(std::move(p));
  }
  // An unpaired rank sits in a blocking MPI call (so it still progresses and acknowledges joins and leaves).
  if (others.size() % 2 == 1) job_->progress_until(others.back(), []() { return false; }, []() {});
  job_->accept(spec_.root, [this]() { root_loop(0); });
  for (auto& p : pairs_) {
    Pair* pp = p.get();
    pair_target(*pp);
    pair_iteration(*pp);
  }
  Time at = static_cast<Time>(spec_.join_at_us * 1e6 + 0.5);
  sim_.at(at, 0, EventKind::kWorkloadStep, 0, [this]() {
    std::string e;
    new_rank_ = job_->join(spec_.join_node, spec_.root, [this](int r) { joined(r); }, &e);
    if (new_rank_ < 0) refused_error_ = e;
  });
}

void DynamicRun::pair_iteration(Pair& p) {
  if (left_) {
    if (p.after_left <= 0) {
      if (++pairs_done_ == static_cast<int>(pairs_.size()) && finished_) finished_();
      return;
    }
    --p.after_left;
  }
  Time t0 = sim_.now();
  uint32_t bytes = spec_.bytes;
  auto rid = std::make_shared<uint64_t>(0);
  *rid = job_->irecv(p.a, p.b, bytes, [this, &p, t0, bytes, rid]() {
    auto sid = std::make_shared<uint64_t>(0);
    std::string e;
    count(mpi_sizes_, bytes);
    *sid = job_->isend(p.a, p.b, bytes, [this, &p, t0, rid, sid]() {
      job_->wait(p.a, *sid, [this, &p, t0, rid]() {
        job_->wait(p.a, *rid, [this, &p, t0]() {
          p.iterations.push_back({t0, sim_.now()});
          pair_iteration(p);
        });
      });
    }, &e);
  });
}

void DynamicRun::pair_target(Pair& p) {
  // Wait for the ping, post the receive of the next one, send the pong, wait for it; again (seed 002 §5 order).
  uint32_t bytes = spec_.bytes;
  auto rid = std::make_shared<uint64_t>(0);
  *rid = job_->irecv(p.b, p.a, bytes, [this, &p, rid, bytes]() {
    job_->wait(p.b, *rid, [this, &p, bytes]() {
      auto sid = std::make_shared<uint64_t>(0);
      std::string e;
      count(mpi_sizes_, bytes);
      *sid = job_->isend(p.b, p.a, bytes, [this, &p, sid]() {
        job_->wait(p.b, *sid, [this, &p]() { pair_target(p); });
      }, &e);
    });
  });
}

void DynamicRun::joined(int rank) {
  members_after_join_ = job_->pool().size();
  new_vpid_ = job_->pool().vpid(rank);
  joiner_iteration(0);
}

void DynamicRun::joiner_iteration(int k) {
  int me = new_rank_, root = spec_.root;
  uint32_t bytes = spec_.bytes;
  Time t0 = sim_.now();
  auto rid = std::make_shared<uint64_t>(0);
  *rid = job_->irecv(me, root, bytes, [this, me, root, bytes, k, t0, rid]() {
    auto sid = std::make_shared<uint64_t>(0);
    std::string e;
    if (k == 0) first_send_ = sim_.now();
    count(mpi_sizes_, bytes);
    *sid = job_->isend(me, root, bytes, [this, me, k, t0, rid, sid]() {
      job_->wait(me, *sid, [this, me, k, t0, rid]() {
        job_->wait(me, *rid, [this, me, k, t0]() {
          pingpong_ps_.push_back(sim_.now() - t0);
          if (k + 1 < spec_.iterations) {
            joiner_iteration(k + 1);
            return;
          }
          job_->leave(me, [this]() { left(); });
        });
      });
    }, &e);
  });
}

void DynamicRun::root_loop(int k) {
  int root = spec_.root, peer = new_rank_;
  uint32_t bytes = spec_.bytes;
  if (k >= spec_.iterations) {  // MPI_Comm_disconnect on the root's side, then a send to the departed rank
    job_->disconnect_wait(root, peer, [this, root, peer, bytes]() {
      std::string e;
      if (job_->isend(root, peer, bytes, []() {}, &e) == 0) {
        refused_error_ = e;
        ++refused_sends_;
      }
    });
    return;
  }
  auto rid = std::make_shared<uint64_t>(0);
  *rid = job_->irecv(root, peer, bytes, [this, root, peer, bytes, k, rid]() {
    job_->wait(root, *rid, [this, root, peer, bytes, k]() {
      if (k == 0) first_arrival_ = sim_.now();
      auto sid = std::make_shared<uint64_t>(0);
      std::string e;
      count(mpi_sizes_, bytes);
      *sid = job_->isend(root, peer, bytes, [this, root, k, sid]() {
        job_->wait(root, *sid, [this, k]() { root_loop(k + 1); });
      }, &e);
    });
  });
}

void DynamicRun::left() {
  left_ = true;
  members_after_leave_ = job_->pool().size();
  for (auto& p : pairs_) p->after_left = spec_.after_iterations;
  if (pairs_.empty() && finished_) finished_();
}

std::string DynamicRun::stalled() const {
  if (left_) return "";
  if (new_rank_ < 0) return refused_error_.empty() ? "" : "join: " + refused_error_;
  const DpmTimes& j = job_->join_times(new_rank_);
  const DpmTimes& l = job_->leave_times(new_rank_);
  if (j.done == 0)
    return "join of rank " + std::to_string(new_rank_) + " did not complete (" +
           (j.attached == 0 ? "attaching" : j.connected == 0 ? "waiting for ACCEPT" : "waiting for members' PROC_ACK") + ")";
  if (l.start == 0) return "rank " + std::to_string(new_rank_) + " stopped after " + std::to_string(pingpong_ps_.size()) + " ping-pongs";
  return "leave of rank " + std::to_string(new_rank_) + " did not complete (" +
         (l.drained == 0 ? "draining" : l.disconnected == 0 ? "waiting for DISCONNECT_ACK" : "detaching") + ")";
}

void DynamicRun::append_tables(ordered_json& tables) const {
  DpmTimes j, l;
  if (new_rank_ >= 0) {
    j = job_->join_times(new_rank_);
    l = job_->leave_times(new_rank_);
  }
  ordered_json pingpong = nullptr;
  if (!pingpong_ps_.empty()) {
    Time sum = 0;
    for (Time t : pingpong_ps_) sum += t;
    pingpong = ps_to_us(sum) / static_cast<double>(pingpong_ps_.size()) / 2.0;
  }
  // Background pairs' one-way latency (iteration / 2) before the join, while the new process is a member, after it left.
  auto background = [this](Time from, Time to) -> ordered_json {
    Time sum = 0;
    size_t n = 0;
    for (const auto& p : pairs_)
      for (const auto& it : p->iterations)
        if (it.first >= from && it.second <= to) {
          sum += it.second - it.first;
          ++n;
        }
    return n == 0 ? ordered_json(nullptr) : ordered_json(ps_to_us(sum) / static_cast<double>(n) / 2.0);
  };
  // Iterations that overlap the join or the leave: the members acknowledged NEW_PROC / DISCONNECT inside them.
  auto overlapping = [this](const DpmTimes& a, const DpmTimes& b) -> ordered_json {
    Time sum = 0;
    size_t n = 0;
    auto overlaps = [](const std::pair<Time, Time>& it, Time from, Time to) { return from > 0 && it.first < to && it.second > from; };
    for (const auto& p : pairs_)
      for (const auto& it : p->iterations)
        if (overlaps(it, a.start, a.done) || overlaps(it, b.start, b.done)) {
          sum += it.second - it.first;
          ++n;
        }
    return n == 0 ? ordered_json(nullptr) : ordered_json(ps_to_us(sum) / static_cast<double>(n) / 2.0);
  };
  const Time kEnd = INT64_MAX;
  auto row = [](const char* label, ordered_json v) { return table_row(label, ordered_json::array({std::move(v)})); };
  ordered_json rows = ordered_json::array({
      row("Join: attach to a spare context (driver, route table, memory registration, PTL init)", us_or_null(j.start, j.attached)),
      row("Join: connect, accept and synchronized merge", us_or_null(j.attached, j.done)),
      row("Join: total (until MPI_Intercomm_merge returns)", us_or_null(j.start, j.done)),
      row("First message: new process to the root (MPI_Isend to MPI_Wait returning)", us_or_null(first_send_, first_arrival_)),
      row("Ping-pong with the root: one-way latency (mean)", pingpong),
      row("Leave: drain and disconnect (every member acknowledged)", us_or_null(l.start, l.disconnected)),
      row("Leave: detach from the context", us_or_null(l.disconnected, l.done)),
      row("Leave: total", us_or_null(l.start, l.done)),
      row("Other ranks' ping-pongs, one-way: before the join", j.start > 0 ? background(0, j.start) : ordered_json(nullptr)),
      row("Other ranks' ping-pongs, one-way: while the new process is a member", j.done > 0 && l.start > 0 ? background(j.done, l.start) : ordered_json(nullptr)),
      row("Other ranks' ping-pongs, one-way: after it left", l.done > 0 ? background(l.done, kEnd) : ordered_json(nullptr)),
      row("Other ranks' ping-pongs, one-way: iterations overlapping the join or the leave", overlapping(j, l)),
  });
  tables.push_back(result_table("dynamic-phases",
                                "MPI-2 dynamic process: join, first message, leave (seed 001 \"Dynamic MPI-2 Process Pool\")",
                                "us", ordered_json::array({scenario_.series.front().label}), std::move(rows)));
  int cpn = spec_.contexts_per_node;
  int node = new_rank_ >= 0 ? job_->node_of(new_rank_) : -1;
  auto num = [](int v) { return v < 0 ? ordered_json(nullptr) : ordered_json(v); };
  ordered_json ident = ordered_json::array({
      row("Rank of the new process", num(new_rank_)),
      row("Its VPID in the capability (node x contexts per node + context)", num(new_vpid_)),
      row("Its node", num(node)),
      row("Its context on that node", num(new_vpid_ < 0 ? -1 : new_vpid_ - node * cpn)),
      row("Members after the join", num(members_after_join_)),
      row("Members after the leave", num(left_ ? members_after_leave_ : -1)),
      row("Sends to it refused after the leave (MPI_ERR_RANK)", num(refused_sends_)),
      row("Fragments the PTLs refused (no context at the destination)", ordered_json(job_->ptl_refused())),
  });
  tables.push_back(result_table("dynamic-process",
                                "The new process: rank decoupled from its VPID, membership, refused sends", "count",
                                ordered_json::array({scenario_.series.front().label}), std::move(ident)));
}

void DynamicRun::append_histograms(ordered_json& histograms) const {
  auto to_json = [](const std::map<uint32_t, uint64_t>& m) {
    ordered_json h = ordered_json::array();
    for (const auto& kv : m) h.push_back({{"bytes", kv.first}, {"count", kv.second}});
    return h;
  };
  histograms.push_back({{"id", "dynamic/" + scenario_.series.front().id}, {"histogram", to_json(mpi_sizes_)}});
  histograms.push_back({{"id", "dynamic/control"}, {"histogram", to_json(job_->control_sizes())}});
}

}  // namespace hpcsim
