// The discrete-event kernel: integer picoseconds, same-time events in insertion order (after simcpp20).
#pragma once
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "kernel/event_kind.h"
#include "kernel/fingerprint.h"
#include "kernel/message_catalog.h"
#include "kernel/time.h"
#include "kernel/trace.h"

namespace hpcsim {

/// Event scheduler. Each event carries (component, kind, bytes) for the fingerprint and an action.
/// Determinism: events are ordered by (time, insertion sequence); no wall clock, no unordered iteration.
class Simulator {
 public:
  using Action = std::function<void()>;

  explicit Simulator(size_t trace_limit = 1000000) : trace_(trace_limit) {}

  Time now() const { return now_; }

  /// Schedules `action` at absolute time `t` (>= now; an earlier time is clamped to now).
  void at(Time t, ComponentId component, EventKind kind, uint32_t bytes, Action action);
  /// Schedules `action` after `delay` picoseconds (>= 0).
  void after(Time delay, ComponentId component, EventKind kind, uint32_t bytes, Action action) {
    at(now_ + delay, component, kind, bytes, std::move(action));
  }

  /// Runs at most `budget` events. Returns true when no event is left.
  bool run(uint64_t budget);
  bool idle() const { return queue_.empty(); }

  uint64_t events_executed() const { return executed_; }
  const Fingerprint& fingerprint() const { return fingerprint_; }
  TraceBuffer& trace() { return trace_; }
  /// Header layers of every message sent so far, for the per-layer packet view.
  MessageCatalog& messages() { return messages_; }

 private:
  struct Entry {
    Time t;
    uint64_t seq;
    uint32_t slot;
    bool operator>(const Entry& o) const { return t != o.t ? t > o.t : seq > o.seq; }
  };
  struct Payload {
    ComponentId component;
    EventKind kind;
    uint32_t bytes;
    Action action;
  };
  Time now_ = 0;
  uint64_t seq_ = 0;
  uint64_t executed_ = 0;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue_;
  std::vector<Payload> payloads_;
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
