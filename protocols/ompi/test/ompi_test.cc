// Open MPI PML rules (matching, ordering, unexpected), PTL protocol switches, striping, MPI-2 process pool.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "ompi/match_queue.h"
#include "ompi/ompi_elan4.h"
#include "ompi/process_pool.h"
#include "workload/pingpong.h"

namespace hpcsim {
namespace {

using namespace ompi;

Header frag(int src, int tag, uint16_t seq, uint32_t context = 0) {
  Header h;
  h.src = src;
  h.tag = tag;
  h.msg_seq = seq;
  h.context = context;
  return h;
}

TEST(MatchQueue, OutOfOrderFragmentsAreHeldUntilTheGapFills) {
  MatchQueue q;
  uint32_t n = 0;
  q.post(PostedRecv{1, 0, 3, kAnyTag}, &n);
  q.post(PostedRecv{2, 0, 3, kAnyTag}, &n);
  EXPECT_TRUE(q.arrive(frag(3, 5, 1), &n).empty());  // seq 1 before seq 0 (it came on the other rail)
  EXPECT_EQ(q.held(), 1u);
  auto out = q.arrive(frag(3, 6, 0), &n);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].header.tag, 6);
  EXPECT_EQ(*out[0].request, 1u);  // MPI order: the first posted receive gets the first sent message
  EXPECT_EQ(*out[1].request, 2u);
  EXPECT_EQ(q.held(), 0u);
}

TEST(MatchQueue, WildcardsContextsAndUnexpected) {
  MatchQueue q;
  uint32_t n = 0;
  auto r = q.arrive(frag(2, 9, 0), &n);  // nothing posted: unexpected
  ASSERT_EQ(r.size(), 1u);
  EXPECT_FALSE(r[0].request);
  EXPECT_EQ(q.unexpected(), 1u);
  EXPECT_FALSE(q.post(PostedRecv{10, 1, kAnySource, kAnyTag}, &n));  // other communicator: no match
  auto got = q.post(PostedRecv{11, 0, kAnySource, 9}, &n);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->src, 2);
  EXPECT_EQ(q.unexpected(), 0u);
  EXPECT_TRUE(q.cancel(10));
  EXPECT_FALSE(q.cancel(10));
  EXPECT_EQ(q.next_send_seq(0, 4), 0);
  EXPECT_EQ(q.next_send_seq(0, 4), 1);
  EXPECT_EQ(q.next_send_seq(1, 4), 0);  // sequences are per (context, peer)
}

TEST(ProcessPool, RanksAreDecoupledFromVpidsAndJoinsAreSynchronized) {
  ProcessPool pool(Capability{2, 2});  // 2 nodes x 2 contexts: one spare per node
  std::string err;
  int r0 = pool.join(0, &err), r1 = pool.join(1, &err);
  EXPECT_EQ(r0, 0);
  EXPECT_TRUE(pool.active(r0));
  EXPECT_TRUE(pool.pending(r1));  // r0 has not acknowledged yet
  EXPECT_TRUE(pool.acknowledge(r1, r0));
  EXPECT_TRUE(pool.active(r1));
  int r2 = pool.join(0, &err);  // the spare context on node 0
  EXPECT_EQ(pool.vpid(r2), 1);
  EXPECT_TRUE(pool.leave(r0));  // frees vpid 0
  EXPECT_TRUE(pool.acknowledge(r2, r1));
  EXPECT_TRUE(pool.active(r2));
  int r3 = pool.join(0, &err);
  EXPECT_EQ(r3, 3);
  EXPECT_EQ(pool.vpid(r3), 0);  // rank 3 lives in the context rank 0 left: rank != vpid
  EXPECT_EQ(pool.rank_of_vpid(0), 3);
  EXPECT_EQ(pool.join(0, &err), -1);  // node 0 has no context left
  EXPECT_NE(err.find("no spare context"), std::string::npos);
  EXPECT_EQ(pool.join(5, &err), -1);
}

struct OmpiRun {
  ParameterSet p{"osu-elan4-2005"};
  Simulator sim{200000};
  QsnetCluster cluster;
  uint32_t ids = 0;
  OmpiElan4 ep;
  OmpiRun(const OmpiElan4Options& o, int rails = 1)
      : cluster(sim, p, 2, NicFamily::kElan4, rails), ep(sim, cluster, p, o, &ids, 0) {}
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
};

TEST(OmpiElan4, UnexpectedEagerAndRendezvousMessagesCompleteWhenPosted) {
  OmpiElan4Options o;
  o.progress = ProgressMode::kOneThread;  // a progress thread drains the queue while nobody is in MPI
  for (uint32_t bytes : {100u, 8192u}) {
    OmpiRun r(o);
    bool sent = false, received = false;
    r.ep.send(0, 1, bytes, [&]() { r.ep.wait_send_complete(0, [&]() { sent = true; }); });
    r.run();  // arrives before any receive is posted
    EXPECT_EQ(r.ep.pml(1).matching().unexpected(), 1u) << bytes;
    r.ep.post_receive(1, 0, bytes, [&]() { r.ep.wait_arrival(1, [&]() { received = true; }); });
    r.run();
    EXPECT_TRUE(received) << bytes;
    EXPECT_TRUE(sent) << bytes;
    EXPECT_EQ(r.ep.pml(1).matching().unexpected(), 0u);
  }
}

TEST(OmpiElan4, MpiWaitThenReleaseFreesTheRequestsOnBothSides) {
  for (uint32_t bytes : {100u, 8192u}) {  // eager, and rendezvous by RDMA write
    OmpiRun r(OmpiElan4Options{});
    int rreq = 0, sreq = 0, waited = 0;
    rreq = r.ep.irecv(1, 0, 5, bytes, [&]() { r.ep.wait(1, rreq, [&]() { ++waited; }); });
    sreq = r.ep.isend(0, 1, 5, bytes, [&]() { r.ep.wait(0, sreq, [&]() { ++waited; }); });
    r.run();
    ASSERT_EQ(waited, 2) << bytes;
    ASSERT_NE(r.ep.pml(1).recv_request(static_cast<uint64_t>(rreq)), nullptr) << "kept until released";
    ASSERT_NE(r.ep.pml(0).send_request(static_cast<uint64_t>(sreq)), nullptr);
    r.ep.release(1, rreq);
    r.ep.release(0, sreq);
    EXPECT_EQ(r.ep.pml(1).recv_request(static_cast<uint64_t>(rreq)), nullptr) << bytes;
    EXPECT_EQ(r.ep.pml(0).send_request(static_cast<uint64_t>(sreq)), nullptr) << bytes;
    bool again = false;  // MPI_Wait on a freed handle (MPI_REQUEST_NULL) returns at once
    r.ep.wait(0, sreq, [&]() { again = true; });
    r.run();
    EXPECT_TRUE(again);
  }
}

// mca_ptl_elan_alloc_desc: an application send that finds every QDMA descriptor taken spins the PTL's progress until
// a local completion returns one, so no more than ompi.qdma_descriptors QDMAs are ever outstanding, and every message
// still arrives; with the limit far above the sends nothing waits and the run is the same as before the limit.
TEST(OmpiElan4, SendsBeyondTheQdmaDescriptorsWaitForOneAndAllArrive) {
  for (ProgressMode mode : {ProgressMode::kPolling, ProgressMode::kOneThread}) {
    for (int limit : {2, 4096}) {
      ParameterSet p{"osu-elan4-2005"};
      ASSERT_EQ(p.set("ompi.qdma_descriptors", limit), "");
      Simulator sim{200000};
      QsnetCluster cluster(sim, p, 2, NicFamily::kElan4, 1);
      uint32_t ids = 0;
      OmpiElan4Options o;
      o.progress = mode;
      OmpiElan4 ep(sim, cluster, p, o, &ids, 0);
      constexpr int kSends = 24;
      int arrived = 0, sent = 0;
      uint32_t most = 0;
      std::vector<int> rreqs(kSends), sreqs(kSends);
      for (int i = 0; i < kSends; ++i) rreqs[i] = ep.irecv(1, 0, 5, 100, []() {});
      std::function<void(int)> wait_sends = [&](int k) {
        if (k < kSends) ep.wait(0, sreqs[k], [&, k]() { ++sent; wait_sends(k + 1); });
      };
      std::function<void(int)> post = [&](int i) {
        most = std::max(most, ep.ptl(0, 0).descriptors_in_use());
        if (i == kSends) {  // then MPI_Wait on every send in turn
          wait_sends(0);
          return;
        }
        sreqs[i] = ep.isend(0, 1, 5, 100, [&, i]() { post(i + 1); });
      };
      post(0);
      std::function<void(int)> receive = [&](int k) {
        if (k < kSends) ep.wait(1, rreqs[k], [&, k]() { ++arrived; receive(k + 1); });
      };
      receive(0);
      while (!sim.run(1u << 20)) {
      }
      EXPECT_EQ(arrived, kSends) << limit;
      EXPECT_EQ(sent, kSends) << limit;
      EXPECT_LE(most, static_cast<uint32_t>(limit));
      if (limit == 2)
        EXPECT_GT(ep.ptl(0, 0).descriptor_waits(), 0u);
      else
        EXPECT_EQ(ep.ptl(0, 0).descriptor_waits(), 0u);
    }
  }
}

TEST(OmpiElan4, EagerLimitIsOneSlotMinusTheHeader) {
  OmpiRun r(OmpiElan4Options{});
  EXPECT_EQ(r.ep.ptl(0, 0).eager_limit(), 2048u - 64u);
  for (uint32_t bytes : {1984u, 1985u}) {
    bool done = false;
    r.ep.post_receive(1, 0, bytes, []() {});
    r.ep.send(0, 1, bytes, [&]() { r.ep.wait_send_complete(0, []() {}); });  // polling: progress inside MPI_Wait
    r.ep.wait_arrival(1, [&]() { done = true; });
    r.run();
    EXPECT_TRUE(done);
  }
  // Only the rendezvous message (1985 B) moves data by RDMA; the eager one travels inside its QDMA.
  size_t n = r.sim.trace().take(1000000);
  uint32_t bytes_seen_1985 = 0;
  for (size_t i = 0; i < n; ++i)
    if (r.sim.trace().batch_kind()[i] == static_cast<uint32_t>(TraceKind::kRdmaPacket)) bytes_seen_1985 += r.sim.trace().batch_bytes()[i];
  uint32_t hops = static_cast<uint32_t>(r.cluster.fabric_rail(0).hops(0, 1));  // one record per link crossed
  uint32_t header = static_cast<uint32_t>(r.p.get("qsnet2.packet_header_bytes"));
  uint32_t payload = static_cast<uint32_t>(r.p.get("qsnet2.packet_payload_bytes"));
  uint32_t packets = (1985 + payload - 1) / payload;
  EXPECT_EQ(bytes_seen_1985, hops * (1985u + packets * header));
}

TEST(OmpiElan4, ChainedPutFiresCopyEventsForItsMessage) {
  OmpiRun r(OmpiElan4Options{});
  r.ep.post_receive(1, 0, 8192, []() {});
  r.ep.send(0, 1, 8192, [&]() { r.ep.wait_send_complete(0, []() {}); });
  bool done = false;
  r.ep.wait_arrival(1, [&]() { done = true; });
  r.run();
  ASSERT_TRUE(done);
  size_t copies = 0, n = r.sim.trace().take(1000000);
  for (size_t i = 0; i < n; ++i)
    if (r.sim.trace().batch_kind()[i] == static_cast<uint32_t>(TraceKind::kE4Event) &&
        r.sim.trace().batch_value()[i] == static_cast<int32_t>(E4EventAction::kCopy) &&
        r.sim.trace().batch_message()[i] == 1)
      ++copies;
  // MATCH completion, ACK completion, chain (FIN) and FIN completion are COPY events of message 1.
  EXPECT_GE(copies, 4u);
}

TEST(OmpiElan4, TwoRailsStripeTheRendezvous) {
  OmpiElan4Options o;
  o.rails = 2;
  OmpiRun r(o, 2);
  r.ep.post_receive(1, 0, 65536, []() {});
  r.ep.send(0, 1, 65536, [&]() { r.ep.wait_send_complete(0, []() {}); });
  r.ep.wait_arrival(1, []() {});
  r.run();
  uint64_t rail_bytes[2] = {0, 0};
  size_t n = r.sim.trace().take(1000000);
  for (size_t i = 0; i < n; ++i) {
    if (r.sim.trace().batch_kind()[i] != static_cast<uint32_t>(TraceKind::kPciTransaction) ||
        r.sim.trace().batch_value()[i] != static_cast<int32_t>(PciOp::kDmaRead))
      continue;
    for (int rail = 0; rail < 2; ++rail)
      if (r.sim.trace().batch_component()[i] == r.cluster.pci_rail(0, rail).id())
        rail_bytes[rail] += r.sim.trace().batch_bytes()[i];
  }
  EXPECT_GE(rail_bytes[0], 32768u);
  EXPECT_GE(rail_bytes[1], 32768u);
}

TEST(OmpiElan4, BlockingModesNeedCompletionQueues) {
  OmpiElan4Options o;
  o.completion_queues = 0;
  o.progress = ProgressMode::kOneThread;
  OmpiRun a(o);
  EXPECT_EQ(a.ep.options().completion_queues, 1);
  o.progress = ProgressMode::kTwoThreads;
  OmpiRun b(o);
  EXPECT_EQ(b.ep.options().completion_queues, 2);
  EXPECT_NE(b.ep.ptl(0, 0).comp_queue(), nullptr);
}

}  // namespace
}  // namespace hpcsim

namespace hpcsim {
namespace {

uint64_t fingerprint_of(int nodes, int target, ompi::ProgressMode mode, double* latency_us) {
  ParameterSet p("osu-elan4-2005");
  Simulator sim(16);
  QsnetCluster cluster(sim, p, nodes, NicFamily::kElan4, 1);
  uint32_t ids = 0;
  OmpiElan4Options o;
  o.path = ompi::RdmaPath::kRead;
  o.progress = mode;
  OmpiElan4 ep(sim, cluster, p, o, &ids, 0);
  PingPong pp(sim, cluster, ep, 0, target, 4096, 2, 5, nullptr, []() {});
  pp.start();
  while (!sim.run(1u << 20)) {
  }
  *latency_us = pp.result().one_way_latency_us();
  return sim.fingerprint().value();
}

TEST(OmpiElan4, RunsAreDeterministicAndCrossTheFatTree) {
  double a = 0, b = 0, far = 0;
  EXPECT_EQ(fingerprint_of(2, 1, ompi::ProgressMode::kTwoThreads, &a),
            fingerprint_of(2, 1, ompi::ProgressMode::kTwoThreads, &b));
  EXPECT_EQ(a, b);
  fingerprint_of(16, 5, ompi::ProgressMode::kPolling, &far);  // node 5 is on another leaf switch
  double near = 0;
  fingerprint_of(2, 1, ompi::ProgressMode::kPolling, &near);
  EXPECT_GT(far, near);              // two more Elite4 hops each way
  EXPECT_LT(far - near, 0.5);        // ... of tens of nanoseconds each
}

}  // namespace
}  // namespace hpcsim
