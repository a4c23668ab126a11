#include "pvfs2/trove.h"

#include <algorithm>

namespace hpcsim::pvfs2 {

Trove::Trove(Simulator& sim, Thread& aio, const ParameterSet& p)
    : sim_(sim),
      aio_(aio),
      aiocbs_(static_cast<uint32_t>(p.count("pvfs2.aiocb_array"))),
      call_ps_(us_to_ps(p.get("pvfs2.trove_call_us"))),
      aiocb_ps_(us_to_ps(p.get("pvfs2.aiocb_us"))),
      sync_(p.count("pvfs2.trove_sync_data") != 0),
      controller_ps_(us_to_ps(p.get("disk.controller_us"))),
      seek_ps_(us_to_ps(p.get("disk.seek_ms") * 1000.0)),
      half_rotation_ps_(us_to_ps(30e6 / p.get("disk.rpm"))),
      media_Bps_(p.get("disk.media_MBps") * 1e6) {}

Time Trove::host_ps(uint32_t segments) const {
  const uint32_t calls = (segments + aiocbs_ - 1) / aiocbs_;
  return call_ps_ * calls + aiocb_ps_ * segments;
}

void Trove::trace(Time busy, uint64_t bytes, int32_t op) {
  sim_.trace().record(sim_.now() - busy, sim_.now(), TraceKind::kTroveOp, aio_.host().id(), 0,
                      static_cast<uint32_t>(std::min<uint64_t>(bytes, 0xffffffffu)), op);
}

void Trove::write(uint64_t bytes, uint32_t segments, std::function<void()> done) {
  calls_ += (segments + aiocbs_ - 1) / aiocbs_;
  const Time busy = transfer_time_ps(bytes, aio_.memcpy_Bps()) + host_ps(segments);
  aio_.copy(bytes, host_ps(segments), [this, bytes, segments, busy, done = std::move(done)]() mutable {
    trace(busy, bytes, 1);
    if (!sync_) {
      done();
      return;
    }
    const uint32_t calls = (segments + aiocbs_ - 1) / aiocbs_;
    const Time d = (controller_ps_ + seek_ps_ + half_rotation_ps_) * calls + transfer_time_ps(bytes, media_Bps_);
    const Time start = disk_.reserve(sim_.now(), d);
    sim_.at(start + d, aio_.host().id(), EventKind::kGeneric, 0, std::move(done));
  });
}

void Trove::read(uint64_t bytes, uint32_t segments, std::function<void()> done) {
  calls_ += (segments + aiocbs_ - 1) / aiocbs_;
  const Time busy = transfer_time_ps(bytes, aio_.memcpy_Bps()) + host_ps(segments);
  aio_.copy(bytes, host_ps(segments), [this, bytes, busy, done = std::move(done)]() {
    trace(busy, bytes, 2);
    done();
  });
}

}  // namespace hpcsim::pvfs2
