// The server's storage under Trove: the ATA disk with its write cache on or off (disk.h) and ext3's fsync with jbd's
// batched commits (ext3.h).
#include <gtest/gtest.h>

#include "pvfs2/cpu.h"
#include "pvfs2/disk.h"
#include "pvfs2/ext3.h"

namespace hpcsim::pvfs2 {
namespace {

ParameterSet storage_params(std::vector<std::pair<std::string, double>> overrides = {}) {
  ParameterSet p("osu-elan4-2005");
  for (const auto& [name, value] : overrides) EXPECT_EQ(p.set(name, value), "") << name;
  return p;
}

Time write_once(const ParameterSet& p, uint64_t bytes, bool sequential = false) {
  Simulator sim;
  Disk d(sim, 0, p);
  Time end = 0;
  d.write(bytes, sequential, [&]() { end = sim.now(); });
  sim.run(UINT64_MAX);
  return end;
}

TEST(Disk, WithItsCacheOnAWriteCostsTheCommandAndTheInterfaceTransfer) {
  const ParameterSet p = storage_params();
  const Time expect = us_to_ps(p.get("disk.command_us")) + transfer_time_ps(65536, p.get("disk.interface_MBps") * 1e6);
  EXPECT_EQ(write_once(p, 65536), expect);
}

TEST(Disk, WithItsCacheOffAWriteWaitsForTheHead) {
  const ParameterSet p = storage_params({{"disk.write_cache", 0}});
  const Time rotation = us_to_ps(60e6 / p.get("disk.rpm"));
  const Time media = transfer_time_ps(4096, p.get("disk.media_MBps") * 1e6);
  const Time command = us_to_ps(p.get("disk.command_us"));
  EXPECT_EQ(write_once(p, 4096), command + us_to_ps(p.get("disk.seek_ms") * 1000) + rotation / 2 + media);
  EXPECT_EQ(write_once(p, 4096, true), command + rotation + media);  // continuing a request just completed
}

TEST(Disk, AStreamLongerThanTheCacheRunsAtTheMediaRate) {
  const ParameterSet p = storage_params({{"disk.cache_MB", 1}});
  Simulator sim;
  Disk d(sim, 0, p);
  Time end = 0;
  const int n = 64;  // 16 MiB in 256 KiB writes through a 1 MB buffer
  for (int i = 0; i < n; ++i) d.write(262144, false, [&]() { end = sim.now(); });
  sim.run(UINT64_MAX);
  const double rate = 64.0 * 262144 / (static_cast<double>(end) * 1e-12) / 1e6;
  EXPECT_LT(rate, p.get("disk.media_MBps") * 1.1);
  EXPECT_GT(rate, p.get("disk.media_MBps") * 0.9);
}

TEST(Ext3, ConcurrentFsyncsShareOneCommit) {
  const ParameterSet p = storage_params();
  Simulator sim;
  Disk d(sim, 0, p);
  Ext3 fs(sim, d, p);
  int done = 0;
  // Four writes extend the file, then four fsyncs at once (four notification threads): jbd's batching sleep lets
  // the later handles join, so one commit serves them.
  for (int i = 0; i < 4; ++i) fs.wrote(4096, 4096 * (i + 1));
  for (int i = 0; i < 4; ++i) fs.fsync([&]() { ++done; });
  sim.run(UINT64_MAX);
  EXPECT_EQ(done, 4);
  EXPECT_EQ(fs.commits(), 1u);
}

TEST(Ext3, AnOverwriteInTheSameSecondNeedsNoCommitAGrowingWriteDoes) {
  const ParameterSet p = storage_params();
  Simulator sim;
  Disk d(sim, 0, p);
  Ext3 fs(sim, d, p);
  int done = 0;
  fs.wrote(4096, 8192);  // grows the file: the inode changes
  fs.fsync([&]() { ++done; });
  sim.run(UINT64_MAX);
  EXPECT_EQ(fs.commits(), 1u);
  fs.wrote(4096, 4096);  // rewrites inside it, same second: only the data goes out
  fs.fsync([&]() { ++done; });
  sim.run(UINT64_MAX);
  EXPECT_EQ(fs.commits(), 1u);
  const uint64_t before = d.requests();
  fs.wrote(4096, 16384);  // grows it again
  fs.fsync([&]() { ++done; });
  sim.run(UINT64_MAX);
  EXPECT_EQ(fs.commits(), 2u);
  EXPECT_EQ(d.requests() - before, 3u);  // data, journal blocks, commit block
  EXPECT_EQ(done, 3);
}

}  // namespace
}  // namespace hpcsim::pvfs2
