// VIA queue state for the page: trace records of every descriptor, completion-queue entry and VI state
// change (trace kinds 60 and 61, contract in core-wasm/app/wasm/README.md). Used by every VIA provider
// (SS-VIA over SCI, M-VIA over Fast Ethernet) so the page's VI inspector reads one format.
// Source: ../shared/REFERENCES.md §1.5 (descriptor Control Segment status bits, VI states).
#pragma once
#include <cstdint>

#include "kernel/simulator.h"
#include "via/vipl.h"

namespace hpcsim {
namespace via {

/// Value of a kind-60 (vi_descriptor) record: bits 0–3 the state (EntryState or error code, see
/// completion_state), bits 4–5 the QueueType, bits 6–15 the VI id (mod 1024), bits 16–30 the descriptor's
/// sequence number on its work queue or the entry's position in its CQ (mod 32768).
int32_t descriptor_value(const QueueChange& c);
/// Value of a kind-61 (vi_state) record: bits 0–2 the ViState, bit 3 set when the VI was just created (its
/// queues start empty), bits 4–13 the VI id (mod 1024), bits 16–23 the AsyncError + 1 (0 = none).
int32_t vi_state_value(int vi, ViState state, bool created, int async_error);

/// Observers that record, at the simulator's current time, kind-60 records (component `host`, message = the
/// descriptor's message id, bytes = its byte count) and kind-61 records (component `host`, bytes = `peer`
/// node, message 0). Zero-length records (t_start = t_end = now), kept whatever the trace's per-run cap
/// (TraceBuffer::record_state): the page rebuilds the queues from all of them.
ViTrace trace_recorder(Simulator& sim, ComponentId host, int peer);

}  // namespace via
}  // namespace hpcsim
