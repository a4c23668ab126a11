// How a node's Open MPI makes progress (seed 001 "Communication Progress"; REFERENCES §1.3.4): the
// application polls inside MPI_Wait, or sleeps on an interrupt, or one or two progress threads drain the
// queues and wake the application. The progress threads follow ptl_elan's mca_ptl_elan_wait_queue and the
// qsnet elan4 driver (../shared/references/elan4-threads.md §1-2).
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include "hw/elan4/elan4_driver.h"
#include "hw/elan4/input_queue.h"
#include "hw/elan4/linux_wake.h"
#include "hw/host.h"
#include "kernel/simulator.h"

namespace hpcsim::ompi {

enum class ProgressMode { kPolling, kInterrupt, kOneThread, kTwoThreads };

/// `value` of host_thread trace records: the state a host thread enters.
enum class ThreadState : int32_t {
  kRunning = 1,  ///< handling a queue entry, or the application's own code
  kPolling = 2,  ///< elan4_pollevent_word on its queue's done word
  kArming = 3,   ///< taking an ELAN_SLEEP, ARM ioctl, wait-event and interrupt commands, WAIT ioctl entry
  kAsleep = 4,   ///< blocked in the driver on its interrupt cookie (or, the application, on a condition variable)
  kWaking = 5,   ///< its interrupt (or pthread_cond_signal) is on the way: IRQ, handler, wake-up, switch, exit
};
/// `bytes` of host_thread trace records: which thread of the process.
enum class ThreadRole : uint32_t {
  kReceive = 0,      ///< the only progress thread (lookup, ONE_QUEUE) or the receive thread (drain_recv)
  kCompletion = 1,   ///< the completion thread of Two-Threads (update_desc)
  kApplication = 2,  ///< the MPI application's thread
};

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

/// Poll windows of a blocking wait.
struct PollWindows {
  /// The application's blocking wait (Interrupt): polls this long while a DMA it issued is outstanding, else
  /// arms at once (os.poll_before_sleep_us).
  Time application_ps = 0;
  /// A progress thread's wait_queue: elan4_pollevent_word(ctx, readyWord, usecs) (ompi.thread_poll_us).
  Time thread_ps = 0;
};

/// Workers drain sources. kPolling: the application is the only worker, inside MPI_Wait, and spins on the
/// done words (it notices a landing after one cache miss). kInterrupt: the same while a DMA it issued is
/// still to complete (up to PollWindows::application_ps); otherwise it arms its interrupt cookie and sleeps
/// in the elan4 driver until the cookie's interrupt wakes it. kOneThread (ONE_QUEUE): one progress thread
/// (lookup) drains the one queue, where arrivals and local completions both land; kTwoThreads: a receive
/// thread (drain_recv, worker 0) drains the input queue and a completion thread (update_desc, worker 1) the
/// completion queue. In both thread modes the application sleeps on a condition variable in MPI_Wait and the
/// thread whose entry completes its request wakes it (LinuxWake::thread_wake).
///
/// A progress thread that finds its queue empty runs ptl_elan's wait_queue: it polls the done word for
/// PollWindows::thread_ps (state polling: a landing is seen after one cache miss, no interrupt), then arms
/// (elan_lock around popping an ELAN_SLEEP, ARM ioctl, the wait-event and interrupt commands, WAIT ioctl) and,
/// unless its cookie fired meanwhile (then the WAIT returns without sleeping), sleeps until the interrupt
/// wakes it (Elan4Driver). So an entry costs a wake-up only when it lands on a thread that is asleep.
class Progress {
 public:
  /// `driver` is the host's elan4 driver (shared by the processes on the host); `wake` gives thread_wake.
  Progress(Simulator& sim, Host& host, LinuxWake& wake, Elan4Driver& driver, ProgressMode mode,
           const PollWindows& windows);

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
  /// still to come. The application's blocking wait (kInterrupt) polls while a DMA it issued is outstanding.
  void dma_started(int owner) { ++outstanding_[slot(owner)]; }
  void dma_completed(int owner) {
    if (outstanding_[slot(owner)] > 0) --outstanding_[slot(owner)];
  }
  /// Wake-ups by interrupt of a sleeping worker (the application in kInterrupt, a progress thread otherwise).
  uint64_t interrupts() const { return interrupts_; }
  /// Entries a blocking worker saw while polling (no interrupt).
  uint64_t seen_polling() const { return seen_polling_; }
  /// WAITs that returned at once because the worker's cookie fired while it was arming.
  uint64_t waits_without_sleep() const { return waits_without_sleep_; }
  uint64_t thread_wakes() const { return thread_wakes_; }
  /// Interrupt wake-ups of worker `w` (0 or 1).
  uint64_t interrupts(int w) const { return workers_[w == 1 ? 1 : 0].interrupts; }
  /// State of worker `w` (0 or 1) now.
  ThreadState state(int w) const { return workers_[w == 1 ? 1 : 0].state; }

 private:
  struct Worker {
    ThreadRole role = ThreadRole::kReceive;
    std::vector<Source*> sources;
    ThreadState state = ThreadState::kRunning;
    uint64_t generation = 0;
    int cookie = -1;               ///< its ELAN_SLEEP's interrupt cookie
    bool interrupt_armed = false;  ///< its sources' queue events carry its INTERRUPT action
    uint64_t interrupts = 0;
    std::function<void()> resume;  ///< continues the worker's loop
  };
  bool threaded() const { return mode_ == ProgressMode::kOneThread || mode_ == ProgressMode::kTwoThreads; }
  bool blocking() const { return mode_ != ProgressMode::kPolling; }
  Worker& worker_of(Source* s);
  void set_state(Worker& w, ThreadState s);
  void set_app_state(ThreadState s);
  void run(Worker& w);
  void go_idle(Worker& w);
  void arm(Worker& w, uint64_t generation);
  void raise(Worker& w, uint32_t message);
  void disarm(Worker& w);
  void wait_returned(Worker& w);

  Simulator& sim_;
  Host& host_;
  LinuxWake& wake_;
  Elan4Driver& driver_;
  ProgressMode mode_;
  PollWindows windows_;
  Worker workers_[2];
  std::function<bool()> app_complete_;
  std::function<void()> app_then_;
  uint64_t app_wait_cycles_ = 0;
  bool app_sleeping_ = false;
  uint64_t interrupts_ = 0, thread_wakes_ = 0, seen_polling_ = 0, waits_without_sleep_ = 0;
  int slot(int owner) const { return threaded() ? (owner < 0 || owner > 2 ? 2 : owner) : 0; }
  uint32_t outstanding_[3] = {0, 0, 0};
};

}  // namespace hpcsim::ompi
