// One thread of a PVFS2 process (a client, a server's main loop, a server's Trove/AIO thread): work runs on it one
// item at a time, first come, first served, so a busy server queues its requests (timing: host.* parameters).
#pragma once
#include <algorithm>
#include <deque>
#include <functional>
#include <vector>

#include "hw/host.h"
#include "kernel/simulator.h"

namespace hpcsim::pvfs2 {

inline Time us_to_ps(double us) { return ns_to_ps(us * 1000.0); }

/// The processors of one node, which its threads share (host.processors: the seeds' nodes are dual-processor):
/// a thread's work runs on the processor free earliest, one piece of work at a time on each.
class Processors {
 public:
  explicit Processors(int n) : free_at_(static_cast<size_t>(std::max(1, n)), 0) {}
  /// Reserves `busy` ps on the processor free earliest, from `earliest` on; returns when the work starts.
  Time reserve(Time earliest, Time busy) {
    auto it = std::min_element(free_at_.begin(), free_at_.end());
    const Time start = std::max(earliest, *it);
    *it = start + busy;
    return start;
  }

 private:
  std::vector<Time> free_at_;
};

class Thread {
 public:
  /// `processors`: the node's processors this thread shares with the node's other threads (null: its own).
  Thread(Simulator& sim, Host& host, Processors* processors = nullptr)
      : sim_(sim), host_(host), processors_(processors) {}
  Host& host() { return host_; }
  /// Holds the thread for `busy` (ps) once it is free, then runs `then`.
  void run(Time busy, std::function<void()> then) {
    if (held_) {
      pending_.push_back({busy, std::move(then), nullptr});
      return;
    }
    Time start = std::max(sim_.now(), cpu_.free_at());
    if (processors_) start = processors_->reserve(start, busy);
    cpu_.reserve(start, busy);
    sim_.at(start + busy, host_.id(), EventKind::kHostCpuDone, 0, std::move(then));
  }
  /// A job whose length the thread does not know beforehand (a VAPI call that times itself: hw/infiniband/hca.h):
  /// once the thread is free, `job(release)` runs and the thread stays busy until the job calls `release()`; work
  /// posted meanwhile waits, in order.
  void hold(std::function<void(std::function<void()> release)> job) {
    if (held_) {
      pending_.push_back({0, nullptr, std::move(job)});
      return;
    }
    held_ = true;
    const Time start = cpu_.reserve(sim_.now(), 0);
    sim_.at(start, host_.id(), EventKind::kHostCpuDone, 0, [this, start, job = std::move(job)]() {
      job([this, start]() { release(start); });
    });
  }
  /// Holds the thread for `bytes` of memcpy at host.memcpy_MBps plus `extra` ps.
  void copy(uint64_t bytes, Time extra, std::function<void()> then) {
    run(transfer_time_ps(bytes, memcpy_Bps()) + extra, std::move(then));
  }
  Time busy_ps() const { return cpu_.busy_ps() + held_ps_; }
  double memcpy_Bps() const { return memcpy_Bps_; }
  void set_memcpy_Bps(double b) { memcpy_Bps_ = b; }

 private:
  struct Pending {
    Time busy;
    std::function<void()> then;
    std::function<void(std::function<void()>)> job;
  };
  void release(Time start) {
    held_ps_ += sim_.now() - start;
    cpu_.reserve(sim_.now(), 0);  // free from now
    held_ = false;
    while (!held_ && !pending_.empty()) {
      Pending p = std::move(pending_.front());
      pending_.pop_front();
      if (p.job)
        hold(std::move(p.job));
      else
        run(p.busy, std::move(p.then));
    }
  }
  Simulator& sim_;
  Host& host_;
  Processors* processors_;
  FifoResource cpu_;
  bool held_ = false;
  Time held_ps_ = 0;
  std::deque<Pending> pending_;
  double memcpy_Bps_ = 1e9;
};

}  // namespace hpcsim::pvfs2
