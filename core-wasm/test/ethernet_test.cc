// Fast Ethernet hardware (hw/ethernet): IEEE 802.3 frame timing on the wire, the store-and-forward switch,
// the Tulip NIC's DMA and interrupt path, MTU segmentation counts.
#include <gtest/gtest.h>

#include <vector>

#include "hw/ethernet/ethernet_cluster.h"
#include "hw/machine.h"
#include "hw/qsnet_cluster.h"
#include "hw/sci/sci_cluster.h"

namespace hpcsim {
namespace {

ParameterSet testbed() { return ParameterSet("usc-sci-p2-350"); }

void run(Simulator& sim) {
  while (!sim.run(1u << 20)) {
  }
}

TEST(EthernetFraming, WireBytesAndTime) {
  EthTiming t(testbed());
  EXPECT_EQ(t.wire_bytes(1500), 1538u);  // 8 + 14 + 1500 + 4 + 12
  EXPECT_EQ(t.wire_ps(1500), 123040000);  // (1500 + 38) * 8 / 100 Mb/s = 123.04 us
  EXPECT_EQ(t.wire_bytes(4), 84u);       // padded to the 46-byte minimum payload (64-byte frame)
  EXPECT_EQ(t.wire_ps(0), 6720000);
}

TEST(EthernetFraming, SegmentationCounts) {
  EthTiming t(testbed());
  EXPECT_EQ(t.segments(0, 32), 1u);
  EXPECT_EQ(t.segments(1468, 32), 1u);
  EXPECT_EQ(t.segments(1469, 32), 2u);
  EXPECT_EQ(t.segments(65536, 40), 45u);  // TCP MSS 1460
  EXPECT_EQ(t.segments(1460 * 10, 40), 10u);
}

TEST(EthernetSwitch, StoreAndForwardOneFrame) {
  ParameterSet p = testbed();
  p.set("eth.cable_ns", 0);
  p.set("eth.switch_latency_ns", 0);
  Simulator sim(0);
  EthernetSwitch sw(sim, 100, p, {1, 2}, {3, 4});
  EthFrame f;
  f.src = 0;
  f.dst = 1;
  f.payload = 1500;
  Time delivered = 0;
  sw.send(f, nullptr, nullptr, [&]() { delivered = sim.now(); });
  run(sim);
  EXPECT_EQ(delivered, 2 * 123040000);  // received wholly at the switch, then sent again: 123.04 us per hop
}

TEST(EthernetSwitch, LatencyAndCablesAddOncePerHop) {
  ParameterSet p = testbed();
  Simulator sim(0);
  EthernetSwitch sw(sim, 100, p, {1, 2}, {3, 4});
  EthFrame f;
  f.src = 1;
  f.dst = 0;
  f.payload = 1500;
  Time delivered = 0;
  sw.send(f, nullptr, nullptr, [&]() { delivered = sim.now(); });
  run(sim);
  EXPECT_EQ(delivered, 2 * 123040000 + 2 * ns_to_ps(p.get("eth.cable_ns")) + ns_to_ps(p.get("eth.switch_latency_ns")));
}

TEST(EthernetSwitch, BackToBackFramesPipeline) {
  ParameterSet p = testbed();
  p.set("eth.cable_ns", 0);
  p.set("eth.switch_latency_ns", 0);
  Simulator sim(0);
  EthernetSwitch sw(sim, 100, p, {1, 2}, {3, 4});
  std::vector<Time> at;
  for (int i = 0; i < 10; ++i) {
    EthFrame f;
    f.src = 0;
    f.dst = 1;
    f.payload = 1500;
    sw.send(f, nullptr, nullptr, [&]() { at.push_back(sim.now()); });
  }
  run(sim);
  ASSERT_EQ(at.size(), 10u);
  EXPECT_EQ(at.back(), 11 * 123040000);  // the output port lags the input by one frame
  EXPECT_EQ(sw.frames_forwarded(), 10u);
}

TEST(EthernetSwitch, OutputPortContention) {
  ParameterSet p = testbed();
  p.set("eth.cable_ns", 0);
  p.set("eth.switch_latency_ns", 0);
  Simulator sim(0);
  EthernetSwitch sw(sim, 100, p, {1, 2, 3}, {4, 5, 6});
  std::vector<Time> at;
  for (int src : {0, 1}) {
    EthFrame f;
    f.src = src;
    f.dst = 2;
    f.payload = 1500;
    sw.send(f, nullptr, nullptr, [&]() { at.push_back(sim.now()); });
  }
  run(sim);
  ASSERT_EQ(at.size(), 2u);
  EXPECT_EQ(at[0], 2 * 123040000);
  EXPECT_EQ(at[1], 3 * 123040000);  // queued behind the first on node 2's port
}

struct Rx {
  Time at = 0;
  EthFrame f;
  int count = 0;
};

TEST(TulipNic, FrameEndToEndAndInterruptCost) {
  ParameterSet p = testbed();
  Simulator sim(0);
  EthernetCluster c(sim, p, 2);
  Rx rx;
  c.nic(1).set_receive_handler([&](const EthFrame& f, std::function<void()> done) {
    rx.at = sim.now();
    rx.f = f;
    ++rx.count;
    done();
  });
  EthFrame f;
  f.src = 0;
  f.dst = 1;
  f.payload = 1500;
  f.message = 7;
  bool tx_done = false;
  c.nic(0).xmit(f, []() {}, [&]() { tx_done = true; });
  run(sim);
  EXPECT_EQ(rx.count, 1);
  EXPECT_EQ(rx.f.message, 7u);
  EXPECT_TRUE(tx_done);
  EXPECT_EQ(c.nic(0).frames_sent(), 1u);
  EXPECT_EQ(c.nic(1).frames_received(), 1u);
  EXPECT_EQ(c.nic(1).interrupts(), 1u);
  EXPECT_EQ(c.nic(0).interrupts(), 1u);  // transmit done
  // Receiver's kernel time: one interrupt entry plus the driver's per-frame path.
  Time irq = ns_to_ps(p.get("eth.irq_entry_ns")) + c.host(1).cycles_ps(static_cast<uint64_t>(p.get("eth.rx_driver_cycles")));
  EXPECT_EQ(c.kernel_busy_ps(1), irq);
  // The frame passes the wire twice, plus PCI DMA on both sides, driver and interrupt costs.
  EXPECT_GT(rx.at, 2 * 123040000 + ns_to_ps(p.get("eth.switch_latency_ns")) + irq);
  EXPECT_LT(rx.at, 2 * 123040000 + ns_to_ps(p.get("eth.switch_latency_ns")) + irq + 60000000);
  // 32-bit/33 MHz PCI: at most 128-byte bursts, so a 1514-byte frame takes 12 bursts each way (+ descriptor
  // and status transactions): the DMA read of the frame alone takes over 12 us.
  EXPECT_GT(c.pci(0).busy_ps(), 12000000);
}

TEST(TulipNic, FramesArrivingDuringTheHandlerShareOneInterrupt) {
  ParameterSet p = testbed();
  p.set("eth.irq_entry_ns", 200000);  // a slow handler: the second frame arrives while it runs
  Simulator sim(0);
  EthernetCluster c(sim, p, 2);
  int got = 0;
  c.nic(1).set_receive_handler([&](const EthFrame&, std::function<void()> done) {
    ++got;
    done();
  });
  for (int i = 0; i < 2; ++i) {
    EthFrame f;
    f.src = 0;
    f.dst = 1;
    f.payload = 64;
    c.nic(0).xmit(f, []() {});
  }
  run(sim);
  EXPECT_EQ(got, 2);
  EXPECT_EQ(c.nic(1).interrupts(), 1u);
}

TEST(EthernetCluster, ComponentIdsMatchTheElan3Layout) {
  ParameterSet p = testbed();
  Simulator sim(0);
  EthernetCluster c(sim, p, 8);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(c.host(i).id(), static_cast<ComponentId>(1 + 3 * i));
    EXPECT_EQ(c.pci(i).id(), static_cast<ComponentId>(2 + 3 * i));
    EXPECT_EQ(c.nic(i).id(), static_cast<ComponentId>(3 + 3 * i));
  }
  EXPECT_EQ(c.fabric().id(), static_cast<ComponentId>(5 * 8 + 1));
}

}  // namespace
}  // namespace hpcsim

namespace hpcsim {
namespace {

// Machine::network<T>() finds a network by its class without RTTI (the wasm build has none): the side network by
// its own class, the primary by its, nullptr for a class the machine does not hold.
TEST(Machine, FindsEachNetworkByItsClass) {
  Simulator sim;
  ParameterSet p;
  Machine m;
  auto qsnet = std::make_unique<QsnetCluster>(sim, p, 4);
  auto eth = std::make_unique<EthernetCluster>(sim, p, 4, 1000);
  QsnetCluster* q = qsnet.get();
  EthernetCluster* e = eth.get();
  m.add(std::move(qsnet));
  m.add(std::move(eth));
  EXPECT_EQ(m.network<QsnetCluster>(), q);
  EXPECT_EQ(m.network<EthernetCluster>(), e);
  EXPECT_EQ(m.network<SciCluster>(), nullptr);
  EXPECT_EQ(&m.primary(), q);
}

}  // namespace
}  // namespace hpcsim
