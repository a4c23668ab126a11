#include "mvia/mvia.h"

#include "mvia/costs.h"
#include "via/vi_trace.h"

namespace hpcsim {

using namespace mvia;

namespace {
constexpr int32_t kFrameData = 1;
}  // namespace

Mvia::Mvia(Simulator& sim, EthernetCluster& cluster, uint32_t* message_ids, MviaOptions options)
    : sim_(sim),
      cluster_(cluster),
      ids_(message_ids),
      opt_(options),
      header_(static_cast<uint32_t>(cluster.parameters().get("mvia.header_bytes"))),
      trap_ps_(ns_to_ps(cluster.parameters().get("mvia.fast_trap_ns"))),
      memcpy_Bps_(cluster.parameters().get("host.memcpy_MBps") * 1e6) {
  nodes_.resize(static_cast<size_t>(cluster.size()));
  for (int i = 0; i < cluster.size(); ++i) {
    Node& n = nodes_[static_cast<size_t>(i)];
    n.handle = n.memory.register_mem(0, kRegionBytes, 0);  // VipRegisterMem of the benchmark's buffers
    n.send_cq = std::make_unique<via::CompletionQueue>();
    n.recv_cq = std::make_unique<via::CompletionQueue>();
    n.send_cq->set_trace(via::trace_recorder(sim, cluster.host(i).id(), -1));
    n.recv_cq->set_trace(via::trace_recorder(sim, cluster.host(i).id(), -1));
    cluster.nic(i).set_driver_cycles(static_cast<uint64_t>(cluster.parameters().get("mvia.tx_driver_cycles")),
                                     static_cast<uint64_t>(cluster.parameters().get("mvia.rx_driver_cycles")));
    cluster.nic(i).set_receive_handler([this, i](const EthFrame& f, Done done) { receive(i, f, std::move(done)); });
  }
}

Mvia::Pair& Mvia::pair(int node, int peer) {
  auto key = std::make_pair(node, peer);
  auto it = pairs_.find(key);
  if (it != pairs_.end()) return it->second;
  Node& n = nodes_[static_cast<size_t>(node)];
  via::ViAttributes at;
  at.reliability = opt_.reliability;
  at.max_transfer_size = 1u << 24;
  Pair& p = pairs_[key];
  p.vi = std::make_unique<via::Vi>(next_vi_++, at, &n.memory, n.send_cq.get(), n.recv_cq.get());
  p.vi->set_trace(via::trace_recorder(sim_, cluster_.host(node).id(), peer));
  if (opt_.connected) {
    p.vi->connect_request();
    p.vi->connect_accept(at);
  }
  return p;
}

via::Vi& Mvia::vi(int node, int peer) { return *pair(node, peer).vi; }

uint32_t Mvia::fragments(uint32_t bytes) const { return cluster_.timing().segments(bytes, header_); }

void Mvia::catalog(uint32_t msg, int node, int peer, uint32_t bytes, uint32_t frames) {
  MessageCatalog::Entry e;
  e.series = opt_.series;
  e.bytes = bytes;
  e.src = node;
  e.dst = peer;
  e.layers.push_back(HeaderLayer{"VIPL", {{"call", "VipPostSend(vi, desc, memHandle)"},
                                          {"bytes", std::to_string(bytes)},
                                          {"reliability", std::to_string(opt_.reliability)}}});
  e.layers.push_back(HeaderLayer{"M-VIA (kernel)", {{"doorbell", "fast trap into vipk"},
                                                    {"header bytes", std::to_string(header_)},
                                                    {"fragments", std::to_string(frames)},
                                                    {"data", opt_.copy_on_send ? "copied to a kernel buffer"
                                                                               : "DMA from registered memory"}}});
  e.layers.push_back(HeaderLayer{"Ethernet", {{"source node", std::to_string(node)},
                                              {"destination node", std::to_string(peer)},
                                              {"MTU", std::to_string(cluster_.timing().mtu)}}});
  sim_.messages().add(msg, std::move(e));
}

// ------------------------------------------------------------------------------------------- VipPostRecv

void Mvia::post_receive(int node, int peer, uint32_t bytes, Done then) {
  Pair& p = pair(node, peer);
  Node& n = nodes_[static_cast<size_t>(node)];
  n.recv_peer = peer;
  auto d = std::make_unique<via::Descriptor>();
  d->address = kRecvDescriptorBase + 64ull * (p.recv_seq++ % kRing);
  d->cs.seg_count = 1;
  d->ds.push_back(via::DataSegment{kRecvBufferBase, n.handle, bytes});
  via::Descriptor* dp = d.get();
  p.descriptors.push_back(std::move(d));
  cluster_.host(node).compute(kPostRecvUserCycles, [this, node, p = &p, dp, then = std::move(then)]() mutable {
    cluster_.kernel(node, trap_ps_, [this, node, p, dp, then = std::move(then)]() mutable {
      cluster_.kernel_cycles(node, kPostRecvKernelCycles, [p, dp, then = std::move(then)]() {
        p->vi->post_recv(dp);
        then();
      });
    });
  });
}

// ------------------------------------------------------------------------------------------- VipPostSend

void Mvia::send(int node, int peer, uint32_t bytes, Done then) {
  Pair& p = pair(node, peer);
  Node& n = nodes_[static_cast<size_t>(node)];
  n.send_peer = peer;
  uint32_t msg = ++*ids_;
  auto d = std::make_unique<via::Descriptor>();
  d->address = kSendDescriptorBase + 64ull * (p.send_seq++ % kRing);
  d->cs.seg_count = 1;
  d->ds.push_back(via::DataSegment{kSendBufferBase, n.handle, bytes});
  d->message = msg;
  via::Descriptor* dp = d.get();
  p.descriptors.push_back(std::move(d));
  uint32_t frames = fragments(bytes);
  catalog(msg, node, peer, bytes, frames);
  cluster_.host(node).compute(kPostSendUserCycles, [this, node, peer, bytes, msg, frames, dp,
                                                    then = std::move(then)]() mutable {
    // Doorbell: the fast trap; the kernel checks the descriptor.
    cluster_.kernel(node, trap_ps_, [this, node, peer, bytes, msg, frames, dp, then = std::move(then)]() mutable {
      cluster_.kernel_cycles(node, kSendKernelCycles, [this, node, peer, bytes, msg, frames, dp,
                                                       then = std::move(then)]() mutable {
        Pair& p = pair(node, peer);
        if (p.vi->post_send(dp) != via::Result::kSuccess || dp->done()) {
          then();
          return;
        }
        ++nodes_[static_cast<size_t>(node)].sends_pending;
        send_fragment(node, peer, bytes, msg, 0, frames, std::move(then));
      });
    });
  });
}

void Mvia::send_fragment(int node, int peer, uint32_t bytes, uint32_t msg, uint32_t k, uint32_t n, Done then) {
  uint32_t room = cluster_.timing().mtu - header_;
  uint32_t offset = k * room;
  uint32_t len = bytes - offset < room ? bytes - offset : room;
  if (bytes == 0) len = 0;
  bool last = k + 1 == n;
  Time work = cluster_.host(node).cycles_ps(kFrameCycles);
  if (opt_.copy_on_send) work += transfer_time_ps(len, memcpy_Bps_);
  cluster_.kernel(node, work, [this, node, peer, bytes, msg, k, n, len, offset, last, then = std::move(then)]() mutable {
    if (k == 0) pair(node, peer).vi->start_transfer(false);  // the first fragment goes to the driver
    EthFrame f;
    f.src = node;
    f.dst = peer;
    f.payload = header_ + len;
    f.message = msg;
    f.type = kFrameData;
    f.seq = pair(node, peer).frame_seq++;
    f.offset = offset;
    f.length = len;
    f.total = bytes;
    f.last = last;
    Done tx_done;
    if (last && !opt_.copy_on_send) {
      tx_done = [this, node, peer]() {
        cluster_.kernel_cycles(node, kSendCompleteCycles, [this, node, peer]() {
          pair(node, peer).vi->complete_send(0);
          Node& nd = nodes_[static_cast<size_t>(node)];
          --nd.sends_pending;
          ++nd.sends_done;
          notify_send(node);
        });
      };
    }
    cluster_.nic(node).xmit(f, [this, node, peer, bytes, msg, k, n, last, then = std::move(then)]() mutable {
      if (!last) {
        send_fragment(node, peer, bytes, msg, k + 1, n, std::move(then));
        return;
      }
      if (opt_.copy_on_send) {
        // The data is in kernel buffers: the descriptor is done before the trap returns.
        pair(node, peer).vi->complete_send(0);
        Node& nd = nodes_[static_cast<size_t>(node)];
        --nd.sends_pending;
        ++nd.sends_done;
      }
      then();
    }, std::move(tx_done));
  });
}

// ------------------------------------------------------------------------------------------- receive

void Mvia::receive(int node, const EthFrame& f, Done done) {
  cluster_.kernel_cycles(node, kRxDemuxCycles, [this, node, f, done = std::move(done)]() mutable {
    Pair& p = pair(node, f.src);
    bool placed = p.vi->state() == via::ViState::kConnected && p.vi->next_recv() != nullptr;
    if (placed && f.offset == 0) p.vi->start_transfer(true);  // the first fragment is placed
    auto finish = [this, node, f, done = std::move(done)]() mutable {
      if (!f.last) {
        done();
        return;
      }
      cluster_.kernel_cycles(node, kRxCompleteCycles, [this, node, f, done = std::move(done)]() mutable {
        via::Arrival r = pair(node, f.src).vi->incoming_send(f.total, false, 0, f.message);
        if (r == via::Arrival::kDelivered) {
          auto known = arrival_known_.find({f.src, node});
          if (known != arrival_known_.end() && !known->second.empty()) {
            Done k = std::move(known->second.front());
            known->second.pop_front();
            k();
          }
          ++nodes_[static_cast<size_t>(node)].arrivals;
          notify_recv(node);
        } else {
          ++dropped_;
          if (r == via::Arrival::kViError) {
            ++nodes_[static_cast<size_t>(node)].arrivals;  // VipRecvWait returns the error
            notify_recv(node);
          }
        }
        done();
      });
    };
    if (!placed || f.length == 0) {
      finish();
      return;
    }
    // Copy from the ring buffer (written by DMA: the first line misses) into the posted buffer.
    Host& h = cluster_.host(node);
    cluster_.kernel(node, h.cache_miss_ps() + transfer_time_ps(f.length, memcpy_Bps_), std::move(finish));
  });
}

void Mvia::notify_recv(int node) {
  Node& n = nodes_[static_cast<size_t>(node)];
  if (!n.recv_waiter) return;
  Done w = std::move(n.recv_waiter);
  n.recv_waiter = nullptr;
  w();
}

void Mvia::notify_send(int node) {
  Node& n = nodes_[static_cast<size_t>(node)];
  if (!n.send_waiter) return;
  Done w = std::move(n.send_waiter);
  n.send_waiter = nullptr;
  w();
}

// ------------------------------------------------------------------------------------------- waits

void Mvia::wait_send_complete(int node, Done then) {
  Node& n = nodes_[static_cast<size_t>(node)];
  if (n.sends_done == 0 && n.sends_pending > 0) {
    n.send_waiter = [this, node, then = std::move(then)]() mutable { wait_send_complete(node, std::move(then)); };
    return;
  }
  if (n.sends_done > 0) --n.sends_done;
  cluster_.host(node).compute(kSendWaitCycles, [this, node, then = std::move(then)]() {
    Node& n = nodes_[static_cast<size_t>(node)];
    if (n.send_peer >= 0) {
      via::Descriptor* d = nullptr;
      if (pair(node, n.send_peer).vi->send_done(&d) == via::Result::kSuccess) {
        n.last_send_status = d->cs.status;
        via::CompletionQueue::Entry e;
        n.send_cq->done(&e);
      }
    }
    then();
  });
}

void Mvia::wait_arrival(int node, Done then) {
  Node& n = nodes_[static_cast<size_t>(node)];
  if (n.arrivals == 0) {
    n.recv_waiter = [this, node, then = std::move(then)]() mutable { wait_arrival(node, std::move(then)); };
    return;
  }
  --n.arrivals;
  cluster_.host(node).compute(kRecvWaitCycles, [this, node, then = std::move(then)]() {
    Node& n = nodes_[static_cast<size_t>(node)];
    if (n.recv_peer >= 0) {
      via::Descriptor* d = nullptr;
      if (pair(node, n.recv_peer).vi->recv_done(&d) == via::Result::kSuccess) {
        n.last_recv_status = d->cs.status;
        via::CompletionQueue::Entry e;
        n.recv_cq->done(&e);
      }
    }
    then();
  });
}

// ------------------------------------------------------------------------------- ViplProvider

void Mvia::post_receive_credited(int node, int peer, uint32_t, uint32_t bytes, Done posted, Done credit) {
  post_receive(node, peer, bytes, [credit = std::move(credit), posted = std::move(posted)]() {
    credit();  // the sender's credit is taken to reach it at once (MVICH piggybacks credits on its traffic)
    if (posted) posted();
  });
}

void Mvia::on_arrival_known(int node, int peer, uint32_t, Done known) {
  arrival_known_[{node, peer}].push_back(std::move(known));
}

}  // namespace hpcsim
