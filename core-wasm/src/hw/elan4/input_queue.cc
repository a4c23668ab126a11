#include "hw/elan4/input_queue.h"

#include "hw/elan4/elan4_nic.h"

namespace hpcsim {

InputQueue::InputQueue(Simulator& sim, Elan4Nic& nic, uint32_t slots, uint32_t slot_bytes)
    : sim_(sim), nic_(nic), slots_(slots), slot_bytes_((slot_bytes + 127) / 128 * 128),
      event_(std::make_unique<E4Event>(nic, 1)) {
  event_->set_write([this]() {
    if (in_flight_.empty()) return;
    visible_.push_back(in_flight_.front());
    in_flight_.pop_front();
    if (waiter_) {
      auto w = std::move(waiter_);
      waiter_ = nullptr;
      w();
    }
    if (listener_) listener_();
  });
}

void InputQueue::record() {
  sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kInputQueue, nic_.id(), 0, 0,
                      static_cast<int32_t>(occupied_));
}

void InputQueue::write(const QueueSlot& s) {
  ++occupied_;
  bptr_ = (bptr_ + 1) % ring_slots();
  record();
  in_flight_.push_back(s);
  nic_.bus_write(s.bytes, s.message, [this, msg = s.message]() {
    event_->prime(1);
    event_->trigger(msg);
  });
}

void InputQueue::when_ready(std::function<void()> f) {
  if (ready()) {
    f();
    return;
  }
  waiter_ = std::move(f);
}

void InputQueue::consume(Host& host, std::function<void()> then) {
  uint32_t msg = visible_.empty() ? 0 : visible_.front().message;
  if (!visible_.empty()) visible_.pop_front();
  fptr_ = (fptr_ + 1) % ring_slots();  // wraps from top back to base
  nic_.pio_write(host, kE4WordBytes, msg, [this, &host, msg, then = std::move(then)]() mutable {
    // wait_event_cmd re-primes q_event (the model re-primes per slot; its cost is charged here).
    nic_.pio_write(host, kWaitEventCmdBytes, msg, std::move(then), nullptr);
  }, [this]() {
    if (occupied_ > 0) --occupied_;
    record();
  });
}

}  // namespace hpcsim
