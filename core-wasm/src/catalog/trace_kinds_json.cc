// Trace kinds for the page (hs_trace_kinds_json and the catalog's "trace_kinds"): the one table of
// kernel/trace_kinds.h with the names of each kind's `value` codes. Both are plain tables walked by one loop (cold
// code: written once per page load; unrolled json initializer lists here were 34 KB of the wasm module).
#include "catalog/catalog.h"
#include "hw/nic_thread_step.h"
#include "kernel/trace_kinds.h"

namespace hpcsim {

namespace {

using json = nlohmann::ordered_json;

struct KindRow {
  uint32_t kind;
  const char* name;
  const char* about;
};

constexpr KindRow kKinds[] = {
#define HPCSIM_TRACE_KIND_ROW(e, n, name, about) {n, name, about},
    HPCSIM_TRACE_KINDS(HPCSIM_TRACE_KIND_ROW)
#undef HPCSIM_TRACE_KIND_ROW
};

/// One named code of a kind's `value` ("values": {"<code>": "<name>"}), in the order the page lists them.
struct ValueCode {
  TraceKind kind;
  int32_t code;
  const char* name;
};

constexpr ValueCode kValueCodes[] = {
    {TraceKind::kPciTransaction, 0, "DMA read"},
    {TraceKind::kPciTransaction, 1, "DMA write"},
    {TraceKind::kPciTransaction, 2, "PIO read"},
    {TraceKind::kPciTransaction, 3, "PIO write"},
    {TraceKind::kPciTransaction, 4, "split read request"},
    // Role-neutral names (the initiator's Table 1 wording would mislabel the target's steps). 5-8: MPI-2
    // dynamic-process phases (protocols/ompi/dynamic_job.cc).
    {TraceKind::kHostOp, 1, "Post receive"},
    {TraceKind::kHostOp, 2, "Send"},
    {TraceKind::kHostOp, 3, "Wait for send to complete"},
    {TraceKind::kHostOp, 4, "Wait for arrival"},
    {TraceKind::kHostOp, 5, "Attach to a context (join)"},
    {TraceKind::kHostOp, 6, "Connect / accept and merge (join)"},
    {TraceKind::kHostOp, 7, "Disconnect (leave)"},
    {TraceKind::kHostOp, 8, "Detach from the context (leave)"},
    {TraceKind::kE4Event, 1, "count reached"},
    {TraceKind::kE4Event, 2, "copy (chained DMA)"},
    {TraceKind::kE4Event, 3, "write done word"},
    {TraceKind::kE4Event, 4, "interrupt"},
    {TraceKind::kHostWake, 1, "woken by an interrupt"},
    {TraceKind::kHostWake, 2, "woken by another thread"},
    {TraceKind::kHostWake, 3, "spurious"},
    // Packed values (via/vi_trace.h); these name the state codes of the low bits.
    {TraceKind::kViDescriptor, 1, "posted"},
    {TraceKind::kViDescriptor, 2, "in progress"},
    {TraceKind::kViDescriptor, 3, "complete"},
    {TraceKind::kViDescriptor, 4, "dequeued"},
    {TraceKind::kViDescriptor, 5, "error: FORMAT"},
    {TraceKind::kViDescriptor, 6, "error: PROTECTION"},
    {TraceKind::kViDescriptor, 7, "error: LENGTH"},
    {TraceKind::kViDescriptor, 8, "error: PARTIAL"},
    {TraceKind::kViDescriptor, 9, "flushed: DESC_FLUSHED"},
    {TraceKind::kViDescriptor, 10, "error: TRANSPORT"},
    {TraceKind::kViDescriptor, 11, "error: RDMA_PROT"},
    {TraceKind::kViDescriptor, 12, "error: REMOTE_DESC"},
    {TraceKind::kHcaStep, 1, "doorbell"},
    {TraceKind::kHcaStep, 2, "WQE processed"},
    {TraceKind::kHcaStep, 3, "inbound packet checked"},
    {TraceKind::kHcaStep, 4, "acknowledgement taken"},
    {TraceKind::kHcaStep, 5, "CQE written"},
    {TraceKind::kHcaStep, 6, "firmware command"},
    {TraceKind::kViState, 0, "Idle"},
    {TraceKind::kViState, 1, "Connect pending"},
    {TraceKind::kViState, 2, "Connected"},
    {TraceKind::kViState, 3, "Error"},
    {TraceKind::kTroveOp, 1, "write"},
    {TraceKind::kTroveOp, 2, "read"},
    // protocols/pvfs2/cpu.h's Work
    {TraceKind::kPvfs2Work, 1, "PVFS_sys_io set-up"},
    {TraceKind::kPvfs2Work, 2, "BMI post"},
    {TraceKind::kPvfs2Work, 3, "BMI test (a completion)"},
    {TraceKind::kPvfs2Work, 4, "BMI copy (slot or eager buffer)"},
    {TraceKind::kPvfs2Work, 5, "LIO pack / unpack"},
    {TraceKind::kPvfs2Work, 6, "DMA descriptors"},
    {TraceKind::kPvfs2Work, 7, "VAPI calls"},
    {TraceKind::kPvfs2Work, 8, "server request"},
    {TraceKind::kPvfs2Work, 9, "dspace getattr"},
    {TraceKind::kPvfs2Work, 10, "flow step"},
    {TraceKind::kPvfs2Work, 11, "flow copy"},
    {TraceKind::kPvfs2Work, 12, "server response"},
    {TraceKind::kPvfs2Work, 13, "lio_listio round"},
    {TraceKind::kPvfs2Work, 14, "AIO pread / pwrite"},
    {TraceKind::kPvfs2Work, 15, "Trove op done"},
    {TraceKind::kPvfs2Work, 16, "application copy"},
    {TraceKind::kPvfs2Work, 17, "AIO notification thread"},
    {TraceKind::kPvfs2Work, 18, "BMI test asleep in poll()"},
};

/// Kinds whose `value` is a level or an index rather than a code: what it counts ("values": "<text>").
struct ValueText {
  TraceKind kind;
  const char* text;
};

constexpr ValueText kValueTexts[] = {
    {TraceKind::kFlowBuffers, "flow buffers held"},
    {TraceKind::kClientRequests, "requests outstanding"},
    {TraceKind::kInputQueue, "occupied slots"},
    {TraceKind::kMatchList, "match entries or posted receives"},
    {TraceKind::kEventQueue, "unconsumed events"},
    {TraceKind::kMessage, "series index"},
    {TraceKind::kE4EventCount, "event id on its NIC; bytes = count << 16 | remaining"},
};

/// The "values" of `kind`: an object of code names, a text, or null (nothing to name).
json value_names(TraceKind kind) {
  if (kind == TraceKind::kNicThread) {  // ThreadStep's labels live beside the enum (hw/nic_thread_step.h)
    json steps = json::object();
    for (int32_t s = 1; s <= static_cast<int32_t>(ThreadStep::kPostEnd); ++s)
      steps[std::to_string(s)] = thread_step_label(s);
    return steps;
  }
  json codes = json::object();
  for (const auto& c : kValueCodes)
    if (c.kind == kind) codes[std::to_string(c.code)] = c.name;
  if (!codes.empty()) return codes;
  for (const auto& t : kValueTexts)
    if (t.kind == kind) return t.text;
  return nullptr;
}

}  // namespace

json trace_kinds() {
  json kinds = json::array();
  for (const auto& row : kKinds) {
    json k = json::object();
    k["kind"] = row.kind;
    k["name"] = row.name;
    k["about"] = row.about;
    json v = value_names(static_cast<TraceKind>(row.kind));
    if (!v.is_null()) k["values"] = std::move(v);
    kinds.push_back(std::move(k));
  }
  return kinds;
}

std::string trace_kinds_json() { return trace_kinds().dump(); }

}  // namespace hpcsim
