// See event_queue.h. Source: ../shared/REFERENCES.md §1.1.5.
#include "portals/event_queue.h"

namespace hpcsim {
namespace portals {

EventQueue::EventQueue(uint32_t count) : slots_(count == 0 ? 1 : count) {}

Event EventQueue::post(Event ev) {
  ev.sequence = sequence_++;
  Slot& slot = slots_[ev.sequence % slots_.size()];
  slot.ev = ev;
  slot.written = true;  // the reference writes the sequence word last
  return ev;
}

EqResult EventQueue::get(Event& out) {
  const Slot& slot = slots_[expected_ % slots_.size()];
  if (!slot.written || slot.ev.sequence < expected_) {
    return EqResult::Empty;  // not written yet in this lap
  }
  out = slot.ev;
  const bool dropped = slot.ev.sequence > expected_;
  expected_ = slot.ev.sequence + 1;
  return dropped ? EqResult::Dropped : EqResult::Ok;
}

}  // namespace portals
}  // namespace hpcsim
