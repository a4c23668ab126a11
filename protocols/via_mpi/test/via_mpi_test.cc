// MPI over SS-VIA (seed 003 "MPI on SS-VIA"): matching and unexpected messages, the eager / rendezvous switch,
// and the ping-pong against raw SS-VIA (the MPI layer's costs for small messages, zero-copy for large ones).
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "hw/sci/sci_cluster.h"
#include "ss_via/ss_via_mpi.h"
#include "support/sci_pingpong.h"

namespace hpcsim {
namespace {

struct Rig {
  ParameterSet p{"usc-sci-p2-350"};
  Simulator sim{0};
  SciCluster sci;
  uint32_t msg = 0;
  std::unique_ptr<SsViaMpi> mpi;
  explicit Rig(int nodes = 2, ViaMpiOptions o = {}) : sci(sim, p, nodes) {
    mpi = std::make_unique<SsViaMpi>(sim, sci, &msg, o);
  }
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
};

TEST(ViaMpi, MatchesSourceAndTagInOrder) {
  Rig r;
  int s1 = r.mpi->isend(0, 1, 5, 16, []() {});
  int s2 = r.mpi->isend(0, 1, 7, 16, []() {});
  (void)s1;
  r.run();
  // Nothing posted: both eager messages wait in the unexpected queue.
  EXPECT_EQ(r.mpi->unexpected(1), 2u);
  int a = r.mpi->irecv(1, 0, 7, 16, []() {});
  int b = r.mpi->irecv(1, mpi::kAnySource, mpi::kAnyTag, 16, []() {});
  r.run();
  ASSERT_TRUE(r.mpi->done(1, a));
  ASSERT_TRUE(r.mpi->done(1, b));
  EXPECT_EQ(r.mpi->request(1, a)->status_tag, 7);
  EXPECT_EQ(r.mpi->request(1, b)->status_tag, 5);
  EXPECT_EQ(r.mpi->request(1, b)->status_src, 0);
  EXPECT_EQ(r.mpi->unexpected(1), 0u);
  EXPECT_TRUE(r.mpi->done(0, s2));
}

TEST(ViaMpi, PostedReceiveIsMatchedOnArrival) {
  Rig r;
  int a = r.mpi->irecv(1, 0, 3, 100, []() {});
  int c = r.mpi->irecv(1, 0, 4, 100, []() {});
  r.run();
  EXPECT_EQ(r.mpi->posted(1), 2u);
  r.mpi->isend(0, 1, 4, 100, []() {});
  r.run();
  EXPECT_FALSE(r.mpi->done(1, a));
  EXPECT_TRUE(r.mpi->done(1, c));
  EXPECT_EQ(r.mpi->request(1, c)->status_bytes, 100u);
  EXPECT_EQ(r.mpi->posted(1), 1u);
  EXPECT_EQ(r.mpi->unexpected(1), 0u);
}

TEST(ViaMpi, EagerRendezvousSwitchAtTheLimit) {
  Rig r;
  uint32_t limit = via_mpi::kEagerLimitBytes;
  int ra = r.mpi->irecv(1, 0, 1, limit, []() {});
  int rb = r.mpi->irecv(1, 0, 2, limit + 1, []() {});
  int sa = r.mpi->isend(0, 1, 1, limit, []() {});
  r.run();
  EXPECT_EQ(r.mpi->eager_sends(), 1u);
  EXPECT_EQ(r.mpi->rendezvous_sends(), 0u);
  int sb = r.mpi->isend(0, 1, 2, limit + 1, []() {});
  r.run();
  EXPECT_EQ(r.mpi->rendezvous_sends(), 1u);
  for (int q : {ra, rb}) EXPECT_TRUE(r.mpi->done(1, q));
  for (int q : {sa, sb}) EXPECT_TRUE(r.mpi->done(0, q));
  EXPECT_EQ(r.mpi->request(1, rb)->status_bytes, limit + 1);
}

TEST(ViaMpi, UnexpectedRendezvousCompletesWhenPosted) {
  Rig r;
  int s = r.mpi->isend(0, 1, 9, 100000, []() {});
  r.run();
  EXPECT_EQ(r.mpi->unexpected(1), 1u);
  EXPECT_FALSE(r.mpi->done(0, s));  // the data waits for the CTS
  int q = r.mpi->irecv(1, 0, 9, 100000, []() {});
  r.run();
  EXPECT_TRUE(r.mpi->done(1, q));
  EXPECT_TRUE(r.mpi->done(0, s));
  EXPECT_EQ(r.mpi->via().vi(1, 0).state(), via::ViState::kConnected);
}

TEST(ViaMpi, ManyMessagesRespectCredits) {
  // More eager sends in flight than bounce buffers: the sender waits for re-posted receives and SS-VIA never
  // sees an empty receive queue.
  Rig r;
  std::vector<int> recvs;
  for (int i = 0; i < 3 * via_mpi::kBounceBuffers; ++i) r.mpi->isend(0, 1, i, 8, []() {});
  r.run();
  for (int i = 0; i < 3 * via_mpi::kBounceBuffers; ++i) recvs.push_back(r.mpi->irecv(1, 0, i, 8, []() {}));
  r.run();
  for (int q : recvs) EXPECT_TRUE(r.mpi->done(1, q));
  EXPECT_EQ(r.mpi->via().vi(1, 0).state(), via::ViState::kConnected);
  EXPECT_TRUE(r.mpi->via().vi(1, 0).async_errors().empty());
}

using test::sci_pingpong;

TEST(ViaMpiPingPong, SlowerThanSsViaForSmallMessagesCloseForLarge) {
  double mpi4 = sci_pingpong<SsViaMpi>(4).one_way_latency_us();
  double via4 = sci_pingpong<SsVia>(4).one_way_latency_us();
  EXPECT_GT(mpi4, via4);
  double mpi_bw = sci_pingpong<SsViaMpi>(262144).bandwidth_MBps();
  double via_bw = sci_pingpong<SsVia>(262144).bandwidth_MBps();
  EXPECT_GT(mpi_bw, 0.9 * via_bw);
  EXPECT_LE(mpi_bw, via_bw);
  std::printf("4 B: MPI/SS-VIA %.2f us, SS-VIA %.2f us (+%.2f us); 256 KiB: %.1f vs %.1f MB/s\n", mpi4, via4,
              mpi4 - via4, mpi_bw, via_bw);
}

TEST(ViaMpiPingPong, PrintSweep) {
  for (uint32_t bytes : {0u, 4u, 64u, 1024u, 4096u, 4097u, 16384u, 65536u, 262144u, 1048576u}) {
    PingPongResult m = sci_pingpong<SsViaMpi>(bytes);
    PingPongResult v = sci_pingpong<SsVia>(bytes);
    std::printf("MPI/SS-VIA %8u B  %9.2f us  %6.1f MB/s   (SS-VIA %9.2f us  %6.1f MB/s)\n", bytes,
                m.one_way_latency_us(), m.bandwidth_MBps(), v.one_way_latency_us(), v.bandwidth_MBps());
  }
}

}  // namespace
}  // namespace hpcsim
