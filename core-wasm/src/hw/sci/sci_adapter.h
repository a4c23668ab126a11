// A Dolphin PCI-SCI adapter (D310/D320 class: PCI-SCI bridge + link controller) on a 32-bit/33 MHz PCI bus.
// Source: ../shared/REFERENCES.md §1.6 (SISCI call sequence, 64-byte stream buffers, posted stores with a
// store barrier and a sequence check as the only completion signal); IEEE 1596-1992 for packet sizes.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "hw/host.h"
#include "hw/pci_bus.h"
#include "hw/sci/sci_ring.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// Result of SCICheckSequence (REFERENCES §1.6.1).
enum class SciSeqStatus { kOk, kRetriable, kNotRetriable, kPending };

/// One write that landed in a node's memory (the remote adapter's PCI write ended).
struct SciLanding {
  Time t;
  int src;
  uint64_t addr;
  uint32_t bytes;
};

/// The adapter of one node. Addresses are offsets in the target node's exported segment space.
///
/// CPU stores through a mapped remote segment (`store`) leave the CPU in write-combined bursts of one
/// host cache line (host.cache_line_bytes: the Pentium II WC buffer), at most sci.host_posted_writes in the
/// host bridge at once; each burst is a PCI write into the adapter. The adapter gathers them in
/// sci.stream_buffers stream buffers of 64 B (indexed by the 64-byte block address): a full aligned buffer
/// leaves at once as one 64-byte SCI write; a partial buffer leaves, when flushed (store barrier, SCIFlush,
/// eviction by another block, or sci.stream_flush_timeout_ns idle), as one 16-byte write per touched
/// 16-byte quarter. Every request is echoed by its target; `store_barrier` returns only when every echo is
/// back. Remote reads are a full round trip with the CPU stalled.
class SciAdapter {
 public:
  SciAdapter(Simulator& sim, ComponentId id, int node, Host& host, PciBus& pci, SciRing& ring, const ParameterSet& p);
  void attach(std::vector<SciAdapter*>* all) { all_ = all; }

  ComponentId id() const { return id_; }
  int node() const { return node_; }

  // --- SISCI segments (REFERENCES §1.6.1) ---
  /// SCICreateSegment + SCIPrepareSegment + SCISetSegmentAvailable (no time: the kernel agent charges it).
  void export_segment(uint32_t segment_id, uint64_t size) { segments_[segment_id] = size; }
  /// Size of an exported segment, or 0 (SCIConnectSegment fails when the segment is not available).
  uint64_t segment_size(uint32_t segment_id) const;

  // --- Initiator (CPU) side ---
  /// CPU stores of `bytes` at `addr` of node `dst`'s segment. `then` runs when the CPU has issued the last
  /// store (the data may still be in the bridge, a stream buffer or on the ring).
  void store(int dst, uint64_t addr, uint32_t bytes, uint32_t message, std::function<void()> then);
  /// SCIFlush: a posted write to the adapter's flush register; every stream buffer leaves when it lands.
  void flush(uint32_t message, std::function<void()> then);
  /// SCIStoreBarrier: flush, then a read of the adapter's status register that completes only when every
  /// earlier store has reached the adapter and every request has been echoed.
  void store_barrier(uint32_t message, std::function<void()> then);
  /// SCIStartSequence: a read of the adapter's error counter, which the later check compares against.
  void start_sequence(uint32_t message, std::function<void(SciSeqStatus)> then);
  /// SCICheckSequence: a read of the adapter's error counter.
  void check_sequence(uint32_t message, std::function<void(SciSeqStatus)> then);
  /// A CPU load of `bytes` from node `dst`'s segment: read request, remote PCI DMA read, response.
  void remote_read(int dst, uint64_t addr, uint32_t bytes, uint32_t message, std::function<void()> then);
  /// Test hook: the next request packet is lost on the ring (a transient error for the sequence check).
  void inject_transient_error() { ++errors_; }

  // --- Target side ---
  /// One-shot: `cb` runs when a landed write covers `addr` (the CPU polling that word sees it change).
  void watch(uint64_t addr, std::function<void()> cb) { watches_.emplace(addr, std::move(cb)); }
  void set_landing_log(std::vector<SciLanding>* log) { log_ = log; }

  // --- Counters ---
  uint64_t packets64() const { return packets64_; }
  uint64_t packets16() const { return packets16_; }
  uint64_t echoes() const { return echoes_; }
  uint64_t bytes_sent() const { return bytes_sent_; }
  int outstanding() const { return outstanding_; }

 private:
  struct StreamBuffer {
    bool valid = false;
    int dst = 0;
    uint64_t block = 0;
    uint64_t mask = 0;
    uint32_t message = 0;
    uint64_t generation = 0;
  };
  struct Stream;
  void pump(const std::shared_ptr<Stream>& s);
  void accept_write(int dst, uint64_t addr, uint32_t bytes, uint32_t message);
  void emit(size_t idx);
  void emit_all();
  void send_write(int dst, uint64_t addr, uint32_t payload, uint64_t land_addr, uint32_t land_bytes,
                  uint32_t message);
  void receive_write(int src, uint64_t addr, uint32_t payload, uint32_t land_bytes, uint32_t message);
  void echo_back();
  void register_read(uint32_t message, bool barrier, std::function<void()> then);
  void check_waiters();
  bool quiet() const;

  Simulator& sim_;
  ComponentId id_;
  int node_;
  Host& host_;
  PciBus& pci_;
  SciRing& ring_;
  std::vector<SciAdapter*>* all_ = nullptr;
  std::map<uint32_t, uint64_t> segments_;
  std::vector<StreamBuffer> buffers_;
  uint32_t line_bytes_;
  uint32_t posted_writes_;
  double cpu_Bps_;
  Time store_ps_;
  Time request_ps_;
  Time receive_ps_;
  Time register_ps_;
  Time timeout_ps_;
  uint32_t header_bytes_;
  uint32_t echo_bytes_;
  int cpu_writes_in_flight_ = 0;
  int outstanding_ = 0;
  uint64_t errors_ = 0;
  uint64_t seq_errors_ = 0;
  uint64_t packets64_ = 0, packets16_ = 0, echoes_ = 0, bytes_sent_ = 0;
  std::vector<std::function<void()>> barrier_waiters_;
  std::multimap<uint64_t, std::function<void()>> watches_;
  std::vector<SciLanding>* log_ = nullptr;
};

}  // namespace hpcsim
