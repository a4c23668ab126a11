// Elan3 network interface (QsNet): command port, DMA engine (queued DMA and RDMA), input queue,
// NIC thread processor with per-operation costs (seed 002 §2.3, §4; REFERENCES §1.2).
#pragma once
#include <array>
#include <deque>
#include <memory>
#include <functional>
#include <vector>

#include "hw/pci_bus.h"
#include "hw/qsnet_fabric.h"
#include "kernel/index_pool.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of the Elan3 NIC (seed 002) (elan3_parameters.cc).
const std::vector<ParameterSpec>& elan3_parameters();


/// An arrival in the NIC input queue (one slot): the protocol keeps the header, keyed by `message`.
struct QueueItem {
  uint32_t message;
  int src_node;
  uint32_t bytes;
};

/// Cost of a piece of NIC-thread code: simple instructions (one thread cycle each) and SDRAM accesses.
struct ThreadCost {
  uint32_t instructions;
  uint32_t sdram_accesses;
};

class Elan3Nic {
 public:
  Elan3Nic(Simulator& sim, ComponentId id, int node, PciBus& pci, const ParameterSet& p);
  void attach(QsnetFabric* fabric, std::vector<Elan3Nic*>* all) {
    fabric_ = fabric;
    all_ = all;
  }

  ComponentId id() const { return id_; }
  int node() const { return node_; }
  PciBus& pci() { return pci_; }

  /// Queued DMA of one packet (header + data, at most elan3.qdma_max_bytes) into `dst`'s input queue.
  /// `host_reads` lists the PCI DMA reads of host memory the engine does first (empty when the data
  /// was already written into NIC memory by PIO). `local_done` runs at the source when the destination
  /// has acknowledged the packet (the source's completion event).
  void queued_dma(int dst, std::vector<uint32_t> host_reads, uint32_t wire_bytes, uint32_t message,
                  std::function<void()> local_done);

  /// RDMA write of `bytes` from this node's host memory to `dst`'s host memory, in packets of
  /// qsnet.packet_payload_bytes: PCI DMA read here, network, PCI DMA write there. `remote_done` runs at
  /// the destination when the last byte is in host memory; `local_done` here when it is acknowledged.
  void rdma_write(int dst, uint32_t bytes, uint32_t message, std::function<void()> remote_done,
                  std::function<void()> local_done);

  /// Remote DMA (RDMA read): a control packet asks `src`'s engine to RDMA-write `bytes` to this node.
  void rdma_read(int src, uint32_t bytes, uint32_t message, std::function<void()> data_here,
                 std::function<void()> source_done);

  /// Installs the NIC thread program: `handler(item)` runs when an item is at the head of the input
  /// queue and the thread is free; it must call `thread_done()` when finished. `context_words` are
  /// restored from SDRAM each time the sleeping thread is woken.
  void set_thread_program(std::function<void(const QueueItem&)> handler, uint32_t context_words);
  /// Runs thread code of cost `c` as step `step` (a code shown by the page), then `then`.
  void thread_step(int32_t step, ThreadCost c, std::function<void()> then);
  /// DMA writes into host memory issued by the NIC thread: a DMA-engine job (descriptor fetch and MMU
  /// translation, elan3.dma_setup_ns) doing one PCI DMA write per entry of `transactions`, in order;
  /// `done` runs when the last has ended.
  void host_write_dma(std::vector<uint32_t> transactions, uint32_t message, std::function<void()> done);
  /// The thread issues a host write by DMA and polls its completion event (one SDRAM access after the
  /// write ends); the time counts towards the current step.
  void thread_dma_wait(uint32_t bytes, uint32_t message, std::function<void()> then);
  /// Wakes the thread for `work` triggered by an Elan event (e.g. an RDMA's completion event), not by a
  /// queue arrival: it runs when the thread is free, after the wake-up cost if it was asleep, and must
  /// end with thread_done().
  void thread_event_work(uint32_t message, std::function<void()> work);
  /// The thread finished its current work (a queue item frees its slot); it takes the next or sleeps.
  void thread_done();

  Time thread_cost_ps(ThreadCost c) const;
  Time thread_busy_ps() const { return thread_busy_ps_; }
  /// Per-step thread time (ps, by ThreadStep code) and items finished since the last reset (Table 2).
  Time step_ps(int32_t step) const { return step_ps_[static_cast<size_t>(step) % step_ps_.size()]; }
  uint32_t items_done() const { return items_done_; }
  void reset_step_stats() {
    step_ps_.fill(0);
    items_done_ = 0;
  }
  int queue_occupancy() const { return static_cast<int>(queue_.size()); }

 private:
  struct DmaJob {
    std::function<void(std::function<void()>)> run;  ///< runs the job, calls its argument when the engine is free
  };
  void submit(DmaJob job);
  void next_job();
  void deliver_to_queue(const QueueItem& item, std::function<void()> accepted, std::function<void()> refused);
  void maybe_run_thread();
  void run_next_work();
  /// An RDMA between its first packet's PCI read and its last packet's PCI write at the destination. Held in a pool
  /// (`rdma_`) so each packet's steps capture (NIC, transfer) or (NIC, packet): no heap allocation per packet.
  struct RdmaTransfer {
    int dst = 0;
    uint32_t bytes = 0;
    uint32_t sent = 0;     ///< bytes whose packet has been read from host memory
    uint32_t message = 0;
    uint32_t packets = 0;
    uint32_t written = 0;  ///< packets written to the destination's memory
    std::function<void()> remote_done;
    std::function<void()> local_done;
    std::function<void()> engine_free;
  };
  /// One packet of a transfer (its payload bytes), pooled in `packets_` so its steps capture two words (NIC, packet)
  /// and fit std::function's inline buffer in both builds (libc++'s policy form in wasm holds two 32-bit words).
  struct RdmaPacket {
    uint32_t transfer = 0, chunk = 0;
  };
  /// Reads transfer `t`'s next packet over the PCI bus; when read, sends it and reads the next (or frees the engine).
  void rdma_packets(uint32_t t);
  void rdma_packet_read(uint32_t packet);
  void rdma_packet_written(uint32_t t);

  Simulator& sim_;
  ComponentId id_;
  int node_;
  PciBus& pci_;
  QsnetFabric* fabric_ = nullptr;
  std::vector<Elan3Nic*>* all_ = nullptr;
  double thread_cycle_ps_;
  Time sdram_ps_;
  Time dma_setup_ps_;
  Time dispatch_ps_;
  uint32_t slots_;
  uint32_t packet_payload_;
  uint32_t ack_bytes_;
  std::deque<DmaJob> jobs_;
  IndexPool<RdmaTransfer> rdma_;
  IndexPool<RdmaPacket> packets_;
  bool engine_busy_ = false;
  std::deque<QueueItem> queue_;
  std::deque<std::pair<uint32_t, std::function<void()>>> event_work_;
  bool current_is_event_work_ = false;
  double sdram_Bps_;
  std::function<void(const QueueItem&)> program_;
  uint32_t context_words_ = 0;
  bool thread_running_ = false;
  Time thread_busy_ps_ = 0;
  std::array<Time, 16> step_ps_{};
  int32_t current_step_ = 0;
  uint32_t items_done_ = 0;
};

}  // namespace hpcsim
