// One thread of a PVFS2 process (a client, a server's main loop, a server's Trove/AIO thread): work runs on it one
// item at a time, first come, first served, so a busy server queues its requests (timing: host.* parameters).
#pragma once
#include <deque>
#include <functional>

#include "hw/host.h"
#include "kernel/simulator.h"

namespace hpcsim::pvfs2 {

inline Time us_to_ps(double us) { return ns_to_ps(us * 1000.0); }

class Thread {
 public:
  Thread(Simulator& sim, Host& host) : sim_(sim), host_(host) {}
  Host& host() { return host_; }
  /// Holds the thread for `busy` (ps) once it is free, then runs `then`.
  void run(Time busy, std::function<void()> then) {
    if (held_) {
      pending_.push_back({busy, std::move(then), nullptr});
      return;
    }
    Time start = cpu_.reserve(sim_.now(), busy);
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
  FifoResource cpu_;
  bool held_ = false;
  Time held_ps_ = 0;
  std::deque<Pending> pending_;
  double memcpy_Bps_ = 1e9;
};

}  // namespace hpcsim::pvfs2
