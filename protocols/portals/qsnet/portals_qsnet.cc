#include "portals/qsnet/portals_qsnet.h"

#include "hw/nic_thread_step.h"
#include "portals/initiator.h"
#include "portals/qsnet/costs.h"
#include "portals/receive.h"

namespace hpcsim {

using namespace portals;
using namespace portals_qsnet;

namespace {
constexpr ptl_pt_index_t kPingPongPortal = 4;
constexpr ptl_match_bits_t kPingPongBits = 0x5eed;
constexpr int kEqStream = 0;
constexpr int kDoneStream = 1;
constexpr int32_t kSendDone = 1;
constexpr int32_t kReplyData = 2;
constexpr int32_t kNakTag = 3;
constexpr uint32_t kDoneWordBytes = 8;
}  // namespace

PortalsQsnet::PortalsQsnet(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, Op op, uint32_t* message_ids,
                           int32_t series, const NodeSet& nodes)
    : sim_(sim),
      cluster_(cluster),
      op_(op),
      ids_(message_ids),
      series_(series),
      header_bytes_(static_cast<uint32_t>(p.get("portals.header_bytes"))),
      small_object_bytes_(static_cast<uint32_t>(p.get("portals.small_object_bytes"))),
      event_bytes_(static_cast<uint32_t>(p.get("portals.event_bytes"))),
      short_max_(static_cast<uint32_t>(p.get("elan3.qdma_max_bytes") - p.get("portals.header_bytes"))),
      packet_payload_(static_cast<uint32_t>(p.get("qsnet.packet_payload_bytes"))) {
  uint32_t context = static_cast<uint32_t>(p.get("portals.thread_context_words"));
  for (int i = 0; i < cluster.size(); ++i) {
    auto st = std::make_unique<NodeState>();
    NiConfig cfg;
    cfg.id = ProcessId{static_cast<ptl_nid_t>(i), 0};
    st->ni = std::make_unique<NetworkInterface>(cfg);
    st->ni->eq_alloc(256, &st->eq);
    st->inbox = std::make_unique<HostInbox>(sim, cluster.host(i));
    nodes_.push_back(std::move(st));
    if (runs_on(nodes, i))
      cluster.nic(i).set_thread_program([this, i](const QueueItem& item) { thread_program(i, item); }, context);
  }
}

void PortalsQsnet::host_call(int node, const HostCall& c, uint32_t message, Done then) {
  cluster_.host(node).call(c, message, std::move(then));
}

void PortalsQsnet::nic_write_notice(int node, uint32_t bytes, Notice n) {
  cluster_.pci(node).transact(PciOp::kDmaWrite, bytes, n.message,
                              [this, node, n]() { nodes_[static_cast<size_t>(node)]->inbox->land(n); });
}

void PortalsQsnet::record_match_list(int node) {
  const auto& list = ni(node).portal_table().match_list(kPingPongPortal);
  sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMatchList, cluster_.nic(node).id(), 0, 0,
                      static_cast<int32_t>(list.size()));
}

void PortalsQsnet::post_receive(int node, int peer, uint32_t bytes, Done then) {
  host_call(node, kMeAttach, 0, [this, node, peer, bytes, then = std::move(then)]() mutable {
    host_call(node, kMdAttach, 0, [this, node, peer, bytes, then = std::move(then)]() {
      NodeState& st = *nodes_[static_cast<size_t>(node)];
      ptl_handle_me_t me;
      st.ni->me_attach(kPingPongPortal, ProcessId{static_cast<ptl_nid_t>(peer), 0}, kPingPongBits, 0, PTL_UNLINK,
                       PTL_INS_AFTER, &me);
      MdSpec spec;
      spec.start = 0x100000;
      spec.length = bytes;
      spec.threshold = 1;
      spec.options = op_ == Op::kPut ? PTL_MD_OP_PUT : PTL_MD_OP_GET;
      spec.eq_handle = st.eq;
      ptl_handle_md_t md;
      st.ni->md_attach(me, spec, PTL_UNLINK, &md);
      record_match_list(node);
      then();
    });
  });
}

void PortalsQsnet::send(int node, int peer, uint32_t bytes, Done then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  uint32_t msg = ++*ids_;
  MdSpec spec;
  spec.start = 0x200000;
  spec.length = bytes;
  spec.threshold = op_ == Op::kPut ? 1 : 1;
  spec.eq_handle = st.eq;
  ptl_handle_md_t md;
  st.ni->md_bind(spec, PTL_UNLINK, &md);
  ProcessId target{static_cast<ptl_nid_t>(peer), 0};
  SendOutcome out = op_ == Op::kPut
                        ? ptl_put(*st.ni, md, PTL_NO_ACK_REQ, target, kPingPongPortal, 0, kPingPongBits, 0, 0)
                        : ptl_get(*st.ni, md, target, kPingPongPortal, 0, kPingPongBits, 0);
  st.send_pending = out.pending;
  messages_[msg] = InFlight{out.header, bytes, sim_.now()};
  catalog(node, peer, msg, out.header, bytes);
  HostCall call = kPutGet;
  call.cycles += kHostEventPostCycles * out.events.size();  // SEND_START written by the library
  bool short_put = op_ == Op::kPut && bytes <= short_max_;
  host_call(node, call, msg, [this, node, peer, bytes, msg, short_put, then = std::move(then)]() {
    // The command has reached the NIC when the descriptor stores have crossed the bus: the DMA engine
    // queue is behind them on the same bus, so starting now keeps the order.
    std::vector<uint32_t> reads;
    uint32_t wire;
    if (short_put && bytes + header_bytes_ <= small_object_bytes_) {
      reads = {small_object_bytes_};
      wire = small_object_bytes_;
    } else if (short_put) {
      reads = {header_bytes_, bytes};
      wire = header_bytes_ + bytes;
    } else {
      reads = {header_bytes_};
      wire = header_bytes_;
    }
    cluster_.nic(node).queued_dma(peer, reads, wire, msg, [this, node, msg, short_put]() {
      if (short_put) nic_write_notice(node, kDoneWordBytes, Notice{kDoneStream, kSendDone, msg, kDoneWordBytes, 0});
    });
    then();
  });
}

void PortalsQsnet::catalog(int node, int peer, uint32_t msg, const Header& h, uint32_t bytes) {
  MessageCatalog::Entry e;
  e.series = series_;
  e.bytes = bytes;
  e.src = node;
  e.dst = peer;
  // The text is built only when the page opens this message; everything it reads is copied in now.
  e.describe = [put = op_ == Op::kPut, short_max = short_max_, header_bytes = header_bytes_,
                small_object_bytes = small_object_bytes_, packet_payload = packet_payload_, f = &cluster_.fabric(), node,
                peer, h, bytes]() {
    bool short_put = put && bytes <= short_max;
    std::string target = "{nid " + std::to_string(peer) + ", pid 0}";
    std::vector<HeaderLayer> layers;
    layers.push_back(HeaderLayer{
        "Portals 3.3 API",
        {{"call", put ? "PtlPut(md, PTL_NO_ACK_REQ, target, pt_index, ac_index, match_bits, 0, 0)"
                      : "PtlGet(md, target, pt_index, ac_index, match_bits, 0)"},
         {"bytes", std::to_string(bytes)},
         {"target", target},
         {"events at the initiator", put ? "SEND_START, SEND_END" : "REPLY_START, REPLY_END"}}});
    layers.push_back(HeaderLayer{
        "Portals header (" + std::to_string(header_bytes) + " B on Elan3)",
        {{"msg_type", put ? "PUT (1)" : "GET (2)"},
         {"src", "{nid " + std::to_string(h.src.nid) + ", pid " + std::to_string(h.src.pid) + "}"},
         {"dst", target},
         {"pt_index", std::to_string(h.pt_index)},
         {"ac_index", std::to_string(h.ac_index)},
         {"match_bits", hex64(h.match_bits)},
         {"length", std::to_string(h.length)},
         {"remote_offset", std::to_string(h.remote_offset)},
         {"hdr_data", hex64(h.hdr_data)},
         {"ack_md", h.ack_md == PTL_HANDLE_NONE ? "PTL_HANDLE_NONE (no ACK)" : hex64(h.ack_md)}}});
    HeaderLayer q{"Elan3 queued DMA", {}};
    if (short_put) {
      bool object = bytes + header_bytes <= small_object_bytes;
      q.fields = {{"protocol", "short message (seed 002 §4.2, Fig. 1)"},
                  {"QDMA size", std::to_string(object ? small_object_bytes : header_bytes + bytes) + " B" +
                                    (object ? " (header + data as one 64-byte object)" : " (header + data)")},
                  {"PCI DMA reads at the source", object ? "1 (64 B)" : "2 (header, data)"},
                  {"destination", "input queue of elan" + std::to_string(peer) + ", then the NIC thread"},
                  {"source completion", "event set when the destination acknowledges: SEND_END"}};
    } else {
      q.fields = {{"protocol", put ? "long message: rendezvous over RDMA (seed 002 §4.3, Fig. 2)"
                                   : "GET: header, then RDMA from the target (seed 002 §4.3)"},
                  {"QDMA size", std::to_string(header_bytes) + " B (header only)"},
                  {"destination", "input queue of elan" + std::to_string(peer) + ", then the NIC thread"}};
    }
    layers.push_back(q);
    if (!short_put)
      layers.push_back(HeaderLayer{
          "Elan3 RDMA",
          {{"direction", put ? "read: elan" + std::to_string(peer) + " asks elan" + std::to_string(node) +
                                   "'s engine to push the data"
                             : "write: elan" + std::to_string(peer) + " pushes the data to elan" + std::to_string(node)},
           {"bytes", std::to_string(bytes)},
           {"target event", "wakes the NIC thread, which posts the reserved END event"},
           {"initiator event", put ? "done word: SEND_END" : "done word: REPLY_START, REPLY_END"}}});
    layers.push_back(short_put ? f->packet_layer(node, peer, header_bytes + bytes, 320, "queued-DMA")
                               : f->packet_layer(node, peer, bytes, packet_payload, "RDMA data"));
    return layers;
  };
  sim_.messages().add(msg, std::move(e));
}

void PortalsQsnet::wait_send_complete(int node, Done then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  int32_t want = op_ == Op::kPut ? kSendDone : kReplyData;
  st.inbox->wait(kDoneStream, [want](const Notice& n) { return n.tag == want || n.tag == kNakTag; },
                 [this, node, then = std::move(then)](const Notice& n) {
                   NodeState& st = *nodes_[static_cast<size_t>(node)];
                   size_t generated;
                   size_t consumed;
                   if (n.tag == kNakTag) {
                     generated = 0;
                     consumed = 0;
                   } else if (op_ == Op::kPut) {
                     CompleteOutcome c = complete_send(*st.ni, st.send_pending);
                     generated = c.events.size();
                     consumed = 1 + c.events.size();  // SEND_START posted at PtlPut, then SEND_END (+ UNLINK)
                   } else {
                     ReceiveOutcome r = begin_reply(*st.ni, st.reply);
                     CompleteOutcome c = complete_receive(*st.ni, r.pending);
                     generated = r.events.size() + c.events.size();
                     consumed = generated;
                   }
                   cluster_.host(node).compute(kHostEventPostCycles * generated + kEventGetCycles * consumed, then);
                 });
}

void PortalsQsnet::wait_arrival(int node, Done then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  ptl_event_kind_t want = op_ == Op::kPut ? PTL_EVENT_PUT_END : PTL_EVENT_GET_END;
  st.inbox->wait(kEqStream, [want](const Notice& n) { return n.tag == static_cast<int32_t>(want); },
                 [this, node, then = std::move(then)](const Notice& n) {
                   auto it = messages_.find(n.message);
                   uint32_t bytes = it == messages_.end() ? 0 : it->second.bytes;
                   if (op_ == Op::kPut && bytes <= short_max_) {
                     // Short protocol: the data sits in the EQ slot; copy it to the matched buffer (§4.2).
                     Host& h = cluster_.host(node);
                     h.read_dma_written(bytes, [&h, bytes, then]() { h.memcpy(bytes, then); });
                   } else {
                     then();
                   }
                 });
}

void PortalsQsnet::thread_program(int node, const QueueItem& item) {
  Elan3Nic& nic = cluster_.nic(node);
  auto it = messages_.find(item.message);
  if (it == messages_.end()) {  // not ours (cannot happen within one series)
    nic.thread_done();
    return;
  }
  InFlight m = it->second;
  uint32_t msg = item.message;
  auto step = [&nic](ThreadStep s, ThreadCost c, std::function<void()> next) {
    nic.thread_step(static_cast<int32_t>(s), c, std::move(next));
  };
  step(ThreadStep::kTakeLock, kTakeLock, [this, node, msg, m, step, &nic]() {
    step(ThreadStep::kInspectHeader, kInspectHeader, [this, node, msg, m, step, &nic]() {
      ReceiveOutcome out = begin_receive(ni(node), m.header);
      record_match_list(node);
      uint32_t mes = out.work.mes_inspected;
      ThreadCost match{kMatchBase.instructions + mes * kMatchPerMe.instructions,
                       kMatchBase.sdram_accesses + mes * kMatchPerMe.sdram_accesses};
      step(ThreadStep::kMatch, match, [this, node, msg, m, out, step, &nic]() {
        auto finish = [&nic, step]() { step(ThreadStep::kDropLock, kDropLock, [&nic]() { nic.thread_done(); }); };
        if (!out.matched) {
          ++naks_;
          int src = static_cast<int>(m.header.src.nid);
          step(ThreadStep::kSendNak, kNak, [this, node, src, msg, m, finish]() {
            if (m.header.type == PTL_MSG_GET)  // the initiator would otherwise wait for a REPLY forever
              cluster_.fabric().send(node, src, 8, TraceKind::kNakPacket, msg, [this, src, msg]() {
                nic_write_notice(src, kDoneWordBytes, Notice{kDoneStream, kNakTag, msg, kDoneWordBytes, 0});
              });
            finish();
          });
          return;
        }
        step(ThreadStep::kHousekeeping, kHousekeeping, [this, node, msg, m, out, finish]() {
          bool short_put = m.header.type == PTL_MSG_PUT && m.bytes <= short_max_;
          if (short_put)
            deliver_short(node, msg, m, out, finish);
          else
            start_long(node, msg, m, out, finish);
        });
      });
    });
  });
}

void PortalsQsnet::deliver_short(int node, uint32_t msg, const InFlight& m, const ReceiveOutcome& out, std::function<void()> next) {
  Elan3Nic& nic = cluster_.nic(node);
  ThreadCost write{kBuildEvent.instructions + kIssueDma.instructions,
                   kBuildEvent.sdram_accesses + kIssueDma.sdram_accesses};
  nic.thread_step(static_cast<int32_t>(ThreadStep::kWriteCompletionEvent), write, [this, node, m, out, msg, next,
                                                                                   &nic]() {
    CompleteOutcome done = complete_receive(ni(node), out.pending);
    std::vector<Event> events = out.events;
    bool unlink = false;
    for (const auto& e : done.events) {
      if (e.type == PTL_EVENT_UNLINK)
        unlink = true;
      else
        events.push_back(e);
    }
    // One DMA from the thread: data beyond the 64-byte object crosses the bus on its own, then the
    // START and END events in one burst (a payload of <= 32 B rides inside them).
    std::vector<uint32_t> writes;
    if (m.bytes + header_bytes_ > small_object_bytes_ && m.bytes > 0) writes.push_back(m.bytes);
    writes.push_back(event_bytes_ * static_cast<uint32_t>(events.size()));
    nic.host_write_dma(writes, msg, [this, node, msg, events, m]() {
      for (const auto& e : events)
        nodes_[static_cast<size_t>(node)]->inbox->land(
            Notice{kEqStream, static_cast<int32_t>(e.type), msg, event_bytes_, kEventGetCycles});
      sim_.trace().record(m.sent_at, sim_.now(), TraceKind::kMessage, cluster_.host(node).id(), msg, m.bytes, series_);
    });
    if (!unlink) {
      next();
      return;
    }
    // The unlink is reported to the host by a PCI write of the UNLINK event (seed 002 §5.1); the thread
    // issues it by DMA and waits for its completion before releasing the list.
    nic.thread_step(static_cast<int32_t>(ThreadStep::kUnlinkMatchedBuffer),
                    ThreadCost{kUnlink.instructions, kUnlink.sdram_accesses + kIssueDma.sdram_accesses},
                    [this, node, msg, next, &nic]() {
                      nic.thread_dma_wait(event_bytes_, msg, [this, node, msg, next]() {
                        nodes_[static_cast<size_t>(node)]->inbox->land(Notice{
                            kEqStream, static_cast<int32_t>(PTL_EVENT_UNLINK), msg, event_bytes_, kEventGetCycles});
                        next();
                      });
                    });
  });
}

void PortalsQsnet::start_long(int node, uint32_t msg, const InFlight& m, const ReceiveOutcome& out, std::function<void()> next) {
  Elan3Nic& nic = cluster_.nic(node);
  int src = static_cast<int>(m.header.src.nid);
  if (m.header.type == PTL_MSG_GET) nodes_[static_cast<size_t>(src)]->reply = out.reply;
  ThreadCost write{kBuildEvent.instructions + kIssueDma.instructions,
                   kBuildEvent.sdram_accesses + kIssueDma.sdram_accesses};
  nic.thread_step(static_cast<int32_t>(ThreadStep::kWriteCompletionEvent), write, [this, node, m, out, msg, src, next,
                                                                                   &nic]() {
    // START now; the END slot is reserved (the NIC's copy of the EQ tail advances, the host's does not).
    std::vector<Event> starts = out.events;
    nic.host_write_dma({event_bytes_ * 2}, msg, [this, node, msg, starts]() {
      for (const auto& e : starts)
        nodes_[static_cast<size_t>(node)]->inbox->land(
            Notice{kEqStream, static_cast<int32_t>(e.type), msg, event_bytes_, kEventGetCycles});
    });
    nic.thread_step(static_cast<int32_t>(ThreadStep::kProgramRdma), kProgramRdma, [this, node, m, out, msg, src, next,
                                                                                   &nic]() {
      // When the RDMA's target event fires it wakes the thread, which posts the END event it wrote
      // earlier by advancing the host's copy of the EQ tail (seed 002 §4.3 step 6).
      auto post_end = [this, node, m, out, msg, &nic]() {
        nic.thread_event_work(msg, [this, node, m, out, msg, &nic]() {
          nic.thread_step(static_cast<int32_t>(ThreadStep::kPostEnd), kPostEnd, [this, node, m, out, msg, &nic]() {
            CompleteOutcome done = complete_receive(ni(node), out.pending);
            nic.host_write_dma({kDoneWordBytes}, msg, [this, node, msg, done, m]() {
              for (const auto& e : done.events)
                nodes_[static_cast<size_t>(node)]->inbox->land(
                    Notice{kEqStream, static_cast<int32_t>(e.type), msg, event_bytes_, kEventGetCycles});
              if (m.header.type == PTL_MSG_PUT)
                sim_.trace().record(m.sent_at, sim_.now(), TraceKind::kMessage, cluster_.host(node).id(), msg,
                                    m.bytes, series_);
            });
            nic.thread_done();
          });
        });
      };
      uint32_t len = static_cast<uint32_t>(out.mlength);
      if (m.header.type == PTL_MSG_PUT) {
        nic.rdma_read(src, len, msg, post_end, [this, src, msg]() {
          nic_write_notice(src, kDoneWordBytes, Notice{kDoneStream, kSendDone, msg, kDoneWordBytes, 0});
        });
      } else {
        nic.rdma_write(src, len, msg, [this, src, msg, m]() {
          sim_.trace().record(m.sent_at, sim_.now(), TraceKind::kMessage, cluster_.host(src).id(), msg, m.bytes, series_);
          nic_write_notice(src, kDoneWordBytes, Notice{kDoneStream, kReplyData, msg, kDoneWordBytes, 0});
        }, post_end);
      }
      nic.thread_step(static_cast<int32_t>(ThreadStep::kUnlinkMatchedBuffer), kUnlink, next);
    });
  });
}

}  // namespace hpcsim
