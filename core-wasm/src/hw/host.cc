#include "hw/host.h"

#include <memory>

namespace hpcsim {

Host::Host(Simulator& sim, ComponentId id, int node, PciBus& pci, const ParameterSet& p)
    : sim_(sim),
      id_(id),
      node_(node),
      pci_(pci),
      cycle_ps_(1e6 / p.get("host.clock_MHz")),
      store_ps_(ns_to_ps(p.get("host.uncached_store_ns"))),
      cache_miss_ps_(ns_to_ps(p.get("host.cache_miss_ns"))),
      line_bytes_(static_cast<uint32_t>(p.get("host.cache_line_bytes"))),
      memcpy_Bps_(p.get("host.memcpy_MBps") * 1e6) {}

void Host::compute(uint64_t cycles, std::function<void()> then) {
  sim_.after(cycles_ps(cycles), id_, EventKind::kHostCpuDone, 0, std::move(then));
}

void Host::pio_reads(int n, uint32_t message, std::function<void()> then) {
  if (n <= 0) {
    then();
    return;
  }
  pci_.transact(PciOp::kPioRead, 8, message, [this, n, message, then = std::move(then)]() mutable {
    pio_reads(n - 1, message, std::move(then));
  });
}

void Host::pio_write(uint32_t bytes, uint32_t message, std::function<void()> then, std::function<void()> landed) {
  uint32_t stores = bytes == 0 ? 1 : (bytes + 7) / 8;
  pci_.transact(PciOp::kPioWrite, bytes, message, [landed = std::move(landed)]() {
    if (landed) landed();
  });
  sim_.after(store_ps_ * stores, id_, EventKind::kHostCpuDone, bytes, std::move(then));
}

void Host::call(const LibraryCall& c, uint32_t message, std::function<void()> then) {
  compute(c.cycles, [this, c, message, then = std::move(then)]() mutable {
    pio_reads(c.pio_reads, message, [this, c, message, then = std::move(then)]() mutable {
      auto stores = std::make_shared<std::function<void(int)>>();
      *stores = [this, message, weak_self = std::weak_ptr<std::function<void(int)>>(stores), then = std::move(then)](int left) mutable {
        auto stores = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
        if (left <= 0) {
          auto done = std::move(then);
          stores.reset();
          done();
          return;
        }
        pio_write(8, message, [stores, left]() { (*stores)(left - 1); });
      };
      (*stores)(c.stores);
    });
  });
}

void Host::read_dma_written(uint32_t bytes, std::function<void()> then) {
  uint32_t rest = bytes > line_bytes_ ? bytes - line_bytes_ : 0;
  sim_.after(cache_miss_ps_ + transfer_time_ps(rest, memcpy_Bps_), id_, EventKind::kHostCpuDone, bytes,
             std::move(then));
}

void Host::memcpy(uint32_t bytes, std::function<void()> then) {
  sim_.after(transfer_time_ps(bytes, memcpy_Bps_), id_, EventKind::kHostCpuDone, bytes, std::move(then));
}

}  // namespace hpcsim
