// The one table of trace kinds: each kind's number, name and what its record's `value` holds. The TraceKind enum
// and the catalog's trace_kinds (hs_catalog_json, hs_trace_kinds_json) are both made from it, so numbers, names
// and the page cannot drift apart. Append only: a kind's number is in every stored trace and share link.
#pragma once
#include <cstdint>

namespace hpcsim {

// X(enumerator, number, name, what `value` holds)
#define HPCSIM_TRACE_KINDS(X)                                                                                    \
  X(kQdmaPacket, 1, "qdma_packet", "a queued-DMA packet crossing a directed link (head enters to tail leaves)")   \
  X(kRdmaPacket, 2, "rdma_packet", "an RDMA data packet crossing a directed link")                              \
  X(kAckPacket, 3, "ack_packet", "an end-to-end acknowledgement token crossing a directed link")                \
  X(kNakPacket, 4, "nak_packet", "a negative acknowledgement crossing a directed link")                         \
  X(kControlPacket, 5, "control_packet", "a control packet (RDMA request, rendezvous header) on a directed link") \
  X(kPciTransaction, 10, "pci_transaction", "PciOp: the bus transaction's kind")                                \
  X(kNicThread, 20, "nic_thread", "ThreadStep: the NIC thread processor's step")                                \
  X(kInputQueue, 21, "input_queue", "occupied slots of the NIC's QDMA input queue")                             \
  X(kMatchList, 22, "match_list", "match entries or posted receives on the NIC")                                \
  X(kEventQueue, 23, "event_queue", "unconsumed events of the host's event queue (or done words)")              \
  X(kHostOp, 30, "host_op", "HostOp: the host API step")                                                        \
  X(kMessage, 40, "message", "the series index of a protocol message, send to delivery")                       \
  X(kE4Event, 50, "e4_event", "E4EventAction: which action of an Elan4 event ran")                              \
  X(kHostWake, 51, "host_wake", "how a host thread was woken")                                                  \
  X(kE4EventCount, 52, "e4_event_count", "event id on its NIC; bytes = count << 16 | remaining")               \
  X(kHostThread, 53, "host_thread", "ThreadState a host thread enters (bytes = ThreadRole; ompi/progress.h)")   \
  X(kViDescriptor, 60, "vi_descriptor", "packed VIA descriptor or CQ entry state (via/vi_trace.h)")             \
  X(kViState, 61, "vi_state", "packed VI state (via/vi_trace.h)")                                             \
  X(kHcaStep, 70, "hca_step", "HcaStep: what an InfiniBand HCA's engines are doing (hw/infiniband/hca.h)")      \
  X(kFlowBuffers, 80, "flow_buffers", "flow buffers a PVFS2 server holds (its host; of pvfs2.flow_buffers a flow)") \
  X(kTroveOp, 81, "trove_op", "a Trove call on a PVFS2 server's AIO thread (its host): 1 write, 2 read; bytes")   \
  X(kClientRequests, 82, "client_requests", "PVFS2 I/O requests a client has outstanding, one per server a call touches (its host)") \
  X(kListPiece, 83, "list_piece", "one piece of a BMI list transfer in the receiver's memory (its host; message, bytes): index << 12 | sender node") \
  X(kPvfs2Work, 84, "pvfs2_work", "Work: what a PVFS2 client or server thread is busy with (its host; protocols/pvfs2/cpu.h)")

enum class TraceKind : uint32_t {
#define HPCSIM_TRACE_KIND_ENUM(e, n, name, value) e = n,
  HPCSIM_TRACE_KINDS(HPCSIM_TRACE_KIND_ENUM)
#undef HPCSIM_TRACE_KIND_ENUM
};

}  // namespace hpcsim
