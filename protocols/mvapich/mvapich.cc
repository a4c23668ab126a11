#include "mvapich/mvapich.h"

#include <algorithm>
#include <utility>

namespace hpcsim {

Mvapich::Mvapich(Simulator& sim, InfinibandCluster& net, const ParameterSet& p, uint32_t* message_ids,
                 int32_t series)
    : MpichEngine(net.size(), mpich::kMessageDeviceCosts),
      sim_(sim),
      net_(net),
      ids_(message_ids),
      series_(series),
      vbuf_bytes_(static_cast<uint32_t>(p.count("mvapich.vbuf_bytes"))),
      prepost_depth_(static_cast<int>(p.count("mvapich.prepost_depth"))),
      // Data packets must leave at least one credit usable, or an eager message could never go.
      credit_preserve_(static_cast<int>(std::min<int64_t>(p.count("mvapich.credit_preserve"),
                                                          p.count("mvapich.prepost_depth") - 1))),
      notify_threshold_(static_cast<int>(p.count("mvapich.credit_notify_threshold"))),
      vbuf_cycles_(static_cast<uint64_t>(p.get("mvapich.vbuf_cycles") + 0.5)) {
  // The job sets its QPs up anew: receives an earlier run left posted on them are gone.
  for (int a = 0; a < net.size(); ++a)
    for (int b = 0; b < net.size(); ++b)
      if (a != b) net.hca(a).reset_qp(b, kMvapichQp);
}

int Mvapich::credits(int node, int peer) const {
  auto it = conns_.find({node, peer});
  return it == conns_.end() ? 0 : it->second.credits;
}

// ------------------------------------------------------------------------------- connections and credits

void Mvapich::connect(int node, int peer) {
  if (node == peer) return;
  Conn& a = conn(node, peer);
  if (a.ready || a.setting_up) return;
  Conn& b = conn(peer, node);
  a.setting_up = b.setting_up = true;
  auto left = std::make_shared<int>(2);
  auto up = [this, node, peer, left]() {
    if (--*left > 0) return;
    for (const auto& [x, y] : {std::pair{node, peer}, std::pair{peer, node}}) {
      Conn& c = conn(x, y);
      c.ready = true;
      c.setting_up = false;
      c.credits = prepost_depth_;
    }
    flush(node, peer);
    flush(peer, node);
  };
  prepost(node, peer, prepost_depth_ + kNoopExtra, up);
  prepost(peer, node, prepost_depth_ + kNoopExtra, up);
}

void Mvapich::prepost(int node, int peer, int left, std::function<void()> then) {
  if (left == 0) {
    then();
    return;
  }
  post_one_receive(node, peer, [this, node, peer, left, then = std::move(then)]() mutable {
    prepost(node, peer, left - 1, std::move(then));
  });
}

void Mvapich::post_one_receive(int node, int peer, std::function<void()> then) {
  IbReceive r;
  r.peer = peer;
  r.qp = kMvapichQp;
  r.bytes = vbuf_bytes_;
  r.scatter_entries = 1;
  r.on_complete = [this, node](const IbCompletion& c) { on_receive(node, c.peer, c.message); };
  net_.hca(node).post_recv(net_.host(node), std::move(r), std::move(then));
}

bool Mvapich::has_credit(const Conn& c, const Queued& q) const {
  if (q.h.type == Packet::kNoop) return true;  // NOOPs land in the extra, uncredited receives
  return c.credits > (q.h.type == Packet::kEagerStart ? credit_preserve_ : 0);
}

void Mvapich::send_packet(int node, int peer, Queued q) {
  Conn& c = conn(node, peer);
  if (c.ready && c.backlog.empty() && has_credit(c, q)) {
    post_packet(node, peer, std::move(q));
    return;
  }
  // MPI_Isend returns with the packet queued (MVAPICH's ext_sendq); it goes when credits come back.
  std::function<void()> sent = std::move(q.sent);
  q.sent = nullptr;
  c.backlog.push_back(std::move(q));
  if (c.ready) note_blocked(c);
  if (sent) sent();
}

void Mvapich::flush(int node, int peer) {
  Conn& c = conn(node, peer);
  while (c.ready && !c.backlog.empty()) {
    if (!has_credit(c, c.backlog.front())) {
      note_blocked(c);
      return;
    }
    Queued q = std::move(c.backlog.front());
    c.backlog.pop_front();
    if (c.waited > 0) --c.waited;
    post_packet(node, peer, std::move(q));
  }
}

void Mvapich::note_blocked(Conn& c) {
  counters_.backlogged += c.backlog.size() - c.waited;
  c.waited = c.backlog.size();
}

void Mvapich::post_packet(int node, int peer, Queued q) {
  Conn& c = conn(node, peer);
  if (q.h.type != Packet::kNoop) --c.credits;  // NOOPs land in the extra, uncredited receives
  q.h.vbuf_credit = c.local_credit;
  c.local_credit = 0;
  ++counters_.packets;
  const bool carries_message = q.h.type == Packet::kEagerStart || q.h.type == Packet::kRndvStart;
  const uint32_t msg = carries_message ? q.h.e.message : ++*ids_;
  in_flight_[msg] = q.h;
  IbWorkRequest wr;
  wr.opcode = IbOpcode::kSend;
  wr.peer = peer;
  wr.qp = kMvapichQp;
  wr.gather = {q.bytes};
  wr.signaled = true;  // the vbuf is free again at the send's completion
  wr.message = msg;
  wr.on_local = [this, node, on_local = std::move(q.on_local)]() {
    net_.hca(node).poll_cq(host_of(node), [on_local](bool) {
      if (on_local) on_local();
    });
  };
  Host& h = host_of(node);
  h.compute(vbuf_cycles_, [this, node, &h, wr = std::move(wr), sent = std::move(q.sent)]() {
    net_.hca(node).post_send(h, wr, [sent]() {
      if (sent) sent();
    });
  });
}

void Mvapich::on_receive(int node, int peer, uint32_t message) {
  net_.hca(node).poll_cq(host_of(node), [this, node, peer, message](bool) {
    auto it = in_flight_.find(message);
    if (it == in_flight_.end()) return;
    const Header h = std::move(it->second);
    in_flight_.erase(it);
    conn(node, peer).credits += h.vbuf_credit;
    const bool credited = h.type != Packet::kNoop;
    // The vbuf goes back on the receive queue; a credited one returns to the peer with the next packet, or in a
    // NOOP once credit_notify_threshold have gathered with nothing else going that way.
    post_one_receive(node, peer, [this, node, peer, credited]() {
      if (!credited) return;
      Conn& c = conn(node, peer);
      if (++c.local_credit < notify_threshold_ || !c.backlog.empty()) return;
      ++counters_.noops;
      Queued q;
      q.h.type = Packet::kNoop;
      q.bytes = kMvapichNoopBytes;
      send_packet(node, peer, std::move(q));
    });
    flush(node, peer);
    host_of(node).compute(vbuf_cycles_, [this, node, h]() { dispatch(node, h); });
  });
}

// ------------------------------------------------------------------------------- MPI messages

void Mvapich::start_send(int node, const SendOp& op, Done returned) {
  mpi::Envelope e;
  e.src = node;
  e.tag = op.tag;
  e.bytes = op.bytes;
  e.sender_req = op.req;
  e.message = ++*ids_;
  Host& host = host_of(node);
  if (op.dst != node) catalog(e, op.dst, op.bytes > eager_limit());
  if (op.dst == node || op.bytes <= eager_limit()) {
    ++counters_.eager;
    e.kind = static_cast<int>(Packet::kEagerStart);
    // Copied into a vbuf (to itself: into the unexpected buffer), the user buffer is free: the send is complete.
    host.memcpy(op.bytes, [this, node, op, e, returned = std::move(returned)]() {
      complete(node, op.req);
      if (op.dst == node) {
        arrived(node, e, []() {});
        returned();
        return;
      }
      Queued q;
      q.h.type = Packet::kEagerStart;
      q.h.e = e;
      q.bytes = kMvapichEagerStartBytes + op.bytes;
      q.sent = returned;
      send_packet(node, op.dst, std::move(q));
    });
    return;
  }
  ++counters_.rendezvous;
  e.kind = static_cast<int>(Packet::kRndvStart);
  rndv_[{node, op.req}] = RndvSend{op.dst, op.bytes, e.message};
  register_buffer(node, BufferKey{op.dst, op.tag, op.bytes, true}, op.bytes,
                  [this, node, op, e, returned = std::move(returned)]() {
                    Queued q;
                    q.h.type = Packet::kRndvStart;
                    q.h.e = e;
                    q.h.sreq = op.req;
                    q.bytes = kMvapichRndvStartBytes;
                    q.sent = returned;
                    send_packet(node, op.dst, std::move(q));
                  });
}

void Mvapich::dispatch(int node, const Header& h) {
  switch (h.type) {
    case Packet::kEagerStart:
    case Packet::kRndvStart:
      arrived(node, h.e, []() {});
      break;
    case Packet::kRndvReply:
      rput(node, h);
      break;
    case Packet::kRputFinish:
      set_status(node, h.rreq, h.e);
      complete(node, h.rreq);
      break;
    case Packet::kNoop:
      break;
  }
}

void Mvapich::deliver(int node, int rreq, const mpi::Envelope& e, bool unexpected, Done then) {
  (void)unexpected;  // an unexpected eager message waits in its vbuf: the copy out is the same either way
  if (e.kind == static_cast<int>(Packet::kEagerStart)) {
    host_of(node).memcpy(e.bytes, [this, node, rreq, e, then = std::move(then)]() {
      set_status(node, rreq, e);
      complete(node, rreq);
      then();
    });
    return;
  }
  // RPUT: register the receive buffer and send its address back; RPUT_FINISH completes the receive.
  const mpi::Request* r = request(node, rreq);
  const uint32_t room = r ? r->bytes : e.bytes;
  register_buffer(node, BufferKey{e.src, e.tag, room, false}, room, [this, node, rreq, e, room, then = std::move(then)]() {
    Queued q;
    q.h.type = Packet::kRndvReply;
    q.h.e = e;
    q.h.sreq = e.sender_req;
    q.h.rreq = rreq;
    q.h.len = std::min(room, e.bytes);
    q.bytes = kMvapichRndvReplyBytes;
    send_packet(node, e.src, std::move(q));
    then();
  });
}

void Mvapich::keep_unexpected(int, const mpi::Envelope&, Done then) { then(); }

void Mvapich::rput(int node, const Header& reply) {
  auto it = rndv_.find({node, reply.sreq});
  if (it == rndv_.end()) return;
  const RndvSend s = it->second;
  rndv_.erase(it);
  Queued fin;
  fin.h.type = Packet::kRputFinish;
  fin.h.e = reply.e;
  fin.h.rreq = reply.rreq;
  fin.bytes = kMvapichRputFinishBytes;
  fin.on_local = [this, node, sreq = reply.sreq]() { complete(node, sreq); };
  Host& h = host_of(node);
  if (reply.len == 0) {
    send_packet(node, s.dst, std::move(fin));
    return;
  }
  // One RDMA write of the data, unsignaled; RPUT_FINISH right behind it on the same QP arrives after the data.
  IbWorkRequest w;
  w.opcode = IbOpcode::kRdmaWrite;
  w.peer = s.dst;
  w.qp = kMvapichQp;
  w.gather = {reply.len};
  w.signaled = false;
  w.message = s.message;
  h.compute(vbuf_cycles_, [this, node, &h, w, fin, dst = s.dst]() {
    net_.hca(node).post_send(h, w, [this, node, dst, fin]() { send_packet(node, dst, fin); });
  });
}

void Mvapich::catalog(const mpi::Envelope& e, int dst, bool rendezvous) {
  MessageCatalog::Entry c;
  c.series = series_;
  c.bytes = e.bytes;
  c.src = e.src;
  c.dst = dst;
  // Built when the page opens the message (the catalog's lazy description), from copies.
  c.describe = [e, dst, rendezvous, vbuf = vbuf_bytes_, mtu = net_.hca(e.src).wire().mtu]() {
    return describe(e, dst, rendezvous, vbuf, mtu);
  };
  sim_.messages().add(e.message, std::move(c));
}

std::vector<HeaderLayer> Mvapich::describe(const mpi::Envelope& e, int dst, bool rendezvous, uint32_t vbuf_bytes,
                                           uint32_t mtu) {
  std::vector<HeaderLayer> layers;
  layers.push_back(HeaderLayer{"MPI", {{"call", "MPI_Isend"}, {"tag", std::to_string(e.tag)},
                                         {"bytes", std::to_string(e.bytes)}}});
  if (rendezvous)
    layers.push_back(HeaderLayer{"MVAPICH", {{"protocol", "RPUT rendezvous (above a vbuf less its header)"},
                                               {"packets", "RENDEZVOUS_START " + std::to_string(kMvapichRndvStartBytes) +
                                                               " B, REPLY " + std::to_string(kMvapichRndvReplyBytes) +
                                                               " B, RPUT_FINISH " +
                                                               std::to_string(kMvapichRputFinishBytes) + " B"},
                                               {"data", "one RDMA write into the registered receive buffer"},
                                               {"registration", "both buffers, through the registration cache"}}});
  else
    layers.push_back(HeaderLayer{"MVAPICH", {{"protocol", "eager, copied through a vbuf"},
                                               {"packet", "EAGER_START: " + std::to_string(kMvapichEagerStartBytes) +
                                                              " B header + data"},
                                               {"vbuf", std::to_string(vbuf_bytes) + " B, one credit"}}});
  layers.push_back(HeaderLayer{"Verbs (VAPI)", {{"call", "VAPI_post_sr"},
                                                  {"opcode", rendezvous ? "VAPI_SEND (control), VAPI_RDMA_WRITE (data)"
                                                                        : "VAPI_SEND"},
                                                  {"QP", "reliable connected, QP " + std::to_string(kMvapichQp)}}});
  layers.push_back(HeaderLayer{"IB transport (RC)", {{"path MTU", std::to_string(mtu) + " B"},
                                                       {"source node", std::to_string(e.src)},
                                                       {"destination node", std::to_string(dst)}}});
  return layers;
}

void Mvapich::register_buffer(int node, const BufferKey& key, uint32_t bytes, std::function<void()> then) {
  if (!registered_.insert({node, key}).second) {
    ++counters_.cache_hits;
    then();
    return;
  }
  ++counters_.registrations;
  net_.hca(node).register_memory(host_of(node), bytes, std::move(then));
}

}  // namespace hpcsim
