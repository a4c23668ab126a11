#include "kernel/simulator.h"

#include <cstdio>
#include <cstdlib>

namespace hpcsim {

uint32_t Simulator::take_slot(ComponentId component, EventKind kind, uint32_t bytes) {
  uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
  } else {
    if (slots_ > kSlotMask) {
      std::fprintf(stderr, "hpcsim: more than %llu events pending at once\n",
                   static_cast<unsigned long long>(kSlotMask + 1));
      std::abort();
    }
    slot = slots_++;
    if ((slot >> kChunkBits) == chunks_.size()) chunks_.push_back(std::make_unique<Payload[]>(size_t{1} << kChunkBits));
  }
  Payload& p = payload(slot);
  p.component = component;
  p.kind = kind;
  p.bytes = bytes;
  p.cause = trace_.event_cause(component);
  return slot;
}

void Simulator::enqueue(Time t, uint32_t slot) {
  if (t <= now_) {
    now_queue_.push_back(slot);
    return;
  }
  heap_.push(RadixHeap::Entry{t, slot});
}

void Simulator::execute(uint32_t slot) {
  Payload& p = payload(slot);
  fingerprint_.add(now_, p.component, static_cast<uint32_t>(p.kind), p.bytes);
  ++executed_;
  // Runs in place; the slot is handed out again only after the action has returned and been destroyed.
  trace_.begin_event(p.cause);
  if (*p.action) (*p.action)();
  trace_.end_event();
  p.action.reset();
  free_slots_.push_back(slot);
}

bool Simulator::run_until(Time horizon, uint64_t budget) {
  for (uint64_t n = 0; n < budget && !stopped_ && !idle() && next_time() <= horizon; ++n) run(1);
  return idle();
}

bool Simulator::run(uint64_t budget) {
  for (uint64_t n = 0; n < budget && !stopped_; ++n) {
    // Heap events at the current time were scheduled before the clock reached it, so before every FIFO entry.
    if (!heap_.empty() && (now_queue_.empty() || heap_.has_ready_at(now_))) {
      const RadixHeap::Entry e = heap_.pop();
      now_ = e.t;
      execute(e.value);
    } else if (!now_queue_.empty()) {
      const uint32_t slot = now_queue_.front();
      now_queue_.pop_front();
      execute(slot);
    } else {
      break;
    }
  }
  return idle();
}

}  // namespace hpcsim
