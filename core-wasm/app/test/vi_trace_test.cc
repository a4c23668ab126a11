// VI trace records (kinds 60 vi_descriptor, 61 vi_state; protocols/via/vi_trace.h): what VIPL reports and in
// what order, the value packing, and the records an SS-VIA ping-pong leaves in the kernel trace.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "hw/sci/sci_cluster.h"
#include "nlohmann/json.hpp"
#include "run/session.h"
#include "ss_via/ss_via.h"
#include "via/vi_trace.h"
#include "workload/pingpong.h"

namespace hpcsim {
namespace {

using via::EntryState;
using via::QueueType;

struct Recorded {
  std::vector<via::QueueChange> changes;
  std::vector<std::pair<via::ViState, bool>> states;
  via::ViTrace trace() {
    via::ViTrace t;
    t.queue = [this](const via::QueueChange& c) { changes.push_back(c); };
    t.state = [this](int, via::ViState s, bool created, int) { states.push_back({s, created}); };
    return t;
  }
};

uint32_t st(EntryState s) { return static_cast<uint32_t>(s); }

TEST(ViTrace, ReceiveDescriptorPostedCompleteDequeuedThenCqEntry) {
  via::MemoryRegistry mem;
  uint32_t h = mem.register_mem(0, 1 << 20, 0);
  via::CompletionQueue rcq;
  Recorded r;
  rcq.set_trace(r.trace());
  via::ViAttributes at;
  via::Vi vi(7, at, &mem, nullptr, &rcq);
  vi.set_trace(r.trace());
  vi.connect_request();
  vi.connect_accept(at);
  ASSERT_EQ(r.states.size(), 3u);
  EXPECT_TRUE(r.states[0].second);  // created, Idle
  EXPECT_EQ(r.states[0].first, via::ViState::kIdle);
  EXPECT_EQ(r.states[2].first, via::ViState::kConnected);

  via::Descriptor d0, d1;
  for (via::Descriptor* d : {&d0, &d1}) {
    d->cs.seg_count = 1;
    d->ds.push_back(via::DataSegment{0, h, 256});
    ASSERT_EQ(vi.post_recv(d), via::Result::kSuccess);
  }
  vi.start_transfer(true);
  EXPECT_EQ(vi.incoming_send(100, false, 0, 42), via::Arrival::kDelivered);
  via::Descriptor* out = nullptr;
  ASSERT_EQ(vi.recv_done(&out), via::Result::kSuccess);
  via::CompletionQueue::Entry e;
  ASSERT_EQ(rcq.done(&e), via::Result::kSuccess);

  // posted 0, posted 1, in progress 0, complete 0 (100 B, message 42), CQ entry 0 posted, dequeued 0, CQ dequeued.
  ASSERT_EQ(r.changes.size(), 7u);
  auto expect = [&](size_t i, QueueType q, uint32_t number, EntryState s) {
    EXPECT_EQ(r.changes[i].queue, q) << i;
    EXPECT_EQ(r.changes[i].number, number) << i;
    EXPECT_EQ(r.changes[i].state, st(s)) << i;
    EXPECT_EQ(r.changes[i].vi, 7) << i;
  };
  expect(0, QueueType::kRecvWork, 0, EntryState::kPosted);
  EXPECT_EQ(r.changes[0].bytes, 256u);
  expect(1, QueueType::kRecvWork, 1, EntryState::kPosted);
  expect(2, QueueType::kRecvWork, 0, EntryState::kInProgress);
  expect(3, QueueType::kRecvWork, 0, EntryState::kComplete);
  EXPECT_EQ(r.changes[3].bytes, 100u);
  EXPECT_EQ(r.changes[3].message, 42u);
  expect(4, QueueType::kRecvCompletion, 0, EntryState::kPosted);
  expect(5, QueueType::kRecvWork, 0, EntryState::kDequeued);
  expect(6, QueueType::kRecvCompletion, 0, EntryState::kDequeued);
}

TEST(ViTrace, ReliableViWithoutReceiveGoesToErrorAndFlushes) {
  via::MemoryRegistry mem;
  uint32_t h = mem.register_mem(0, 1 << 20, 0);
  Recorded r;
  via::ViAttributes at;
  at.reliability = via::kReliableDelivery;
  via::Vi vi(1, at, &mem);
  vi.set_trace(r.trace());
  vi.connect_request();
  vi.connect_accept(at);
  via::Descriptor s;
  s.cs.seg_count = 1;
  s.ds.push_back(via::DataSegment{0, h, 8});
  ASSERT_EQ(vi.post_send(&s), via::Result::kSuccess);
  EXPECT_EQ(vi.incoming_send(8), via::Arrival::kViError);  // RECVQ_EMPTY
  EXPECT_EQ(r.states.back().first, via::ViState::kError);
  ASSERT_EQ(r.changes.size(), 2u);
  EXPECT_EQ(r.changes[1].queue, QueueType::kSendWork);
  EXPECT_EQ(r.changes[1].state, 9u);  // 4 + bit 5: DESC_FLUSHED
  EXPECT_EQ(via::completion_state(via::kStatusDone | via::kStatusLength), 7u);
  EXPECT_EQ(via::completion_state(via::kStatusDone | via::kStatusOpReceive), 3u);
}

TEST(ViTrace, ValuePacking) {
  via::QueueChange c{QueueType::kRecvCompletion, 5, 1234, 9, 0, 0};
  uint32_t v = static_cast<uint32_t>(via::descriptor_value(c));
  EXPECT_EQ(v & 0xF, 9u);
  EXPECT_EQ((v >> 4) & 0x3, 3u);
  EXPECT_EQ((v >> 6) & 0x3FF, 5u);
  EXPECT_EQ((v >> 16) & 0x7FFF, 1234u);
  uint32_t s = static_cast<uint32_t>(via::vi_state_value(12, via::ViState::kError, true, 2));
  EXPECT_EQ(s & 0x7, 3u);
  EXPECT_EQ(s & 0x8, 8u);
  EXPECT_EQ((s >> 4) & 0x3FF, 12u);
  EXPECT_EQ((s >> 16) & 0xFF, 3u);
}

struct Rec {
  double t;
  uint32_t kind, component, message, bytes;
  int32_t value;
};

std::vector<Rec> drain(Simulator& sim) {
  std::vector<Rec> out;
  auto& t = sim.trace();
  while (size_t n = t.take(4096))
    for (size_t i = 0; i < n; ++i)
      out.push_back(Rec{t.batch_t0()[i], t.batch_kind()[i], t.batch_component()[i], t.batch_message()[i],
                        t.batch_bytes()[i], t.batch_value()[i]});
  return out;
}

TEST(ViTrace, SsViaPingPongRecordsEachDescriptorInOrder) {
  ParameterSet p("usc-sci-p2-350");
  Simulator sim;
  SciCluster sci(sim, p, 2);
  QsnetCluster ids(sim, p, 2);  // host ids only, as in ss_via_test.cc
  uint32_t msg = 0;
  SsVia ep(sim, sci, &msg);
  PingPong pp(sim, ids, ep, 0, 1, 64, 0, 2, nullptr, []() {});
  pp.start();
  while (!sim.run(1u << 20)) {
  }
  std::vector<Rec> recs = drain(sim);
  ComponentId host0 = sci.host(0).id();
  // Per (queue, descriptor) on node 0: the state sequence and the times.
  std::map<std::pair<uint32_t, uint32_t>, std::vector<std::pair<uint32_t, double>>> seen;
  bool created = false;
  for (const Rec& r : recs) {
    if (r.component != host0) continue;
    if (r.kind == static_cast<uint32_t>(TraceKind::kViState)) {
      if (r.value & 0x8) created = true;
      EXPECT_EQ(r.bytes, 1u);  // the peer node
    }
    if (r.kind != static_cast<uint32_t>(TraceKind::kViDescriptor)) continue;
    EXPECT_TRUE(created) << "a descriptor record before its VI's creation";
    uint32_t v = static_cast<uint32_t>(r.value);
    seen[{(v >> 4) & 3, (v >> 16) & 0x7FFF}].push_back({v & 0xF, r.t});
  }
  for (uint32_t q : {0u, 1u}) {
    for (uint32_t k : {0u, 1u}) {
      auto& s = seen[std::make_pair(q, k)];
      ASSERT_EQ(s.size(), 4u) << "queue " << q << " descriptor " << k;
      EXPECT_EQ(s[0].first, st(EntryState::kPosted));
      EXPECT_EQ(s[1].first, st(EntryState::kInProgress));
      EXPECT_EQ(s[2].first, st(EntryState::kComplete));
      EXPECT_EQ(s[3].first, st(EntryState::kDequeued));
      for (size_t i = 1; i < s.size(); ++i) EXPECT_LE(s[i - 1].second, s[i].second);
      EXPECT_LT(s[0].second, s[2].second);  // completion takes time (the SCI transfer)
    }
  }
  // Completion-queue entries: posted then dequeued, one per completed descriptor of each queue.
  std::pair<uint32_t, uint32_t> send_cq0{2u, 0u}, recv_cq1{3u, 1u};
  EXPECT_EQ(seen[send_cq0].size(), 2u);
  EXPECT_EQ(seen[recv_cq1].size(), 2u);
}

TEST(ViTrace, SciTopologyHasTheFastEthernetSwitch) {
  std::ifstream f(std::string(HPCSIM_SCENARIOS_DIR) + "/via-sci-pingpong.json");
  std::stringstream text;
  text << f.rdbuf();
  std::string err;
  auto s = Session::create(text.str(), &err);
  ASSERT_TRUE(s) << err;
  auto topo = nlohmann::json::parse(s->topology_json());
  int tulips = 0, switches = 0, cables = 0;
  uint32_t sw = 0;
  for (const auto& c : topo["components"]) {
    if (c.value("network", "") != "ethernet") continue;
    if (c["kind"] == "nic") ++tulips;
    if (c["kind"] == "switch") {
      ++switches;
      sw = c["id"];
      EXPECT_EQ(c["label"], "Fast Ethernet switch");
    }
  }
  for (const auto& l : topo["links"])
    if (l["from"] == sw || l["to"] == sw) ++cables;
  EXPECT_EQ(tulips, 8);
  EXPECT_EQ(switches, 1);
  EXPECT_EQ(cables, 16);  // both directions of each node's cable
  EXPECT_EQ(sw, 9u * 8u + 1u);  // ids from 4N + 1: 3N hosts, PCI buses, NICs, 2N cables, then the switch
}

}  // namespace
}  // namespace hpcsim

namespace hpcsim {
namespace {

TEST(ViTrace, StateRecordsAreKeptBeyondThePerRunCap) {
  TraceBuffer t(10);
  t.begin_segment(1);
  t.record(0, 1, TraceKind::kQdmaPacket, 5, 1, 64, 0);
  t.record(1, 2, TraceKind::kQdmaPacket, 5, 1, 64, 0);  // over the per-run cap: dropped
  t.record_state(3, 3, TraceKind::kViDescriptor, 1, 1, 64, 1);
  EXPECT_EQ(t.recorded(), 2u);
  EXPECT_EQ(t.dropped(), 1u);
  for (int i = 0; i < 20; ++i) t.record_state(4, 4, TraceKind::kViState, 1, 0, 0, 2);
  EXPECT_EQ(t.recorded(), 10u);  // the overall limit still holds
}

}  // namespace
}  // namespace hpcsim
