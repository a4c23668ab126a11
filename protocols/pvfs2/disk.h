// A PVFS2 server's local disk: a 7200 rpm ATA disk of 2004-05 behind the Linux block queue, one request at a time in
// arrival order (parameters disk.*: references/pvfs2-config.md; the Seagate Barracuda 7200.7's datasheet figures).
// With its write cache on (how ATA drives shipped, and ext3 mounted without barriers, its 2005 default), a write
// completes once its data is in the drive's buffer: the command overhead and the transfer at the interface rate,
// after waiting for room while the buffer destages to the platters at the media rate. With the cache off, each write
// waits for the head: a seek (none when it continues the previous request), the rotation to its first sector (half a
// revolution on average; a whole one when it continues a request that has just completed, as ext3's commit block
// follows the journal blocks it waited for) and the transfer at the media rate.
#pragma once
#include <cstdint>
#include <functional>

#include "kernel/simulator.h"
#include "params/parameter.h"

namespace hpcsim::pvfs2 {

class Disk {
 public:
  /// `host`: the component the disk's trace records belong to (the server's host). Parameters disk.*.
  Disk(Simulator& sim, ComponentId host, const ParameterSet& p);
  /// Writes `bytes` (> 0); `sequential`: it continues the previous request on the platters (the next journal block).
  /// `done` runs when the drive reports completion.
  void write(uint64_t bytes, bool sequential, std::function<void()> done);
  /// Time the drive's interface was busy with requests (ps).
  Time busy_ps() const { return queue_.busy_ps(); }
  uint64_t requests() const { return requests_; }
  /// Bytes in the write cache at `t` (after destaging since the last request), for tests.
  double cached_at(Time t) const;

 private:
  Simulator& sim_;
  ComponentId host_;
  bool write_cache_;
  Time command_ps_, seek_ps_, rotation_ps_;
  double interface_Bps_, media_Bps_, cache_bytes_;
  FifoResource queue_;
  double cached_ = 0;  ///< bytes in the write cache at cached_time_
  Time cached_time_ = 0;
  uint64_t requests_ = 0;
};

/// The parameters of the server disk (disk.*), registered with the PVFS2 workloads.
const std::vector<ParameterSpec>& disk_parameters();

}  // namespace hpcsim::pvfs2
