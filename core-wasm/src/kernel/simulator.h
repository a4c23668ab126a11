// The discrete-event kernel: integer picoseconds, same-time events in insertion order (after simcpp20).
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "kernel/event_kind.h"
#include "kernel/fingerprint.h"
#include "kernel/message_catalog.h"
#include "kernel/radix_heap.h"
#include "kernel/time.h"
#include "kernel/trace.h"

namespace hpcsim {

/// Event scheduler. Each event carries (component, kind, bytes) for the fingerprint and an action.
/// Determinism: events are ordered by (time, insertion sequence); no wall clock, no unordered iteration.
class Simulator {
 public:
  using Action = std::function<void()>;

  /// `trace_limit`: the trace's max_records, which also bounds the message catalog's envelopes.
  explicit Simulator(size_t trace_limit = 1000000) : trace_(trace_limit), messages_(trace_limit) {}

  Time now() const { return now_; }

  /// Schedules `action` (any callable of no arguments, or an Action; an empty Action schedules an event that does
  /// nothing) at absolute time `t` (>= now; an earlier time is clamped to now). The action is constructed once, in
  /// the event's own slot, and runs there: it is never moved while it waits.
  template <class F>
  void at(Time t, ComponentId component, EventKind kind, uint32_t bytes, F&& action) {
    const uint32_t slot = take_slot(component, kind, bytes);
    payload(slot).action.emplace(std::forward<F>(action));
    enqueue(t, slot);
  }
  /// Schedules `action` after `delay` picoseconds (>= 0).
  template <class F>
  void after(Time delay, ComponentId component, EventKind kind, uint32_t bytes, F&& action) {
    at(now_ + delay, component, kind, bytes, std::forward<F>(action));
  }

  /// Runs at most `budget` events. Returns true when no event is left.
  bool run(uint64_t budget);
  /// Runs at most `budget` events, none later than `horizon` (ps): stops before the first event after it, so the
  /// model's state is the one at `horizon` (the CLI's --until). Returns true when no event is left. Event by event
  /// through run(1): for bounded runs, never on the hot path.
  bool run_until(Time horizon, uint64_t budget);
  bool idle() const { return heap_.empty() && now_queue_.empty(); }
  /// Ends the run after the running event: run() and run_until() run nothing more (a part of a run is over when its
  /// workload says so, whatever events it leaves; run/session.h).
  void stop() { stopped_ = true; }
  bool stopped() const { return stopped_; }
  /// Time of the next event to run (ps); now() when none is left.
  Time next_time() const {
    if (!now_queue_.empty() || heap_.empty()) return now_;
    return heap_.min_time();
  }
  /// Events scheduled but not yet run.
  size_t pending() const { return heap_.size() + now_queue_.size(); }

  uint64_t events_executed() const { return executed_; }
  const Fingerprint& fingerprint() const { return fingerprint_; }
  TraceBuffer& trace() { return trace_; }
  /// Header layers of every message sent so far, for the per-layer packet view.
  MessageCatalog& messages() { return messages_; }

 private:
  /// At most 16,777,216 events pending at once (payload slots; beyond it a run aborts with a message).
  static constexpr unsigned kSlotBits = 24;
  static constexpr uint64_t kSlotMask = (uint64_t{1} << kSlotBits) - 1;
  struct Payload {
    ComponentId component;
    EventKind kind;
    uint32_t bytes;
    uint32_t cause;  ///< the trace's causal chain when the event was scheduled (TraceBuffer::cause)
    std::optional<Action> action;  ///< engaged from at() until the event has run
  };
  /// Payload slots live in fixed chunks, so an action keeps its address while it runs and schedules more events.
  static constexpr unsigned kChunkBits = 10;
  Payload& payload(uint32_t slot) { return chunks_[slot >> kChunkBits][slot & ((1u << kChunkBits) - 1)]; }
  Time now_ = 0;
  uint64_t executed_ = 0;
  bool stopped_ = false;
  uint32_t take_slot(ComponentId component, EventKind kind, uint32_t bytes);
  void enqueue(Time t, uint32_t slot);
  void execute(uint32_t slot);

  /// Events later than now, by time and then scheduling order (kernel/radix_heap.h), carrying payload slots.
  RadixHeap heap_;
  /// Events scheduled for the current time (OMNeT++'s same-time FIFO). Every heap event of the current time was
  /// scheduled before the clock reached it, so before every entry here, and the clock does not move on while this
  /// holds an entry: serving heap events of the current time first, then this FIFO, keeps (t, seq) order without
  /// heap operations. Payload slots.
  std::deque<uint32_t> now_queue_;
  std::vector<std::unique_ptr<Payload[]>> chunks_;
  uint32_t slots_ = 0;  ///< slots ever handed out
  std::vector<uint32_t> free_slots_;
  Fingerprint fingerprint_;
  TraceBuffer trace_;
  MessageCatalog messages_;
};

/// A first-come first-served resource that serves one request at a time (a bus, a link direction, a CPU).
/// `reserve(earliest, duration)` returns the start time; the resource is then busy until start + duration.
class FifoResource {
 public:
  Time reserve(Time earliest, Time duration) {
    Time start = earliest > free_at_ ? earliest : free_at_;
    free_at_ = start + duration;
    busy_ps_ += duration;
    return start;
  }
  Time free_at() const { return free_at_; }
  Time busy_ps() const { return busy_ps_; }

 private:
  Time free_at_ = 0;
  Time busy_ps_ = 0;
};

}  // namespace hpcsim
