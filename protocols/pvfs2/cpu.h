// One thread of a PVFS2 process (a client, a server's main loop, a server's Trove/AIO thread): work runs on it one
// item at a time, first come, first served, so a busy server queues its requests (timing: host.* parameters).
#pragma once
#include <algorithm>
#include <deque>
#include <functional>
#include <vector>

#include "hw/host.h"
#include "kernel/simulator.h"
#include "kernel/trace_kinds.h"

namespace hpcsim::pvfs2 {

/// What a PVFS2 thread is busy with: the `value` of its pvfs2_work trace records (one per piece of work, on its
/// host), so a call's critical path shows the host time in it (core-wasm/js/criticalPath.ts). The names are in
/// core-wasm/src/catalog/trace_kinds_json.cc. Append only: the codes are in stored traces.
enum class Work : int32_t {
  kSysIo = 1,          ///< the client's PVFS_sys_io set-up (pvfs2.client_sysio_us, client_msgpair_us per server)
  kBmiPost = 2,        ///< a BMI post or rendezvous step (QDMA, RTS, CTS, FIN; bmi_*.post_cycles)
  kBmiTest = 3,        ///< BMI_testcontext finding one completion (bmi_*.poll_cycles)
  kBmiCopy = 4,        ///< copying a message into or out of a queue slot or eager buffer
  kLioPack = 5,        ///< LIO's pack or unpack through the bounce pool (bmi_elan4.lio_region_us per region)
  kDescriptors = 6,    ///< building Elan4 DMA descriptors (and chained events) and writing them to the NIC
  kVapiCall = 7,       ///< bmi_ib's VAPI calls and the host work between them (registration, posts, polls)
  kServerRequest = 8,  ///< the server decoding an I/O request and starting its flow (pvfs2.server_request_us)
  kGetattr = 9,        ///< dbpf's dspace getattr after a write (pvfs2.dspace_getattr_us)
  kFlowStep = 10,      ///< one step of the flow (pvfs2.flow_step_us)
  kFlowCopy = 11,      ///< the flow copying a step through its intermediate buffer
  kServerResponse = 12,  ///< the server's completion and response (pvfs2.server_completion_us)
  kLioListio = 13,     ///< Trove submitting one lio_listio round (pvfs2.lio_listio_us)
  kAio = 14,           ///< glibc's AIO worker: one pread or pwrite (pvfs2.aiocb_us and the copy)
  kTroveDone = 15,     ///< the end of a Trove op (pvfs2.trove_call_us or the notification thread)
  kApplication = 16,   ///< the application's own copy (BT-IO's I/O buffer)
  kNotification = 17,  ///< glibc's SIGEV_THREAD notification thread of a completed lio_listio (os.thread_create_us)
  kTestAsleep = 18,    ///< BMI_testcontext asleep in poll() though a completion waits (bmi_ib after its spin)
};

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
  /// Holds the thread for `busy` (ps) of `work` once it is free, then runs `then`. Traced as a pvfs2_work record
  /// [start, start + busy) on the host, which `then`'s event follows (its cause).
  void run(Work work, Time busy, std::function<void()> then) {
    if (held_) {
      pending_.push_back({work, busy, std::move(then), nullptr});
      return;
    }
    Time start = std::max(sim_.now(), cpu_.free_at());
    if (processors_) start = processors_->reserve(start, busy);
    cpu_.reserve(start, busy);
    if (busy > 0)
      sim_.trace().record(start, start + busy, TraceKind::kPvfs2Work, host_.id(), 0, 0, static_cast<int32_t>(work));
    sim_.at(start + busy, host_.id(), EventKind::kHostCpuDone, 0, std::move(then));
  }
  /// A job whose length the thread does not know beforehand (a VAPI call that times itself: hw/infiniband/hca.h):
  /// once the thread is free, `job(release)` runs and the thread stays busy until the job calls `release()`; work
  /// posted meanwhile waits, in order.
  /// Traced as one pvfs2_work record of `work` over the whole hold, written at the release.
  void hold(Work work, std::function<void(std::function<void()> release)> job) {
    if (held_) {
      pending_.push_back({work, 0, nullptr, std::move(job)});
      return;
    }
    held_ = true;
    const Time start = cpu_.reserve(sim_.now(), 0);
    sim_.at(start, host_.id(), EventKind::kHostCpuDone, 0, [this, work, start, job = std::move(job)]() {
      job([this, work, start]() { release(work, start); });
    });
  }
  /// Holds the thread for `bytes` of memcpy at host.memcpy_MBps plus `extra` ps of `work`.
  void copy(Work work, uint64_t bytes, Time extra, std::function<void()> then) {
    run(work, transfer_time_ps(bytes, memcpy_Bps()) + extra, std::move(then));
  }
  Time busy_ps() const { return cpu_.busy_ps() + held_ps_; }
  double memcpy_Bps() const { return memcpy_Bps_; }
  void set_memcpy_Bps(double b) { memcpy_Bps_ = b; }

 private:
  struct Pending {
    Work work;
    Time busy;
    std::function<void()> then;
    std::function<void(std::function<void()>)> job;
  };
  void release(Work work, Time start) {
    held_ps_ += sim_.now() - start;
    if (sim_.now() > start)
      sim_.trace().record(start, sim_.now(), TraceKind::kPvfs2Work, host_.id(), 0, 0, static_cast<int32_t>(work));
    cpu_.reserve(sim_.now(), 0);  // free from now
    held_ = false;
    while (!held_ && !pending_.empty()) {
      Pending p = std::move(pending_.front());
      pending_.pop_front();
      if (p.job)
        hold(p.work, std::move(p.job));
      else
        run(p.work, p.busy, std::move(p.then));
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
