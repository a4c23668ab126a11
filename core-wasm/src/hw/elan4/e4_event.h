// An Elan4 event with a count and actions (REFERENCES §1.2.4): COPY (chained DMA), WRITE (done word), interrupt.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>

#include "hw/elan4/e4_dma.h"

namespace hpcsim {

class Elan4Nic;

/// `value` of e4_event trace records: which action of an event ran.
enum class E4EventAction : int32_t { kCountReached = 1, kCopy = 2, kWrite = 3, kInterrupt = 4 };

/// An event in Elan SDRAM. Primed with a count N (hardware: -32 N, each set-event adds 32); every
/// `trigger` (a DMA completion, a set-event command) counts one, and at N the event fires once: the NIC's
/// event processor runs its actions in order — COPY injects the stored descriptor `chained` into a command
/// queue (a chained DMA, no host involved), WRITE writes a 64-bit done word into host memory, INTERRUPT
/// raises a host interrupt. A fired event stays fired until primed again (wait_event_cmd).
class E4Event {
 public:
  /// Primed with `count`; numbered on its NIC (the `e4_event_count` trace records name it by that id).
  E4Event(Elan4Nic& nic, uint32_t count);

  /// Re-arms the event for `count` (>= 1) more triggers; actions are kept.
  void prime(uint32_t count);
  uint32_t id() const { return id_; }
  uint32_t count() const { return count_; }
  void set_copy(std::shared_ptr<E4Dma> chained) { copy_ = std::move(chained); }
  /// `landed` runs when the done word is in host memory (the PCI write has ended).
  void set_write(std::function<void()> landed) { write_ = std::move(landed); }
  /// `raised` runs when the interrupt reaches the host (its cookie written to host memory); nullptr clears.
  void set_interrupt(std::function<void()> raised) { interrupt_ = std::move(raised); }
  bool has_interrupt() const { return static_cast<bool>(interrupt_); }
  /// `counted(remaining)` runs at every trigger, after the count is taken and before the event fires: a probe for
  /// traces, which the hardware does not have (it changes no timing).
  void set_observer(std::function<void(uint32_t remaining)> counted) { observer_ = std::move(counted); }

  /// One set-event on behalf of `message`. Fires the actions when the count is reached.
  void trigger(uint32_t message);
  uint32_t remaining() const { return remaining_; }
  Elan4Nic& nic() { return nic_; }

 private:
  friend class Elan4Nic;
  Elan4Nic& nic_;
  uint32_t remaining_;
  uint32_t count_;  ///< the count it was last primed with
  uint32_t id_;
  std::shared_ptr<E4Dma> copy_;
  std::function<void()> write_;
  std::function<void()> interrupt_;
  std::function<void(uint32_t)> observer_;
};

}  // namespace hpcsim
