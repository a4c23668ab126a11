// A host: one CPU running the application and its communication library, attached to a PCI bus.
#pragma once
#include <vector>
#include <functional>

#include "hw/pci_bus.h"
#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim {

/// The parameters of a node's host: CPU, memory and the Linux kernel paths it runs (host_parameters.cc).
const std::vector<ParameterSpec>& host_parameters();


/// A communication-library call on the host: cycles of code, then PIO reads of NIC memory, then 8-byte
/// uncached stores to NIC memory (the counts are the protocol's; the unit costs are Host's parameters).
struct LibraryCall {
  uint64_t cycles;
  int pio_reads;
  int stores;
};

/// Host CPU costs (parameters host.*; seed 002 §5: 1 GHz Pentium III). Library code paths are
/// charged in CPU cycles; accesses to NIC memory go over the PCI bus as PIO transactions.
class Host {
 public:
  Host(Simulator& sim, ComponentId id, int node, PciBus& pci, const ParameterSet& p);

  ComponentId id() const { return id_; }
  int node() const { return node_; }
  PciBus& pci() { return pci_; }

  /// Runs `cycles` of library or application code, then `then`.
  void compute(uint64_t cycles, std::function<void()> then);
  /// `n` PIO reads of NIC memory, one after another (each stalls the CPU for the whole PCI read).
  void pio_reads(int n, uint32_t message, std::function<void()> then);
  /// PIO write of `bytes` (8-byte uncached stores): the CPU is stalled host.uncached_store_ns per store;
  /// the PCI transaction is posted. `then` runs when the CPU may go on; `landed` when the NIC has the data.
  void pio_write(uint32_t bytes, uint32_t message, std::function<void()> then, std::function<void()> landed = {});
  /// Runs `c` (cycles, then its PIO reads, then its stores, one after another), then `then`.
  void call(const LibraryCall& c, uint32_t message, std::function<void()> then);
  /// Reads `bytes` of host memory last written by the NIC: one cache miss (host.cache_miss_ns), then the
  /// rest streams at host.memcpy_MBps (hardware prefetch of the following lines). Then `then`.
  void read_dma_written(uint32_t bytes, std::function<void()> then);
  /// Copies `bytes` in host memory at host.memcpy_MBps.
  void memcpy(uint32_t bytes, std::function<void()> then);

  Time cycles_ps(uint64_t cycles) const { return static_cast<Time>(static_cast<double>(cycles) * cycle_ps_ + 0.5); }
  Time cache_miss_ps() const { return cache_miss_ps_; }

 private:
  Simulator& sim_;
  ComponentId id_;
  int node_;
  PciBus& pci_;
  double cycle_ps_;
  Time store_ps_;
  Time cache_miss_ps_;
  uint32_t line_bytes_;
  double memcpy_Bps_;
};

}  // namespace hpcsim
