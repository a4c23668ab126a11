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
  return slot;
}

void Simulator::enqueue(Time t, uint32_t slot) {
  const uint64_t seq = seq_++;
  if (t <= now_) {
    now_queue_.push_back(slot);
    return;
  }
  heap_push(Entry{t, (seq << kSlotBits) | slot});
}

void Simulator::heap_push(Entry e) {
  if (heap_size_ + kPad >= heap_lines_.size() * 4) heap_lines_.resize(heap_lines_.empty() ? 64 : heap_lines_.size() * 2);
  Entry* h = heap_at();
  size_t i = heap_size_++;
  while (i > 0) {
    const size_t parent = (i - 1) >> 2;
    if (!e.before(h[parent])) break;
    h[i] = h[parent];
    i = parent;
  }
  h[i] = e;
}

Simulator::Entry Simulator::heap_pop() {
  Entry* h = heap_at();
  const Entry top = h[0];
  const size_t n = --heap_size_;
  if (n == 0) return top;
  const Entry last = h[n];
  size_t i = 0;
  for (;;) {
    const size_t first = 4 * i + 1;
    size_t best;
    if (first + 3 < n) {
      // The grandchildren's four lines, fetched while the children are compared.
      for (size_t c = first; c < first + 4; ++c) __builtin_prefetch(&h[4 * c + 1]);
      // A full node: a tournament of the four children, each pick a conditional move.
      const size_t a = h[first + 1].before(h[first]) ? first + 1 : first;
      const size_t b = h[first + 3].before(h[first + 2]) ? first + 3 : first + 2;
      best = h[b].before(h[a]) ? b : a;
    } else if (first < n) {
      best = first;
      for (size_t c = first + 1; c < n; ++c) best = h[c].before(h[best]) ? c : best;
    } else {
      break;
    }
    if (!h[best].before(last)) break;
    h[i] = h[best];
    i = best;
  }
  h[i] = last;
  return top;
}

void Simulator::execute(uint32_t slot) {
  Payload& p = payload(slot);
  fingerprint_.add(now_, p.component, static_cast<uint32_t>(p.kind), p.bytes);
  ++executed_;
  // Runs in place; the slot is handed out again only after the action has returned and been destroyed.
  if (*p.action) (*p.action)();
  p.action.reset();
  free_slots_.push_back(slot);
}

bool Simulator::run_until(Time horizon, uint64_t budget) {
  for (uint64_t n = 0; n < budget && !idle() && next_time() <= horizon; ++n) run(1);
  return idle();
}

bool Simulator::run(uint64_t budget) {
  for (uint64_t n = 0; n < budget; ++n) {
    // Heap events at the current time were scheduled before the clock reached it, so before every FIFO entry.
    if (heap_size_ != 0 && (now_queue_.empty() || heap_at()[0].t == now_)) {
      const Entry e = heap_pop();
      // The next event's payload is fetched while this one runs (the heap orders keys, the payloads sit apart).
      if (heap_size_ != 0) __builtin_prefetch(&payload(static_cast<uint32_t>(heap_at()[0].key & kSlotMask)));
      now_ = e.t;
      execute(static_cast<uint32_t>(e.key & kSlotMask));
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
