#include "kernel/simulator.h"

namespace hpcsim {

void Simulator::at(Time t, ComponentId component, EventKind kind, uint32_t bytes, Action action) {
  if (t < now_) t = now_;
  uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
    payloads_[slot] = Payload{component, kind, bytes, std::move(action)};
  } else {
    slot = static_cast<uint32_t>(payloads_.size());
    payloads_.push_back(Payload{component, kind, bytes, std::move(action)});
  }
  queue_.push(Entry{t, seq_++, slot});
}

bool Simulator::run(uint64_t budget) {
  for (uint64_t n = 0; n < budget && !queue_.empty(); ++n) {
    Entry e = queue_.top();
    queue_.pop();
    now_ = e.t;
    Payload p = std::move(payloads_[e.slot]);
    payloads_[e.slot].action = nullptr;
    free_slots_.push_back(e.slot);
    fingerprint_.add(now_, p.component, static_cast<uint32_t>(p.kind), p.bytes);
    ++executed_;
    if (p.action) p.action();
  }
  return queue_.empty();
}

}  // namespace hpcsim
