#include "ompi/progress.h"

#include "hw/elan4/elan4_nic.h"
#include "ompi/costs.h"

namespace hpcsim::ompi {

Progress::Progress(Simulator& sim, Host& host, LinuxWake& wake, Elan4Driver& driver, ProgressMode mode,
                   const PollWindows& windows)
    : sim_(sim), host_(host), wake_(wake), driver_(driver), mode_(mode), windows_(windows) {
  workers_[0].role = threaded() ? ThreadRole::kReceive : ThreadRole::kApplication;
  workers_[1].role = ThreadRole::kCompletion;
  if (threaded())
    for (auto& w : workers_) {
      Worker* wp = &w;
      w.resume = [this, wp]() { run(*wp); };
    }
  if (blocking())  // each blocking thread has its own ELAN_SLEEP, hence its own cookie (ompi_init_elan_sleepdesc)
    for (auto& w : workers_) w.cookie = driver_.alloc_cookie();
}

void Progress::set_state(Worker& w, ThreadState s) {
  if (w.state == s) return;
  w.state = s;
  if (blocking())
    sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kHostThread, host_.id(), 0,
                        static_cast<uint32_t>(w.role), static_cast<int32_t>(s));
}

void Progress::set_app_state(ThreadState s) {
  sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kHostThread, host_.id(), 0,
                      static_cast<uint32_t>(ThreadRole::kApplication), static_cast<int32_t>(s));
}

void Progress::add_source(Source* s, int w) {
  int idx = mode_ == ProgressMode::kTwoThreads && w == 1 ? 1 : 0;
  Worker& wk = workers_[idx];
  s->owner = threaded() ? idx : 0;
  wk.sources.push_back(s);
  if (s->queue) s->queue->set_listener([this, s]() { landed(s); });
  if (threaded() && wk.sources.size() == 1) {  // the thread starts in its loop: polls, then sleeps
    Worker* wp = &wk;
    sim_.after(0, host_.id(), EventKind::kWorkloadStep, 0, [this, wp]() { run(*wp); });
  }
}

Progress::Worker& Progress::worker_of(Source* s) {
  for (auto& w : workers_)
    for (Source* x : w.sources)
      if (x == s) return w;
  return workers_[0];
}

void Progress::landed(Source* s) {
  Worker& w = worker_of(s);
  // Running: it looks again before it waits. Arming, asleep or waking: its cookie's interrupt brings it back.
  if (w.state != ThreadState::kPolling) return;
  if (blocking()) ++seen_polling_;
  ++w.generation;
  set_state(w, ThreadState::kRunning);
  // The polling thread reads the done word again: the line was invalidated by the DMA write.
  host_.read_dma_written(8, w.resume);
}

void Progress::run(Worker& w) {
  if (!threaded() && app_complete_ && app_complete_()) {
    auto then = std::move(app_then_);
    app_complete_ = nullptr;
    app_then_ = nullptr;
    w.resume = nullptr;
    host_.compute(app_wait_cycles_, then);
    return;
  }
  for (Source* s : w.sources)
    if (s->ready()) {
      set_state(w, ThreadState::kRunning);
      s->process_one(w.resume);
      return;
    }
  go_idle(w);
}

void Progress::go_idle(Worker& w) {
  uint64_t g = ++w.generation;
  if (mode_ == ProgressMode::kPolling) {  // MPI_Wait spins on the done words
    w.state = ThreadState::kPolling;
    return;
  }
  int index = &w == &workers_[0] ? 0 : 1;
  Time window = threaded() ? windows_.thread_ps : (outstanding_[slot(index)] > 0 ? windows_.application_ps : 0);
  if (window == 0) {
    arm(w, g);
    return;
  }
  set_state(w, ThreadState::kPolling);
  Worker* wp = &w;
  sim_.after(window, host_.id(), EventKind::kHostCpuDone, 0, [this, wp, g]() { arm(*wp, g); });
}

void Progress::arm(Worker& w, uint64_t generation) {
  if (w.generation != generation) return;  // an entry landed while it polled
  ++w.generation;
  Worker* wp = &w;
  InputQueue* q = nullptr;
  for (Source* s : w.sources)
    if (s->queue && !q) q = s->queue;
  if (q) set_state(w, ThreadState::kArming);
  if (!q) {  // done words only (no completion queue): nothing to block on, so it keeps polling
    set_state(w, ThreadState::kPolling);
    return;
  }
  // elan4_waitevent_word (libelan4): ARM the ELAN_SLEEP's cookie, then a wait-event command on es_cmdq (the
  // queue event, 32 B) and the INTERRUPT command with the cookie on es_ecmdq (8 B), then the WAIT ioctl.
  auto sleep_entry = [this, wp, q]() {
    driver_.arm(wp->cookie, [this, wp, q]() {
      auto at_nic = [this, wp]() {  // the NIC runs the wait-event: interrupt at once if the event is already set
        if (wp->state != ThreadState::kArming && wp->state != ThreadState::kAsleep) return;
        for (Source* s : wp->sources)
          if (s->ready() || (s->queue && s->queue->in_flight() > 0 && s->queue->event().remaining() == 0)) {
            raise(*wp, 0);
            return;
          }
        for (Source* s : wp->sources)
          if (s->queue) s->queue->event().set_interrupt([this, wp]() { raise(*wp, 0); });
        wp->interrupt_armed = true;
      };
      auto wait = [this, wp]() {
        driver_.wait(
            wp->cookie, [this, wp]() { set_state(*wp, ThreadState::kAsleep); },
            [this, wp]() {
              ++interrupts_;
              ++wp->interrupts;
              set_state(*wp, ThreadState::kWaking);
            },
            [this, wp]() {
              ++waits_without_sleep_;
              wait_returned(*wp);
            },
            [this, wp]() { wait_returned(*wp); });
      };
      q->nic().post_command(host_, kWaitEventCmdBytes + kE4WordBytes, 0, at_nic, wait);
    });
  };
  if (threaded())  // OMPI_LOCK(elan_lock) around popping an ELAN_SLEEP from the rail's list
    host_.compute(kMutexPair, sleep_entry);
  else
    sleep_entry();
}

void Progress::raise(Worker& w, uint32_t message) {
  disarm(w);
  driver_.interrupt(w.cookie, message);
}

void Progress::disarm(Worker& w) {
  if (!w.interrupt_armed) return;
  w.interrupt_armed = false;
  for (Source* s : w.sources)
    if (s->queue) s->queue->event().set_interrupt(nullptr);
}

void Progress::wait_returned(Worker& w) {
  disarm(w);
  set_state(w, ThreadState::kRunning);
  ++w.generation;
  Worker* wp = &w;
  if (threaded())  // OMPI_LOCK(elan_lock) around pushing the ELAN_SLEEP back
    host_.compute(kMutexPair, [this, wp]() { run(*wp); });
  else
    run(w);
}

void Progress::wait(std::function<bool()> complete, uint64_t wait_cycles, std::function<void()> then) {
  if (complete()) {
    host_.compute(wait_cycles, std::move(then));
    return;
  }
  if (threaded()) {  // sleep on the request's condition variable until a progress thread signals it
    app_complete_ = std::move(complete);
    app_then_ = std::move(then);
    app_wait_cycles_ = wait_cycles;
    app_sleeping_ = true;
    set_app_state(ThreadState::kAsleep);
    return;
  }
  app_complete_ = std::move(complete);
  app_then_ = std::move(then);
  app_wait_cycles_ = wait_cycles;
  Worker& w = workers_[0];
  w.resume = [this]() { run(workers_[0]); };
  set_state(w, ThreadState::kRunning);
  run(w);
}

void Progress::notify(uint32_t message, std::function<void()> then) {
  if (!threaded() || !app_sleeping_ || !app_complete_ || !app_complete_()) {
    then();
    return;
  }
  app_sleeping_ = false;
  ++thread_wakes_;
  auto app_then = std::move(app_then_);
  app_complete_ = nullptr;
  app_then_ = nullptr;
  uint64_t cycles = app_wait_cycles_;
  set_app_state(ThreadState::kWaking);
  wake_.thread_wake(host_, message, std::move(then), [this, cycles, app_then]() {
    set_app_state(ThreadState::kRunning);
    host_.compute(cycles, app_then);
  });
}

}  // namespace hpcsim::ompi
