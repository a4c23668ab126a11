// Trove/DBPF with threaded glibc AIO (trove.h): one lio_listio round per datafile segment on the flow path, fsync only
// on writes and only with TroveSyncData, one AIO worker per datafile fd serialising every client's writes, the
// server-wide slot limit, and PVFS2 1.0.1's slot leak that stops list I/O.
#include <gtest/gtest.h>

#include "pvfs2/test/fs_rig.h"
#include "pvfs2/trove.h"

namespace hpcsim::pvfs2 {
namespace {

ParameterSet trove_params(std::vector<std::pair<std::string, double>> overrides = {}) {
  ParameterSet p("osu-elan4-2005");
  for (const auto& [name, value] : overrides) EXPECT_EQ(p.set(name, value), "") << name;
  return p;
}

/// One server's Trove on its own: the main thread, the AIO worker and the node's two processors.
struct TroveRig {
  explicit TroveRig(const ParameterSet& p, bool leak = false)
      : cluster(sim, p, 2, NicFamily::kElan4),
        cpus(2),
        main(sim, cluster.host(1), &cpus),
        aio(sim, cluster.host(1), &cpus),
        trove(sim, main, aio, p, leak, &cpus) {
    aio.set_memcpy_Bps(p.get("host.memcpy_MBps") * 1e6);
  }
  Simulator sim;
  QsnetCluster cluster;
  Processors cpus;
  Thread main, aio;
  Trove trove;
};

using test::FsRig;

TEST(Trove, TheFlowPathMakesOneLioListioRoundPerSegmentWhateverAiocbArraySz) {
  // dbpf_bstream_listio_convert with mem_count 1 stops after one aiocb (dbpf-bstream-aio.c:88-89).
  EXPECT_EQ(lio_rounds(16, 1, 8), 16u);
  EXPECT_EQ(lio_rounds(64, 1, 64), 64u);
  EXPECT_EQ(lio_rounds(16, 16, 8), 2u);  // several memory regions: AIOCB_ARRAY_SZ per call
  EXPECT_EQ(lio_rounds(0, 1, 8), 0u);
  TroveRig r(trove_params());
  bool done = false;
  r.trove.write(16 * 1280, 16, 16 * 1280, [&]() { done = true; });
  r.sim.run(UINT64_MAX);
  EXPECT_TRUE(done);
  EXPECT_EQ(r.trove.rounds(), 16u);
}

TEST(Trove, FsyncOnlyOnWritesAndOnlyWithTroveSyncData) {
  for (int sync : {0, 1}) {
    TroveRig r(trove_params({{"pvfs2.trove_sync_data", sync}}));
    int done = 0;
    r.trove.read(65536, 4, [&]() { ++done; });
    r.sim.run(UINT64_MAX);
    EXPECT_EQ(r.trove.ext3().fsyncs(), 0u) << "a read never syncs (sync " << sync << ")";
    r.trove.write(65536, 4, 65536, [&]() { ++done; });
    r.sim.run(UINT64_MAX);
    EXPECT_EQ(done, 2);
    EXPECT_EQ(r.trove.ext3().fsyncs(), static_cast<uint64_t>(sync)) << sync;
    EXPECT_EQ(r.trove.disk().requests() > 0, sync == 1) << "the disk sees only synced writes";
  }
}

TEST(Trove, WithSyncAWriteEndsAfterItsDataAndTheJournalCommitReachTheDisk) {
  const ParameterSet p = trove_params({{"pvfs2.trove_sync_data", 1}});
  TroveRig fast(trove_params()), synced(p);
  Time t_fast = 0, t_sync = 0;
  fast.trove.write(65536, 1, 65536, [&]() { t_fast = fast.sim.now(); });
  synced.trove.write(65536, 1, 65536, [&]() { t_sync = synced.sim.now(); });
  fast.sim.run(UINT64_MAX);
  synced.sim.run(UINT64_MAX);
  // The data, the journal blocks and the commit block: three requests; the handle's batching sleeps a jiffy.
  EXPECT_EQ(synced.trove.disk().requests(), 3u);
  EXPECT_EQ(synced.trove.ext3().commits(), 1u);
  EXPECT_GT(t_sync - t_fast, us_to_ps(p.get("os.jiffy_us")));
}

TEST(Trove, OneAioWorkerPerDatafileSerialisesTwoClientsWrites) {
  // Two clients write to the one server's datafile at the same moment: glibc runs every aiocb on that fd in one
  // worker, so the server's pwrite records (trove_op 1) never overlap.
  FsRig r({}, 2);
  FileSystem& fs = r.fs;
  Simulator& sim = r.sim;
  int done = 0;
  std::vector<Extent> a, b;
  for (uint64_t i = 0; i < 16; ++i) {
    a.push_back({2 * i * 4096, 4096});
    b.push_back({(2 * i + 1) * 4096, 4096});
  }
  ASSERT_EQ(fs.io(0, IoType::kWrite, a, {}, [&]() { ++done; }), "");
  ASSERT_EQ(fs.io(1, IoType::kWrite, b, {}, [&]() { ++done; }), "");
  sim.run(UINT64_MAX);
  ASSERT_EQ(done, 2);
  TraceBuffer& t = sim.trace();
  const size_t n = t.take(t.pending());
  std::vector<std::pair<double, double>> writes;
  for (size_t i = 0; i < n; ++i)
    if (t.batch_kind()[i] == static_cast<uint32_t>(TraceKind::kTroveOp) && t.batch_value()[i] == 1)
      writes.emplace_back(t.batch_t0()[i], t.batch_t1()[i]);
  ASSERT_EQ(writes.size(), 32u);  // 16 segments from each client, one aiocb each
  std::sort(writes.begin(), writes.end());
  for (size_t i = 1; i < writes.size(); ++i) EXPECT_GE(writes[i].first, writes[i - 1].second) << i;
  EXPECT_EQ(fs.trove(0).ops(), 2u);
}

TEST(Trove, OpsBeyondDbpfMaxIosWaitForASlot) {
  TroveRig r(trove_params({{"pvfs2.dbpf_max_ios", 2}}));
  int done = 0;
  for (int i = 0; i < 5; ++i) r.trove.write(4096, 1, 4096 * (i + 1), [&]() { ++done; });
  r.sim.run(UINT64_MAX);
  EXPECT_EQ(done, 5);
  EXPECT_EQ(r.trove.delayed(), 3u);
}

TEST(Trove, Pvfs2101LeaksASlotPerExtraRoundUntilNothingRuns) {
  // 1.0.1: each round after an op's first takes another slot; the op's end returns one. Two-segment ops leak one
  // slot each, so after 16 of them every later op waits for ever (the stock 1.0.1 harness hung at the 16th).
  for (bool leak : {false, true}) {
    TroveRig r(trove_params(), leak);
    int done = 0;
    for (int i = 0; i < 20; ++i) r.trove.write(8192, 2, 8192 * (i + 1), [&]() { ++done; });
    r.sim.run(UINT64_MAX);
    if (leak) {
      EXPECT_LT(done, 20);
      EXPECT_GT(r.trove.waiting(), 0u);
    } else {
      EXPECT_EQ(done, 20);
      EXPECT_EQ(r.trove.waiting(), 0u);
    }
  }
}

TEST(Trove, AWriteDropsTheAttributeCacheAndTheNextRequestPaysAGetattr) {
  FsRig r({}, 1);
  FileSystem& fs = r.fs;
  Simulator& sim = r.sim;
  int done = 0;
  auto io = [&](IoType type) {
    ASSERT_EQ(fs.io(0, type, {{0, 4096}}, {}, [&]() { ++done; }), "");
    sim.run(UINT64_MAX);
  };
  io(IoType::kRead);
  io(IoType::kRead);
  EXPECT_EQ(fs.counters().getattr_misses, 0u);
  io(IoType::kWrite);  // drops the cache
  io(IoType::kRead);   // misses, refills
  io(IoType::kRead);
  EXPECT_EQ(fs.counters().getattr_misses, 1u);
  EXPECT_EQ(done, 5);
}

}  // namespace
}  // namespace hpcsim::pvfs2
