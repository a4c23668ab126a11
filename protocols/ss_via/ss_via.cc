#include "ss_via/ss_via.h"

#include "ss_via/costs.h"
#include "via/vi_trace.h"

namespace hpcsim {

using namespace ss_via;

namespace {
constexpr int32_t kRecvDone = 1;
constexpr int32_t kViError = 2;
constexpr uint64_t kConnectWord = 0, kAcceptWord = 8, kNoRecvWord = 16, kConnLostWord = 24;
uint64_t control_word(int peer, uint64_t word) { return kControlBase + 64ull * static_cast<uint64_t>(peer) + word; }
uint64_t recv_descriptor(int peer, uint32_t k) {
  return kDescriptorBase + 64ull * (kRing * static_cast<uint64_t>(peer) + k % kRing);
}
uint64_t mirror_slot(int peer, uint32_t k) { return kMirrorBase + 32ull * (kRing * static_cast<uint64_t>(peer) + k % kRing); }
uint64_t send_descriptor(int peer, uint32_t k) {
  return kSendDescriptorBase + 64ull * (kRing * static_cast<uint64_t>(peer) + k % kRing);
}
uint64_t recv_buffer(int peer) { return kBufferBase + kBufferStride * static_cast<uint64_t>(peer); }
}  // namespace

SsVia::SsVia(Simulator& sim, SciCluster& cluster, uint32_t* message_ids, SsViaOptions options)
    : sim_(sim), cluster_(cluster), ids_(message_ids), opt_(options) {
  nodes_.resize(static_cast<size_t>(cluster.size()));
  for (int i = 0; i < cluster.size(); ++i) {
    Node& n = nodes_[static_cast<size_t>(i)];
    n.handle = n.memory.register_mem(0, kSegmentBytes, 0, true, false);  // VipRegisterMem of the VI's buffers
    n.send_cq = std::make_unique<via::CompletionQueue>();
    n.recv_cq = std::make_unique<via::CompletionQueue>();
    n.send_cq->set_trace(via::trace_recorder(sim, cluster.host(i).id(), -1));
    n.recv_cq->set_trace(via::trace_recorder(sim, cluster.host(i).id(), -1));
    n.inbox = std::make_unique<HostInbox>(sim, cluster.host(i));
    cluster.adapter(i).export_segment(kSegmentId, kSegmentBytes);
  }
}

void SsVia::ensure(int a, int b) {
  for (auto key : {std::make_pair(a, b), std::make_pair(b, a)}) {
    if (pairs_.count(key)) continue;
    Node& n = nodes_[static_cast<size_t>(key.first)];
    via::ViAttributes at;
    at.reliability = opt_.reliability;
    at.max_transfer_size = 1u << 24;
    at.enable_rdma_write = true;
    Pair& p = pairs_[key];
    p.vi = std::make_unique<via::Vi>(next_vi_++, at, &n.memory, n.send_cq.get(), n.recv_cq.get());
    p.vi->set_trace(via::trace_recorder(sim_, cluster_.host(key.first).id(), key.second));
    if (opt_.connected) {
      p.vi->connect_request();
      p.vi->connect_accept(at);
    }
  }
}

SsVia::Pair& SsVia::pair(int node, int peer) {
  ensure(node, peer);
  return pairs_[std::make_pair(node, peer)];
}

via::Vi& SsVia::vi(int node, int peer) { return *pair(node, peer).vi; }

void SsVia::catalog(uint32_t msg, int node, int peer, uint32_t bytes, bool matched) {
  MessageCatalog::Entry e;
  e.series = opt_.series;
  e.bytes = bytes;
  e.src = node;
  e.dst = peer;
  e.layers.push_back(HeaderLayer{"VIPL", {{"call", "VipPostSend(vi, desc, memHandle)"},
                                          {"bytes", std::to_string(bytes)},
                                          {"reliability", std::to_string(opt_.reliability)}}});
  e.layers.push_back(HeaderLayer{"SS-VIA", {{"target", matched ? "buffer of the oldest posted receive"
                                                               : "none posted: RECVQ_EMPTY rule"},
                                            {"completion", "Length/Status word written after a store barrier"}}});
  e.layers.push_back(HeaderLayer{"SCI", {{"transaction", "remote write (nwrite64 / nwrite16)"},
                                         {"source node", std::to_string(node)},
                                         {"target node", std::to_string(peer)},
                                         {"echo", "every request"}}});
  sim_.messages().add(msg, std::move(e));
}

// ------------------------------------------------------------------------------------------- VipPostRecv

void SsVia::post_receive(int node, int peer, uint32_t bytes, Done then) {
  Pair& p = pair(node, peer);
  Node& n = nodes_[static_cast<size_t>(node)];
  n.recv_peer = peer;
  uint32_t k = p.recv_seq++;
  auto d = std::make_unique<via::Descriptor>();
  d->address = recv_descriptor(peer, k);
  d->cs.seg_count = 1;
  d->ds.push_back(via::DataSegment{recv_buffer(peer), n.handle, bytes});
  via::Descriptor* dp = d.get();
  p.descriptors.push_back(std::move(d));
  p.vi->post_recv(dp);
  bool ok = !dp->done();
  Host& h = cluster_.host(node);
  h.compute(kPostRecvCycles, [this, node, peer, k, bytes, dp, ok, then = std::move(then)]() mutable {
    if (!ok) {
      then();
      return;
    }
    uint64_t slot = mirror_slot(node, k);
    Posted notice{dp->ds[0].data, dp->address, bytes};
    cluster_.adapter(peer).watch(slot, [this, node, peer, notice]() { pair(peer, node).mirror.push_back(notice); });
    SciAdapter& a = cluster_.adapter(node);
    a.store(peer, slot, kNoticeBytes, 0, [&a, then = std::move(then)]() mutable { a.flush(0, std::move(then)); });
  });
}

// ------------------------------------------------------------------------------------------- VipPostSend

void SsVia::send(int node, int peer, uint32_t bytes, Done then) {
  Pair& p = pair(node, peer);
  Node& n = nodes_[static_cast<size_t>(node)];
  n.send_peer = peer;
  uint32_t msg = ++*ids_;
  auto d = std::make_unique<via::Descriptor>();
  d->address = send_descriptor(peer, p.send_seq++);
  d->cs.seg_count = 1;
  d->ds.push_back(via::DataSegment{kSendBufferBase, n.handle, bytes});
  d->message = msg;
  via::Descriptor* dp = d.get();
  p.descriptors.push_back(std::move(d));
  if (p.vi->post_send(dp) != via::Result::kSuccess || dp->done()) {
    cluster_.host(node).compute(kPostSendCycles, std::move(then));
    return;
  }
  Host& h = cluster_.host(node);
  h.compute(kPostSendCycles, [this, node, peer, bytes, msg, then = std::move(then)]() mutable {
    // The VI manager reads the mirror of the peer's receive queue (a line the adapter wrote).
    cluster_.host(node).read_dma_written(kNoticeBytes, [this, node, peer, bytes, msg, then = std::move(then)]() mutable {
      Pair& p = pair(node, peer);
      SciAdapter& a = cluster_.adapter(node);
      if (p.mirror.empty()) {
        catalog(msg, node, peer, bytes, false);
        uint64_t w = control_word(node, kNoRecvWord);
        cluster_.adapter(peer).watch(w, [this, node, peer, msg]() { unmatched(peer, node, msg); });
        a.store(peer, w, 8, msg, [&a, msg, then = std::move(then)]() mutable { a.flush(msg, std::move(then)); });
        return;
      }
      Posted target = p.mirror.front();
      p.mirror.pop_front();
      catalog(msg, node, peer, bytes, true);
      uint64_t flag = target.descriptor + kFlagOffset;
      cluster_.adapter(peer).watch(flag, [this, node, peer, bytes, msg]() { deliver(peer, node, bytes, msg); });
      auto write_flag = [&a, peer, flag, msg, then = std::move(then)]() mutable {
        a.store(peer, flag, kFlagBytes, msg, [&a, msg, then = std::move(then)]() mutable { a.flush(msg, std::move(then)); });
      };
      // SCIStartSequence, then the data straight into the posted buffer, then a store barrier so the flag
      // cannot overtake it. From here both descriptors are being transferred.
      p.vi->start_transfer(false);
      pair(peer, node).vi->start_transfer(true);
      a.start_sequence(msg, [&a, peer, bytes, msg, buffer = target.buffer,
                             write_flag = std::move(write_flag)](SciSeqStatus) mutable {
        if (bytes == 0) {
          write_flag();
          return;
        }
        a.store(peer, buffer, bytes, msg, [&a, msg, write_flag = std::move(write_flag)]() mutable {
          a.store_barrier(msg, std::move(write_flag));
        });
      });
    });
  });
}

void SsVia::deliver(int node, int peer, uint32_t bytes, uint32_t msg) {
  Pair& p = pair(node, peer);
  via::Arrival r = p.vi->incoming_send(bytes, false, 0, msg);
  if (r == via::Arrival::kDelivered) {
    nodes_[static_cast<size_t>(node)].inbox->land(Notice{0, kRecvDone, msg, kFlagBytes, 0});
  } else if (r == via::Arrival::kViError) {
    vi_failed(node, peer, msg);
  }
}

// A send found no posted receive: the receiving VI applies the RECVQ_EMPTY rule.
void SsVia::unmatched(int node, int peer, uint32_t msg) {
  Pair& p = pair(node, peer);
  if (p.vi->state() != via::ViState::kConnected) return;
  if (!p.vi->reliable()) return;  // Unreliable: dropped
  p.vi->fail(via::AsyncError::kRecvqEmpty);
  vi_failed(node, peer, msg);
}

// The VI of `node` went to ERROR: wake its waiter and break the connection at the peer (CONN_LOST).
void SsVia::vi_failed(int node, int peer, uint32_t msg) {
  nodes_[static_cast<size_t>(node)].inbox->land(Notice{0, kViError, msg, kFlagBytes, 0});
  uint64_t w = control_word(node, kConnLostWord);
  cluster_.adapter(peer).watch(w, [this, node, peer]() {
    Pair& q = pair(peer, node);
    if (q.vi->state() == via::ViState::kConnected) q.vi->fail(via::AsyncError::kConnLost);
  });
  SciAdapter& a = cluster_.adapter(node);
  a.store(peer, w, 8, msg, [&a, msg]() { a.flush(msg, []() {}); });
}

// ------------------------------------------------------------------------------------------- VipSendWait

void SsVia::finish_send(int node, uint32_t error_bits, Done then) {
  cluster_.host(node).compute(kSendWaitCycles, [this, node, error_bits, then = std::move(then)]() {
    Node& n = nodes_[static_cast<size_t>(node)];
    Pair& p = pair(node, n.send_peer);
    if (p.vi->next_send()) p.vi->complete_send(error_bits);
    via::Descriptor* d = nullptr;
    if (p.vi->send_done(&d) == via::Result::kSuccess) {
      n.last_send_status = d->cs.status;
      via::CompletionQueue::Entry e;
      n.send_cq->done(&e);
    }
    then();
  });
}

void SsVia::wait_send_complete(int node, Done then) {
  Node& n = nodes_[static_cast<size_t>(node)];
  if (n.send_peer < 0) {
    then();
    return;
  }
  Pair& p = pair(node, n.send_peer);
  if (!p.vi->next_send() || opt_.reliability == via::kUnreliable) {
    finish_send(node, 0, std::move(then));
    return;
  }
  SciAdapter& a = cluster_.adapter(node);
  int peer = n.send_peer;
  auto check = [this, node, &a, then = std::move(then)]() mutable {
    a.check_sequence(0, [this, node, then = std::move(then)](SciSeqStatus st) mutable {
      finish_send(node, st == SciSeqStatus::kOk ? 0 : via::kStatusTransport, std::move(then));
    });
  };
  a.store_barrier(0, [this, &a, peer, check = std::move(check)]() mutable {
    if (opt_.reliability == via::kReliableReception) {
      // Placed at the target: a read of the flag returns only after the earlier writes (PCI ordering).
      a.remote_read(peer, 0, kFlagBytes, 0, std::move(check));
    } else {
      check();
    }
  });
}

// ------------------------------------------------------------------------------------------- VipRecvWait

void SsVia::wait_arrival(int node, Done then) {
  Node& n = nodes_[static_cast<size_t>(node)];
  n.inbox->wait(0, [](const Notice&) { return true; }, [this, node, then = std::move(then)](const Notice&) mutable {
    cluster_.host(node).compute(kRecvDoneCycles, [this, node, then = std::move(then)]() {
      Node& n = nodes_[static_cast<size_t>(node)];
      if (n.recv_peer >= 0) {
        Pair& p = pair(node, n.recv_peer);
        via::Descriptor* d = nullptr;
        if (p.vi->recv_done(&d) == via::Result::kSuccess) {
          n.last_recv_status = d->cs.status;
          via::CompletionQueue::Entry e;
          n.recv_cq->done(&e);
        }
      }
      then();
    });
  });
}

// ------------------------------------------------------------------------------------------- connection

void SsVia::connect(int node, int peer, Done then) {
  Pair& p = pair(node, peer);
  if (p.vi->state() == via::ViState::kConnected) {
    then();
    return;
  }
  p.vi->connect_request();
  Host& h = cluster_.host(node);
  Time entry = ns("os.syscall_entry_ns"), exit = ns("os.syscall_exit_ns");
  // VipConnectRequest: system call; the kernel agent creates and exports the VI's segment, connects to and
  // maps the peer's (SCIConnectSegment reads its descriptor remotely), then writes the request word.
  sim_.after(entry, h.id(), EventKind::kHostCpuDone, 0, [this, node, peer, exit, then = std::move(then)]() mutable {
    Host& h = cluster_.host(node);
    h.compute(kAgentCreateCycles, [this, node, peer, exit, then = std::move(then)]() mutable {
      SciAdapter& a = cluster_.adapter(node);
      a.remote_read(peer, 0, kSegmentDescriptorBytes, 0, [this, node, peer, exit, &a, then = std::move(then)]() mutable {
        if (cluster_.adapter(peer).segment_size(kSegmentId) == 0) {
          pair(node, peer).vi->connect_reject();
          then();
          return;
        }
        cluster_.host(node).compute(kAgentMapCycles, [this, node, peer, exit, &a, then = std::move(then)]() mutable {
          uint64_t ack = control_word(peer, kAcceptWord);
          // The accept word lands here: CONNECTED, back to user space.
          a.watch(ack, [this, node, peer, exit, then = std::move(then)]() mutable {
            pair(node, peer).vi->connect_accept(pair(peer, node).vi->attributes());
            sim_.after(exit, cluster_.host(node).id(), EventKind::kHostCpuDone, 0, std::move(then));
          });
          uint64_t req = control_word(node, kConnectWord);
          // The peer's agent (in VipConnectWait) imports this node's segment and accepts.
          cluster_.adapter(peer).watch(req, [this, node, peer]() {
            cluster_.host(peer).compute(kAgentCreateCycles, [this, node, peer]() {
              SciAdapter& b = cluster_.adapter(peer);
              b.remote_read(node, 0, kSegmentDescriptorBytes, 0, [this, node, peer, &b]() {
                cluster_.host(peer).compute(kAgentMapCycles, [this, node, peer, &b]() {
                  Pair& q = pair(peer, node);
                  q.vi->connect_request();
                  q.vi->connect_accept(pair(node, peer).vi->attributes());
                  b.store(node, control_word(peer, kAcceptWord), 8, 0, [&b]() { b.flush(0, []() {}); });
                });
              });
            });
          });
          a.store(peer, req, 8, 0, [&a]() { a.flush(0, []() {}); });
        });
      });
    });
  });
}

// ------------------------------------------------------------------------------- ViplProvider

namespace {
// The segment layout (costs.h): where the flag of the k-th receive descriptor of `src` and the notice of the k-th
// receive posted by `receiver` land.
uint64_t flag_addr(int src, uint32_t k) {
  return ss_via::kDescriptorBase + 64ull * (ss_via::kRing * static_cast<uint64_t>(src) + k % ss_via::kRing) +
         ss_via::kFlagOffset;
}
uint64_t mirror_addr(int receiver, uint32_t k) {
  return ss_via::kMirrorBase + 32ull * (ss_via::kRing * static_cast<uint64_t>(receiver) + k % ss_via::kRing);
}
}  // namespace

void SsVia::post_receive_credited(int node, int peer, uint32_t k, uint32_t bytes, Done posted, Done credit) {
  cluster_.adapter(peer).watch(mirror_addr(node, k), std::move(credit));
  post_receive(node, peer, bytes, posted ? std::move(posted) : []() {});
}

void SsVia::on_arrival_known(int node, int peer, uint32_t k, Done known) {
  cluster_.adapter(peer).watch(flag_addr(node, k), std::move(known));
}

}  // namespace hpcsim
