#include "pvfs2/bmi_ib.h"

#include <algorithm>

namespace hpcsim::pvfs2 {

namespace {

/// post_sr_rdmaw's walk: for each receiver segment, the pieces of the sender's list that fill it (gather entries).
std::vector<std::vector<uint32_t>> gathers(const std::vector<uint32_t>& sender, const std::vector<uint32_t>& receiver) {
  std::vector<std::vector<uint32_t>> out;
  size_t s = 0;
  uint32_t used = 0;
  for (uint32_t need : receiver) {
    std::vector<uint32_t> g;
    while (need > 0 && s < sender.size()) {
      uint32_t n = std::min(sender[s] - used, need);
      g.push_back(n);
      need -= n;
      used += n;
      if (used == sender[s]) ++s, used = 0;
    }
    if (!g.empty()) out.push_back(std::move(g));
    if (s == sender.size()) break;  // a short send: the rest of the receive stays empty
  }
  return out;
}

}  // namespace

BmiIb::BmiIb(Simulator& sim, InfinibandCluster& net, const ParameterSet& p, std::function<Thread&(int)> threads,
             uint32_t* message_ids, int32_t series)
    : BmiMethod(sim, std::move(threads)),
      net_(net),
      ids_(message_ids),
      series_(series),
      eager_buffers_(static_cast<int>(p.count("bmi_ib.eager_buffers"))),
      eager_bytes_(static_cast<uint32_t>(p.count("bmi_ib.eager_buffer_bytes"))),
      header_bytes_(static_cast<uint32_t>(p.count("bmi_ib.header_bytes"))),
      rts_bytes_(static_cast<uint32_t>(p.count("bmi_ib.rts_bytes"))),
      cts_bytes_(static_cast<uint32_t>(p.count("bmi_ib.cts_bytes"))),
      cts_entry_bytes_(static_cast<uint32_t>(p.count("bmi_ib.cts_entry_bytes"))),
      eager_payload_(eager_bytes_ - header_bytes_),
      cycle_ps_(1e6 / p.get("host.clock_MHz")),
      post_cycles_(p.get("bmi_ib.post_cycles")),
      poll_cycles_(p.get("bmi_ib.poll_cycles")),
      segment_cycles_(p.get("bmi_ib.segment_cycles")),
      spin_ps_(us_to_ps(p.get("bmi_ib.spin_us"))),
      test_timeout_ps_(us_to_ps(p.get("pvfs2.job_test_timeout_ms") * 1000.0)),
      // The file system's processes have just opened the file: their last activity is now.
      last_action_(static_cast<size_t>(net.size()), sim.now()),
      first_post_(static_cast<size_t>(net.size()), kNoPost) {
  // A fresh file system sets its connections up anew: receives an earlier series left posted are gone.
  for (int a = 0; a < net.size(); ++a)
    for (int b = 0; b < net.size(); ++b)
      if (a != b) net.hca(a).reset_qp(b, 0), net.hca(a).reset_qp(b, 1);
}

void BmiIb::ensure_connected(int node, int peer, std::function<void()> then) {
  Connection& c = connections_[{std::min(node, peer), std::max(node, peer)}];
  if (c.connected) {
    then();
    return;
  }
  c.on_connect.push_back(std::move(then));
  if (c.on_connect.size() > 1) return;  // already connecting
  // ib_tcp_client_connect / ib_tcp_server_check_new_connections: the QPs are built and each side posts its
  // EAGER_BUF_NUM receives on QP 0 (the TCP exchange of addresses is not timed).
  for (const auto& side : {std::pair{node, peer}, std::pair{peer, node}}) {
    const int x = side.first, y = side.second;
    direction(x, y).free_buffers = eager_buffers_;
    thread(x).hold(Work::kVapiCall, [this, x, y, key = std::pair{std::min(node, peer), std::max(node, peer)}](auto release) {
      auto left = std::make_shared<int>(eager_buffers_);
      auto post = std::make_shared<std::function<void()>>();
      *post = [this, x, y, left, weak_self = std::weak_ptr<std::function<void()>>(post), release, key]() {
        auto post = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
        if ((*left)-- == 0) {
          release();
          Connection& c = connections_[key];
          if (++c.sides_ready < 2) return;
          c.connected = true;
          auto waiting = std::move(c.on_connect);
          for (auto& f : waiting) f();
          return;
        }
        net_.hca(x).post_recv(net_.host(x), IbReceive{y, 0, eager_bytes_, 1, nullptr}, [post]() { (*post)(); });
      };
      (*post)();
    });
  }
}

void BmiIb::acquire_buffer(int node, int peer, std::function<void()> then) {
  Direction& d = direction(node, peer);
  if (d.free_buffers > 0) {
    --d.free_buffers;
    then();
    return;
  }
  ++buffer_waits_;
  d.waiting.push_back(std::move(then));
}

void BmiIb::free_buffer(int node, int peer) {
  Direction& d = direction(node, peer);
  if (!d.waiting.empty()) {
    auto next = std::move(d.waiting.front());
    d.waiting.pop_front();
    next();
    return;
  }
  ++d.free_buffers;
}

Time BmiIb::noticed_at(int node) const {
  const Time now = sim().now();
  const Time spun = last_action_[static_cast<size_t>(node)] + spin_ps_;
  if (now < spun || test_timeout_ps_ == 0) return now;
  const Time first = first_post_[static_cast<size_t>(node)];
  const Time origin = first != kNoPost && first > spun ? first : spun;
  if (now <= origin) return origin;
  return origin + (now - origin + test_timeout_ps_ - 1) / test_timeout_ps_ * test_timeout_ps_;
}

void BmiIb::poll(int node, Step step) {
  auto test = [this, node, step = std::move(step)]() {
    thread(node).hold(Work::kVapiCall, [this, node, step](std::function<void()> release) {
      Host& host = net_.host(node);
      last_action_[static_cast<size_t>(node)] = sim().now();
      first_post_[static_cast<size_t>(node)] = kNoPost;
      net_.hca(node).poll_cq(host, [this, &host, step, release](bool) {
        sim().after(cycles(poll_cycles_), host.id(), EventKind::kHostCpuDone, 0, [step, release]() { step(release); });
      });
    });
  };
  const Time at = noticed_at(node);
  if (at > sim().now()) {
    const ComponentId host = net_.host(node).id();
    sim().trace().record(sim().now(), at, TraceKind::kPvfs2Work, host, 0, 0, static_cast<int32_t>(Work::kTestAsleep));
    sim().at(at, host, EventKind::kHostCpuDone, 0, std::move(test));
  } else {
    test();
  }
}

void BmiIb::post_message(int node, int peer, uint32_t bytes, uint32_t message, std::function<void()> arrived,
                         Step acked, std::function<void()> then) {
  Hca& hca = net_.hca(node);
  Host& host = net_.host(node);
  // post_rr_ack: a receive without memory on QP 1 for the acknowledgement of this buffer.
  IbReceive ack{peer, 1, 0, 0, [this, node, peer, acked](const IbCompletion&) {
                  poll(node, [this, node, peer, acked](std::function<void()> release) {
                    free_buffer(node, peer);
                    if (acked)
                      acked(release);
                    else
                      release();
                  });
                }};
  hca.post_recv(host, std::move(ack), [&hca, &host, peer, bytes, message, arrived = std::move(arrived),
                                       then = std::move(then)]() mutable {
    IbWorkRequest wr;
    wr.opcode = IbOpcode::kSend;
    wr.peer = peer;
    wr.qp = 0;
    wr.gather = {bytes};
    wr.signaled = false;  // post_sr: VAPI_UNSIGNALED
    wr.message = message;
    wr.on_remote = std::move(arrived);
    hca.post_send(host, std::move(wr), std::move(then));
  });
}

void BmiIb::repost_and_ack(int node, int peer, uint32_t message, std::function<void()> then) {
  Hca& hca = net_.hca(node);
  Host& host = net_.host(node);
  hca.post_recv(host, IbReceive{peer, 0, eager_bytes_, 1, nullptr}, [this, &hca, &host, peer, message,
                                                                      then = std::move(then)]() mutable {
    // post_sr_ack: a 0-byte send with immediate data (the buffer's number) on QP 1, unsignaled.
    IbWorkRequest wr;
    wr.opcode = IbOpcode::kSendWithImm;
    wr.peer = peer;
    wr.qp = 1;
    wr.signaled = false;
    wr.message = message;
    hca.post_send(host, std::move(wr), std::move(then));
    (void)this;
  });
}

void BmiIb::register_each(int node, std::vector<uint32_t> segments, bool deregister, std::function<void()> then) {
  auto left = std::make_shared<std::vector<uint32_t>>(std::move(segments));
  auto next = std::make_shared<std::function<void()>>();
  *next = [this, node, left, weak_self = std::weak_ptr<std::function<void()>>(next), deregister, then = std::move(then)]() {
    auto next = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
    if (left->empty()) {
      then();
      return;
    }
    const uint32_t bytes = left->back();
    left->pop_back();
    Hca& hca = net_.hca(node);
    if (deregister) {
      hca.deregister_memory(net_.host(node), bytes, [next]() { (*next)(); });
    } else {
      ++registrations_;
      hca.register_memory(net_.host(node), bytes, [next]() { (*next)(); });
    }
  };
  (*next)();
}

void BmiIb::transmit(int node, int peer, int tag, const std::vector<uint32_t>& segments, uint64_t total,
                     bool unexpected, bool eager, BmiDone sent) {
  BmiIncoming in;
  in.peer = node;
  in.tag = tag;
  in.bytes = total;
  in.unexpected = unexpected;
  in.rendezvous = !eager;
  in.posted = sim().now();
  in.message = ++*ids_;
  if (first_post_[static_cast<size_t>(node)] == kNoPost) first_post_[static_cast<size_t>(node)] = sim().now();
  if (!eager) {
    in.cookie = ++next_send_;
    in.sender_segments = segments;
    sends_[in.cookie] = Send{segments, total, std::move(sent)};
  }
  const Time list_ps = cycles(post_cycles_ + segment_cycles_ * static_cast<double>(segments.size()));
  auto start = [this, node, peer, in, total, list_ps, sent = std::move(sent)]() mutable {
    thread(node).hold(Work::kVapiCall, [this, node, peer, in, total, list_ps, sent](std::function<void()> release) {
      Host& host = net_.host(node);
      if (!in.rendezvous) {
        // encourage_send_waiting_buffer: memcpy_from_buflist into the send buffer, post_rr_ack, post_sr.
        const Time d = list_ps + transfer_time_ps(total, thread(node).memcpy_Bps());
        sim().after(d, host.id(), EventKind::kHostCpuDone, 0, [this, node, peer, in, total, sent, release]() {
          post_message(node, peer, header_bytes_ + static_cast<uint32_t>(total), in.message,
                       [this, peer, in]() { on_eager(peer, in); },
                       [sent, total](std::function<void()> rel) {
                         rel();
                         if (sent) sent(0, total);
                       },
                       release);
        });
        return;
      }
      sim().after(list_ps, host.id(), EventKind::kHostCpuDone, 0, [this, node, peer, in, release]() {
        post_message(node, peer, header_bytes_ + rts_bytes_, in.message, [this, peer, in]() { on_rts(peer, in); },
                     nullptr, release);
      });
    });
  };
  ensure_connected(node, peer, [this, node, peer, start = std::move(start)]() mutable {
    acquire_buffer(node, peer, std::move(start));
  });
}

void BmiIb::on_eager(int node, BmiIncoming in) {
  poll(node, [this, node, in](std::function<void()> release) {
    if (!in.unexpected) {  // kept in its receive buffer until a receive matches it
      release();
      arrived(node, in);
      return;
    }
    // BMI_ib_testunexpected: copied out into a fresh buffer, the receive reposted and acknowledged.
    const Time d = transfer_time_ps(in.bytes, thread(node).memcpy_Bps());
    sim().after(d, net_.host(node).id(), EventKind::kHostCpuDone, 0, [this, node, in, release]() {
      repost_and_ack(node, in.peer, in.message, [this, node, in, release]() {
        release();
        arrived(node, in);
      });
    });
  });
}

void BmiIb::on_rts(int node, BmiIncoming in) {
  // encourage_recv_incoming, MSG_RTS: match, repost and acknowledge the RTS's buffer, then the CTS if matched.
  poll(node, [this, node, in](std::function<void()> release) {
    repost_and_ack(node, in.peer, in.message, [this, node, in, release]() {
      release();
      arrived(node, in);
    });
  });
}

void BmiIb::deliver(int node, const BmiIncoming& in, BmiReceive recv) {
  const ComponentId nic = net_.hca(node).id();
  auto complete = [this, nic, in, done = std::move(recv.done)]() {
    sim().trace().record(in.posted, sim().now(), TraceKind::kMessage, nic, in.message,
                         static_cast<uint32_t>(std::min<uint64_t>(in.bytes, 0xffffffffu)), series_);
    if (done) done(0, in.bytes);
  };
  std::vector<uint32_t> mine = trim_segments(recv.segments, in.bytes);
  if (!in.rendezvous) {
    if (in.unexpected) {  // already copied out by the test
      complete();
      return;
    }
    // memcpy_to_buflist out of the receive buffer, post_rr, post_sr_ack.
    thread(node).hold(Work::kVapiCall, [this, node, in, n = mine.size(), complete](std::function<void()> release) {
      const Time d = cycles(segment_cycles_ * static_cast<double>(n)) +
                     transfer_time_ps(in.bytes, thread(node).memcpy_Bps());
      sim().after(d, net_.host(node).id(), EventKind::kHostCpuDone, 0, [this, node, in, release, complete]() {
        repost_and_ack(node, in.peer, in.message, [release, complete]() {
          release();
          complete();
        });
      });
    });
    return;
  }
  // send_cts: a send buffer, each receive segment registered, post_rr_ack, the CTS with the list.
  const int peer = in.peer;
  acquire_buffer(node, peer, [this, node, peer, in, mine, complete]() {
    thread(node).hold(Work::kVapiCall, [this, node, peer, in, mine, complete](std::function<void()> release) {
      register_each(node, mine, false, [this, node, peer, in, mine, complete, release]() {
        const Time d = cycles(post_cycles_ + segment_cycles_ * static_cast<double>(mine.size()));
        sim().after(d, net_.host(node).id(), EventKind::kHostCpuDone, 0, [this, node, peer, in, mine, complete,
                                                                           release]() {
          const uint32_t bytes = header_bytes_ + cts_bytes_ + cts_entry_bytes_ * static_cast<uint32_t>(mine.size());
          post_message(
              node, peer, bytes, in.message, [this, node, peer, in, mine]() { on_cts(peer, node, in, mine); },
              // The CTS's acknowledgement: the data is in place (encourage_recv_incoming_cts_ack).
              [this, node, mine, complete](std::function<void()> rel) {
                register_each(node, mine, true, [rel, complete]() {
                  rel();
                  complete();
                });
              },
              release);
        });
      });
    });
  });
}

void BmiIb::on_cts(int node, int peer, BmiIncoming in, std::vector<uint32_t> receiver) {
  poll(node, [this, node, peer, in, receiver](std::function<void()> release) {
    auto it = sends_.find(in.cookie);
    const std::vector<uint32_t> sender = it->second.segments;
    const Time d = cycles(segment_cycles_ * static_cast<double>(receiver.size()));
    sim().after(d, net_.host(node).id(), EventKind::kHostCpuDone, 0, [this, node, peer, in, sender, receiver, release]() {
      register_each(node, sender, false, [this, node, peer, in, sender, receiver, release]() {
        write_data(node, peer, in, sender, receiver, release);
      });
    });
  });
}

void BmiIb::write_data(int node, int peer, const BmiIncoming& in, std::vector<uint32_t> sender, std::vector<uint32_t> receiver,
                       std::function<void()> posted) {
  // One RDMA write per receiver segment gathering from the sender's list. bmi_ib 1.2 stops with an error when a
  // write needs more gather entries than the QP holds (sg_max_len); we split such a write into writes of at most
  // ib.max_sge entries instead (see bmi_ib_parameters).
  std::vector<std::vector<uint32_t>> writes;
  const size_t max_sge = net_.hca(node).max_sge();
  for (auto& g : gathers(sender, receiver))
    for (size_t i = 0; i < g.size(); i += max_sge)
      writes.emplace_back(g.begin() + static_cast<std::ptrdiff_t>(i),
                          g.begin() + static_cast<std::ptrdiff_t>(std::min(g.size(), i + max_sge)));
  rdma_writes_ += writes.size();
  auto list = std::make_shared<std::vector<std::vector<uint32_t>>>(std::move(writes));
  auto index = std::make_shared<size_t>(0);
  auto next = std::make_shared<std::function<void()>>();
  *next = [this, node, peer, in, sender, list, index, weak_self = std::weak_ptr<std::function<void()>>(next), posted]() {
    auto next = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
    if (*index == list->size()) {
      posted();
      return;
    }
    const size_t k = (*index)++;
    const bool last = *index == list->size();
    IbWorkRequest wr;
    wr.opcode = IbOpcode::kRdmaWrite;
    wr.peer = peer;
    wr.qp = 0;
    wr.gather = (*list)[k];
    wr.signaled = last;  // only the last write is signalled: its completion drives the unpin
    wr.message = in.message;
    // Trace: this receiver segment is in the peer's memory (a plain write's last byte visible there).
    uint32_t piece = 0;
    for (uint32_t b : wr.gather) piece += b;
    wr.on_remote = [this, node, peer, in, k, piece, from = sim().now()]() {
      BmiIncoming got = in;
      got.peer = node;  // the writer
      record_piece(peer, got, static_cast<uint32_t>(k), piece, from);
    };
    if (last)
      wr.on_local = [this, node, peer, in, sender]() {
        // encourage_send_send_completed: repost the CTS's buffer, acknowledge the CTS, deregister.
        poll(node, [this, node, peer, in, sender](std::function<void()> release) {
          repost_and_ack(node, peer, in.message, [this, node, in, sender, release]() {
            register_each(node, sender, true, [this, in, release]() {
              release();
              auto s = sends_.find(in.cookie);
              BmiDone sent = std::move(s->second.sent);
              const uint64_t total = s->second.total;
              sends_.erase(s);
              if (sent) sent(0, total);
            });
          });
        });
      };
    net_.hca(node).post_send(net_.host(node), std::move(wr), [next]() { (*next)(); });
  };
  (*next)();
}

void BmiIb::refuse(int node, const BmiIncoming& in, int error) {
  if (!in.rendezvous) {  // the eager buffer still goes back to the sender
    if (in.unexpected) return;
    thread(node).hold(Work::kVapiCall, [this, node, in](std::function<void()> release) {
      repost_and_ack(node, in.peer, in.message, release);
    });
    return;
  }
  // bmi_ib 1.2 stops with an error on an RTS longer than the receive; we answer with a CTS carrying the error
  // instead, so the sender's BMI_test sees it: it reposts, acknowledges and fails the send.
  const int peer = in.peer;
  acquire_buffer(node, peer, [this, node, peer, in, error]() {
    thread(node).hold(Work::kVapiCall, [this, node, peer, in, error](std::function<void()> release) {
      post_message(node, peer, header_bytes_ + cts_bytes_, in.message,
                   [this, peer, node, in, error]() {
                     poll(peer, [this, peer, node, in, error](std::function<void()> rel) {
                       repost_and_ack(peer, node, in.message, [this, in, error, rel]() {
                         rel();
                         auto s = sends_.find(in.cookie);
                         BmiDone sent = std::move(s->second.sent);
                         sends_.erase(s);
                         if (sent) sent(error, 0);
                       });
                     });
                   },
                   nullptr, release);
    });
  });
}

}  // namespace hpcsim::pvfs2
