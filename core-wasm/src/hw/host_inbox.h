// Host memory that the NIC writes by DMA and the host polls: event-queue slots and done words.
#pragma once
#include <deque>
#include <functional>

#include "hw/host.h"
#include "kernel/simulator.h"

namespace hpcsim {

/// One NIC-written item that the host library can see once its PCI DMA write has landed.
struct Notice {
  int stream;         ///< independent sequences: e.g. 0 = Portals EQ, 1 = done words
  int32_t tag;        ///< protocol meaning (event kind, operation)
  uint32_t message;   ///< protocol message id
  uint32_t dma_bytes; ///< bytes of it the host reads (each cache line a miss: written by DMA)
  uint64_t cycles;    ///< library cycles to consume it
};

/// Polled host memory. `land` is called when the PCI write carrying a notice ends; `wait` consumes, in
/// order within `stream`, notices up to and including the first one `want` accepts, charging each its
/// cache misses and cycles, then calls `then` with it. Notices of other streams are left in place.
/// The trace records the number of unconsumed notices of stream 0 as an event_queue level.
class HostInbox {
 public:
  HostInbox(Simulator& sim, Host& host) : sim_(sim), host_(host) {}

  void land(const Notice& n) {
    items_.push_back(n);
    record();
    if (waiter_) {
      auto w = std::move(waiter_);
      waiter_ = nullptr;
      w();
    }
  }

  void wait(int stream, std::function<bool(const Notice&)> want, std::function<void(const Notice&)> then) {
    for (auto it = items_.begin(); it != items_.end(); ++it) {
      if (it->stream != stream) continue;
      Notice n = *it;
      items_.erase(it);
      record();
      bool hit = want(n);
      host_.read_dma_written(n.dma_bytes, [this, n, hit, stream, want = std::move(want), then = std::move(then)]() mutable {
        host_.compute(n.cycles, [this, n, hit, stream, want = std::move(want), then = std::move(then)]() mutable {
          if (hit)
            then(n);
          else
            wait(stream, std::move(want), std::move(then));
        });
      });
      return;
    }
    waiter_ = [this, stream, want = std::move(want), then = std::move(then)]() mutable {
      wait(stream, std::move(want), std::move(then));
    };
  }

  size_t size() const { return items_.size(); }

 private:
  void record() {
    int32_t n = 0;
    for (const auto& i : items_) n += i.stream == 0;
    sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kEventQueue, host_.id(), 0, 0, n);
  }
  Simulator& sim_;
  Host& host_;
  std::deque<Notice> items_;
  std::function<void()> waiter_;
};

}  // namespace hpcsim
