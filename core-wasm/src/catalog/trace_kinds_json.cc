// Trace kinds for the page (hs_trace_kinds_json and the catalog's "trace_kinds"): the one table of
// kernel/trace_kinds.h with the names of each kind's `value` codes.
#include "catalog/catalog.h"
#include "hw/nic_thread_step.h"
#include "kernel/trace_kinds.h"

namespace hpcsim {

namespace {

using json = nlohmann::ordered_json;

json value_names(TraceKind kind) {
  switch (kind) {
    case TraceKind::kPciTransaction:
      return {{"0", "DMA read"}, {"1", "DMA write"}, {"2", "PIO read"}, {"3", "PIO write"}, {"4", "split read request"}};
    case TraceKind::kNicThread: {
      json steps = json::object();
      for (int32_t s = 1; s <= static_cast<int32_t>(ThreadStep::kPostEnd); ++s)
        steps[std::to_string(s)] = thread_step_label(s);
      return steps;
    }
    case TraceKind::kHostOp: {
      // Role-neutral names (the initiator's Table 1 wording would mislabel the target's steps). 5-8: MPI-2
      // dynamic-process phases (protocols/ompi/dynamic_job.cc).
      const char* names[] = {"", "Post receive", "Send", "Wait for send to complete", "Wait for arrival",
                             "Attach to a context (join)", "Connect / accept and merge (join)", "Disconnect (leave)",
                             "Detach from the context (leave)"};
      json ops = json::object();
      for (int32_t o = 1; o <= 8; ++o) ops[std::to_string(o)] = names[o];
      return ops;
    }
    case TraceKind::kE4Event:
      return {{"1", "count reached"}, {"2", "copy (chained DMA)"}, {"3", "write done word"}, {"4", "interrupt"}};
    case TraceKind::kHostWake:
      return {{"1", "woken by an interrupt"}, {"2", "woken by another thread"}, {"3", "spurious"}};
    case TraceKind::kViDescriptor:
      // Packed values (via/vi_trace.h); these name the state codes of the low bits.
      return {{"1", "posted"},           {"2", "in progress"},         {"3", "complete"},
              {"4", "dequeued"},         {"5", "error: FORMAT"},       {"6", "error: PROTECTION"},
              {"7", "error: LENGTH"},    {"8", "error: PARTIAL"},      {"9", "flushed: DESC_FLUSHED"},
              {"10", "error: TRANSPORT"}, {"11", "error: RDMA_PROT"}, {"12", "error: REMOTE_DESC"}};
    case TraceKind::kHcaStep:
      return {{"1", "doorbell"},          {"2", "WQE processed"}, {"3", "inbound packet checked"},
              {"4", "acknowledgement taken"}, {"5", "CQE written"},   {"6", "firmware command"}};
    case TraceKind::kViState:
      return {{"0", "Idle"}, {"1", "Connect pending"}, {"2", "Connected"}, {"3", "Error"}};
    case TraceKind::kTroveOp:
      return {{"1", "write"}, {"2", "read"}};
    case TraceKind::kFlowBuffers:
      return "flow buffers held";
    case TraceKind::kClientRequests:
      return "requests outstanding";
    case TraceKind::kInputQueue:
      return "occupied slots";
    case TraceKind::kMatchList:
      return "match entries or posted receives";
    case TraceKind::kEventQueue:
      return "unconsumed events";
    case TraceKind::kMessage:
      return "series index";
    case TraceKind::kE4EventCount:
      return "event id on its NIC; bytes = count << 16 | remaining";
    default:
      return nullptr;
  }
}

}  // namespace

std::string trace_kinds_json() {
  json kinds = json::array();
#define HPCSIM_TRACE_KIND_JSON(e, n, name, about)                                        \
  {                                                                                      \
    json k = {{"kind", n}, {"name", name}, {"about", about}};                            \
    json v = value_names(TraceKind::e);                                                  \
    if (!v.is_null()) k["values"] = v;                                                   \
    kinds.push_back(k);                                                                  \
  }
  HPCSIM_TRACE_KINDS(HPCSIM_TRACE_KIND_JSON)
#undef HPCSIM_TRACE_KIND_JSON
  return kinds.dump();
}

}  // namespace hpcsim
