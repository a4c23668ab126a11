#include "hw/pci_arbiter.h"

#include <utility>

namespace hpcsim {

PciArbiter::PciArbiter(PciBus& bus, int masters) : bus_(bus), queues_(static_cast<size_t>(masters < 1 ? 1 : masters)) {}

void PciArbiter::transact(int master, PciOp op, uint32_t bytes, uint32_t message, std::function<void()> done) {
  queues_[static_cast<size_t>(master)].push_back(Pending{op, bytes, message, std::move(done)});
  if (!busy_) grant();
}

void PciArbiter::grant() {
  int n = static_cast<int>(queues_.size());
  for (int i = 1; i <= n; ++i) {
    int m = (last_ + i) % n;
    auto& q = queues_[static_cast<size_t>(m)];
    if (q.empty()) continue;
    Pending p = std::move(q.front());
    q.pop_front();
    last_ = m;
    busy_ = true;
    bus_.transact(p.op, p.bytes, p.message, [this, done = std::move(p.done)]() {
      // What `done` queues at this instant competes in the next arbitration, fairly with the others.
      if (done) done();
      busy_ = false;
      grant();
    });
    return;
  }
}

}  // namespace hpcsim
