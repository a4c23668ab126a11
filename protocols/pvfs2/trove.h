// Trove's DBPF storage on one PVFS2 server with threaded glibc AIO, as the code ran it (references/pvfs2-config.md
// §2.4-2.5 and §3.1, checked against dbpf-bstream.c and dbpf-bstream-aio.c @pvfs2-1-0-1 .. 1-2-0):
//  - One fd per datafile (dbpf's open cache), shared by every client's flows; glibc runs all requests on one fd in
//    one worker thread, one after another: a pread/pwrite per aiocb into or out of the page cache.
//  - A Trove op (trove_bstream_write_list / read_list of one flow buffer's chain entry) is converted into lio_listio
//    rounds. The flow passes one memory region (mem_count 1), so dbpf_bstream_listio_convert stops after one aiocb:
//    a list of N datafile segments is N rounds of one aiocb, AIOCB_ARRAY_SZ notwithstanding (fixed only in 1.5.0).
//  - Each round's completion is a SIGEV_THREAD notification: glibc creates a thread, which checks the aiocb and
//    issues the next round (so an op's rounds are strictly serial), or ends the op.
//  - At most DBPF_MAX_IOS_IN_PROGRESS ops in flight on the server; later ones wait in the ready queue.
//  - A write op ends, with TroveSyncData yes, in fsync(fd) in the last notification thread (ext3.h), holding its slot.
//  - The ended op goes to the completion queue; the Trove thread wakes and runs the flow's callback.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>

#include "kernel/simulator.h"
#include "params/parameter.h"
#include "pvfs2/cpu.h"
#include "pvfs2/disk.h"
#include "pvfs2/ext3.h"

namespace hpcsim::pvfs2 {

/// lio_listio rounds dbpf_bstream_listio_convert makes of `segments` datafile segments and `memory_regions` memory
/// regions: one aiocb per round when there is one memory region (the flow path, always), else up to AIOCB_ARRAY_SZ
/// aiocbs per round (`aiocb_array`).
uint32_t lio_rounds(uint32_t segments, uint32_t memory_regions, uint32_t aiocb_array);

class Trove {
 public:
  /// `main`: the server's main thread (it issues an op's first round and runs its completion callback); `aio`:
  /// glibc's AIO worker of the datafile's fd (the node's other CPU). Parameters pvfs2.*, os.*, disk.*, ext3.*.
  /// `leak_slots`: PVFS2 up to 1.0.1, whose every round after an op's first takes another slot of
  /// DBPF_MAX_IOS_IN_PROGRESS while the op's end returns only one (fixed in 1.1.0, e3bd1fd5c, 2005-05-12): once the
  /// slots have leaked, every later op waits in the ready queue for ever.
  /// `processors`: the node's processors, which the notification threads take too (null: never wait for one).
  Trove(Simulator& sim, Thread& main, Thread& aio, const ParameterSet& p, bool leak_slots = false,
        Processors* processors = nullptr);
  /// trove_bstream_write_list of `bytes` in `segments` datafile segments ending at datafile offset `end`; `done`
  /// when the flow's callback runs.
  void write(uint64_t bytes, uint32_t segments, uint64_t end, std::function<void()> done);
  /// trove_bstream_read_list (from the page cache: every byte read was written before).
  void read(uint64_t bytes, uint32_t segments, std::function<void()> done);

  uint64_t ops() const { return ops_; }
  uint64_t rounds() const { return rounds_; }
  uint64_t delayed() const { return delayed_; }
  /// Ops (or rounds) waiting in the ready queue for a slot; with leaked slots, for ever.
  size_t waiting() const { return ready_.size(); }
  bool leaks_slots() const { return leak_slots_; }
  /// dbpf's attribute cache of the datafile: a write op drops it; the next request's prelude getattr refills it.
  bool attributes_cached() const { return attributes_cached_; }
  void cache_attributes() { attributes_cached_ = true; }
  const Ext3& ext3() const { return ext3_; }
  const Disk& disk() const { return disk_; }

 private:
  struct Op {
    bool write = false;
    uint64_t bytes = 0, end = 0;
    uint32_t rounds = 0;
    std::function<void()> done;
  };
  /// A write or read op of `segments` datafile segments (dbpf_bstream_rw_list), issued from the server's thread.
  void post(bool write, uint64_t bytes, uint32_t segments, uint64_t end, std::function<void()> done);
  /// issue_or_delay_io_operation for round `k` of `op`: a slot (round 0, or every round when slots leak), or the
  /// ready queue. `from_main`: posted by the server's thread (else by a notification thread).
  void issue(std::shared_ptr<Op> op, uint32_t k, bool from_main);
  void round(std::shared_ptr<Op> op, uint32_t k);
  void finish(std::shared_ptr<Op> op);
  /// `busy` ps of a notification thread's `work` on one of the node's processors (a pvfs2_work record), then `then`.
  void notification(Work work, Time busy, std::function<void()> then);
  /// A trove_op record of something that ran from `start` to now on the server's host (`op` 1 pwrite, 2 pread,
  /// 3 fsync).
  void trace(Time start, uint64_t bytes, int32_t op);

  Simulator& sim_;
  Thread& main_;
  Thread& aio_;
  Processors* processors_;
  uint32_t aiocb_array_, max_ios_;
  Time lio_listio_ps_, aiocb_ps_, thread_create_ps_, completion_ps_;
  bool sync_, leak_slots_;
  bool attributes_cached_ = true;
  Disk disk_;
  Ext3 ext3_;
  uint32_t in_progress_ = 0;
  std::deque<std::pair<std::shared_ptr<Op>, uint32_t>> ready_;  ///< (op, round) waiting for a slot
  uint64_t ops_ = 0, rounds_ = 0, delayed_ = 0;
};

}  // namespace hpcsim::pvfs2
