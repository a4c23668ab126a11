// Elan4 NIC pieces (seed 001; REFERENCES §1.2.3-1.2.5): input-queue ring, event counts and actions,
// chained DMA, NAK and retry of a full queue, RDMA read by remote DMA, interrupts.
#include <gtest/gtest.h>

#include "hw/machine.h"
#include "hw/qsnet_cluster.h"
#include "hw/elan4/elan4_nic.h"
#include "hw/elan4/input_queue.h"

namespace hpcsim {
namespace {

struct Elan4Rig {
  ParameterSet p{"osu-elan4-2005"};
  Simulator sim{100000};
  QsnetCluster cluster{sim, p, 2, NicFamily::kElan4, 1};
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
  size_t count(TraceKind kind, int32_t value) {
    size_t n = 0, got = sim.trace().take(1000000);
    for (size_t i = 0; i < got; ++i)
      if (sim.trace().batch_kind()[i] == static_cast<uint32_t>(kind) && sim.trace().batch_value()[i] == value) ++n;
    return n;
  }
  std::shared_ptr<E4Dma> qdma(int from, int to, InputQueue* q, uint32_t bytes, uint32_t msg) {
    auto d = std::make_shared<E4Dma>();
    d->type = E4Dma::Type::kQueued;
    d->peer = to;
    d->bytes = bytes;
    d->message = msg;
    d->queue = q;
    d->slot = QueueSlot{msg, from, bytes, msg};
    return d;
  }
};

TEST(Elan4, InputQueueSlotsRoundTo128AndLoseOne) {
  Elan4Rig r;
  InputQueue a(r.sim, r.cluster.elan4(0), 8, 100);
  InputQueue b(r.sim, r.cluster.elan4(0), 128, 2048);
  EXPECT_EQ(a.slot_bytes(), 128u);
  EXPECT_EQ(b.slot_bytes(), 2048u);
  EXPECT_EQ(a.ring_slots(), 9u);  // one slot lost to tell full from empty
  EXPECT_EQ(a.usable_slots(), 8u);
}

TEST(Elan4, EventFiresOnlyWhenItsCountIsReached) {
  Elan4Rig r;
  int fired = 0;
  auto ev = std::make_shared<E4Event>(r.cluster.elan4(0), 3);
  ev->set_write([&]() { ++fired; });
  ev->trigger(1);
  ev->trigger(1);
  r.run();
  EXPECT_EQ(fired, 0);
  EXPECT_EQ(ev->remaining(), 1u);
  ev->trigger(1);
  r.run();
  EXPECT_EQ(fired, 1);
  ev->trigger(1);  // fired and not re-primed: the set-event is lost
  r.run();
  EXPECT_EQ(fired, 1);
  EXPECT_EQ(r.count(TraceKind::kE4Event, static_cast<int32_t>(E4EventAction::kCountReached)), 1u);
}

TEST(Elan4, EventCountsAreTracedForTheInspector) {
  Elan4Rig r;
  auto a = std::make_shared<E4Event>(r.cluster.elan4(0), 2);
  auto b = std::make_shared<E4Event>(r.cluster.elan4(0), 1);
  EXPECT_NE(a->id(), b->id());
  a->trigger(7);
  a->trigger(7);
  a->trigger(7);  // after firing, without a re-prime: lost, not traced
  r.run();
  std::vector<std::pair<uint32_t, uint32_t>> seen;  // (count, remaining) of event a
  size_t got = r.sim.trace().take(1000000);
  for (size_t i = 0; i < got; ++i)
    if (r.sim.trace().batch_kind()[i] == static_cast<uint32_t>(TraceKind::kE4EventCount) &&
        r.sim.trace().batch_value()[i] == static_cast<int32_t>(a->id()))
      seen.push_back({r.sim.trace().batch_bytes()[i] >> 16, r.sim.trace().batch_bytes()[i] & 0xffff});
  EXPECT_EQ(seen, (std::vector<std::pair<uint32_t, uint32_t>>{{2, 2}, {2, 1}, {2, 0}}));
}

TEST(Elan4, CountedEventWaitsForNDmaCompletions) {
  Elan4Rig r;
  InputQueue q(r.sim, r.cluster.elan4(1), 16, 2048);
  auto ev = std::make_shared<E4Event>(r.cluster.elan4(0), 3);
  Time fired_at = -1;
  ev->set_write([&]() { fired_at = r.sim.now(); });
  for (uint32_t m = 1; m <= 3; ++m) {
    auto d = r.qdma(0, 1, &q, 64, m);
    d->src_event = ev;
    r.cluster.elan4(0).start_dma(d);
  }
  r.run();
  EXPECT_EQ(q.visible(), 3u);
  EXPECT_GT(fired_at, 0);
}

TEST(Elan4, CopyActionInjectsAChainedDmaWithoutTheHost) {
  Elan4Rig r;
  InputQueue q(r.sim, r.cluster.elan4(1), 16, 2048);
  auto chained = r.qdma(0, 1, &q, 48, 77);
  auto ev = std::make_shared<E4Event>(r.cluster.elan4(0), 1);
  ev->set_copy(chained);
  ev->trigger(77);
  r.run();
  ASSERT_EQ(q.visible(), 1u);
  EXPECT_EQ(q.front().message, 77u);
  EXPECT_EQ(r.count(TraceKind::kE4Event, static_cast<int32_t>(E4EventAction::kCopy)), 1u);
}

TEST(Elan4, FullQueueRefusesThenAcceptsAfterTheHostWritesFptrBack) {
  Elan4Rig r;
  InputQueue q(r.sim, r.cluster.elan4(1), 2, 128);
  for (uint32_t m = 1; m <= 3; ++m) r.cluster.elan4(0).start_dma(r.qdma(0, 1, &q, 64, m));
  r.sim.run(20000);  // long enough for all three to reach the queue, not for endless retries
  EXPECT_EQ(q.visible(), 2u);
  EXPECT_GT(q.refused(), 0u);
  EXPECT_TRUE(q.full());
  bool consumed = false;
  q.consume(r.cluster.host(1), [&]() { consumed = true; });
  r.run();
  EXPECT_TRUE(consumed);
  EXPECT_EQ(q.visible(), 2u);  // the retried third QDMA landed in the freed slot
  EXPECT_GT(r.cluster.elan4(0).naks(), 0u);
}

TEST(Elan4, RdmaReadMakesTheFarEnginePushTheData) {
  Elan4Rig r;
  auto d = std::make_shared<E4Dma>();
  d->type = E4Dma::Type::kRdmaRead;
  d->peer = 1;  // data lives on node 1; node 0 reads
  d->bytes = 4096;
  d->message = 5;
  d->dst_event = std::make_shared<E4Event>(r.cluster.elan4(0), 1);
  Time landed = -1;
  d->dst_event->set_write([&]() { landed = r.sim.now(); });
  r.cluster.elan4(0).start_dma(d);
  r.run();
  EXPECT_GT(landed, 0);
  // Data packets leave node 1's NIC (the far engine) and the PCI-X reads happen on node 1's bus.
  size_t reads1 = 0, n = r.sim.trace().take(1000000);
  for (size_t i = 0; i < n; ++i)
    if (r.sim.trace().batch_kind()[i] == static_cast<uint32_t>(TraceKind::kPciTransaction) &&
        r.sim.trace().batch_component()[i] == r.cluster.pci_rail(1, 0).id() &&
        r.sim.trace().batch_value()[i] == static_cast<int32_t>(PciOp::kDmaRead))
      ++reads1;
  EXPECT_EQ(reads1, 4096u / static_cast<uint32_t>(r.p.get("qsnet2.packet_payload_bytes")));
}

TEST(Elan4, InterruptActionRaisesAfterTheCookieLands) {
  Elan4Rig r;
  auto ev = std::make_shared<E4Event>(r.cluster.elan4(0), 1);
  Time raised = -1, word = -1;
  ev->set_write([&]() { word = r.sim.now(); });
  ev->set_interrupt([&]() { raised = r.sim.now(); });
  ev->trigger(3);
  r.run();
  EXPECT_GT(word, 0);
  EXPECT_GT(raised, word);  // the cookie write is queued behind the done word on PCI-X
  EXPECT_EQ(r.count(TraceKind::kE4Event, static_cast<int32_t>(E4EventAction::kInterrupt)), 1u);
}

TEST(Elan4, QueuedDmaLatencyIsBuiltFromPciXAndLinkCosts) {
  Elan4Rig r;
  InputQueue q(r.sim, r.cluster.elan4(1), 16, 2048);
  Time seen = -1;
  q.when_ready([&]() { seen = r.sim.now(); });
  r.cluster.elan4(0).start_dma(r.qdma(0, 1, &q, 64, 1));
  r.run();
  Time floor = ns_to_ps(r.p.get("pcix.read_latency_ns") + r.p.get("elan4.dma_setup_ns") +
                        r.p.get("elan4.input_ns") + r.p.get("pcix.bridge_latency_ns"));
  EXPECT_GT(seen, floor);
  EXPECT_LT(seen, floor + 2 * kUs);
}

TEST(Elan4, ElanThreeClusterIsUnchangedByTheFamilyArgument) {
  ParameterSet p;
  Simulator s1(10), s2(10);
  QsnetCluster a(s1, p, 16), b(s2, p, 16, NicFamily::kElan3, 2);
  EXPECT_EQ(Machine::topology_of(a).dump(), Machine::topology_of(b).dump());
  EXPECT_EQ(b.rails(), 1);
}

TEST(Elan4, DualRailClusterHasOneFabricAndBusPerRail) {
  ParameterSet p("osu-elan4-2005");
  Simulator sim(10);
  QsnetCluster c(sim, p, 16, NicFamily::kElan4, 2);
  EXPECT_EQ(c.rails(), 2);
  EXPECT_NE(c.pci_rail(3, 0).id(), c.pci_rail(3, 1).id());
  EXPECT_NE(c.elan4(3, 0).id(), c.elan4(3, 1).id());
  EXPECT_EQ(c.elan4(3, 1).rail(), 1);
  EXPECT_EQ(c.fabric_rail(1).hops(0, 5), 4);  // leaf, spine, leaf: four directed channels
  std::string topo = Machine::topology_of(c).dump();
  EXPECT_NE(topo.find("elan4-3r1"), std::string::npos);
  EXPECT_NE(topo.find("\"bandwidth_MBps\":1300"), std::string::npos);
}

}  // namespace
}  // namespace hpcsim
