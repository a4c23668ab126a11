// The InfiniBand model (hw/infiniband): a small RDMA write's latency as the sum of its steps, the bandwidth asymptote
// under the PCI-X bus and the 4X link, gather lists, memory registration, switch contention, receives and the
// refusals of the verbs (too many gather entries, no posted receive, a short receive buffer).
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <vector>

#include "hw/infiniband/infiniband_cluster.h"
#include "hw/machine.h"

namespace hpcsim {
namespace {

struct HcaRig {
  ParameterSet p;
  Simulator sim{0};
  InfinibandCluster net;
  explicit HcaRig(int nodes = 2, ParameterSet params = ParameterSet("osu-elan4-2005"))
      : p(std::move(params)), net(sim, p, nodes) {}
  void run() {
    while (!sim.run(1u << 20)) {
    }
  }
  Time ns(const char* name) const { return ns_to_ps(p.get(name)); }
  /// Posts an RDMA write of `gather` from `a` to `b`; returns (remote landed, local CQE) times through the pointers.
  void write(int a, int b, std::vector<uint32_t> gather, Time* remote, Time* local, bool signaled = true) {
    IbWorkRequest wr;
    wr.opcode = IbOpcode::kRdmaWrite;
    wr.peer = b;
    wr.gather = std::move(gather);
    wr.signaled = signaled;
    wr.message = 1;
    if (remote) wr.on_remote = [this, remote]() { *remote = sim.now(); };
    if (local && signaled) wr.on_local = [this, local]() { *local = sim.now(); };
    net.hca(a).post_send(net.host(a), std::move(wr), []() {});
  }
};

TEST(Infiniband, WireFormatFollowsTheSpecification) {
  HcaRig r;
  const IbWire& w = r.net.hca(0).wire();
  EXPECT_DOUBLE_EQ(w.link_Bps, 1e9);  // 4X SDR: 10 Gb/s signalling, 8b/10b
  EXPECT_EQ(w.packets(0), 1u);
  EXPECT_EQ(w.packets(2048), 1u);
  EXPECT_EQ(w.packets(2049), 2u);
  EXPECT_EQ(w.payload(2049, 1), 1u);
  EXPECT_EQ(w.packet_bytes(IbOpcode::kRdmaWrite, 0, 2, 2048), 8u + 12 + 16 + 2048 + 4 + 2);  // RETH on the first
  EXPECT_EQ(w.packet_bytes(IbOpcode::kRdmaWrite, 1, 2, 1), 8u + 12 + 1 + 4 + 2);
  EXPECT_EQ(w.packet_bytes(IbOpcode::kSendWithImm, 0, 1, 0), 8u + 12 + 4 + 4 + 2);        // ImmDt on the last
  EXPECT_EQ(w.ack_bytes(), 30u);
}

// The latency of a 4-byte RDMA write, from the post to the byte visible in the peer's memory, is exactly the sum of
// the steps the HCA model goes through; nothing else is added.
TEST(Infiniband, SmallRdmaWriteLatencyIsTheSumOfItsSteps) {
  HcaRig r;
  Time remote = -1, local = -1;
  r.write(0, 1, {4}, &remote, &local);
  r.run();
  PciBus& bus = r.net.pci(0);
  const IbWire& w = r.net.hca(0).wire();
  Time bridge = r.ns("ib.bridge_latency_ns"), hub = r.ns("pcix.bridge_latency_ns");
  auto read = [&](uint32_t bytes) {
    return bridge + bus.duration(PciOp::kSplitRequest, 0) + r.ns("pcix.read_latency_ns") +
           bus.duration(PciOp::kDmaRead, bytes) + bridge;
  };
  Time post = r.ns("ib.post_send_ns") + r.ns("ib.post_sge_ns");
  Time doorbell = hub + bus.duration(PciOp::kPioWrite, 8) + bridge + r.ns("ib.doorbell_ns");
  Time wqe_fetch = read(kIbNextSegBytes + kIbRaddrSegBytes + kIbDataSegBytes);
  Time engine = r.ns("ib.wqe_process_ns") + r.ns("ib.sge_ns");
  Time gather = read(4);
  Time network = r.ns("ib.cable_ns") + r.ns("ib.switch_latency_ns") +
                 w.wire_ps(w.packet_bytes(IbOpcode::kRdmaWrite, 0, 1, 4)) + r.ns("ib.cable_ns");
  Time land = r.ns("ib.rx_packet_ns") + bridge + bus.duration(PciOp::kDmaWrite, 4) + hub;
  Time expected = post + doorbell + wqe_fetch + engine + gather + network + land;
  EXPECT_EQ(remote, expected);
  // The local CQE follows the acknowledgement back through the switch.
  EXPECT_GT(local, remote);
  EXPECT_EQ(r.net.hca(0).cqes_pending(), 1u);
  EXPECT_EQ(r.net.hca(1).cqes_pending(), 0u);  // a plain RDMA write writes no CQE at the responder
  std::printf("[ib] 4 B RDMA write: post %.2f, doorbell %.2f, WQE fetch %.2f, engine %.2f, gather read %.2f, "
              "network %.2f, land %.2f = %.2f us one way; local CQE at %.2f us\n",
              ps_to_us(post), ps_to_us(doorbell), ps_to_us(wqe_fetch), ps_to_us(engine), ps_to_us(gather),
              ps_to_us(network), ps_to_us(land), ps_to_us(remote), ps_to_us(local));
}

// Streaming RDMA writes: the asymptote stays under both the PCI-X bus (133 MHz x 8 B) and the 4X link's data rate,
// and falls with a slower bus.
double stream_MBps(ParameterSet p) {
  HcaRig r(2, std::move(p));
  const int n = 32;
  const uint32_t bytes = 65536;
  Time last = 0;
  for (int i = 0; i < n; ++i) r.write(0, 1, {bytes}, i + 1 == n ? &last : nullptr, nullptr, i + 1 == n);
  r.run();
  return static_cast<double>(n) * bytes / ps_to_us(last);
}

TEST(Infiniband, BandwidthAsymptoteIsBoundedByPciX) {
  ParameterSet fast("osu-elan4-2005");
  double MBps = stream_MBps(fast);
  double bus_MBps = fast.get("pci.clock_MHz") * fast.get("pci.width_bytes");
  std::printf("[ib] streaming 64 KiB RDMA writes on PCI-X %.0f MB/s: %.0f MB/s\n", bus_MBps, MBps);
  EXPECT_LT(MBps, bus_MBps);
  EXPECT_LT(MBps, 1000.0);  // the 4X link's data rate
  EXPECT_GT(MBps, 600.0);
  ParameterSet slow("osu-elan4-2005");
  ASSERT_EQ(slow.set("pci.clock_MHz", 66), "");
  double slow_MBps = stream_MBps(slow);
  std::printf("[ib] the same on a 66 MHz bus: %.0f MB/s\n", slow_MBps);
  EXPECT_LT(slow_MBps, 66.0 * 8);
  EXPECT_LT(slow_MBps, MBps * 0.6);
}

// A gather list of 16 segments moves the same 4 KiB as one segment, but costs a longer WQE, 16 translations and
// 16 read requests instead of 8.
TEST(Infiniband, GatherListOfManySegmentsCostsMoreThanOne) {
  HcaRig one, many;
  Time t1 = -1, t16 = -1;
  one.write(0, 1, {4096}, &t1, nullptr, false);
  many.write(0, 1, std::vector<uint32_t>(16, 256), &t16, nullptr, false);
  one.run();
  many.run();
  EXPECT_GT(t16, t1);
  EXPECT_EQ(one.net.hca(0).read_requests(), 1u + 4096 / 512);  // the WQE, then 512-byte reads
  EXPECT_EQ(many.net.hca(0).read_requests(), 1u + 16);
  std::printf("[ib] 4 KiB RDMA write in 1 segment: %.2f us, in 16: %.2f us\n", ps_to_us(t1), ps_to_us(t16));
}

TEST(InfinibandDeathTest, MoreGatherEntriesThanTheQpTakesAreRefused) {
  HcaRig r;
  uint32_t max = static_cast<uint32_t>(r.p.count("ib.max_sge"));
  EXPECT_DEATH(r.write(0, 1, std::vector<uint32_t>(max + 1, 8), nullptr, nullptr), "ib.max_sge");
}

// Registration: a fixed part (system call, driver, two firmware commands) and a part per page (pinning, MTT
// entries; one more WRITE_MTT command per 510 pages). Deregistration is cheaper.
TEST(Infiniband, RegistrationCostGrowsWithPages) {
  auto time_of = [](uint64_t bytes, bool reg) {
    HcaRig r;
    Time done = -1;
    if (reg)
      r.net.hca(0).register_memory(r.net.host(0), bytes, [&]() { done = r.sim.now(); });
    else
      r.net.hca(0).deregister_memory(r.net.host(0), bytes, [&]() { done = r.sim.now(); });
    r.run();
    return done;
  };
  Time one = time_of(4096, true), sixteen = time_of(65536, true), big = time_of(4u << 20, true);
  EXPECT_LT(one, sixteen);
  EXPECT_LT(sixteen, big);
  ParameterSet p("osu-elan4-2005");
  Time pin = ns_to_ps(p.get("os.page_pin_ns"));
  EXPECT_GE(sixteen - one, 15 * pin);  // 15 more pages to pin, and 120 more MTT bytes to read
  // 1024 pages: two WRITE_MTT commands (510 each) and a third for the last 4.
  EXPECT_GE(big - one, 1023 * pin + 2 * ns_to_ps(p.get("ib.hca_command_us") * 1000.0));
  Time dereg = time_of(4096, false);
  EXPECT_LT(dereg, one);
  EXPECT_LT(time_of(4096 + 1, true), time_of(8192, true) + 1);  // 4097 B span two pages
  HcaRig r;
  EXPECT_EQ(r.net.hca(0).pages(4096, 0), 1u);
  EXPECT_EQ(r.net.hca(0).pages(4096, 100), 2u);
  EXPECT_EQ(r.net.hca(0).pages(0, 0), 1u);
  std::printf("[ib] VAPI_register_mr 4 KiB %.1f us, 64 KiB %.1f us, 4 MiB %.1f us; deregister 4 KiB %.1f us\n",
              ps_to_us(one), ps_to_us(sixteen), ps_to_us(big), ps_to_us(dereg));
}

// Two senders to one receiver share its switch output port: each takes about twice as long as alone; two senders
// to two receivers do not interfere.
TEST(Infiniband, TwoSendersToOneReceiverShareItsSwitchPort) {
  const uint32_t bytes = 262144;
  HcaRig alone(4);
  Time t_alone = -1;
  alone.write(0, 2, {bytes}, &t_alone, nullptr, false);
  alone.run();
  HcaRig both(4);
  Time t0 = -1, t1 = -1;
  both.write(0, 2, {bytes}, &t0, nullptr, false);
  both.write(1, 2, {bytes}, &t1, nullptr, false);
  both.run();
  Time later = t0 > t1 ? t0 : t1;
  EXPECT_GT(later, t_alone * 17 / 10);
  EXPECT_EQ(both.net.fabric().downlink_busy_ps(2),
            2 * alone.net.fabric().downlink_busy_ps(2));  // every packet of both crossed node 2's port
  HcaRig apart(4);
  Time a0 = -1, a1 = -1;
  apart.write(0, 2, {bytes}, &a0, nullptr, false);
  apart.write(1, 3, {bytes}, &a1, nullptr, false);
  apart.run();
  EXPECT_EQ(a0, t_alone);
  EXPECT_EQ(a1, t_alone);
  std::printf("[ib] 256 KiB RDMA write alone %.1f us; two senders to one port: %.1f and %.1f us\n",
              ps_to_us(t_alone), ps_to_us(t0), ps_to_us(t1));
}

// Sends consume the peer's posted receives in order, complete on both sides with a CQE, and carry immediate data;
// polling the CQ takes each CQE once.
TEST(Infiniband, SendsConsumePostedReceivesInOrder) {
  HcaRig r;
  std::vector<uint32_t> got;
  for (uint32_t cap : {100u, 200u}) {
    IbReceive rr;
    rr.peer = 0;
    rr.bytes = cap;
    rr.on_complete = [&got, cap](const IbCompletion& c) {
      got.push_back(cap);
      got.push_back(c.bytes);
      got.push_back(c.has_immediate ? c.immediate : 0);
    };
    r.net.hca(1).post_recv(r.net.host(1), std::move(rr), []() {});
  }
  r.run();
  EXPECT_EQ(r.net.hca(1).receives_posted(0, 0), 2u);
  int locals = 0, remotes = 0;
  for (uint32_t bytes : {64u, 150u}) {
    IbWorkRequest wr;
    wr.opcode = IbOpcode::kSendWithImm;
    wr.peer = 1;
    wr.gather = {bytes};
    wr.immediate = bytes + 1;
    wr.on_local = [&]() { ++locals; };
    wr.on_remote = [&]() { ++remotes; };
    r.net.hca(0).post_send(r.net.host(0), std::move(wr), []() {});
  }
  r.run();
  EXPECT_EQ(got, (std::vector<uint32_t>{100, 64, 65, 200, 150, 151}));
  EXPECT_EQ(locals, 2);
  EXPECT_EQ(remotes, 2);
  EXPECT_EQ(r.net.hca(1).receives_posted(0, 0), 0u);
  EXPECT_EQ(r.net.hca(1).cqes_pending(), 2u);
  int found = 0, empty = 0;
  for (int i = 0; i < 3; ++i)
    r.net.hca(1).poll_cq(r.net.host(1), [&](bool f) { f ? ++found : ++empty; });
  r.run();
  EXPECT_EQ(found, 2);
  EXPECT_EQ(empty, 1);
}

// An RDMA write with immediate consumes a posted receive for its completion, but its data goes where the RETH says:
// a receive without memory (as bmi_ib posts on its ack QP) takes a 4 KiB write with immediate.
TEST(Infiniband, WriteWithImmediateConsumesAReceiveButNotItsBuffer) {
  HcaRig r;
  IbCompletion got;
  IbReceive rr;
  rr.peer = 0;
  rr.qp = 1;
  rr.bytes = 0;
  rr.scatter_entries = 0;
  rr.on_complete = [&got](const IbCompletion& c) { got = c; };
  r.net.hca(1).post_recv(r.net.host(1), std::move(rr), []() {});
  r.run();
  IbWorkRequest wr;
  wr.opcode = IbOpcode::kRdmaWriteWithImm;
  wr.peer = 1;
  wr.qp = 1;
  wr.gather = {4096};
  wr.immediate = 42;
  wr.message = 9;
  r.net.hca(0).post_send(r.net.host(0), std::move(wr), []() {});
  r.run();
  EXPECT_EQ(got.peer, 0);
  EXPECT_EQ(got.qp, 1);
  EXPECT_EQ(got.bytes, 4096u);
  EXPECT_TRUE(got.has_immediate);
  EXPECT_EQ(got.immediate, 42u);
  EXPECT_EQ(got.message, 9u);
  EXPECT_EQ(r.net.hca(1).receives_posted(0, 1), 0u);
  EXPECT_EQ(r.net.hca(1).cqes_pending(), 1u);
}

TEST(InfinibandDeathTest, ASendWithNoPostedReceiveIsRefused) {
  HcaRig r;
  IbWorkRequest wr;
  wr.peer = 1;
  wr.gather = {8};
  r.net.hca(0).post_send(r.net.host(0), std::move(wr), []() {});
  EXPECT_DEATH(r.run(), "found no posted receive");
}

TEST(InfinibandDeathTest, ASendLongerThanTheReceiveBufferIsRefused) {
  HcaRig r;
  IbReceive rr;
  rr.peer = 0;
  rr.bytes = 16;
  r.net.hca(1).post_recv(r.net.host(1), std::move(rr), []() {});
  r.run();
  IbWorkRequest wr;
  wr.peer = 1;
  wr.gather = {32};
  r.net.hca(0).post_send(r.net.host(0), std::move(wr), []() {});
  EXPECT_DEATH(r.run(), "too short");
}

// A send costs one more PCI-X read than an RDMA write (the responder fetches the receive WQE), so it lands later.
TEST(Infiniband, SendLandsLaterThanRdmaWrite) {
  HcaRig a, b;
  Time t_write = -1, t_send = -1;
  a.write(0, 1, {64}, &t_write, nullptr, false);
  IbReceive rr;
  rr.peer = 0;
  rr.bytes = 64;
  b.net.hca(1).post_recv(b.net.host(1), std::move(rr), []() {});
  b.run();
  Time start = b.sim.now();
  IbWorkRequest wr;
  wr.peer = 1;
  wr.gather = {64};
  wr.signaled = false;
  wr.on_remote = [&]() { t_send = b.sim.now() - start; };
  b.net.hca(0).post_send(b.net.host(0), std::move(wr), []() {});
  a.run();
  b.run();
  EXPECT_GT(t_send, t_write + ns_to_ps(b.p.get("pcix.read_latency_ns")));
}

TEST(Infiniband, TopologyNamesTheInfinibandNetwork) {
  HcaRig r(4);
  nlohmann::json t = Machine::topology_of(r.net);
  EXPECT_EQ(t["fabric"], "infiniband");
  EXPECT_EQ(t["nic"], "infinihost");
  EXPECT_EQ(t["components"].size(), 4u * 3 + 1);
  EXPECT_EQ(t["links"].size(), 8u);
  for (const auto& c : t["components"]) EXPECT_EQ(c["network"], "infiniband");
  EXPECT_EQ(t["links"][0]["bandwidth_MBps"], 1000.0);
}

}  // namespace
}  // namespace hpcsim
