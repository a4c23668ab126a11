// PCI bus: per-transaction cycles at 64-bit/66 MHz, read latencies, FIFO sharing.
#include <gtest/gtest.h>

#include "hw/pci_bus.h"

namespace hpcsim {
namespace {

TEST(PciBus, TransactionCostsCountBusCycles) {
  Simulator sim;
  ParameterSet p;
  PciBus bus(sim, 2, p, ns_to_ps(p.get("elan3.pio_read_latency_ns")));
  double cycle = 1e6 / 66.0;  // ps
  // 2 arbitration + 1 address + 1 turnaround + data phases of 8 bytes.
  EXPECT_NEAR(bus.duration(PciOp::kPioWrite, 8), 5 * cycle, 1);
  EXPECT_NEAR(bus.duration(PciOp::kDmaWrite, 320), 44 * cycle, 1);
  EXPECT_NEAR(bus.duration(PciOp::kDmaRead, 320), 44 * cycle + 360000, 1);
  EXPECT_NEAR(bus.duration(PciOp::kPioRead, 8), 5 * cycle + 850000, 1);
}

TEST(PciBus, StreamingRateStaysBelowTheTheoreticalPeak) {
  Simulator sim;
  ParameterSet p;
  PciBus bus(sim, 2, p, ns_to_ps(p.get("elan3.pio_read_latency_ns")));
  double write_MBps = 4096.0 / (static_cast<double>(bus.duration(PciOp::kDmaWrite, 4096)) / 1e6);
  EXPECT_LT(write_MBps, 532.0);
  EXPECT_GT(write_MBps, 500.0);
}

TEST(PciBus, TransactionsShareTheBus) {
  Simulator sim;
  ParameterSet p;
  PciBus bus(sim, 2, p, ns_to_ps(p.get("elan3.pio_read_latency_ns")));
  Time a = -1, b = -1;
  bus.transact(PciOp::kDmaWrite, 64, 1, [&] { a = sim.now(); });
  bus.transact(PciOp::kDmaWrite, 64, 2, [&] { b = sim.now(); });
  sim.run(10);
  EXPECT_EQ(b - a, bus.duration(PciOp::kDmaWrite, 64));
}

TEST(PciBus, ClockParameterScalesCost) {
  Simulator sim;
  ParameterSet slow, fast;
  ASSERT_EQ(slow.set("pci.clock_MHz", 33), "");
  PciBus s(sim, 2, slow, 0), f(sim, 3, fast, 0);
  EXPECT_GT(s.duration(PciOp::kDmaWrite, 256), f.duration(PciOp::kDmaWrite, 256));
}

}  // namespace
}  // namespace hpcsim
