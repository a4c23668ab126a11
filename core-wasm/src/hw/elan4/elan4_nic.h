// Elan4 network interface (QsNetII): command queues, DMA engine (QDMA, RDMA write, RDMA read by remote DMA),
// event processor (counts, COPY/WRITE/interrupt), inputter and thread processor (seed 001; REFERENCES §1.2).
#pragma once
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include "hw/elan4/e4_dma.h"
#include "hw/elan4/e4_event.h"
#include "hw/host.h"
#include "hw/pci_bus.h"
#include "hw/qsnet_fabric.h"
#include "kernel/index_pool.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of the Elan4 NIC and its driver (seed 001) (elan4_parameters.cc).
const std::vector<ParameterSpec>& elan4_parameters();


/// One Elan4 on one rail of a node. Times come from elan4.*, pcix.* and qsnet2.* parameters; PCI-X
/// transactions go through the node's PciBus of that rail. One DMA engine serves descriptors first come,
/// first served: it fetches the descriptor (elan4.dma_setup_ns), reads the source from host memory by PCI-X
/// split reads of at most qsnet2.packet_payload_bytes (elan4.outstanding_reads in flight) and hands each
/// packet to the fabric; the engine is free once the last packet is read. The destination's inputter (elan4.input_ns per packet) writes data into host memory by PCI DMA
/// writes and returns an acknowledgement; the last acknowledgement sets the source event.
class Elan4Nic {
 public:
  Elan4Nic(Simulator& sim, ComponentId id, int node, int rail, PciBus& pci, const ParameterSet& p);
  /// `peers[i]` is node i's Elan4 on the same rail.
  void attach(QsnetFabric* fabric, std::vector<Elan4Nic*>* peers) {
    fabric_ = fabric;
    peers_ = peers;
  }

  ComponentId id() const { return id_; }
  int node() const { return node_; }
  int rail() const { return rail_; }
  PciBus& pci() { return pci_; }

  /// Host writes `dma` (64 B) into a command queue by write-combined PIO: the "doorbell". `then` runs when
  /// the CPU may go on; the NIC's command processor starts the DMA when the write has landed.
  void post_dma(Host& host, std::shared_ptr<E4Dma> dma, std::function<void()> then);
  /// Host writes another command of `bytes` (e.g. a set-event or wait_event_cmd); `run` executes on the NIC.
  void post_command(Host& host, uint32_t bytes, uint32_t message, std::function<void()> run,
                    std::function<void()> then);
  /// A PIO write of `bytes` by `host` to this Elan4 (8-byte write-combined stores, host.uncached_store_ns each
  /// of CPU stall; the PCI-X write is posted): `then` when the CPU may go on, `landed` when the NIC has it.
  void pio_write(Host& host, uint32_t bytes, uint32_t message, std::function<void()> then,
                 std::function<void()> landed);
  /// The command processor takes `dma` (elan4.command_ns) and queues it on the DMA engine.
  void start_dma(std::shared_ptr<E4Dma> dma);

  /// Event processor: runs the actions of `ev` (called by E4Event::trigger when its count is reached).
  void fire(E4Event& ev, uint32_t message);
  /// Numbers a new event of this NIC (from 1).
  uint32_t next_event_id() { return ++event_ids_; }
  /// Records an event's count state (trace kind e4_event_count) for the page's event inspector.
  void trace_event(const E4Event& ev, uint32_t message);
  /// A PCI DMA write of `bytes` into host memory that the host will poll (a done word, an interrupt cookie):
  /// `done` when it is visible to the CPU (bus transaction + pcix.bridge_latency_ns).
  void host_write(uint32_t bytes, uint32_t message, std::function<void()> done);
  /// A PCI DMA write of data or a queue slot: `done` at the end of the bus transaction (an event follows it,
  /// and the event's done word, ordered behind it, is what the host sees).
  void bus_write(uint32_t bytes, uint32_t message, std::function<void()> done);
  /// A DMA read of `bytes` of host memory as a PCI-X split transaction (pcix.read_latency_ns off the bus,
  /// then the data phases on it).
  void host_read(uint32_t bytes, uint32_t message, std::function<void()> done);

  /// Thread processor (elan4.thread_clock_MHz, elan4.sdram_access_ns): runs code of `instructions` and
  /// `sdram` accesses when the processor is free, records a nic_thread span with code `step`, then `then`.
  void thread_run(uint32_t instructions, uint32_t sdram, uint32_t message, int32_t step, std::function<void()> then);
  /// Receiver of queued DMAs sent with no host input queue (E4Dma::queue == nullptr): a NIC-resident
  /// queue served by a NIC thread (Tports). `handler` runs after the inputter stored the packet in SDRAM.
  void set_thread_queue(std::function<void(const QueueSlot&)> handler) { thread_queue_ = std::move(handler); }

  uint64_t naks() const { return naks_; }
  uint64_t events_fired() const { return events_fired_; }

 private:
  void next_job();
  void run_queued(std::shared_ptr<E4Dma> d);
  void run_rdma(std::shared_ptr<E4Dma> d, int to);
  void push_for_read(std::shared_ptr<E4Dma> d, int reader);
  /// An RDMA from its first split read to its last packet landing at `to`. Held in a pool (`rdma_`), and each of its
  /// packets in another (`packets_`: transfer and payload bytes), so a packet's steps capture two words (NIC, packet)
  /// and fit std::function's inline buffer in both builds (libc++'s policy form in wasm holds two 32-bit words):
  /// no heap allocation per packet.
  struct RdmaProgress {
    std::shared_ptr<E4Dma> d;
    int to = 0;
    uint32_t packets = 0, requested = 0, read = 0, landed = 0;
  };
  struct RdmaPacket {
    uint32_t transfer = 0, chunk = 0;
  };
  void rdma_issue_read(uint32_t t);
  void rdma_packet_read(uint32_t packet);
  void rdma_packet_landed(uint32_t t);
  Elan4Nic& peer(int node) { return *(*peers_)[static_cast<size_t>(node)]; }

  Simulator& sim_;
  ComponentId id_;
  int node_, rail_;
  PciBus& pci_;
  QsnetFabric* fabric_ = nullptr;
  std::vector<Elan4Nic*>* peers_ = nullptr;
  IndexPool<RdmaProgress> rdma_;
  IndexPool<RdmaPacket> packets_;
  Time store_ps_, command_ps_, dma_setup_ps_, event_ps_, event_copy_ps_, input_ps_, sdram_ps_, retry_ps_;
  Time read_latency_ps_, bridge_ps_;
  uint32_t outstanding_;
  Time thread_cycle_ps_;
  uint32_t packet_payload_, packet_header_, ack_bytes_;
  FifoResource command_processor_, event_processor_, thread_processor_;
  std::deque<std::shared_ptr<E4Dma>> jobs_;
  bool engine_busy_ = false;
  std::function<void(const QueueSlot&)> thread_queue_;
  uint64_t naks_ = 0, events_fired_ = 0;
  uint32_t event_ids_ = 0;
};

}  // namespace hpcsim
