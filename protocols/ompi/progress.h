// How a node's Open MPI makes progress (seed 001 "Communication Progress"; REFERENCES §1.3.4): the
// application polls inside MPI_Wait, or sleeps on an interrupt, or one or two progress threads drain the
// queues and wake the application.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include "hw/elan4/input_queue.h"
#include "hw/elan4/linux_wake.h"
#include "hw/host.h"
#include "kernel/simulator.h"

namespace hpcsim::ompi {

enum class ProgressMode { kPolling, kInterrupt, kOneThread, kTwoThreads };

/// A place where completions and arrivals appear in host memory: an Elan4 input queue, or (no completion
/// queue) a list of done words written by events. `process_one` handles the front entry and calls its argument
/// when done.
struct Source {
  int owner = 0;  ///< worker that drains it (set by Progress::add_source)
  InputQueue* queue = nullptr;
  std::deque<uint64_t>* words = nullptr;
  std::function<void(std::function<void()>)> process_one;
  bool ready() const { return queue ? queue->ready() : (words && !words->empty()); }
};

/// Workers drain sources. kPolling: the application is the only worker, inside MPI_Wait, and spins on the
/// done words (it notices a landing after one cache miss). kInterrupt: the same while a DMA it issued is
/// still to complete (elan4_pollevent_word polls up to os.poll_before_sleep_us for it); with none
/// outstanding it re-primes the queue events with an interrupt cookie and sleeps at once; the interrupt
/// wakes it (LinuxWake::interrupt_wake). kOneThread: one progress thread drains every source the same way; the application sleeps on a condition variable in MPI_Wait and the thread wakes it
/// (LinuxWake::thread_wake) when its request completes. kTwoThreads: a receive thread drains incoming
/// QDMAs (worker 0) and a completion thread local DMA completions (worker 1).
class Progress {
 public:
  Progress(Simulator& sim, Host& host, LinuxWake& wake, ProgressMode mode, Time poll_window_ps);

  ProgressMode mode() const { return mode_; }
  /// Adds `s` to worker `w` (0 = application or receive thread, 1 = completion thread in kTwoThreads; other
  /// modes use worker 0 for everything). `s` must outlive this object.
  void add_source(Source* s, int w);
  /// Tells a worker that a done word of one of its sources has landed (queues report themselves).
  void landed(Source* s);
  /// MPI_Wait: returns through `then` once `complete()` holds, after `wait_cycles` of library code.
  void wait(std::function<bool()> complete, uint64_t wait_cycles, std::function<void()> then);
  /// A request completed while a worker processed an entry: in thread modes, wakes the sleeping
  /// application if its request is now complete (the caller pays pthread_cond_signal); `then` continues
  /// the caller.
  void notify(uint32_t message, std::function<void()> then);
  /// A DMA issued by host thread `owner` (worker 0/1, or 2 = the application) whose completion entry is
  /// still to come. A blocking worker keeps polling (up to os.poll_before_sleep_us) while a DMA it issued
  /// itself is outstanding, and sleeps at once otherwise.
  void dma_started(int owner) { ++outstanding_[slot(owner)]; }
  void dma_completed(int owner) {
    if (outstanding_[slot(owner)] > 0) --outstanding_[slot(owner)];
  }
  uint64_t interrupts() const { return interrupts_; }
  uint64_t thread_wakes() const { return thread_wakes_; }

 private:
  struct Worker {
    std::vector<Source*> sources;
    bool idle = false;
    bool sleeping = false;
    uint64_t generation = 0;
    std::function<void()> resume;  ///< continues the worker's loop
  };
  bool threaded() const { return mode_ == ProgressMode::kOneThread || mode_ == ProgressMode::kTwoThreads; }
  Worker& worker_of(Source* s);
  void run(Worker& w);
  void go_idle(Worker& w);
  void sleep(Worker& w, uint64_t generation);
  void app_loop();

  Simulator& sim_;
  Host& host_;
  LinuxWake& wake_;
  ProgressMode mode_;
  Time poll_window_ps_;
  Worker workers_[2];
  std::function<bool()> app_complete_;
  std::function<void()> app_then_;
  uint64_t app_wait_cycles_ = 0;
  bool app_sleeping_ = false;
  uint64_t interrupts_ = 0, thread_wakes_ = 0;
  int slot(int owner) const { return threaded() ? (owner < 0 || owner > 2 ? 2 : owner) : 0; }
  uint32_t outstanding_[3] = {0, 0, 0};
};

}  // namespace hpcsim::ompi
