#include "ompi/progress.h"

namespace hpcsim::ompi {

Progress::Progress(Simulator& sim, Host& host, LinuxWake& wake, ProgressMode mode, Time poll_window_ps)
    : sim_(sim), host_(host), wake_(wake), mode_(mode), poll_window_ps_(poll_window_ps) {
  if (threaded())
    for (auto& w : workers_) {
      Worker* wp = &w;
      w.resume = [this, wp]() { run(*wp); };
    }
}

void Progress::add_source(Source* s, int w) {
  int idx = mode_ == ProgressMode::kTwoThreads && w == 1 ? 1 : 0;
  Worker& wk = workers_[idx];
  s->owner = threaded() ? idx : 0;
  wk.sources.push_back(s);
  if (s->queue) s->queue->set_listener([this, s]() { landed(s); });
  if (threaded() && wk.sources.size() == 1) {  // the thread starts idle, polling then sleeping
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
  if (!w.idle || w.sleeping) return;  // busy: it will look again; asleep: the interrupt wakes it
  w.idle = false;
  ++w.generation;
  // The spinning worker reads the done word again: the line was invalidated by the DMA write.
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
      s->process_one(w.resume);
      return;
    }
  go_idle(w);
}

void Progress::go_idle(Worker& w) {
  w.idle = true;
  uint64_t g = ++w.generation;
  if (mode_ == ProgressMode::kPolling) return;
  int index = &w == &workers_[0] ? 0 : 1;
  if (outstanding_[slot(index)] == 0) {
    sleep(w, g);
    return;
  }
  Worker* wp = &w;  // poll for the DMA it issued, but not forever
  sim_.after(poll_window_ps_, host_.id(), EventKind::kHostCpuDone, 0, [this, wp, g]() { sleep(*wp, g); });
}

void Progress::sleep(Worker& w, uint64_t generation) {
  if (!w.idle || w.sleeping || w.generation != generation) return;
  w.sleeping = true;
  Worker* wp = &w;
  auto wake = [this, wp]() {
    if (!wp->sleeping) return;
    wp->sleeping = false;
    wp->idle = false;
    ++wp->generation;
    ++interrupts_;
    for (Source* s : wp->sources)
      if (s->queue) s->queue->event().set_interrupt(nullptr);
    wake_.interrupt_wake(host_, 0, wp->resume);
  };
  // elan4_pollevent_word gives up: it re-primes the queue events with an interrupt cookie and enters the
  // driver to sleep (the wait_event_cmd write and the ioctl entry are off the critical path once idle).
  for (Source* s : w.sources)
    if (s->queue) s->queue->event().set_interrupt(wake);
  for (Source* s : w.sources)
    if (s->ready()) {  // arrived while arming: the event fires at once
      wake();
      return;
    }
  for (Source* s : w.sources)
    if (s->queue && s->queue->in_flight() > 0) {  // its event already fired without a cookie: the re-primed
      w.sleeping = false;                          // event is set at once, so the driver returns at once
      for (Source* x : w.sources)
        if (x->queue) x->queue->event().set_interrupt(nullptr);
      return;  // still idle and spinning: the landing resumes it
    }
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
    return;
  }
  app_complete_ = std::move(complete);
  app_then_ = std::move(then);
  app_wait_cycles_ = wait_cycles;
  Worker& w = workers_[0];
  w.resume = [this]() { run(workers_[0]); };
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
  wake_.thread_wake(host_, message, std::move(then),
                    [this, cycles, app_then]() { host_.compute(cycles, app_then); });
}

}  // namespace hpcsim::ompi
