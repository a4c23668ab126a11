// An InfiniHost-class InfiniBand host channel adapter (Mellanox MT23108 "Tavor", 4X, PCI-X 133 MHz/64-bit) with a
// verbs-level API after VAPI (2003-2005): reliable-connected queue pairs, work requests with gather lists, posted
// receives, completion queues polled by the host, memory registration through the HCA's firmware commands.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "hw/host.h"
#include "hw/infiniband/ib_switch.h"
#include "hw/infiniband/ib_wire.h"
#include "hw/pci_arbiter.h"
#include "hw/pci_bus.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of the InfiniBand HCA, its links and switch, and VAPI's host costs (infiniband_parameters.cc).
const std::vector<ParameterSpec>& infiniband_parameters();

/// Tavor work-queue element layout (Linux drivers/infiniband/hw/mthca/mthca_wqe.h, the open driver of the same
/// hardware VAPI drove): a 16-byte next segment (opcode, size, flags, immediate data), a 16-byte remote-address
/// segment for RDMA (address, rkey), then 16 bytes per gather or scatter entry (byte count, lkey, address).
constexpr uint32_t kIbNextSegBytes = 16;
constexpr uint32_t kIbRaddrSegBytes = 16;
constexpr uint32_t kIbDataSegBytes = 16;
/// A Tavor send or receive doorbell: two 32-bit words written as one 64-bit PIO store into the UAR page
/// (mthca_write64 in mthca_qp.c / mthca_cq.c).
constexpr uint32_t kIbDoorbellBytes = 8;
/// The HCA command register: 7 32-bit words the driver writes to post a firmware command (mthca_cmd.c).
constexpr uint32_t kIbHcrBytes = 28;
/// MTT entries one WRITE_MTT command carries: a 4 KiB mailbox less its 16-byte header, 8 B per page
/// (MTHCA_MAILBOX_SIZE / 8 - 2 in mthca_mr.c).
constexpr uint32_t kIbMttEntriesPerCommand = 510;
constexpr uint32_t kIbMailboxHeaderBytes = 16;
/// A memory protection table entry (struct mthca_mpt_entry), the mailbox of SW2HW_MPT and HW2SW_MPT.
constexpr uint32_t kIbMptEntryBytes = 64;

/// What the HCA is doing, the `value` of hca_step trace records.
enum class HcaStep : int32_t {
  kDoorbell = 1,       ///< a doorbell decoded, the QP scheduled
  kWqe = 2,            ///< a fetched WQE processed (context, headers, gather-list translation)
  kInboundPacket = 3,  ///< an arriving packet checked (QP, PSN, rkey or receive WQE)
  kAck = 4,            ///< an acknowledgement taken at the requester
  kCqe = 5,            ///< a completion-queue entry written to host memory
  kCommand = 6,        ///< a firmware command (memory registration)
};

/// A completion as the host reads it from the CQ.
struct IbCompletion {
  int peer = -1;       ///< the remote node of the QP
  int qp = 0;          ///< which QP to that node
  IbOpcode opcode = IbOpcode::kSend;
  uint32_t bytes = 0;  ///< bytes received (responder) or sent (requester)
  bool has_immediate = false;
  uint32_t immediate = 0;
  uint32_t message = 0;
};

/// One send-queue work request (VAPI_sr_desc_t). `gather` lists the local segments in order (bytes each); it may be
/// empty (a 0-byte send or write, e.g. bmi_ib's acknowledgement: a send with immediate and no data) and holds at
/// most ib.max_sge entries (more is refused: the HCA would fail the post). Callbacks:
/// `on_local` when this side's CQE is in host memory (signaled requests only; an unsignaled request writes none and
/// must leave it empty); `on_remote` when the responder's CQE is in its host memory (sends, writes with immediate)
/// or, for a plain RDMA write, when the last byte is visible in the responder's memory (no CQE is written there).
struct IbWorkRequest {
  IbOpcode opcode = IbOpcode::kSend;
  int peer = -1;  ///< remote node (the RC QP joins this node and `peer`)
  int qp = 0;     ///< which of the QPs to `peer` (bmi_ib keeps two per peer: 0 for data, 1 for acks)
  std::vector<uint32_t> gather;
  bool signaled = true;
  uint32_t immediate = 0;  ///< immediate data (opcodes with immediate)
  uint32_t message = 0;    ///< message id for the trace
  std::function<void()> on_local;
  std::function<void()> on_remote;
  /// Bytes of the request: the sum of `gather`.
  uint32_t bytes() const;
};

/// One receive-queue work request (VAPI_rr_desc_t): a buffer of `bytes` in `scatter_entries` segments (0: a receive
/// without memory, for 0-byte messages, as bmi_ib's ack QP posts) for the next send or write-with-immediate that
/// `peer` makes on QP `qp`. `on_complete` runs when its CQE is in host memory.
struct IbReceive {
  int peer = -1;
  int qp = 0;
  uint32_t bytes = 0;
  uint32_t scatter_entries = 1;
  std::function<void(const IbCompletion&)> on_complete;
};

/// The HCA of one node. Calls on one host are not serialised here (Host has no CPU queue): a caller posts the next
/// request from the previous call's `then`, as a single-threaded VAPI program does. Times come from ib.* (HCA, links, VAPI), pcix.* (the chipset) and host.* parameters; every
/// transfer between host memory and the HCA is a transaction on the node's PciBus after crossing the MT23108's own
/// PCI-X bridge (ib.bridge_latency_ns):
/// - post: VAPI writes the WQE into host memory (ib.post_send_ns + ib.post_sge_ns per entry of CPU time), then rings
///   the doorbell: an 8-byte PIO write (host.uncached_store_ns of CPU stall; posted through the hub and PCI-X bridge,
///   pcix.bridge_latency_ns, onto the bus);
/// - the HCA decodes it (ib.doorbell_ns) and fetches the WQE by a PCI-X split read (a request transaction,
///   pcix.read_latency_ns off the bus, the completion's data phases); its send engine processes WQEs in order
///   (ib.wqe_process_ns + ib.sge_ns per gather entry), then gathers each packet's payload from host memory by split
///   reads of at most ib.read_request_bytes within one segment, keeping ib.outstanding_reads in flight, and sends
///   the packets (ib.mtu_bytes of payload each) through the switch in order;
/// - the responder checks each packet (ib.rx_packet_ns); a send or write with immediate first takes the next
///   posted receive of that QP (none posted: refused, the RNR case, which callers avoid by posting first) and
///   fetches its WQE by a split read (a send writes its payload only once it has the buffer's address; a write
///   with immediate writes where its RETH says meanwhile, and a send longer than the receive buffer is refused);
///   payloads go to host memory by posted PCI-X writes; after the last one it returns an RC acknowledgement and,
///   if the opcode consumes a receive, writes a CQE (ib.cqe_bytes);
/// - the requester takes the acknowledgement (ib.rx_packet_ns) and writes a CQE if the request was signaled.
/// A CQE or data is visible to the host pcix.bridge_latency_ns after its bus transaction. The HCA's transactions and
/// the host bridge's split completions share the bus by fair arbitration (PciArbiter).
class Hca {
 public:
  Hca(Simulator& sim, ComponentId id, int node, PciBus& pci, const ParameterSet& p);
  /// `peers[i]` is node i's HCA on the same switch.
  void attach(IbSwitch* fabric, std::vector<Hca*>* peers) {
    fabric_ = fabric;
    peers_ = peers;
  }

  ComponentId id() const { return id_; }
  int node() const { return node_; }
  PciBus& pci() { return pci_; }

  /// VAPI_post_sr: `then` when the host CPU may go on (the doorbell store issued).
  void post_send(Host& host, IbWorkRequest wr, std::function<void()> then);
  /// VAPI_post_rr: the receive WQE written (ib.post_recv_ns + ib.post_sge_ns per scatter entry) and the receive
  /// doorbell rung; the HCA can use the receive once the doorbell has landed. `then` when the CPU may go on.
  void post_recv(Host& host, IbReceive rr, std::function<void()> then);
  /// VAPI_poll_cq once: if a CQE is waiting, reads it (ib.poll_cq_ns, plus a cache miss on its line, written by
  /// the HCA) and rings the CQ consumer-index doorbell (8-byte PIO write), then `then(true)`; else ib.poll_cq_empty_ns
  /// and `then(false)`. The completion's contents reach the caller through the request's callbacks.
  void poll_cq(Host& host, std::function<void(bool found)> then);
  /// VAPI_register_mr of `bytes` starting `offset_in_page` bytes into a page: system call (os.syscall_entry_ns,
  /// os.syscall_exit_ns), the driver's fixed work (ib.reg_kernel_us), pinning each page (os.page_pin_ns per
  /// os.page_bytes page), then the HCA firmware commands WRITE_MTT (one per 510 pages, its mailbox of 8 B per page
  /// read by DMA) and SW2HW_MPT (a 64-byte MPT entry), each posted through the HCR (28-byte PIO write), executed by
  /// the firmware (ib.hca_command_us) and seen done by one PIO read of the HCR (ib.pio_read_latency_ns). `then` when
  /// the call returns.
  void register_memory(Host& host, uint64_t bytes, std::function<void()> then, uint32_t offset_in_page = 0);
  /// VAPI_deregister_mr: system call, ib.dereg_kernel_us, the HW2SW_MPT command (the MPT entry written back to the
  /// mailbox by DMA), unpinning each page (os.page_pin_ns), then `then`.
  void deregister_memory(Host& host, uint64_t bytes, std::function<void()> then, uint32_t offset_in_page = 0);

  /// Returns QP `qp` to `peer` to the RESET state, as a program setting up its QPs anew does (VAPI_modify_qp to
  /// RESET): receives still posted on it are dropped without completions. Not timed (connection set-up).
  void reset_qp(int peer, int qp) { receives_.erase({peer, qp}); }

  /// Pages a region of `bytes` starting `offset_in_page` into a page spans (>= 1).
  uint64_t pages(uint64_t bytes, uint32_t offset_in_page) const;
  uint32_t max_sge() const { return max_sge_; }
  const IbWire& wire() const { return wire_; }
  /// CQEs written and not yet polled.
  uint32_t cqes_pending() const { return cqes_pending_; }
  /// Receives posted (doorbell landed) and not yet consumed on QP `qp` to `peer`.
  size_t receives_posted(int peer, int qp) const;
  uint64_t wqes_processed() const { return wqes_; }
  uint64_t packets_sent() const { return packets_sent_; }
  uint64_t read_requests() const { return read_requests_; }
  uint64_t commands() const { return commands_; }

 private:
  struct SendJob;
  struct TxPacket;
  struct ReadChunk;
  /// A posted PIO write of `bytes` by `host` to the HCA (a doorbell, the HCR): 8-byte uncached stores stall the CPU
  /// (`then` after them); the write crosses the hub, the bus and the MT23108's bridge (`landed` at the HCA).
  void pio_write(Host& host, uint32_t bytes, uint32_t message, std::function<void()> then, std::function<void()> landed);
  void fetch_wqe(std::shared_ptr<SendJob> job);
  void next_wqe();
  void issue_reads();
  void transmit_ready();
  void arrive(std::shared_ptr<SendJob> job, uint32_t k);
  void write_payload(std::shared_ptr<SendJob> job, uint32_t k);
  void landed(std::shared_ptr<SendJob> job);
  /// The responder's CQE for an operation that consumed a receive, then its completion callbacks.
  void complete(std::shared_ptr<SendJob> job);
  void ack_arrived(std::shared_ptr<SendJob> job);
  void write_cqe(uint32_t message, std::function<void()> visible);
  /// One firmware command: HCR write, input mailbox read by DMA (`mailbox_read` bytes, 0: none), execution
  /// (ib.hca_command_us), output mailbox write (`mailbox_write` bytes), the go bit seen clear by a PIO read.
  void hca_command(Host& host, uint32_t mailbox_read, uint32_t mailbox_write, uint32_t message,
                   std::function<void()> then);
  /// A DMA read of host memory as a PCI-X split transaction through the HCA's bridge.
  void dma_read(uint32_t bytes, uint32_t message, std::function<void()> done);
  /// A posted DMA write into host memory: `done` at the end of its bus transaction.
  void dma_write(uint32_t bytes, uint32_t message, std::function<void()> done);
  void step(Time start, Time d, HcaStep what, uint32_t message, uint32_t bytes);
  Hca& peer(int node) { return *(*peers_)[static_cast<size_t>(node)]; }

  Simulator& sim_;
  ComponentId id_;
  int node_;
  PciBus& pci_;
  PciArbiter arbiter_;  ///< master 0: the HCA; master 1: the host bridge returning split completions
  IbWire wire_;
  IbSwitch* fabric_ = nullptr;
  std::vector<Hca*>* peers_ = nullptr;
  Time post_send_ps_, post_sge_ps_, post_recv_ps_, store_ps_, hub_ps_, bridge_ps_, read_latency_ps_;
  Time doorbell_ps_, wqe_ps_, sge_ps_, rx_ps_, poll_ps_, poll_empty_ps_;
  Time reg_kernel_ps_, dereg_kernel_ps_, command_ps_, syscall_entry_ps_, syscall_exit_ps_, page_pin_ps_;
  uint32_t outstanding_, read_request_, cqe_bytes_, max_sge_;
  uint64_t page_bytes_;
  FifoResource doorbell_unit_, wqe_engine_, rx_unit_, command_unit_;
  std::deque<std::shared_ptr<SendJob>> fetched_;  ///< WQEs fetched, waiting for the send engine
  bool engine_busy_ = false;
  std::deque<std::shared_ptr<ReadChunk>> reads_;  ///< gather reads not yet issued, in order
  uint32_t reads_in_flight_ = 0;
  std::deque<std::shared_ptr<TxPacket>> tx_;      ///< packets being gathered, sent in this order
  std::map<std::pair<int, int>, std::deque<IbReceive>> receives_;
  uint32_t cqes_pending_ = 0;
  uint64_t wqes_ = 0, packets_sent_ = 0, read_requests_ = 0, commands_ = 0;
};

}  // namespace hpcsim
