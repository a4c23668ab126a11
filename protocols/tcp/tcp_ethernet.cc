#include "tcp/tcp_ethernet.h"

#include "tcp/costs.h"

namespace hpcsim {

using namespace tcp;

namespace {
constexpr int32_t kFrameData = 1;
constexpr int32_t kFrameAck = 2;
}  // namespace

TcpEthernet::TcpEthernet(Simulator& sim, EthernetCluster& cluster, uint32_t* message_ids, TcpOptions options)
    : sim_(sim), cluster_(cluster), ids_(message_ids), opt_(options) {
  const ParameterSet& p = cluster.parameters();
  headers_ = static_cast<uint32_t>(p.get("tcp.ip_header_bytes") + p.get("tcp.tcp_header_bytes"));
  mss_ = cluster.timing().mtu - headers_;
  memcpy_Bps_ = p.get("host.memcpy_MBps") * 1e6;
  csum_Bps_ = p.get("tcp.checksum_MBps") * 1e6;
  entry_ps_ = ns_to_ps(p.get("os.syscall_entry_ns"));
  exit_ps_ = ns_to_ps(p.get("os.syscall_exit_ns"));
  wakeup_ps_ = ns_to_ps(p.get("tcp.wakeup_ns"));
  nodes_.resize(static_cast<size_t>(cluster.size()));
  for (int i = 0; i < cluster.size(); ++i)
    cluster.nic(i).set_receive_handler([this, i](const EthFrame& f, Done done) { receive(i, f, std::move(done)); });
}

void TcpEthernet::catalog(uint32_t msg, int node, int peer, uint32_t bytes, uint32_t n) {
  MessageCatalog::Entry e;
  e.series = opt_.series;
  e.bytes = bytes;
  e.src = node;
  e.dst = peer;
  e.layers.push_back(HeaderLayer{"Sockets", {{"call", "send(fd, buf, len, 0)"}, {"bytes", std::to_string(bytes)},
                                             {"option", "TCP_NODELAY"}}});
  e.layers.push_back(HeaderLayer{"TCP", {{"segments", std::to_string(n)}, {"MSS", std::to_string(mss_)},
                                         {"header bytes", "20"}}});
  e.layers.push_back(HeaderLayer{"IPv4", {{"header bytes", "20"}}});
  e.layers.push_back(HeaderLayer{"Ethernet", {{"source node", std::to_string(node)},
                                              {"destination node", std::to_string(peer)}}});
  sim_.messages().add(msg, std::move(e));
}

void TcpEthernet::post_receive(int node, int, uint32_t, Done then) { cluster_.host(node).compute(0, std::move(then)); }

void TcpEthernet::wait_send_complete(int node, Done then) { cluster_.host(node).compute(0, std::move(then)); }

// ------------------------------------------------------------------------------------------- send()

void TcpEthernet::send(int node, int peer, uint32_t bytes, Done then) {
  uint32_t msg = ++*ids_;
  uint32_t n = segments(bytes);
  catalog(msg, node, peer, bytes, n);
  cluster_.kernel(node, entry_ps_, [this, node, peer, bytes, msg, n, then = std::move(then)]() mutable {
    cluster_.kernel_cycles(node, kSendCallCycles, [this, node, peer, bytes, msg, n, then = std::move(then)]() mutable {
      send_segment(node, peer, bytes, msg, 0, n, std::move(then));
    });
  });
}

void TcpEthernet::send_segment(int node, int peer, uint32_t bytes, uint32_t msg, uint32_t k, uint32_t n, Done then) {
  uint32_t offset = k * mss_;
  uint32_t len = bytes == 0 ? 0 : (bytes - offset < mss_ ? bytes - offset : mss_);
  // csum_partial_copy_from_user: the copy into the skb with the checksum folded in, then the stack.
  Time work = copy_ps(len) + csum_ps(len) + cluster_.host(node).cycles_ps(kSendSegmentCycles);
  cluster_.kernel(node, work, [this, node, peer, bytes, msg, k, n, len, offset, then = std::move(then)]() mutable {
    Node& me = nodes_[static_cast<size_t>(node)];
    me.unacked[peer] = 0;  // the ACK rides on this segment
    EthFrame f;
    f.src = node;
    f.dst = peer;
    f.payload = headers_ + len;
    f.message = msg;
    f.type = kFrameData;
    f.seq = me.snd_nxt[peer];
    me.snd_nxt[peer] += len;
    f.offset = offset;
    f.length = len;
    f.total = bytes;
    f.last = k + 1 == n;
    bool last = f.last;
    cluster_.nic(node).xmit(f, [this, node, peer, bytes, msg, k, n, last, then = std::move(then)]() mutable {
      if (!last) {
        send_segment(node, peer, bytes, msg, k + 1, n, std::move(then));
        return;
      }
      cluster_.kernel(node, exit_ps_, std::move(then));
    });
  });
}

// ------------------------------------------------------------------------------------------- receive

void TcpEthernet::receive(int node, const EthFrame& f, Done done) {
  if (f.type == kFrameAck) {
    cluster_.kernel_cycles(node, kAckRecvCycles, std::move(done));
    return;
  }
  Time work = cluster_.host(node).cycles_ps(kRecvSegmentCycles) + csum_ps(f.length + 20);
  cluster_.kernel(node, work, [this, node, f, done = std::move(done)]() mutable {
    Node& me = nodes_[static_cast<size_t>(node)];
    me.queue.push_back(Segment{f.length, f.last});
    if (f.last && arrival_hook_) arrival_hook_(node, f.src);
    if (me.sleeping) {
      me.sleeping = false;
      Done w = std::move(me.wake);
      me.wake = nullptr;
      cluster_.kernel(node, wakeup_ps_, std::move(w));
    }
    uint32_t& un = me.unacked[f.src];
    if (++un < 2) {
      done();
      return;
    }
    un = 0;
    ++acks_sent_;
    cluster_.kernel_cycles(node, kAckSendCycles, [this, node, f, done = std::move(done)]() mutable {
      EthFrame a;
      a.src = node;
      a.dst = f.src;
      a.payload = headers_;
      a.message = f.message;
      a.type = kFrameAck;
      a.seq = nodes_[static_cast<size_t>(node)].snd_nxt[f.src];
      cluster_.nic(node).xmit(a, std::move(done));
    });
  });
}

// ------------------------------------------------------------------------------------------- recv()

void TcpEthernet::wait_arrival(int node, Done then) {
  cluster_.kernel(node, entry_ps_, [this, node, then = std::move(then)]() mutable {
    cluster_.kernel_cycles(node, kRecvCallCycles, [this, node, then = std::move(then)]() mutable {
      drain(node, std::move(then));
    });
  });
}

// tcp_recvmsg: copy queued segments to the user buffer until the message's last one; sleep when none is queued.
void TcpEthernet::drain(int node, Done then) {
  Node& me = nodes_[static_cast<size_t>(node)];
  if (me.queue.empty()) {
    me.sleeping = true;
    me.wake = [this, node, then = std::move(then)]() mutable { drain(node, std::move(then)); };
    return;
  }
  Segment s = me.queue.front();
  me.queue.pop_front();
  Host& h = cluster_.host(node);
  Time work = h.cycles_ps(kRecvCopySkbCycles) + (s.length ? h.cache_miss_ps() + copy_ps(s.length) : 0);
  cluster_.kernel(node, work, [this, node, s, then = std::move(then)]() mutable {
    if (s.last) {
      cluster_.kernel(node, exit_ps_, std::move(then));
      return;
    }
    drain(node, std::move(then));
  });
}

}  // namespace hpcsim
