// An Elan4 input queue for queued DMAs, with its slots in host memory (REFERENCES §1.2.5, §1.3.1).
#pragma once
#include <deque>
#include <functional>
#include <memory>

#include "hw/elan4/e4_dma.h"
#include "hw/elan4/e4_event.h"
#include "hw/host.h"
#include "kernel/simulator.h"

namespace hpcsim {

class Elan4Nic;

/// A ring of `slots` + 1 slots of `slot_bytes` rounded up to 128 B (one slot is lost to tell full from
/// empty). The inputter writes an arriving QDMA at q_bptr (a PCI DMA write of its bytes) and sets q_event,
/// whose WRITE action puts a done word in host memory; the host then sees the slot. The host consumes the
/// slot at q_fptr, advances it and writes q_fptr back over PCI: only when that write lands may the NIC
/// reuse the slot. A QDMA that finds the ring full is refused (NAK; the sender retries).
/// Trace: input_queue records with the slots the NIC counts as occupied.
class InputQueue {
 public:
  /// `slots` in [1, 4096]; `slot_bytes` <= 2048 (checked by callers through the parameter ranges).
  InputQueue(Simulator& sim, Elan4Nic& nic, uint32_t slots, uint32_t slot_bytes);

  uint32_t slot_bytes() const { return slot_bytes_; }
  uint32_t usable_slots() const { return slots_; }
  uint32_t ring_slots() const { return slots_ + 1; }
  /// NIC side: slots written and not yet released by a landed q_fptr write.
  uint32_t occupied() const { return occupied_; }
  bool full() const { return occupied_ >= slots_; }
  /// Inputter: writes `s` into the slot at q_bptr (host memory) and sets q_event. Precondition: !full().
  void write(const QueueSlot& s);
  E4Event& event() { return *event_; }
  /// The Elan4 whose inputter fills this queue (its command queues re-prime and wait on q_event).
  Elan4Nic& nic() { return nic_; }

  /// Host side: slots whose done word has landed and that the host has not consumed yet.
  bool ready() const { return !visible_.empty(); }
  const QueueSlot& front() const { return visible_.front(); }
  size_t visible() const { return visible_.size(); }
  /// Slots written whose done word has not landed yet (their event may already have fired).
  size_t in_flight() const { return in_flight_.size(); }
  /// One-shot callback when the next slot becomes visible (called at once if one already is).
  void when_ready(std::function<void()> f);
  /// Persistent callback run whenever a slot becomes visible (after any one-shot waiter); nullptr clears.
  void set_listener(std::function<void()> f) { listener_ = std::move(f); }
  /// Host consumes the front slot: advances fptr (wrapping), writes q_fptr back by an 8-byte PIO write and
  /// re-primes q_event with a wait_event_cmd (32-byte command). `then` runs when the CPU may go on.
  void consume(Host& host, std::function<void()> then);
  uint64_t refused() const { return refused_; }
  void count_refused() { ++refused_; }

 private:
  void record();
  Simulator& sim_;
  Elan4Nic& nic_;
  uint32_t slots_;
  uint32_t slot_bytes_;
  uint32_t occupied_ = 0;
  uint32_t bptr_ = 0, fptr_ = 0;
  uint64_t refused_ = 0;
  std::unique_ptr<E4Event> event_;
  std::deque<QueueSlot> in_flight_;  ///< written, done word not yet landed
  std::deque<QueueSlot> visible_;
  std::function<void()> waiter_;
  std::function<void()> listener_;
};

/// Bytes of the wait_event_cmd that re-primes an event (command word, event address, count/type, done word).
constexpr uint32_t kWaitEventCmdBytes = 32;
/// Bytes of a done word / queue pointer.
constexpr uint32_t kE4WordBytes = 8;

}  // namespace hpcsim
