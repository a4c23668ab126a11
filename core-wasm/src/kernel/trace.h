// Trace records for the page: spans and level changes, kept as columns (STYLE.md: typed-array columns).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernel/time.h"
#include "kernel/trace_kinds.h"

namespace hpcsim {

/// Values of `value` for kPciTransaction.
/// Kinds of PCI transactions. kSplitRequest: a PCI-X device's memory read request, which the target ends with a
/// split response (PCI-X 1.0 §2.10): address and attribute phases, no data; the data follows later as a split
/// completion, traced as a kDmaRead.
enum class PciOp : int32_t { kDmaRead = 0, kDmaWrite = 1, kPioRead = 2, kPioWrite = 3, kSplitRequest = 4 };

/// Column store of trace records with a bounded capacity (older records are kept, newer ones beyond the
/// limit are counted as dropped). `take(n)` moves the oldest pending records into the batch columns,
/// which the wasm bridge exposes as typed arrays.
///
/// Causality (issue 38): every record carries `cause`, the number (index + 1; 0 = none) of the record its start
/// waited for, found along the kernel's event chain (the Simulator calls begin_event/end_event around each event and
/// asks event_cause when an event is scheduled):
/// - a record's cause is the latest record the same event wrote on the same component; else the one the event wrote
///   that ended last by this record's start (the step just before it); else the record the event inherited;
/// - an event scheduled by another inherits the latest record the scheduling event wrote on the new event's component
///   (a NIC's records for the NIC's next step); else the one of its records that ends last; else what the
///   scheduling event itself inherited.
/// Records one event writes side by side (an acknowledgement beside the arrival it acknowledges, the hops of one
/// packet, a DMA the NIC thread starts while it goes on) therefore hang from the same cause, not from each other.
/// Followed back from a message's last record, the causes are the steps its time depended on: the critical path
/// (core-wasm/js/criticalPath.ts). Not part of the run's fingerprint.
class TraceBuffer {
 public:
  explicit TraceBuffer(size_t max_records = 1000000) : max_(max_records) {}

  void record(Time start, Time end, TraceKind kind, ComponentId component, uint32_t message, uint32_t bytes,
              int32_t value) {
    if (t0_.size() >= max_ || (segment_limit_ != 0 && segment_count_ >= segment_limit_)) {
      ++dropped_;
      return;
    }
    ++segment_count_;
    push(start, end, kind, component, message, bytes, value);
  }

  /// A record the page rebuilds state from (VIA descriptor and VI state changes, a few per message): kept
  /// whatever the per-segment limit, so a state is never left half-known; only `max_records` drops it.
  void record_state(Time start, Time end, TraceKind kind, ComponentId component, uint32_t message, uint32_t bytes,
                    int32_t value) {
    if (t0_.size() >= max_) {
      ++dropped_;
      return;
    }
    push(start, end, kind, component, message, bytes, value);
  }

  /// Starts a segment (one ping-pong run) that keeps at most `limit` records (0: no per-segment limit), so a
  /// run of large messages cannot use up the whole trace before the later series are recorded.
  void begin_segment(size_t limit) {
    segment_limit_ = limit;
    segment_count_ = 0;
  }
  /// Moves up to `n` pending records into the batch; returns how many.
  size_t take(size_t n);
  /// What take() adds to the batch of a run's later part (run/session.h: every part is a simulation of its own, from
  /// time 0, message 1 and record 1): `time_ps` to t0 and t1, `message` to every message id but 0 (none), `record`
  /// to every cause but 0 (none), so the parts' records read as one run's.
  void set_batch_offsets(double time_ps, uint32_t message, uint32_t record) {
    off_time_ = time_ps;
    off_message_ = message;
    off_record_ = record;
  }
  size_t pending() const { return t0_.size() - read_; }
  size_t dropped() const { return dropped_; }
  size_t recorded() const { return t0_.size(); }

  /// The Simulator, before an event runs: `cause` is the record number the event inherited (0 = none).
  void begin_event(uint32_t cause) {
    event_cause_ = cause;
    written_.clear();
  }
  /// After the event ran: records written outside events (set-up) have no cause.
  void end_event() { begin_event(0); }
  /// What an event scheduled now on `component` inherits (see the class comment).
  uint32_t event_cause(uint32_t component) const {
    const Written* last_end = nullptr;
    for (auto it = written_.rbegin(); it != written_.rend(); ++it) {
      if (it->component == component) return it->number;
      if (!last_end || it->end > last_end->end) last_end = &*it;
    }
    return last_end ? last_end->number : event_cause_;
  }

  // Batch columns (valid until the next take()).
  const double* batch_t0() const { return b_t0_.data(); }
  const double* batch_t1() const { return b_t1_.data(); }
  const uint32_t* batch_kind() const { return b_kind_.data(); }
  const uint32_t* batch_component() const { return b_comp_.data(); }
  const uint32_t* batch_message() const { return b_msg_.data(); }
  const uint32_t* batch_bytes() const { return b_bytes_.data(); }
  const int32_t* batch_value() const { return b_value_.data(); }
  /// Per record: the number (index + 1, in recording order from 0) of the record its start waited for; 0 = none.
  const uint32_t* batch_cause() const { return b_cause_.data(); }

 private:
  void push(Time start, Time end, TraceKind kind, ComponentId component, uint32_t message, uint32_t bytes,
            int32_t value) {
    t0_.push_back(static_cast<double>(start));
    t1_.push_back(static_cast<double>(end));
    kind_.push_back(static_cast<uint32_t>(kind));
    comp_.push_back(component);
    msg_.push_back(message);
    bytes_.push_back(bytes);
    value_.push_back(value);
    cause_col_.push_back(record_cause(component, start));
    written_.push_back({component, static_cast<uint32_t>(t0_.size()), end});
  }
  /// The cause of a record the running event writes on `component` from `start` (see the class comment).
  uint32_t record_cause(uint32_t component, Time start) const {
    const Written* before = nullptr;
    for (auto it = written_.rbegin(); it != written_.rend(); ++it) {
      if (it->component == component) return it->number;
      if (it->end <= start && (!before || it->end > before->end)) before = &*it;
    }
    return before ? before->number : event_cause_;
  }

  size_t max_;
  size_t read_ = 0;
  double off_time_ = 0;
  uint32_t off_message_ = 0, off_record_ = 0;
  size_t dropped_ = 0;
  size_t segment_limit_ = 0;
  size_t segment_count_ = 0;
  /// A record the running event wrote: its component, number (index + 1) and end.
  struct Written {
    uint32_t component;
    uint32_t number;
    Time end;
  };
  uint32_t event_cause_ = 0;
  std::vector<Written> written_;
  std::vector<double> t0_, t1_;
  std::vector<uint32_t> kind_, comp_, msg_, bytes_, cause_col_;
  std::vector<int32_t> value_;
  std::vector<double> b_t0_, b_t1_;
  std::vector<uint32_t> b_kind_, b_comp_, b_msg_, b_bytes_, b_cause_;
  std::vector<int32_t> b_value_;
};

}  // namespace hpcsim
