// One run of a scenario: its machine (the fabric's catalog entry builds it) and its workload run (the workload
// kind's entry builds it), run in slices with an event budget; then the result JSON and the topology.
//
// A workload with independent parts (WorkloadEntry::parts, issue 39 item 5: the NAS campaign's benchmark x transport
// runs) runs each part as a simulation of its own: a fresh Simulator and machine from time 0, ending when its
// workload says so. A whole run runs them one after another, each placed in the run's time 100 µs after the last
// one's end (for the animation); a part run (create's `part`) runs one, and merge() joins part runs' results. Either
// way the result comes from the same parts, so it is the same however many run at once:
// - the fingerprint mixes each part's fingerprint and event count, in part order (kernel/fingerprint.h);
// - events are the parts' sum, simulated time the last part's end in the run's time;
// - the workload's figures come from every part's WorkloadRun::part_result, absorbed in order.
// The trace reads as one run's: a part's times, message ids and causes are offset by the earlier parts' (TraceBuffer
// set_batch_offsets), and message_json finds a message in the part that sent it.
#pragma once
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "hw/machine.h"
#include "kernel/simulator.h"
#include "nlohmann/json.hpp"
#include "ports/workload_run.h"
#include "scenario/scenario.h"

namespace hpcsim {

class Session {
 public:
  /// Returns nullptr and sets *error (one line naming the field) for a bad scenario. `part` -1: the whole run; else
  /// only that part (0 to parts() - 1) of a workload with parts, whose part_result_json() merge() takes.
  static std::unique_ptr<Session> create(const std::string& scenario_json, std::string* error, int part = -1);
  /// The result JSON (result_json()) of the run whose parts ran as part runs: `parts` are their part_result_json()
  /// texts, in part order: all of them, or those up to one that stalled (where a whole run stops; later ones are
  /// not read either). "" and *error when a text is not a part result of this scenario.
  static std::string merge(const std::string& scenario_json, const std::vector<std::string>& parts,
                           std::string* error);
  ~Session();

  /// Independent parts of this scenario's workload (1: none).
  size_t parts() const { return part_count_; }

  /// Runs at most `event_budget` events; returns true when the whole scenario (or the part) has finished. A whole
  /// run stops at the end of each part, so its trace can be taken before the next part's simulation starts.
  bool run(uint64_t event_budget);
  /// The same, but runs no event later than `horizon` (ps, in the run's time; Simulator::run_until);
  /// `reached_horizon()` then tells whether the next event lies beyond it.
  bool run_until(Time horizon, uint64_t event_budget);
  bool reached_horizon(Time horizon) const;
  bool finished() const { return finished_; }
  /// Share of the workload done, 0 to 1 (1 once finished), or -1 when its workload cannot tell (WorkloadRun).
  double fraction_done() const;
  /// Simulated time (ps) in the run's time: the current part's origin plus its clock.
  Time now() const;
  /// Events executed, over every part so far.
  uint64_t events() const;
  /// Moves up to `n` pending trace records into a batch (trace_batch()); returns how many. Records come in the run's
  /// order: a part that ended keeps its untaken records (a caller may run past a part's end before it takes them)
  /// until they are taken, before the next part's. Batches are offset into the run's time, message ids and records.
  size_t take_trace(size_t n);
  /// The batch the last take_trace filled (TraceBuffer's batch columns), valid until the next take_trace or run.
  const TraceBuffer& trace_batch() const { return *batch_; }
  /// A message's header layers (MessageCatalog::json) by its id in the run's trace; "{}" if unknown.
  std::string message_json(uint32_t message) const;
  /// The CLI's JSON object (see README: scenario, fingerprint, events, series, tables, message_histograms).
  std::string result_json();
  /// A part run's outcome for merge(): {"scenario", "part", "parts", "fingerprint", "events", "end_ps",
  /// "messages", "records", "gap_ps", "result"} (end_ps: its clock at its end; messages: ids it used; records: trace
  /// records it kept; gap_ps: the idle time before the next part in the run's time; result:
  /// WorkloadRun::part_result). The next part's origin is origin + end_ps + gap_ps.
  std::string part_result_json() const;
  /// A finished part run keeps only what message_json reads (its machine and message catalog): the page's workers
  /// keep every part they ran for the packet view. After it, run() does nothing, now() and events() give the end,
  /// and sim(), machine() and topology_json() must not be called.
  void retire();
  bool retired() const { return !part().sim; }
  /// The machine's topology, annotated by the workload (core-wasm/app/wasm/README.md).
  std::string topology_json() const;
  /// The current part's simulator and machine (the only ones of a workload without parts).
  Simulator& sim() { return *part().sim; }
  const Scenario& scenario() const { return scenario_; }
  Machine& machine() { return *part().machine; }

 private:
  /// One part's simulation. An earlier part keeps only its machine and message catalog (whose layer text reads the
  /// machine's fabrics); its simulator, pending events and workload run go when the next part starts.
  struct Part {
    size_t index = 0;
    Time origin = 0;               ///< where its time 0 lies in the run's time
    uint64_t events_before = 0;    ///< events of the earlier parts
    uint32_t messages_before = 0;  ///< message ids the earlier parts used
    uint32_t records_before = 0;   ///< trace records the earlier parts kept
    std::unique_ptr<Simulator> sim;
    std::unique_ptr<Machine> machine;
    std::unique_ptr<WorkloadRun> run;
    std::unique_ptr<MessageCatalog> messages;  ///< an earlier part's, moved out of its simulator
    uint32_t message_ids = 0;
    bool workload_done = false;  ///< its workload called `finished`
    Time end = 0;                ///< once retired: its clock at its end
    uint64_t events = 0;         ///< once retired: its events
  };
  Session() = default;
  Part& part() { return *parts_.back(); }
  const Part& part() const { return *parts_.back(); }
  /// Builds part `index` (the next one, or the only one of a part run) after the earlier parts, and retires the last
  /// one (see Part).
  void start_part(size_t index);
  /// After a slice: a part over (its workload done, or idle) is recorded; the run ends or the next part is due.
  void after_slice();
  /// Keeps of part `p` only its machine and message catalog (see Part).
  void retire_part(Part& p);
  /// The part's outcome as part_result_json() gives it.
  nlohmann::json part_record(const Part& p) const;

  Scenario scenario_;
  size_t part_count_ = 1;
  int only_part_ = -1;
  std::vector<std::unique_ptr<Part>> parts_;
  std::vector<nlohmann::json> records_;  ///< the finished parts' part_record, in order
  /// Traces of parts that ended with records not yet taken, oldest first; the front may hold the last batch.
  std::deque<std::unique_ptr<TraceBuffer>> ended_traces_;
  const TraceBuffer* batch_ = nullptr;
  bool next_part_due_ = false;
  bool finished_ = false;
};

}  // namespace hpcsim
