#include "pvfs2/disk.h"

#include <algorithm>

#include "pvfs2/cpu.h"

namespace hpcsim::pvfs2 {

const std::vector<ParameterSpec>& disk_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"disk.write_cache", "0/1", 1, 0, 1, true, "The drive's write cache: 1 (as ATA drives shipped; ext3 mounted without barriers, its 2005 default, never flushes it) completes a write once it is in the drive's buffer; 0 waits for the platters.", "[S-page] M. Andree, 'Which combinations are safe to use?' (2005-07-03): 'many disk drives ship with the write cache enabled', ext3 needs barrier=1, not its default (Documentation/filesystems/ext3.txt before 2006)"},
  {"disk.cache_MB", "MB", 8, 0.5, 64, false, "Write cache (buffer) of the drive: written data waits here until destaged at the media rate.", "[S-page] Seagate Barracuda 7200.7 datasheet: 2 MB or 8 MB buffer (redhill.net.au/d/141.php)"},
  {"disk.command_us", "µs", 150, 0, 10000, false, "Drive command overhead of a write the cache accepts (or before the head moves, with the cache off).", "[estimate] A. Morton, LKML 2004-03-18: overwrite + fsync 0.19 ms on ext3 (one 4 KB write into the drive's cache, with the system call); IBM Ultrastar DDRS spec: command overhead < 0.40 ms on a miss, < 0.03 ms on a hit"},
  {"disk.interface_MBps", "MB/s", 100, 1, 1000, false, "Host-to-buffer transfer rate of the drive's interface.", "[S-page] Seagate Barracuda 7200.7: ATA-100 (or SATA 150)"},
  {"disk.seek_ms", "ms", 8.5, 0, 100, false, "Average seek of the server's disk (cache off, or a request away from the previous one).", "[S-page] Seagate Barracuda 7200.7 datasheet: seek time 8.5 ms"},
  {"disk.rpm", "rpm", 7200, 3600, 15000, false, "Spindle speed: a request waits half a revolution on average, a whole one when it continues a request just completed.", "[S-page] Seagate Barracuda 7200.7: 7200 rpm"},
  {"disk.media_MBps", "MB/s", 50, 1, 1000, false, "Sustained media rate: the rate the write cache destages at (and a write's transfer with the cache off).", "[estimate] between the zones of a 2005 7200 rpm ATA disk: Hitachi Deskstar 7K500 spec, 64.8 MB/s (zone 0) to 31.0 MB/s (zone 29)"},
  };
  // clang-format on
  return kTable;
}

Disk::Disk(Simulator& sim, ComponentId host, const ParameterSet& p)
    : sim_(sim),
      host_(host),
      write_cache_(p.count("disk.write_cache") != 0),
      command_ps_(us_to_ps(p.get("disk.command_us"))),
      seek_ps_(us_to_ps(p.get("disk.seek_ms") * 1000.0)),
      rotation_ps_(us_to_ps(60e6 / p.get("disk.rpm"))),
      interface_Bps_(p.get("disk.interface_MBps") * 1e6),
      media_Bps_(p.get("disk.media_MBps") * 1e6),
      cache_bytes_(p.get("disk.cache_MB") * 1e6) {}

double Disk::cached_at(Time t) const {
  if (t <= cached_time_) return cached_;
  const double destaged = static_cast<double>(t - cached_time_) * 1e-12 * media_Bps_;
  return std::max(0.0, cached_ - destaged);
}

void Disk::write(uint64_t bytes, bool sequential, std::function<void()> done) {
  ++requests_;
  Time start = std::max(sim_.now(), queue_.free_at());
  Time busy;
  if (write_cache_) {
    // Wait for room in the buffer (a request larger than the buffer waits for it to empty and streams through it).
    const double b = static_cast<double>(bytes);
    const double c = cached_at(start);
    const double over = c + std::min(b, cache_bytes_) - cache_bytes_;
    if (over > 0) start += static_cast<Time>(over / media_Bps_ * 1e12);
    busy = command_ps_ + (b > cache_bytes_ ? transfer_time_ps(bytes, std::min(interface_Bps_, media_Bps_))
                                           : transfer_time_ps(bytes, interface_Bps_));
    cached_ = cached_at(start) + std::min(b, cache_bytes_);
    cached_time_ = start;
  } else {
    const Time position = sequential ? rotation_ps_ : seek_ps_ + rotation_ps_ / 2;
    busy = command_ps_ + position + transfer_time_ps(bytes, media_Bps_);
  }
  queue_.reserve(start, busy);
  sim_.at(start + busy, host_, EventKind::kGeneric, 0, std::move(done));
}

}  // namespace hpcsim::pvfs2
