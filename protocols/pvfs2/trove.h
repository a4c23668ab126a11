// Trove's DBPF storage on one server (references/pvfs2-elan4.md §2.7: dbpf-bstream.c, pvfs2-genconfig @1.2.0): a
// flow buffer's datafile segments go to the bstream by POSIX AIO, lio_listio() calls of at most AIOCB_ARRAY_SZ
// aiocbs, each aiocb a pread/pwrite by glibc's AIO helper thread. With TroveSyncData no (genconfig's default) the
// data is copied to or from the page cache; with pvfs2.trove_sync_data 1 a write also waits for the disk
// (controller overhead, a seek and half a rotation per lio_listio call, then the media transfer).
#pragma once
#include <cstdint>
#include <functional>

#include "kernel/simulator.h"
#include "params/parameter.h"
#include "pvfs2/cpu.h"

namespace hpcsim::pvfs2 {

class Trove {
 public:
  /// `aio`: the server's AIO helper thread (another CPU of the dual-processor node than the server's main loop).
  Trove(Simulator& sim, Thread& aio, const ParameterSet& p);
  /// trove_bstream_write_list of `bytes` in `segments` datafile segments; `done` when Trove reports completion.
  void write(uint64_t bytes, uint32_t segments, std::function<void()> done);
  /// trove_bstream_read_list (from the page cache).
  void read(uint64_t bytes, uint32_t segments, std::function<void()> done);
  Time disk_busy_ps() const { return disk_.busy_ps(); }
  uint64_t calls() const { return calls_; }

 private:
  Time host_ps(uint32_t segments) const;
  /// A trove_op record of the call that just ended after `busy` on the AIO thread (`op` 1 write, 2 read).
  void trace(Time busy, uint64_t bytes, int32_t op);
  Simulator& sim_;
  Thread& aio_;
  uint32_t aiocbs_;
  Time call_ps_, aiocb_ps_;
  bool sync_;
  Time controller_ps_, seek_ps_, half_rotation_ps_;
  double media_Bps_;
  FifoResource disk_;
  uint64_t calls_ = 0;
};

}  // namespace hpcsim::pvfs2
