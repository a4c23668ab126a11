// The BMI contract over the Elan4 method (REFERENCES §1.4.1) and the SG-LIO chain (seed 000; references §3.3-3.4).
#include <gtest/gtest.h>

#include "hw/qsnet_cluster.h"
#include "pvfs2/bmi_elan4.h"
#include "pvfs2/file_system.h"

namespace hpcsim::pvfs2 {
namespace {

struct Rig {
  explicit Rig(ListMode mode = ListMode::kSgLio)
      : p("osu-elan4-2005"), cluster(sim, p, 4, NicFamily::kElan4) {
    for (int n = 0; n < 4; ++n) threads.push_back(std::make_unique<Thread>(sim, cluster.host(n)));
    bmi = std::make_unique<BmiElan4>(sim, cluster, p, mode, [this](int n) -> Thread& { return *threads[n]; }, &ids, 0);
  }
  Simulator sim;
  ParameterSet p;
  QsnetCluster cluster;
  std::vector<std::unique_ptr<Thread>> threads;
  uint32_t ids = 0;
  std::unique_ptr<BmiElan4> bmi;
};

TEST(BmiContract, AnEagerSendCompletesImmediatelyARendezvousWhenTheDataIsThere) {
  Rig r;
  Time received = 0, rendezvous_sent = 0;
  BmiPost e = r.bmi->post_send(0, 1, 7, {100}, 100, [](int, uint64_t) { FAIL() << "an immediate send calls no done"; });
  EXPECT_EQ(e.status, BmiPost::kImmediate);
  r.bmi->post_recv(1, 0, 7, {100}, 100, [&](int err, uint64_t b) {
    EXPECT_EQ(err, 0);
    EXPECT_EQ(b, 100u);
    received = r.sim.now();
  });
  BmiPost big = r.bmi->post_send(0, 1, 8, {65536}, 65536, [&](int err, uint64_t) {
    EXPECT_EQ(err, 0);
    rendezvous_sent = r.sim.now();
  });
  EXPECT_EQ(big.status, BmiPost::kPosted);
  Time big_received = 0;
  r.bmi->post_recv(1, 0, 8, {65536}, 65536, [&](int, uint64_t) { big_received = r.sim.now(); });
  r.sim.run(UINT64_MAX);
  EXPECT_GT(received, 0);
  EXPECT_GT(big_received, 0);
  EXPECT_GT(rendezvous_sent, big_received);  // the sender learns of it by the FIN
}

TEST(BmiContract, AMessageLargerThanTheExpectedSizeFailsBothSides) {
  Rig r;
  int recv_err = 0, send_err = 0;
  r.bmi->post_recv(1, 0, 3, {4096}, 4096, [&](int err, uint64_t) { recv_err = err; });
  r.bmi->post_send(0, 1, 3, {8192}, 8192, [&](int err, uint64_t) { send_err = err; });
  r.sim.run(UINT64_MAX);
  EXPECT_EQ(recv_err, kBmiEmsgsize);
  EXPECT_EQ(send_err, kBmiEmsgsize);
}

TEST(BmiContract, ListAggregateMismatchAndOversizedUnexpectedAreRefused) {
  Rig r;
  BmiPost a = r.bmi->post_send(0, 1, 1, {100, 200}, 400, {});
  EXPECT_EQ(a.status, BmiPost::kRefused);
  EXPECT_NE(a.error.find("300 B"), std::string::npos) << a.error;
  BmiPost b = r.bmi->post_recv(1, 0, 1, {100}, 50, {});
  EXPECT_EQ(b.status, BmiPost::kRefused);
  BmiPost c = r.bmi->post_sendunexpected(0, 1, 1, {100000}, 100000, {});
  EXPECT_EQ(c.status, BmiPost::kRefused);
  EXPECT_NE(c.error.find("unexpected limit"), std::string::npos) << c.error;
}

TEST(BmiContract, UnexpectedMessagesReachTheHandlerAndEarlyOnesWaitForTheirReceive) {
  Rig r;
  int unexpected = 0;
  uint64_t bytes = 0;
  r.bmi->set_unexpected_handler(1, [&](const BmiIncoming& in) {
    ++unexpected;
    bytes = in.bytes;
    EXPECT_EQ(in.peer, 0);
  });
  r.bmi->post_sendunexpected(0, 1, 9, {5000}, 5000, {});  // above one slot: pulled into a BMI buffer
  r.bmi->post_send(0, 1, 4, {64}, 64, {});
  r.sim.run(UINT64_MAX);
  EXPECT_EQ(unexpected, 1);
  EXPECT_EQ(bytes, 5000u);
  EXPECT_EQ(r.bmi->early_arrivals(), 1u);
  bool got = false;
  r.bmi->post_recv(1, 0, 4, {64}, 64, [&](int, uint64_t) { got = true; });
  r.sim.run(UINT64_MAX);
  EXPECT_TRUE(got);
}

Time list_transfer(ListMode mode, int segments, BmiElan4** out_bmi, Rig& r) {
  std::vector<uint32_t> recv(static_cast<size_t>(segments), 4096);
  Time done = 0;
  r.bmi->post_send(0, 1, 2, {static_cast<uint32_t>(4096 * segments)}, 4096ull * segments, {});
  r.bmi->post_recv(1, 0, 2, recv, 4096ull * segments, [&](int err, uint64_t) {
    EXPECT_EQ(err, 0);
    done = r.sim.now();
  });
  r.sim.run(UINT64_MAX);
  *out_bmi = r.bmi.get();
  (void)mode;
  return done;
}

TEST(SgLio, OneHostKickStartsAChainOfOneDescriptorPerPieceFiredByCopyEvents) {
  Rig r(ListMode::kSgLio);
  BmiElan4* b = nullptr;
  const uint64_t fired_before = r.cluster.elan4(1, 0).events_fired();
  EXPECT_GT(list_transfer(ListMode::kSgLio, 16, &b, r), 0);
  EXPECT_EQ(b->descriptors(), 16u);
  EXPECT_EQ(b->chained_starts(), 16u);
  EXPECT_EQ(b->bytes_packed(), 0u);
  // The kick, 15 chain events, the SEAMUR event (counting 16): at least 17 events fired on the receiver's NIC.
  EXPECT_GE(r.cluster.elan4(1, 0).events_fired() - fired_before, 17u);
}

TEST(SgLio, LioPacksAndIterativePostsEveryDescriptorFromTheHost) {
  Rig lio(ListMode::kLio);
  BmiElan4* b = nullptr;
  const Time t_lio = list_transfer(ListMode::kLio, 16, &b, lio);
  EXPECT_EQ(b->descriptors(), 1u);
  EXPECT_EQ(b->bytes_packed(), 16u * 4096);
  Rig it(ListMode::kIterative);
  const Time t_it = list_transfer(ListMode::kIterative, 16, &b, it);
  EXPECT_EQ(b->descriptors(), 16u);
  EXPECT_EQ(b->chained_starts(), 0u);
  Rig sg(ListMode::kSgLio);
  const Time t_sg = list_transfer(ListMode::kSgLio, 16, &b, sg);
  EXPECT_LT(t_sg, t_lio);  // zero copy beats the unpack
  EXPECT_GT(t_it, 0);
}

TEST(Elan4Credits, TheFirstMessageConnectsThenEachConnectionHoldsItsShareOfThePeersQueue) {
  Rig r;  // 4 nodes: each queue of bmi_elan4.queue_slots is shared by 3 peers, less the reserve for uncredited ones
  const int slots = static_cast<int>(r.p.count("bmi_elan4.queue_slots"));
  EXPECT_EQ(r.bmi->connection_credits(), slots / 3 - 3);
  EXPECT_EQ(r.bmi->credits(0, 1), 0);
  bool got = false;
  r.bmi->post_recv(1, 0, 7, {100}, 100, [&](int, uint64_t) { got = true; });
  r.bmi->post_send(0, 1, 7, {100}, 100, {});
  r.sim.run(UINT64_MAX);
  EXPECT_TRUE(got);
  EXPECT_EQ(r.bmi->connections(), 1u);  // node 0's CONNECT; node 1 answered with ACCEPT and is connected too
  // Node 0 spent one credit; node 1 owes it back with its next message.
  EXPECT_EQ(r.bmi->credits(0, 1), r.bmi->connection_credits() - 1);
  EXPECT_EQ(r.bmi->credits(1, 0), r.bmi->connection_credits());
}

TEST(Elan4Credits, ABurstBeyondTheCreditsWaitsAndIsReturnedByCreditMessages) {
  Rig r;
  const int burst = 3 * r.bmi->connection_credits();
  int got = 0;
  for (int i = 0; i < burst; ++i) r.bmi->post_send(0, 1, i, {64}, 64, {});
  for (int i = 0; i < burst; ++i) r.bmi->post_recv(1, 0, i, {64}, 64, [&](int, uint64_t) { ++got; });
  r.sim.run(UINT64_MAX);
  EXPECT_EQ(got, burst);
  EXPECT_GT(r.bmi->credit_waits(), 0u);
  EXPECT_GT(r.bmi->credit_messages(), 0u);  // node 1 sends nothing back: its slots return in CREDIT messages
  // Credits kept the queue from overflowing: no QDMA was refused by a full queue.
  EXPECT_EQ(r.bmi->queue_refusals(), 0u);
  EXPECT_GT(r.bmi->credits(0, 1), 0);
}

/// The list_piece trace records of one run (landing time, piece index, bytes), in recording order.
struct PieceRecord {
  double start, landed;
  int index, sender;
  uint32_t bytes;
};
std::vector<PieceRecord> pieces_of(Simulator& sim) {
  std::vector<PieceRecord> out;
  TraceBuffer& t = sim.trace();
  const size_t n = t.take(t.pending());
  for (size_t i = 0; i < n; ++i)
    if (t.batch_kind()[i] == static_cast<uint32_t>(TraceKind::kListPiece))
      out.push_back({t.batch_t0()[i], t.batch_t1()[i], t.batch_value()[i] >> 12, t.batch_value()[i] & 0xfff,
                     t.batch_bytes()[i]});
  return out;
}

TEST(ListPieces, SgLioPiecesLandOneAfterAnotherInChainOrder) {
  Rig r(ListMode::kSgLio);
  BmiElan4* b = nullptr;
  const Time done = list_transfer(ListMode::kSgLio, 16, &b, r);
  const auto ps = pieces_of(r.sim);
  ASSERT_EQ(ps.size(), 16u);
  for (size_t i = 0; i < ps.size(); ++i) {
    EXPECT_EQ(ps[i].index, static_cast<int>(i));
    EXPECT_EQ(ps[i].sender, 0);
    EXPECT_EQ(ps[i].bytes, 4096u);
    if (i > 0) {
      EXPECT_GT(ps[i].landed, ps[i - 1].landed);  // the chain: each descriptor started by the previous one's event
      EXPECT_EQ(ps[i].start, ps[i - 1].landed);
    }
  }
  EXPECT_LE(ps.back().landed, static_cast<double>(done));
}

TEST(ListPieces, LioRegionsHaveTheirDataWhenTheUnpackEnds) {
  Rig r(ListMode::kLio);
  BmiElan4* b = nullptr;
  list_transfer(ListMode::kLio, 16, &b, r);
  const auto ps = pieces_of(r.sim);
  ASSERT_EQ(ps.size(), 16u);
  for (const auto& p : ps) {
    EXPECT_EQ(p.landed, ps.front().landed);  // one copy fills every region
    EXPECT_EQ(p.start, ps.front().start);
    // The unpack copies the whole message at host.memcpy_MBps.
    EXPECT_GE(p.landed - p.start, 16 * 4096 / (r.p.get("host.memcpy_MBps") * 1e6) * 1e12 * 0.99);
  }
}

TEST(ListPieces, IterativePiecesGoOneAtATimeEachWaitedFor) {
  // The seed's "iterative communication for each contiguous region": the host posts a region's RDMA only once it
  // has seen the previous one's done word.
  Rig r(ListMode::kIterative);
  BmiElan4* b = nullptr;
  list_transfer(ListMode::kIterative, 16, &b, r);
  const auto ps = pieces_of(r.sim);
  ASSERT_EQ(ps.size(), 16u);
  for (size_t k = 1; k < ps.size(); ++k) EXPECT_GT(ps[k].start, ps[k - 1].landed) << k;
}

}  // namespace
}  // namespace hpcsim::pvfs2
