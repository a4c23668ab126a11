#include "tports/tports_qsnet.h"

#include "hw/nic_thread_step.h"
#include "tports/costs.h"

namespace hpcsim {

using namespace tports;

namespace {
constexpr uint32_t kTag = 7;
constexpr int kDoneStream = 1;
constexpr int32_t kSendDone = 1;
constexpr int32_t kRecvDone = 2;
constexpr uint32_t kDoneWordBytes = 8;
}  // namespace

TportsQsnet::TportsQsnet(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, uint32_t* message_ids,
                         int32_t series, const NodeSet& nodes)
    : sim_(sim), cluster_(cluster), ids_(message_ids), series_(series) {
  uint32_t context = static_cast<uint32_t>(p.get("tports.thread_context_words"));
  for (int i = 0; i < cluster.size(); ++i) {
    auto st = std::make_unique<NodeState>();
    st->inbox = std::make_unique<HostInbox>(sim, cluster.host(i));
    nodes_.push_back(std::move(st));
    if (runs_on(nodes, i))
      cluster.nic(i).set_thread_program([this, i](const QueueItem& item) { thread_program(i, item); }, context);
  }
}

void TportsQsnet::done_word(int node, int32_t tag, uint32_t msg, uint32_t data_bytes) {
  // Set by an Elan event (the hardware writes the word): a plain PCI write.
  cluster_.pci(node).transact(PciOp::kDmaWrite, kDoneWordBytes, msg, [this, node, tag, msg]() {
    nodes_[static_cast<size_t>(node)]->inbox->land(Notice{kDoneStream, tag, msg, kDoneWordBytes, 0});
  });
  (void)data_bytes;
}

void TportsQsnet::thread_deliver(int node, uint32_t msg, uint32_t data_bytes) {
  // Issued by the NIC thread: one DMA moving the data into the posted buffer, then the done word.
  std::vector<uint32_t> writes;
  if (data_bytes > 0) writes.push_back(data_bytes);
  writes.push_back(kDoneWordBytes);
  cluster_.nic(node).host_write_dma(writes, msg, [this, node, msg]() {
    nodes_[static_cast<size_t>(node)]->inbox->land(Notice{kDoneStream, kRecvDone, msg, kDoneWordBytes, 0});
  });
}

void TportsQsnet::post_receive(int node, int peer, uint32_t bytes, Done then) {
  cluster_.host(node).call(kRxStart, 0, [this, node, peer, bytes, then = std::move(then)]() {
    NodeState& st = *nodes_[static_cast<size_t>(node)];
    st.posted.push_back(Posted{peer, kTag, bytes});
    sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMatchList, cluster_.nic(node).id(), 0, 0,
                        static_cast<int32_t>(st.posted.size()));
    then();
  });
}

void TportsQsnet::send(int node, int peer, uint32_t bytes, Done then) {
  uint32_t msg = ++*ids_;
  messages_[msg] = InFlight{node, kTag, bytes, sim_.now()};
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  bool small = bytes + kEnvelopeBytes <= kSmallObjectBytes;
  bool is_short = bytes <= kShortMaxBytes;
  {
    MessageCatalog::Entry e;
    e.series = series_;
    e.bytes = bytes;
    e.src = node;
    e.dst = peer;
    // The text is built only when the page opens this message; everything it reads is copied in now.
    e.describe = [f = &cluster_.fabric(), node, peer, bytes, small, is_short]() {
      std::vector<HeaderLayer> layers;
      layers.push_back(HeaderLayer{"Tports API",
                                   {{"call", "elan_tportTxStart(tport, 0, dst, src, tag, buf, len)"},
                                    {"bytes", std::to_string(bytes)},
                                    {"completion", small ? "at once: the data was written into the NIC by PIO"
                                                         : "done word when the NIC has the data"}}});
      layers.push_back(HeaderLayer{"Tports envelope (" + std::to_string(kEnvelopeBytes) + " B)",
                                   {{"tag", std::to_string(kTag)},
                                    {"src", std::to_string(node)},
                                    {"dst", std::to_string(peer)},
                                    {"length", std::to_string(bytes)}}});
      layers.push_back(HeaderLayer{
          is_short ? "Elan3 queued DMA" : "Elan3 queued DMA + RDMA read",
          {{"protocol", small ? "64-byte object written by PIO, queued DMA from NIC memory"
                              : is_short ? "envelope + data in one queued DMA (data read by DMA)"
                                         : "envelope by queued DMA; the receiving thread pulls the data by RDMA read"},
           {"matching", "NIC thread against posted receives (tag, source)"}}});
      layers.push_back(f->packet_layer(node, peer, is_short ? kEnvelopeBytes + bytes : bytes, 320,
                                       is_short ? "queued-DMA" : "RDMA data"));
      return layers;
    };
    sim_.messages().add(msg, std::move(e));
  }
  st.send_done_immediately = small;
  Host& h = cluster_.host(node);
  h.read_dma_written(kTxFreeWordBytes, [this, node, peer, bytes, msg, small, is_short, then = std::move(then)]() mutable {
  cluster_.host(node).compute(kTxStartCycles, [this, node, peer, bytes, msg, small, is_short, then = std::move(then)]() mutable {
    uint32_t pio = small ? kSmallObjectBytes : kEnvelopeBytes;
    cluster_.host(node).pio_write(pio, msg, std::move(then), [this, node, peer, bytes, msg, small, is_short]() {
      std::vector<uint32_t> reads;
      uint32_t wire = small ? kSmallObjectBytes : kEnvelopeBytes;
      if (!small && is_short) {
        reads = {bytes};
        wire = kEnvelopeBytes + bytes;
      }
      cluster_.nic(node).queued_dma(peer, reads, wire, msg, [this, node, msg, small, is_short]() {
        if (!small && is_short) done_word(node, kSendDone, msg, 0);
      });
    });
  });
  });
}

void TportsQsnet::wait_send_complete(int node, Done then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  if (st.send_done_immediately) {  // the data was copied into the NIC by the send itself
    cluster_.host(node).compute(kWaitCycles, std::move(then));
    return;
  }
  st.inbox->wait(kDoneStream, [](const Notice& n) { return n.tag == kSendDone; },
                 [this, node, then = std::move(then)](const Notice&) {
                   cluster_.host(node).compute(kWaitCycles, then);
                 });
}

void TportsQsnet::wait_arrival(int node, Done then) {
  nodes_[static_cast<size_t>(node)]->inbox->wait(kDoneStream, [](const Notice& n) { return n.tag == kRecvDone; },
                                                 [this, node, then = std::move(then)](const Notice&) {
                                                   cluster_.host(node).compute(kWaitCycles, then);
                                                 });
}

void TportsQsnet::thread_program(int node, const QueueItem& item) {
  Elan3Nic& nic = cluster_.nic(node);
  auto it = messages_.find(item.message);
  if (it == messages_.end()) {
    nic.thread_done();
    return;
  }
  InFlight m = it->second;
  uint32_t msg = item.message;
  auto step = [&nic](ThreadStep s, ThreadCost c, std::function<void()> next) {
    nic.thread_step(static_cast<int32_t>(s), c, std::move(next));
  };
  step(ThreadStep::kTakeLock, kTakeLock, [this, node, m, msg, step, &nic]() {
    step(ThreadStep::kInspectHeader, kInspectHeader, [this, node, m, msg, step, &nic]() {
      NodeState& st = *nodes_[static_cast<size_t>(node)];
      uint32_t inspected = 0;
      auto found = st.posted.end();
      for (auto p = st.posted.begin(); p != st.posted.end(); ++p) {
        ++inspected;
        if (p->src == m.src && p->tag == m.tag) {
          found = p;
          break;
        }
      }
      ThreadCost match{kMatchBase.instructions + inspected * kMatchPerBuffer.instructions,
                       kMatchBase.sdram_accesses + inspected * kMatchPerBuffer.sdram_accesses};
      bool matched = found != st.posted.end();
      uint32_t len = matched ? (m.bytes < found->bytes ? m.bytes : found->bytes) : 0;
      if (matched) st.posted.erase(found);
      sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMatchList, nic.id(), msg, 0,
                          static_cast<int32_t>(st.posted.size()));
      step(ThreadStep::kMatch, match, [this, node, m, msg, matched, len, step, &nic]() {
        auto finish = [&nic, step]() {
          step(ThreadStep::kUnlinkMatchedBuffer, kUnlink, [&nic, step]() {
            step(ThreadStep::kDropLock, kDropLock, [&nic]() { nic.thread_done(); });
          });
        };
        if (!matched) {  // Tports would keep it as unexpected; the ping-pong never produces one
          finish();
          return;
        }
        step(ThreadStep::kHousekeeping, kHousekeeping, [this, node, m, msg, len, step, finish, &nic]() {
          if (m.bytes <= kShortMaxBytes) {
            step(ThreadStep::kWriteCompletionEvent, kWriteCompletion, [this, node, m, msg, len, finish]() {
              thread_deliver(node, msg, len);
              sim_.trace().record(m.sent_at, sim_.now(), TraceKind::kMessage, cluster_.host(node).id(), msg, m.bytes,
                                  series_);
              finish();
            });
            return;
          }
          step(ThreadStep::kProgramRdma, kProgramRdma, [this, node, m, msg, len, finish, &nic]() {
            int src = m.src;
            nic.rdma_read(src, len, msg,
                          [this, node, msg, m]() {
                            done_word(node, kRecvDone, msg, 0);
                            sim_.trace().record(m.sent_at, sim_.now(), TraceKind::kMessage, cluster_.host(node).id(),
                                                msg, m.bytes, series_);
                          },
                          [this, src, msg]() { done_word(src, kSendDone, msg, 0); });
            finish();
          });
        });
      });
    });
  });
}

}  // namespace hpcsim
