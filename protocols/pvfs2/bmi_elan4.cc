#include "pvfs2/bmi_elan4.h"

#include <algorithm>

namespace hpcsim::pvfs2 {

namespace {

/// Sizes of the pieces two lists of the same total cut each other into (a piece ends at every boundary of either).
std::vector<uint32_t> cut(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  std::vector<uint32_t> out;
  size_t i = 0, j = 0;
  uint32_t ua = 0, ub = 0;
  while (i < a.size() && j < b.size()) {
    uint32_t n = std::min(a[i] - ua, b[j] - ub);
    if (n > 0) out.push_back(n);
    ua += n;
    ub += n;
    if (ua == a[i]) ++i, ua = 0;
    if (ub == b[j]) ++j, ub = 0;
  }
  return out;
}

}  // namespace

BmiElan4::BmiElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, ListMode mode,
                   std::function<Thread&(int)> threads, uint32_t* message_ids, int32_t series)
    : BmiMethod(sim, std::move(threads)),
      cluster_(cluster),
      mode_(mode),
      ids_(message_ids),
      series_(series),
      slot_bytes_(static_cast<uint32_t>(p.count("bmi_elan4.slot_bytes"))),
      header_bytes_(static_cast<uint32_t>(p.count("bmi_elan4.header_bytes"))),
      entry_bytes_(static_cast<uint32_t>(p.count("bmi_elan4.list_entry_bytes"))),
      unexpected_bytes_(static_cast<uint64_t>(p.count("bmi_elan4.unexpected_bytes"))),
      cycle_ps_(1e6 / p.get("host.clock_MHz")),
      post_cycles_(p.get("bmi_elan4.post_cycles")),
      poll_cycles_(p.get("bmi_elan4.poll_cycles")),
      descriptor_cycles_(p.get("bmi_elan4.descriptor_cycles")),
      segment_cycles_(p.get("bmi_elan4.segment_cycles")),
      lio_region_ps_(static_cast<Time>(p.get("bmi_elan4.lio_region_us") * 1e6 + 0.5)),
      pool_bytes_(static_cast<uint64_t>(p.count("bmi_elan4.pool_buffer_bytes"))) {
  pools_.resize(static_cast<size_t>(cluster.size()));
  for (auto& pool : pools_) pool.free = static_cast<int>(p.count("bmi_elan4.pool_buffers"));
  const uint32_t slots = static_cast<uint32_t>(p.count("bmi_elan4.queue_slots"));
  // Each of the other nodes may hold a connection into this queue: its credits and the reserve for uncredited ones.
  const int peers = std::max(1, cluster.size() - 1);
  conn_credits_ = std::max(1, static_cast<int>(slots) / peers - kReservedSlots);
  for (int n = 0; n < cluster.size(); ++n) {
    queues_.push_back(std::make_unique<InputQueue>(sim, cluster.elan4(n, 0), slots, slot_bytes_));
    queues_.back()->set_listener([this, n]() { on_slot(n); });
  }
}

int BmiElan4::credits(int node, int peer) const {
  auto it = conns_.find({node, peer});
  return it == conns_.end() ? 0 : it->second.credits;
}

void BmiElan4::with_credit(int node, int peer, std::function<void()> go) {
  Conn& c = conn(node, peer);
  if (c.state == Conn::State::kUp && c.waiting.empty() && c.credits > 0) {
    --c.credits;
    go();
    return;
  }
  c.waiting.push_back(std::move(go));
  if (c.state == Conn::State::kUp) note_waiting(c);  // out of credits
  if (c.state == Conn::State::kNone) connect(node, peer);
}

void BmiElan4::note_waiting(Conn& c) {
  credit_waits_ += c.waiting.size() - c.counted;
  c.counted = c.waiting.size();
}

void BmiElan4::set_up(Conn& c) {
  if (c.state == Conn::State::kUp) return;  // both sides connected at once: the second grant is not added
  c.state = Conn::State::kUp;
  c.credits = conn_credits_;
}

void BmiElan4::drain(int node, int peer) {
  Conn& c = conn(node, peer);
  while (c.state == Conn::State::kUp && !c.waiting.empty() && c.credits > 0) {
    --c.credits;
    std::function<void()> go = std::move(c.waiting.front());
    c.waiting.pop_front();
    if (c.counted > 0) --c.counted;
    go();
  }
  if (c.state == Conn::State::kUp && !c.waiting.empty()) note_waiting(c);
}

// PVFS2's dynamic client/server model: the first message to a peer sets the connection up (CONNECT, answered by
// ACCEPT), each side's host running a BMI step for it; each side then holds conn_credits_ slots of the other's queue.
void BmiElan4::connect(int node, int peer) {
  conn(node, peer).state = Conn::State::kConnecting;
  ++connections_;
  Header h;
  h.kind = Kind::kConnect;
  const uint32_t msg = ++*ids_;
  thread(node).run(Work::kBmiPost, cycles(post_cycles_), [this, node, peer, msg, h]() { qdma(node, peer, header_bytes_, msg, h); });
}

void BmiElan4::account(int node, int from, const Header& h) {
  Conn& c = conn(node, from);
  switch (h.kind) {
    case Kind::kConnect: {
      set_up(c);
      Header a;
      a.kind = Kind::kAccept;
      const uint32_t msg = ++*ids_;
      thread(node).run(Work::kBmiPost, cycles(post_cycles_), [this, node, from, msg, a]() { qdma(node, from, header_bytes_, msg, a); });
      break;
    }
    case Kind::kAccept:
      set_up(c);
      break;
    case Kind::kCredit:
      break;
    default:  // a credited message: its slot is owed back to the sender
      if (++c.owed >= std::max(1, conn_credits_ / 2)) {
        ++credit_messages_;
        Header k;
        k.kind = Kind::kCredit;
        const uint32_t msg = ++*ids_;
        qdma(node, from, header_bytes_, msg, k);  // carries every owed slot (qdma piggybacks them)
      }
  }
  c.credits += h.credits;
  drain(node, from);
}

void BmiElan4::qdma(int node, int peer, uint32_t bytes, uint32_t message, Header h, std::shared_ptr<E4Dma>* out) {
  Conn& c = conn(node, peer);
  h.credits = c.owed;  // slots consumed from the peer go back with any message to it
  c.owed = 0;
  const uint64_t cookie = ++next_cookie_;
  headers_[cookie] = std::move(h);
  auto d = std::make_shared<E4Dma>();
  d->type = E4Dma::Type::kQueued;
  d->peer = peer;
  d->bytes = bytes;
  d->message = message;
  d->queue = queues_[static_cast<size_t>(peer)].get();
  d->slot = QueueSlot{message, node, bytes, cookie};
  if (out) {
    *out = d;  // the caller injects it (a COPY event)
    return;
  }
  cluster_.elan4(node, 0).post_dma(thread(node).host(), d, []() {});
}

void BmiElan4::transmit(int node, int peer, int tag, const std::vector<uint32_t>& segments, uint64_t total,
                        bool unexpected, bool eager, BmiDone sent) {
  const uint32_t msg = ++*ids_;
  BmiIncoming in;
  in.peer = node;
  in.tag = tag;
  in.bytes = total;
  in.unexpected = unexpected;
  in.rendezvous = !eager;
  in.posted = sim().now();
  in.message = msg;
  Thread& t = thread(node);
  const Time list_ps = cycles(post_cycles_ + segment_cycles_ * static_cast<double>(segments.size()));
  if (eager) {
    // The data goes into the QDMA's send buffer (the DMA reads it from there): the send is complete at once.
    t.copy(Work::kBmiCopy, total, list_ps, [this, node, peer, msg, in, total, sent = std::move(sent)]() {
      with_credit(node, peer, [this, node, peer, msg, in, total, sent]() {
        Header h;
        h.kind = Kind::kEager;
        h.in = in;
        qdma(node, peer, header_bytes_ + static_cast<uint32_t>(total), msg, h);
        if (sent) sent(0, total);
      });
    });
    return;
  }
  const bool pack = mode_ == ListMode::kLio && segments.size() > 1;
  in.sender_segments = pack ? std::vector<uint32_t>{static_cast<uint32_t>(total)} : segments;
  const uint64_t id = ++next_send_;
  in.cookie = id;
  const int buffers = pack ? pool_buffers_for(total) : 0;
  // A packed send holds its bounce buffers until the receiver's FIN.
  sends_[id] = Pending{[this, node, buffers, sent = std::move(sent)](int error, uint64_t bytes) {
    if (buffers > 0) pool_put(node, buffers);
    if (sent) sent(error, bytes);
  }};
  auto rts = [this, node, peer, msg, in]() {
    with_credit(node, peer, [this, node, peer, msg, in]() {
      Header h;
      h.kind = Kind::kRts;
      h.in = in;
      h.send_id = in.cookie;
      const uint32_t bytes = header_bytes_ + entry_bytes_ * static_cast<uint32_t>(in.sender_segments.size());
      qdma(node, peer, std::min(bytes, slot_bytes_), msg, h);
    });
  };
  if (!pack) {
    t.run(Work::kBmiPost, list_ps, rts);
    return;
  }
  // LIO: copy every region into buffers of the pre-mapped bounce pool (bmi_gm's setup_send_data_buffer_list).
  packed_ += total;
  const Time region_ps = lio_region_ps_ * static_cast<Time>(segments.size());
  pool_get(node, buffers, [&t, total, list_ps, region_ps, rts]() { t.copy(Work::kLioPack, total, list_ps + region_ps, rts); });
}

int BmiElan4::pool_buffers_for(uint64_t bytes) const {
  return static_cast<int>(std::max<uint64_t>(1, (bytes + pool_bytes_ - 1) / pool_bytes_));
}

void BmiElan4::pool_get(int node, int buffers, std::function<void()> then) {
  Pool& pool = pools_[static_cast<size_t>(node)];
  if (pool.waiting.empty() && pool.free >= buffers) {
    pool.free -= buffers;
    then();
    return;
  }
  ++pool_waits_;
  pool.waiting.emplace_back(buffers, std::move(then));
}

void BmiElan4::pool_put(int node, int buffers) {
  Pool& pool = pools_[static_cast<size_t>(node)];
  pool.free += buffers;
  while (!pool.waiting.empty() && pool.free >= pool.waiting.front().first) {
    auto [n, then] = std::move(pool.waiting.front());
    pool.waiting.pop_front();
    pool.free -= n;
    then();
  }
}

void BmiElan4::on_slot(int node) {
  Thread& t = thread(node);
  // The process's BMI_testcontext finds the slot's done word, reads the slot (written by the NIC: one miss, then
  // streaming) and hands the slot back (q_fptr write-back, re-prime).
  InputQueue& q = *queues_[static_cast<size_t>(node)];
  const uint32_t bytes = q.front().bytes;
  t.copy(Work::kBmiTest, bytes, cycles(poll_cycles_) + t.host().cache_miss_ps(), [this, node, &q]() {
    const QueueSlot slot = q.front();
    q.consume(thread(node).host(), []() {});
    auto it = headers_.find(slot.cookie);
    Header h = std::move(it->second);
    headers_.erase(it);
    account(node, slot.src_node, h);
    switch (h.kind) {
      case Kind::kCredit:
      case Kind::kConnect:
      case Kind::kAccept:
        break;
      case Kind::kEager:
        arrived(node, h.in);
        break;
      case Kind::kRts:
        if (h.in.unexpected) {  // pull a large unexpected message into a BMI buffer first
          BmiIncoming in = h.in;
          BmiReceive r{in.peer, in.tag, {static_cast<uint32_t>(in.bytes)}, in.bytes,
                       [this, node, in](int, uint64_t) {
                         BmiIncoming got = in;
                         got.rendezvous = false;
                         arrived(node, got);
                       }};
          deliver(node, in, std::move(r));
        } else {
          arrived(node, h.in);
        }
        break;
      case Kind::kFin: {
        auto s = sends_.find(h.send_id);
        BmiDone sent = std::move(s->second.sent);
        sends_.erase(s);
        if (sent) sent(h.error, h.error ? 0 : h.in.bytes);
        break;
      }
    }
  });
}

void BmiElan4::deliver(int node, const BmiIncoming& in, BmiReceive recv) {
  Thread& t = thread(node);
  const ComponentId nic = cluster_.elan4(node, 0).id();
  auto complete = [this, nic, in, done = recv.done]() {
    sim().trace().record(in.posted, sim().now(), TraceKind::kMessage, nic, in.message,
                         static_cast<uint32_t>(std::min<uint64_t>(in.bytes, 0xffffffffu)), series_);
    if (done) done(0, in.bytes);
  };
  std::vector<uint32_t> mine = trim_segments(recv.segments, in.bytes);
  if (!in.rendezvous) {  // eager: copy out of the slot into the receive's segments
    t.copy(Work::kBmiCopy, in.bytes, cycles(segment_cycles_ * static_cast<double>(mine.size())), complete);
    return;
  }
  Elan4Nic& e4 = cluster_.elan4(node, 0);
  Host& host = t.host();
  if (mode_ == ListMode::kSgLio) {
    // The chain's FIN is injected by a COPY event, with no host to wait for a credit then: take it now.
    with_credit(node, in.peer, [this, node, in, mine, complete]() { sg_chain(node, in, mine, complete); });
    return;
  }
  if (mode_ == ListMode::kLio) {
    // Pull into a contiguous buffer: the receive's own memory, or for a list a bounce buffer unpacked by memcpy.
    const bool unpack = mine.size() > 1;
    const int buffers = unpack ? pool_buffers_for(in.bytes) : 0;
    auto pull = [this, node, in, unpack, buffers, mine, complete, &e4, &host, &t]() {
      auto d = std::make_shared<E4Dma>();
      d->type = E4Dma::Type::kRdmaRead;
      d->peer = in.peer;
      d->bytes = static_cast<uint32_t>(in.bytes);
      d->message = in.message;
      d->dst_event = std::make_shared<E4Event>(e4, 1);
      const Time pulled = sim().now();
      // Trace: the contiguous transfer lands as one piece; unpacked, each region has its data when the copy ends.
      if (!unpack)
        d->dst_event->set_observer([this, node, in, pulled](uint32_t) {
          record_piece(node, in, 0, static_cast<uint32_t>(in.bytes), pulled);
        });
      d->dst_event->set_write([this, node, in, unpack, buffers, mine, complete]() {
        Thread& th = thread(node);
        const uint64_t copy = unpack ? in.bytes : 0;
        if (unpack) packed_ += in.bytes;
        const Time from = sim().now();
        const Time list_ps = unpack ? cycles(segment_cycles_ * static_cast<double>(mine.size())) +
                                          lio_region_ps_ * static_cast<Time>(mine.size())
                                    : 0;
        th.copy(unpack ? Work::kLioPack : Work::kBmiTest, copy, cycles(poll_cycles_) + list_ps, [this, node, in, complete, unpack, buffers, mine, from]() {
          if (unpack) {
            for (size_t i = 0; i < mine.size(); ++i)
              record_piece(node, in, static_cast<uint32_t>(i), mine[i], from);
            pool_put(node, buffers);
          }
          send_fin(node, in, 0);
          complete();
        });
      });
      descriptors_ += 1;
      t.run(Work::kDescriptors, cycles(post_cycles_ + descriptor_cycles_), [&e4, &host, d]() { e4.post_dma(host, d, []() {}); });
    };
    if (unpack)
      pool_get(node, buffers, pull);
    else
      pull();
    return;
  }
  // kIterative: one host-posted RDMA per piece, each waited for (its done word polled) before the next is posted.
  auto pieces = std::make_shared<const std::vector<uint32_t>>(cut(in.sender_segments, mine));
  descriptors_ += pieces->size();
  iterate(node, in, pieces, 0, complete);
}

void BmiElan4::iterate(int node, const BmiIncoming& in, std::shared_ptr<const std::vector<uint32_t>> pieces, size_t k,
                       std::function<void()> complete) {
  Thread& t = thread(node);
  if (k == pieces->size()) {
    send_fin(node, in, 0);
    complete();
    return;
  }
  Elan4Nic& e4 = cluster_.elan4(node, 0);
  Host& host = t.host();
  const uint32_t bytes = (*pieces)[k];
  auto d = std::make_shared<E4Dma>();
  d->type = E4Dma::Type::kRdmaRead;
  d->peer = in.peer;
  d->bytes = bytes;
  d->message = in.message;
  d->dst_event = std::make_shared<E4Event>(e4, 1);
  const Time posted = sim().now();
  d->dst_event->set_observer([this, node, in, k, bytes, posted](uint32_t) {
    record_piece(node, in, static_cast<uint32_t>(k), bytes, posted);
  });
  d->dst_event->set_write([this, node, in, pieces, k, complete]() {
    thread(node).run(Work::kBmiTest, cycles(poll_cycles_), [this, node, in, pieces, k, complete]() {
      iterate(node, in, pieces, k + 1, complete);
    });
  });
  t.run(Work::kDescriptors, cycles(post_cycles_ + descriptor_cycles_), [&e4, &host, d]() { e4.post_dma(host, d, []() {}); });
}

void BmiElan4::sg_chain(int node, const BmiIncoming& in, const std::vector<uint32_t>& mine,
                        std::function<void()> complete) {
  Thread& t = thread(node);
  Elan4Nic& e4 = cluster_.elan4(node, 0);
  Host& host = t.host();
  const std::vector<uint32_t> pieces = cut(in.sender_segments, mine);
  const size_t k = pieces.size();
  std::vector<std::shared_ptr<E4Dma>> ds(k);
  for (size_t i = 0; i < k; ++i) {
    ds[i] = std::make_shared<E4Dma>();
    ds[i]->type = E4Dma::Type::kRdmaRead;
    ds[i]->peer = in.peer;
    ds[i]->bytes = pieces[i];
    ds[i]->message = in.message;
  }
  // SEAMUR: one event counts the N completions; it writes the done word and injects the FIN.
  auto seamur = std::make_shared<E4Event>(e4, static_cast<uint32_t>(k));
  std::shared_ptr<E4Dma> fin;
  Header h;
  h.kind = Kind::kFin;
  h.in = in;
  h.send_id = in.cookie;
  qdma(node, in.peer, header_bytes_, in.message, h, &fin);
  seamur->set_copy(fin);
  seamur->set_write([this, node, complete]() { thread(node).run(Work::kBmiTest, cycles(poll_cycles_), complete); });
  // Trace: each descriptor's piece lands in chain order (one SEAMUR count each).
  auto since = std::make_shared<Time>(sim().now());
  seamur->set_observer([this, node, in, pieces, since](uint32_t remaining) {
    const uint32_t i = static_cast<uint32_t>(pieces.size()) - remaining - 1;
    record_piece(node, in, i, pieces[i], *since);
    *since = sim().now();
  });
  for (size_t i = 0; i < k; ++i) {
    ds[i]->dst_event = seamur;
    if (i + 1 < k) {
      auto chain = std::make_shared<E4Event>(e4, 1);
      chain->set_copy(ds[i + 1]);
      ds[i]->src_event = chain;
    }
  }
  auto kick = std::make_shared<E4Event>(e4, 1);
  kick->set_copy(ds[0]);
  descriptors_ += k;
  chained_ += k;
  // Build the N descriptors and write them into Elan memory (write-combined PIO), then one SET_EVENT.
  t.run(Work::kDescriptors, cycles(post_cycles_ + descriptor_cycles_ * static_cast<double>(k)), [&e4, &host, k, kick, in]() {
    e4.pio_write(host, static_cast<uint32_t>(kE4DmaDescriptorBytes * k), in.message, []() {}, []() {});
    e4.post_command(host, kE4WordBytes, in.message, [kick, m = in.message]() { kick->trigger(m); }, []() {});
  });
}

void BmiElan4::send_fin(int node, const BmiIncoming& in, int error) {
  Header h;
  h.kind = Kind::kFin;
  h.in = in;
  h.send_id = in.cookie;
  h.error = error;
  thread(node).run(Work::kBmiPost, cycles(post_cycles_), [this, node, in, h]() {
    with_credit(node, in.peer, [this, node, in, h]() { qdma(node, in.peer, header_bytes_, in.message, h); });
  });
}

void BmiElan4::refuse(int node, const BmiIncoming& in, int error) {
  if (in.rendezvous) send_fin(node, in, error);
}

}  // namespace hpcsim::pvfs2
