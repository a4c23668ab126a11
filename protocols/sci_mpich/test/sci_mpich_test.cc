// SCI-MPICH (ch_smi; seed 003's "SCI-MPI"): the three protocols and constants of REFERENCES §1.6.3, credits,
// eager-buffer exhaustion, retries, and the ping-pong against MPI over SS-VIA.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "hw/sci/sci_cluster.h"
#include "sci_mpich/sci_mpich.h"
#include "ss_via/ss_via_mpi.h"
#include "support/sci_pingpong.h"

namespace hpcsim {
namespace {

using namespace sci_mpich;

struct Rig {
  ParameterSet p{"usc-sci-p2-350"};
  Simulator sim{0};
  SciCluster sci;
  uint32_t msg = 0;
  std::unique_ptr<SciMpich> mpi;
  explicit Rig(int nodes = 2) : sci(sim, p, nodes) { mpi = std::make_unique<SciMpich>(sim, sci, &msg); }
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
};

TEST(SciMpich, ConstantsOfReferences163) {
  EXPECT_EQ(kShortBufferBytes, 64u);
  EXPECT_EQ(kShortMaxPayload, 47u);
  EXPECT_EQ(kShortBuffers, 63u);
  EXPECT_EQ(kEagerBufferBytes, 16384u);
  EXPECT_EQ(kEagerBuffers, 8u);
  EXPECT_EQ(kRndvPoolBytes, 256u * 1024);
  EXPECT_EQ(kRndvBlockBytes, 16u * 1024);
}

TEST(SciMpich, ProtocolBySize) {
  Rig r;
  std::vector<int> recvs;
  std::vector<std::pair<int, int>> sends;
  for (uint32_t b : {0u, 47u, 48u, 16384u, 16385u}) {
    recvs.push_back(r.mpi->irecv(1, 0, static_cast<int>(b), b, []() {}));
    sends.push_back({r.mpi->isend(0, 1, static_cast<int>(b), b, []() {}), static_cast<int>(b)});
  }
  r.run();
  EXPECT_EQ(r.mpi->protocol(0, sends[0].first), SciMpich::kShort);
  EXPECT_EQ(r.mpi->protocol(0, sends[1].first), SciMpich::kShort);
  EXPECT_EQ(r.mpi->protocol(0, sends[2].first), SciMpich::kEager);
  EXPECT_EQ(r.mpi->protocol(0, sends[3].first), SciMpich::kEager);
  EXPECT_EQ(r.mpi->protocol(0, sends[4].first), SciMpich::kRendezvous);
  for (int q : recvs) EXPECT_TRUE(r.mpi->done(1, q));
  for (auto s : sends) EXPECT_TRUE(r.mpi->done(0, s.first));
  EXPECT_EQ(r.mpi->request(1, recvs[4])->status_bytes, 16385u);
  EXPECT_EQ(r.mpi->eager_free(0, 1), 8);  // every eager buffer released by a remote write
}

TEST(SciMpich, MatchingAndUnexpectedQueue) {
  Rig r(3);
  r.mpi->isend(0, 2, 5, 8, []() {});
  r.mpi->isend(1, 2, 6, 1000, []() {});
  r.run();
  EXPECT_EQ(r.mpi->unexpected(2), 2u);
  int a = r.mpi->irecv(2, 1, mpi::kAnyTag, 1000, []() {});
  int b = r.mpi->irecv(2, mpi::kAnySource, 5, 8, []() {});
  int c = r.mpi->irecv(2, 0, 5, 8, []() {});  // posted: nothing matches yet
  r.run();
  EXPECT_TRUE(r.mpi->done(2, a));
  EXPECT_EQ(r.mpi->request(2, a)->status_src, 1);
  EXPECT_EQ(r.mpi->request(2, a)->status_tag, 6);
  EXPECT_TRUE(r.mpi->done(2, b));
  EXPECT_EQ(r.mpi->request(2, b)->status_src, 0);
  EXPECT_FALSE(r.mpi->done(2, c));
  EXPECT_EQ(r.mpi->posted(2), 1u);
  r.mpi->isend(0, 2, 5, 8, []() {});
  r.run();
  EXPECT_TRUE(r.mpi->done(2, c));
  EXPECT_EQ(r.mpi->unexpected(2), 0u);
}

TEST(SciMpich, ShortCreditsExhaustAndReturnByRemoteCounterWrites) {
  Rig r;
  r.mpi->hold_progress(1, true);  // the receiver is outside MPI: nothing is consumed
  int returned = 0;
  const int kSends = 70;
  std::function<void(int)> next = [&](int i) {
    if (i == kSends) return;
    r.mpi->isend(0, 1, i, 8, [&, i]() {
      ++returned;
      next(i + 1);
    });
  };
  next(0);
  r.run();
  EXPECT_EQ(returned, static_cast<int>(kShortBuffers));  // the 64th waits for a credit
  EXPECT_EQ(r.mpi->short_credits(0, 1), 0);
  EXPECT_GE(r.mpi->credit_stalls(), 1u);
  EXPECT_EQ(r.mpi->credit_returns(), 0u);
  r.mpi->hold_progress(1, false);
  r.run();
  EXPECT_EQ(returned, kSends);
  EXPECT_EQ(r.mpi->credit_returns(), kSends / kShortCreditBatch);
  EXPECT_EQ(r.mpi->unexpected(1), static_cast<size_t>(kSends));
  for (int i = 0; i < kSends; ++i) {
    int q = r.mpi->irecv(1, 0, mpi::kAnyTag, 8, []() {});
    r.run();
    ASSERT_TRUE(r.mpi->done(1, q));
    EXPECT_EQ(r.mpi->request(1, q)->status_tag, i);  // non-overtaking
  }
}

TEST(SciMpich, EagerBufferExhaustionFallsBackToRendezvous) {
  Rig r;
  std::vector<int> sends;
  // Unexpected eager messages keep their eager buffers until matched.
  for (int i = 0; i < static_cast<int>(kEagerBuffers) + 1; ++i) {
    sends.push_back(r.mpi->isend(0, 1, i, 1000, []() {}));
    r.run();
  }
  EXPECT_EQ(r.mpi->eager_free(0, 1), 0);
  EXPECT_EQ(r.mpi->eager_fallbacks(), 1u);
  for (int i = 0; i < static_cast<int>(kEagerBuffers); ++i) EXPECT_EQ(r.mpi->protocol(0, sends[i]), SciMpich::kEager);
  EXPECT_EQ(r.mpi->protocol(0, sends.back()), SciMpich::kRendezvous);
  EXPECT_FALSE(r.mpi->done(0, sends.back()));
  std::vector<int> recvs;
  for (int i = 0; i < static_cast<int>(kEagerBuffers) + 1; ++i) recvs.push_back(r.mpi->irecv(1, 0, i, 1000, []() {}));
  r.run();
  for (int q : recvs) EXPECT_TRUE(r.mpi->done(1, q));
  EXPECT_TRUE(r.mpi->done(0, sends.back()));
  EXPECT_EQ(r.mpi->eager_free(0, 1), static_cast<int>(kEagerBuffers));
}

TEST(SciMpich, RendezvousLargerThanThePoolReusesBlocks) {
  Rig r;
  uint32_t bytes = 1u << 20;  // 64 blocks through a 16-block pool
  int q = r.mpi->irecv(1, 0, 0, bytes, []() {});
  int s = r.mpi->isend(0, 1, 0, bytes, []() {});
  r.run();
  EXPECT_TRUE(r.mpi->done(1, q));
  EXPECT_TRUE(r.mpi->done(0, s));
  EXPECT_EQ(r.mpi->request(1, q)->status_bytes, bytes);
}

TEST(SciMpich, RetriableSequenceErrorResendsTheShortBuffer) {
  Rig r;
  r.mpi->isend(0, 1, 0, 8, []() {});  // connects the pair and starts the sequence
  r.run();
  r.sci.adapter(0).inject_transient_error();
  int s = r.mpi->isend(0, 1, 1, 8, []() {});
  r.run();
  EXPECT_TRUE(r.mpi->done(0, s));
  EXPECT_EQ(r.mpi->retries(), 1u);
  EXPECT_EQ(r.mpi->unexpected(1), 2u);  // the duplicate is ignored
}

using test::sci_pingpong;

TEST(SciMpichPingPong, SmallMessageLatencyBelowMpiOverSsVia) {
  double sci4 = sci_pingpong<SciMpich>(4).one_way_latency_us();
  double via4 = sci_pingpong<SsViaMpi>(4).one_way_latency_us();
  EXPECT_LT(sci4, via4);
  std::printf("4 B one-way: SCI-MPICH %.2f us, MPI/SS-VIA %.2f us\n", sci4, via4);
}

TEST(SciMpichPingPong, PrintSweep) {
  for (uint32_t bytes : {0u, 4u, 47u, 48u, 1024u, 16384u, 16385u, 65536u, 262144u, 1048576u}) {
    PingPongResult s = sci_pingpong<SciMpich>(bytes);
    PingPongResult m = sci_pingpong<SsViaMpi>(bytes);
    PingPongResult v = sci_pingpong<SsVia>(bytes);
    std::printf("%8u B  SCI-MPICH %9.2f us %6.1f MB/s | MPI/SS-VIA %9.2f us %6.1f MB/s | SS-VIA %9.2f us %6.1f MB/s\n",
                bytes, s.one_way_latency_us(), s.bandwidth_MBps(), m.one_way_latency_us(), m.bandwidth_MBps(),
                v.one_way_latency_us(), v.bandwidth_MBps());
  }
}

}  // namespace
}  // namespace hpcsim
