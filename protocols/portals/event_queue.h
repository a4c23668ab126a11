// Portals event queue: a ring of `count` events with a producer sequence and
// a consumer-side expected sequence.
// Source: ../shared/REFERENCES.md §1.1.5 (p3lib/msg.c lib_event, p3api/eq.c).
#ifndef HPCSIM_PORTALS_EVENT_QUEUE_H
#define HPCSIM_PORTALS_EVENT_QUEUE_H

#include <cstdint>
#include <vector>

#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// Result of EventQueue::get (PTL_OK / PTL_EQ_EMPTY / PTL_EQ_DROPPED).
enum class EqResult { Ok, Empty, Dropped };

/// Ring of `count` events (REFERENCES §1.1.5).
/// Producer: post() stamps ev.sequence = sequence++ and writes slot
/// sequence % count, overwriting whatever was there (no back-pressure).
/// Consumer: get() keeps an expected sequence and reports Empty, Ok or
/// Dropped (the slot was overwritten by a later lap: the newer event is
/// returned and the ones in between are lost).
class EventQueue {
 public:
  /// Creates a queue of `count` slots; a count of 0 is raised to 1.
  explicit EventQueue(uint32_t count = 1);

  /// Number of slots.
  uint32_t count() const { return static_cast<uint32_t>(slots_.size()); }

  /// Appends `ev`, stamping its sequence; returns the stamped copy.
  Event post(Event ev);

  /// Consumer read (PtlEQGet). On Ok or Dropped `out` receives the event and
  /// the expected sequence moves past it; on Empty `out` is untouched.
  EqResult get(Event& out);

  /// Next sequence number the producer will assign.
  ptl_seq_t next_sequence() const { return sequence_; }

  /// Sequence number the consumer expects next.
  ptl_seq_t expected_sequence() const { return expected_; }

 private:
  struct Slot {
    bool written = false;
    Event ev;
  };
  std::vector<Slot> slots_;
  ptl_seq_t sequence_ = 0;  // producer
  ptl_seq_t expected_ = 0;  // consumer
};

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_EVENT_QUEUE_H
