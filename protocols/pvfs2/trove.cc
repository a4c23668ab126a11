#include "pvfs2/trove.h"

#include <algorithm>

namespace hpcsim::pvfs2 {

uint32_t lio_rounds(uint32_t segments, uint32_t memory_regions, uint32_t aiocb_array) {
  if (segments == 0) return 0;
  // dbpf-bstream-aio.c: "oom = (((mct + 1) < mem_count) ? 0 : 1)": with one memory region the loop ends after the
  // first aiocb whether or not the region is used up.
  if (memory_regions <= 1) return segments;
  const uint32_t per = std::max<uint32_t>(1, aiocb_array);
  return (segments + per - 1) / per;
}

Trove::Trove(Simulator& sim, Thread& main, Thread& aio, const ParameterSet& p, bool leak_slots,
             Processors* processors)
    : sim_(sim),
      main_(main),
      aio_(aio),
      processors_(processors),
      aiocb_array_(static_cast<uint32_t>(p.count("pvfs2.aiocb_array"))),
      max_ios_(static_cast<uint32_t>(p.count("pvfs2.dbpf_max_ios"))),
      lio_listio_ps_(us_to_ps(p.get("pvfs2.lio_listio_us"))),
      aiocb_ps_(us_to_ps(p.get("pvfs2.aiocb_us"))),
      thread_create_ps_(us_to_ps(p.get("os.thread_create_us"))),
      completion_ps_(us_to_ps(p.get("pvfs2.trove_call_us"))),
      sync_(p.count("pvfs2.trove_sync_data") != 0),
      leak_slots_(leak_slots),
      disk_(sim, aio.host().id(), p),
      ext3_(sim, disk_, p) {}

void Trove::trace(Time start, uint64_t bytes, int32_t op) {
  sim_.trace().record(start, sim_.now(), TraceKind::kTroveOp, aio_.host().id(), 0,
                      static_cast<uint32_t>(std::min<uint64_t>(bytes, 0xffffffffu)), op);
}

void Trove::write(uint64_t bytes, uint32_t segments, uint64_t end, std::function<void()> done) {
  attributes_cached_ = false;  // dbpf_bstream_rw_list: dbpf_attr_cache_remove on every write
  post(true, bytes, segments, end, std::move(done));
}

void Trove::read(uint64_t bytes, uint32_t segments, std::function<void()> done) {
  post(false, bytes, segments, 0, std::move(done));
}

void Trove::post(bool write, uint64_t bytes, uint32_t segments, uint64_t end, std::function<void()> done) {
  auto op = std::make_shared<Op>();
  op->write = write;
  op->bytes = bytes;
  op->end = end;
  op->rounds = std::max<uint32_t>(1, lio_rounds(segments, 1, aiocb_array_));  // a list is at least one call
  op->done = std::move(done);
  ++ops_;
  issue(std::move(op), 0, true);
}

void Trove::issue(std::shared_ptr<Op> op, uint32_t k, bool from_main) {
  if (k == 0 || leak_slots_) {  // 1.1.0+: a later round keeps its op's slot (dec_first)
    if (in_progress_ >= max_ios_) {
      ++delayed_;
      ready_.emplace_back(std::move(op), k);
      return;
    }
    ++in_progress_;
  }
  // The lio_listio call: on the server's thread that posts the op, or in the notification thread of the round
  // before (or of the op that freed the slot).
  if (from_main)
    main_.run(Work::kLioListio, lio_listio_ps_, [this, op, k]() { round(op, k); });
  else
    notification(Work::kLioListio, lio_listio_ps_, [this, op, k]() { round(op, k); });
}

void Trove::notification(Work work, Time busy, std::function<void()> then) {
  const Time start = processors_ ? processors_->reserve(sim_.now(), busy) : sim_.now();
  if (busy > 0)
    sim_.trace().record(start, start + busy, TraceKind::kPvfs2Work, aio_.host().id(), 0, 0, static_cast<int32_t>(work));
  sim_.at(start + busy, aio_.host().id(), EventKind::kGeneric, 0, std::move(then));
}

void Trove::round(std::shared_ptr<Op> op, uint32_t k) {
  ++rounds_;
  // The round's aiocb covers its share of the op's bytes (the segments' sizes are not kept: an even split).
  const uint64_t bytes = op->bytes / op->rounds + (k + 1 == op->rounds ? op->bytes % op->rounds : 0);
  const Time queued = sim_.now();
  const Time syscall = aiocb_ps_ + (op->write ? ext3_.write_call_ps() : 0);
  aio_.copy(Work::kAio, bytes, syscall, [this, op, k, bytes, queued, syscall]() {
    const Time ran = transfer_time_ps(bytes, aio_.memcpy_Bps()) + syscall;
    trace(std::max(queued, sim_.now() - ran), bytes, op->write ? 1 : 2);
    if (op->write) ext3_.wrote(bytes, op->end);
    // SIGEV_THREAD: glibc creates the notification thread, which checks the aiocb and issues the next round.
    notification(Work::kNotification, thread_create_ps_, [this, op, k]() {
      if (k + 1 < op->rounds)
        issue(op, k + 1, false);
      else
        finish(op);
    });
  });
}

void Trove::finish(std::shared_ptr<Op> op) {
  auto complete = [this, op]() {
    // move_op_to_completion_queue, then start_delayed_ops_if_any: the slot passes to the oldest waiting op.
    --in_progress_;
    if (!ready_.empty()) {
      auto [next, k] = std::move(ready_.front());
      ready_.pop_front();
      issue(std::move(next), k, false);
    }
    main_.run(Work::kTroveDone, completion_ps_, op->done);
  };
  if (!(op->write && sync_)) {
    complete();
    return;
  }
  const Time began = sim_.now();
  ext3_.fsync([this, began, complete]() {
    trace(began, 0, 3);
    complete();
  });
}

}  // namespace hpcsim::pvfs2
