// VIPL semantics (REFERENCES §1.5), timing-free.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "via/vipl.h"

namespace hpcsim::via {
namespace {

struct Fixture : ::testing::Test {
  MemoryRegistry mem;
  uint32_t h = 0;
  CompletionQueue scq, rcq;
  std::vector<std::unique_ptr<Descriptor>> ds;
  void SetUp() override { h = mem.register_mem(0x10000, 0x10000, 7); }
  ViAttributes attrs(uint32_t rel) {
    ViAttributes a;
    a.reliability = rel;
    a.ptag = 7;
    a.max_transfer_size = 4096;
    return a;
  }
  std::unique_ptr<Vi> connected(uint32_t rel, bool cqs = false) {
    auto v = std::make_unique<Vi>(1, attrs(rel), &mem, cqs ? &scq : nullptr, cqs ? &rcq : nullptr);
    EXPECT_EQ(v->connect_request(), Result::kSuccess);
    EXPECT_EQ(v->connect_accept(attrs(rel)), Result::kSuccess);
    return v;
  }
  Descriptor* desc(uint32_t len, uint64_t addr = 0x10000, uint32_t handle = 0) {
    auto d = std::make_unique<Descriptor>();
    d->address = 0x1000 + 64 * ds.size();
    d->cs.seg_count = 1;
    d->ds.push_back(DataSegment{addr, handle ? handle : h, len});
    ds.push_back(std::move(d));
    return ds.back().get();
  }
};

TEST_F(Fixture, LayoutAndConstants) {
  EXPECT_EQ(sizeof(ControlSegment), 32u);
  EXPECT_EQ(sizeof(DataSegment), 16u);
  EXPECT_EQ(sizeof(AddressSegment), 16u);
  EXPECT_EQ(kDescriptorAlignment, 64u);
  EXPECT_EQ(kStatusErrorMask, 0x1FEu);
  EXPECT_EQ(kStatusFormat | kStatusProtection | kStatusLength | kStatusPartial | kStatusDescFlushed |
                kStatusTransport | kStatusRdmaProt | kStatusRemoteDesc,
            kStatusErrorMask);
  Descriptor* d = desc(8);
  EXPECT_EQ(d->bytes(), 48u);
  d->cs.control = kControlOpRdmaWrite;
  EXPECT_EQ(d->bytes(), 64u);
}

TEST_F(Fixture, ConnectionStates) {
  Vi v(1, attrs(kReliableDelivery), &mem);
  EXPECT_EQ(v.state(), ViState::kIdle);
  EXPECT_EQ(v.connect_request(), Result::kSuccess);
  EXPECT_EQ(v.state(), ViState::kConnectPending);
  EXPECT_EQ(v.connect_request(), Result::kInvalidState);
  EXPECT_EQ(v.connect_reject(), Result::kRejected);
  EXPECT_EQ(v.state(), ViState::kIdle);
  v.connect_request();
  EXPECT_EQ(v.connect_accept(attrs(kUnreliable)), Result::kInvalidParameter);  // reliability must match
  EXPECT_EQ(v.state(), ViState::kIdle);
  v.connect_request();
  EXPECT_EQ(v.connect_accept(attrs(kReliableDelivery)), Result::kSuccess);
  EXPECT_EQ(v.state(), ViState::kConnected);
  EXPECT_EQ(v.disconnect(), Result::kSuccess);
  EXPECT_EQ(v.state(), ViState::kIdle);
}

TEST_F(Fixture, DescriptorsMustBe64ByteAligned) {
  auto v = connected(kUnreliable);
  Descriptor* d = desc(8);
  d->address += 8;
  EXPECT_EQ(v->post_send(d), Result::kInvalidParameter);
  EXPECT_EQ(v->post_recv(d), Result::kInvalidParameter);
  EXPECT_EQ(v->send_queue_size(), 0u);
}

TEST_F(Fixture, ReceivesMayBePrePostedBeforeConnectSendsMayNot) {
  Vi v(1, attrs(kUnreliable), &mem);
  EXPECT_EQ(v.post_recv(desc(8)), Result::kSuccess);
  EXPECT_EQ(v.post_send(desc(8)), Result::kInvalidState);
  v.connect_request();
  v.connect_accept(attrs(kUnreliable));
  EXPECT_EQ(v.incoming_send(8), Arrival::kDelivered);
}

TEST_F(Fixture, WorkQueuesAreFifo) {
  auto v = connected(kUnreliable);
  Descriptor* a = desc(100);
  Descriptor* b = desc(200);
  v->post_recv(a);
  v->post_recv(b);
  EXPECT_EQ(v->incoming_send(50), Arrival::kDelivered);
  EXPECT_TRUE(a->done());
  EXPECT_FALSE(b->done());
  EXPECT_EQ(a->cs.length, 50u);
  EXPECT_EQ(a->cs.status, kStatusDone | kStatusOpReceive);
  Descriptor* out = nullptr;
  EXPECT_EQ(v->recv_done(&out), Result::kSuccess);
  EXPECT_EQ(out, a);
  EXPECT_EQ(v->recv_done(&out), Result::kNotDone);
  // Sends complete in order and are dequeued by VipSendDone only once done.
  Descriptor* s1 = desc(10);
  Descriptor* s2 = desc(20);
  v->post_send(s1);
  v->post_send(s2);
  EXPECT_EQ(v->next_send(), s1);
  EXPECT_EQ(v->send_done(&out), Result::kNotDone);
  v->complete_send();
  EXPECT_EQ(v->send_done(&out), Result::kSuccess);
  EXPECT_EQ(out, s1);
  EXPECT_EQ(s1->cs.status, kStatusDone | kStatusOpSend);
  EXPECT_EQ(v->next_send(), s2);
}

TEST_F(Fixture, ImmediateDataIsDelivered) {
  auto v = connected(kReliableDelivery);
  Descriptor* r = desc(64);
  v->post_recv(r);
  EXPECT_EQ(v->incoming_send(4, true, 0xabcd), Arrival::kDelivered);
  EXPECT_EQ(r->cs.immediate_data, 0xabcdu);
  EXPECT_EQ(r->cs.status, kStatusDone | kStatusOpReceive | kStatusImmediate);
}

TEST_F(Fixture, UnreliableSendWithoutReceiveIsDropped) {
  auto v = connected(kUnreliable);
  EXPECT_EQ(v->incoming_send(8), Arrival::kDropped);
  EXPECT_EQ(v->state(), ViState::kConnected);
  EXPECT_TRUE(v->async_errors().empty());
}

TEST_F(Fixture, ReliableSendWithoutReceiveRaisesRecvqEmptyAndFlushes) {
  for (uint32_t rel : {kReliableDelivery, kReliableReception}) {
    auto v = connected(rel);
    Descriptor* s = desc(8);
    v->post_send(s);  // outstanding send
    EXPECT_EQ(v->incoming_send(8), Arrival::kViError);
    EXPECT_EQ(v->state(), ViState::kError);
    ASSERT_EQ(v->async_errors().size(), 1u);
    EXPECT_EQ(v->async_errors()[0], AsyncError::kRecvqEmpty);
    EXPECT_EQ(s->cs.status, kStatusDone | kStatusOpSend | kStatusDescFlushed);
    // Later posts are flushed at once; the VI stays in ERROR until disconnected.
    Descriptor* r = desc(8);
    EXPECT_EQ(v->post_recv(r), Result::kSuccess);
    EXPECT_EQ(r->cs.status & kStatusDescFlushed, kStatusDescFlushed);
    EXPECT_EQ(v->disconnect(), Result::kSuccess);
    EXPECT_EQ(v->state(), ViState::kIdle);
  }
}

TEST_F(Fixture, ErrorFlushesEveryOutstandingDescriptor) {
  auto v = connected(kReliableDelivery, true);
  Descriptor* r1 = desc(8);
  Descriptor* r2 = desc(8);
  Descriptor* s1 = desc(8);
  v->post_recv(r1);
  v->post_recv(r2);
  v->post_send(s1);
  v->fail(AsyncError::kConnLost);
  for (Descriptor* d : {r1, r2, s1}) EXPECT_EQ(d->errors(), kStatusDescFlushed);
  EXPECT_EQ(rcq.size(), 2u);
  EXPECT_EQ(scq.size(), 1u);
}

TEST_F(Fixture, CompletionQueueNamesViAndQueueOnly) {
  auto v = connected(kUnreliable, true);
  Descriptor* r = desc(64);
  v->post_recv(r);
  v->post_send(desc(8));
  v->incoming_send(16);
  v->complete_send();
  CompletionQueue::Entry e{};
  ASSERT_EQ(rcq.done(&e), Result::kSuccess);
  EXPECT_EQ(e.vi, 1);
  EXPECT_TRUE(e.is_recv);
  ASSERT_EQ(scq.done(&e), Result::kSuccess);
  EXPECT_FALSE(e.is_recv);
  EXPECT_EQ(rcq.done(&e), Result::kNotDone);
  // The descriptor is still on the queue until VipRecvDone.
  EXPECT_EQ(v->recv_queue_size(), 1u);
  Descriptor* out = nullptr;
  EXPECT_EQ(v->recv_done(&out), Result::kSuccess);
  EXPECT_EQ(out, r);
}

TEST_F(Fixture, CompletionQueueOverflowIsCatastrophic) {
  CompletionQueue small(1);
  Vi v(2, attrs(kUnreliable), &mem, nullptr, &small);
  v.connect_request();
  v.connect_accept(attrs(kUnreliable));
  v.post_recv(desc(8));
  v.post_recv(desc(8));
  v.incoming_send(1);
  v.incoming_send(1);
  ASSERT_EQ(v.async_errors().size(), 1u);
  EXPECT_EQ(v.async_errors()[0], AsyncError::kCatastrophic);
}

TEST_F(Fixture, ReceiveTooShortIsALengthError) {
  auto u = connected(kUnreliable);
  Descriptor* r = desc(8);
  u->post_recv(r);
  EXPECT_EQ(u->incoming_send(16), Arrival::kDropped);
  EXPECT_EQ(r->errors(), kStatusLength);
  EXPECT_EQ(u->state(), ViState::kConnected);
  auto v = connected(kReliableDelivery);
  Descriptor* r2 = desc(8);
  Descriptor* r3 = desc(8);
  v->post_recv(r2);
  v->post_recv(r3);
  EXPECT_EQ(v->incoming_send(16), Arrival::kViError);
  EXPECT_EQ(r2->errors(), kStatusLength);
  EXPECT_EQ(r3->errors(), kStatusDescFlushed);
  EXPECT_EQ(v->state(), ViState::kError);
}

TEST_F(Fixture, MemoryProtection) {
  auto v = connected(kUnreliable);
  uint32_t other = mem.register_mem(0x40000, 0x1000, 9);  // another protection tag
  Descriptor* bad_tag = desc(8, 0x40000, other);
  v->post_send(bad_tag);
  EXPECT_EQ(bad_tag->errors(), kStatusProtection);
  Descriptor* out_of_range = desc(0x20000);
  v->post_send(out_of_range);
  EXPECT_EQ(out_of_range->errors(), kStatusProtection);
  EXPECT_EQ(mem.deregister_mem(other), Result::kSuccess);
  EXPECT_EQ(mem.deregister_mem(other), Result::kInvalidParameter);
  EXPECT_FALSE(mem.check(other, 0x40000, 8, 9));
  EXPECT_EQ(v->state(), ViState::kConnected);  // unreliable: the VI survives a descriptor error
  auto r = connected(kReliableDelivery);
  Descriptor* bad = desc(8, 0x40000, 999);
  r->post_send(bad);
  EXPECT_EQ(bad->errors(), kStatusProtection);
  EXPECT_EQ(r->state(), ViState::kError);
  EXPECT_EQ(r->async_errors()[0], AsyncError::kPostDesc);
}

TEST_F(Fixture, FormatAndLengthChecks) {
  auto v = connected(kUnreliable);
  Descriptor* d = desc(8);
  d->cs.seg_count = 2;  // does not match the segments present
  v->post_send(d);
  EXPECT_EQ(d->errors(), kStatusFormat);
  Descriptor* big = desc(8192);  // above MaxTransferSize 4096
  v->post_send(big);
  EXPECT_EQ(big->errors(), kStatusLength);
}

TEST_F(Fixture, RdmaReadOnlyOnReliableVisThatEnableIt) {
  auto u = connected(kUnreliable);
  Descriptor* d = desc(8);
  d->cs.control = kControlOpRdmaRead;
  u->post_send(d);
  EXPECT_EQ(d->errors(), kStatusFormat);
  ViAttributes a = attrs(kReliableDelivery);
  a.enable_rdma_read = true;
  Vi r(3, a, &mem);
  r.connect_request();
  r.connect_accept(a);
  Descriptor* e = desc(8);
  e->cs.control = kControlOpRdmaRead;
  r.post_send(e);
  EXPECT_FALSE(e->done());
  r.complete_send();
  EXPECT_EQ(e->cs.status, kStatusDone | kStatusOpRdmaRead);
}

TEST_F(Fixture, RdmaWriteConsumesAReceiveOnlyWithImmediateData) {
  ViAttributes a = attrs(kReliableDelivery);
  a.enable_rdma_write = true;
  uint32_t target = mem.register_mem(0x80000, 0x1000, 7, true);
  Vi v(4, a, &mem);
  v.connect_request();
  v.connect_accept(a);
  Descriptor* r = desc(8);
  v.post_recv(r);
  EXPECT_EQ(v.incoming_rdma_write(0x80000, target, 256), Arrival::kDelivered);
  EXPECT_FALSE(r->done());
  EXPECT_EQ(v.incoming_rdma_write(0x80000, target, 256, true, 42), Arrival::kDelivered);
  EXPECT_EQ(r->cs.status, kStatusDone | kStatusOpRemoteRdmaWrite | kStatusImmediate);
  EXPECT_EQ(r->cs.immediate_data, 42u);
  // With immediate data and no receive posted: the RECVQ_EMPTY rule.
  EXPECT_EQ(v.incoming_rdma_write(0x80000, target, 8, true, 1), Arrival::kViError);
  EXPECT_EQ(v.async_errors().back(), AsyncError::kRecvqEmpty);
}

TEST_F(Fixture, RdmaWriteProtection) {
  ViAttributes a = attrs(kUnreliable);
  a.enable_rdma_write = true;
  Vi u(5, a, &mem);
  u.connect_request();
  u.connect_accept(a);
  EXPECT_EQ(u.incoming_rdma_write(0x10000, h, 8), Arrival::kDropped);  // region not enabled for RDMA write
  ViAttributes b = attrs(kReliableDelivery);
  b.enable_rdma_write = true;
  Vi r(6, b, &mem);
  r.connect_request();
  r.connect_accept(b);
  EXPECT_EQ(r.incoming_rdma_write(0x10000, h, 8), Arrival::kViError);
  EXPECT_EQ(r.async_errors()[0], AsyncError::kRdmawProt);
}

TEST_F(Fixture, IncomingOnUnconnectedViIsIgnored) {
  Vi v(7, attrs(kReliableDelivery), &mem);
  EXPECT_EQ(v.incoming_send(8), Arrival::kNotConnected);
  EXPECT_EQ(v.state(), ViState::kIdle);
}

}  // namespace
}  // namespace hpcsim::via
