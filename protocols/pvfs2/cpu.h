// One thread of a PVFS2 process (a client, a server's main loop, a server's Trove/AIO thread): work runs on it one
// item at a time, first come, first served, so a busy server queues its requests (timing: host.* parameters).
#pragma once
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
    Time start = cpu_.reserve(sim_.now(), busy);
    sim_.at(start + busy, host_.id(), EventKind::kHostCpuDone, 0, std::move(then));
  }
  /// Holds the thread for `bytes` of memcpy at host.memcpy_MBps plus `extra` ps.
  void copy(uint64_t bytes, Time extra, std::function<void()> then) {
    run(transfer_time_ps(bytes, memcpy_Bps()) + extra, std::move(then));
  }
  Time busy_ps() const { return cpu_.busy_ps(); }
  double memcpy_Bps() const { return memcpy_Bps_; }
  void set_memcpy_Bps(double b) { memcpy_Bps_ = b; }

 private:
  Simulator& sim_;
  Host& host_;
  FifoResource cpu_;
  double memcpy_Bps_ = 1e9;
};

}  // namespace hpcsim::pvfs2
