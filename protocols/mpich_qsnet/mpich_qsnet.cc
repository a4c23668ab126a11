#include "mpich_qsnet/mpich_qsnet.h"

#include "hw/nic_thread_step.h"
#include "mpich_qsnet/costs.h"

namespace hpcsim {

using namespace mpich_qsnet;

namespace {
constexpr int kTag = 7;
}

MpichQsnetElan4::MpichQsnetElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, uint32_t* message_ids,
                                 int32_t series, const NodeSet& nodes)
    : sim_(sim),
      cluster_(cluster),
      ids_(message_ids),
      series_(series),
      eager_limit_(static_cast<uint32_t>(p.get("elan4.qdma_max_bytes")) - kEnvelopeBytes),
      context_words_(static_cast<uint32_t>(p.get("tports4.thread_context_words"))) {
  for (int i = 0; i < cluster.size(); ++i) {
    nodes_.push_back(std::make_unique<NodeState>());
    if (runs_on(nodes, i)) cluster.elan4(i, 0).set_thread_queue([this, i](const QueueSlot& s) { arrival(i, s); });
  }
}

void MpichQsnetElan4::thread(int node, uint32_t message, int32_t step, uint32_t instr, uint32_t sdram,
                             std::function<void()> then) {
  cluster_.elan4(node, 0).thread_run(instr, sdram, message, step, std::move(then));
}

void MpichQsnetElan4::land(DoneWords& w) {
  ++w.landed;
  if (w.waiter) {
    auto f = std::move(w.waiter);
    w.waiter = nullptr;
    f();
  }
}

void MpichQsnetElan4::wait_word(int node, DoneWords& w, Done then) {
  Host& h = cluster_.host(node);
  auto take = [&w, &h, then = std::move(then)]() mutable {
    --w.landed;
    h.read_dma_written(8, [&h, then = std::move(then)]() mutable { h.compute(kWaitCycles, std::move(then)); });
  };
  if (w.landed > 0) {
    take();
    return;
  }
  w.waiter = std::move(take);
}

void MpichQsnetElan4::post_receive(int node, int peer, uint32_t bytes, Done then) {
  Host& h = cluster_.host(node);
  Elan4Nic& nic = cluster_.elan4(node, 0);
  h.compute(kIrecvCycles, [this, node, peer, bytes, &h, &nic, then = std::move(then)]() mutable {
    nic.pio_write(h, kRxDescriptorBytes, 0, std::move(then), [this, node, peer, bytes]() {
      // The thread appends the receive, or matches a message already waiting on the NIC.
      thread(node, 0, static_cast<int32_t>(ThreadStep::kMatch), kPostReceive.instructions, kPostReceive.sdram,
             [this, node, peer, bytes]() {
               NodeState& st = *nodes_[static_cast<size_t>(node)];
               for (auto it = st.unexpected.begin(); it != st.unexpected.end(); ++it)
                 if (it->src == peer && it->tag == kTag) {
                   Envelope e = *it;
                   st.unexpected.erase(it);
                   st.posted.push_front(Posted{peer, kTag, bytes});
                   match_and_deliver(node, e, []() {});
                   return;
                 }
               st.posted.push_back(Posted{peer, kTag, bytes});
             });
    });
  });
}

void MpichQsnetElan4::send(int node, int peer, uint32_t bytes, Done then) {
  uint32_t msg = ++*ids_;
  Host& h = cluster_.host(node);
  Elan4Nic& nic = cluster_.elan4(node, 0);
  Envelope e{node, kTag, bytes, msg, false};
  uint64_t cookie = ++next_cookie_;
  envelopes_[cookie] = e;
  bool eager = bytes <= eager_limit_;
  auto d = std::make_shared<E4Dma>();
  d->type = E4Dma::Type::kQueued;
  d->peer = peer;
  d->bytes = kEnvelopeBytes + (eager ? bytes : 0);
  d->message = msg;
  d->queue = nullptr;  // the peer's NIC-resident Tports queue
  d->slot = QueueSlot{msg, node, d->bytes, cookie};
  if (eager) {  // the send completes when the QDMA is acknowledged: srcEvent writes the done word
    d->src_event = std::make_shared<E4Event>(nic, 1);
    NodeState* st = nodes_[static_cast<size_t>(node)].get();
    d->src_event->set_write([this, st]() { land(st->send_done); });
  }
  h.compute(kIsendCycles, [&nic, &h, d, then = std::move(then)]() mutable { nic.post_dma(h, d, std::move(then)); });
}

void MpichQsnetElan4::wait_send_complete(int node, Done then) {
  wait_word(node, nodes_[static_cast<size_t>(node)]->send_done, std::move(then));
}

void MpichQsnetElan4::wait_arrival(int node, Done then) {
  wait_word(node, nodes_[static_cast<size_t>(node)]->recv_done, std::move(then));
}

void MpichQsnetElan4::arrival(int node, const QueueSlot& slot) {
  auto it = envelopes_.find(slot.cookie);
  if (it == envelopes_.end()) return;
  Envelope e = it->second;
  envelopes_.erase(it);
  thread(node, e.message, static_cast<int32_t>(ThreadStep::kWake), kWake.instructions, kWake.sdram + context_words_,
         [this, node, e]() {
           thread(node, e.message, static_cast<int32_t>(ThreadStep::kInspectHeader), kInspect.instructions,
                  kInspect.sdram, [this, node, e]() {
                    if (e.tx_done) {  // the receiver has pulled our data: the sender's done word
                      thread(node, e.message, static_cast<int32_t>(ThreadStep::kWriteCompletionEvent), 4, 1,
                             [this, node, e]() {
                               NodeState* st = nodes_[static_cast<size_t>(node)].get();
                               cluster_.elan4(node, 0).host_write(8, e.message, [this, st]() { land(st->send_done); });
                             });
                      return;
                    }
                    match_and_deliver(node, e, []() {});
                  });
         });
}

void MpichQsnetElan4::match_and_deliver(int node, const Envelope& e, std::function<void()> then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  uint32_t inspected = 0;
  auto found = st.posted.end();
  for (auto p = st.posted.begin(); p != st.posted.end(); ++p) {
    ++inspected;
    if (p->src == e.src && p->tag == e.tag) {
      found = p;
      break;
    }
  }
  uint32_t instr = kMatchBase.instructions + inspected * kMatchPerEntry.instructions;
  uint32_t sdram = kMatchBase.sdram + inspected * kMatchPerEntry.sdram;
  if (found == st.posted.end()) {
    st.unexpected.push_back(e);
    thread(node, e.message, static_cast<int32_t>(ThreadStep::kMatch), instr, sdram, std::move(then));
    return;
  }
  st.posted.erase(found);
  Elan4Nic& nic = cluster_.elan4(node, 0);
  Host* host = &cluster_.host(node);
  thread(node, e.message, static_cast<int32_t>(ThreadStep::kMatch), instr, sdram, [this, node, e, &nic, host,
                                                                                    then = std::move(then)]() {
    NodeState* stp = nodes_[static_cast<size_t>(node)].get();
    auto record = [this, host, e]() {
      sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMessage, host->id(), e.message, e.bytes, series_);
    };
    if (e.bytes <= eager_limit_) {  // data from SDRAM into the posted buffer, then the done word
      thread(node, e.message, static_cast<int32_t>(ThreadStep::kWriteCompletionEvent), kDeliver.instructions,
             kDeliver.sdram, [this, e, &nic, stp, record, then]() {
               nic.bus_write(e.bytes, e.message, [this, e, &nic, stp, record]() {
                 nic.host_write(8, e.message, [this, stp, record]() {
                   record();
                   land(stp->recv_done);
                 });
               });
               then();
             });
      return;
    }
    thread(node, e.message, static_cast<int32_t>(ThreadStep::kProgramRdma), kProgramRdma.instructions,
           kProgramRdma.sdram, [this, node, e, &nic, stp, record, then]() {
             auto read = std::make_shared<E4Dma>();
             read->type = E4Dma::Type::kRdmaRead;
             read->peer = e.src;
             read->bytes = e.bytes;
             read->message = e.message;
             read->dst_event = std::make_shared<E4Event>(nic, 1);
             read->dst_event->set_write([this, stp, record]() {
               record();
               land(stp->recv_done);
             });
             // COPY: a small QDMA telling the sender's thread that its send is complete.
             uint64_t cookie = ++next_cookie_;
             envelopes_[cookie] = Envelope{node, e.tag, 0, e.message, true};
             auto notice = std::make_shared<E4Dma>();
             notice->type = E4Dma::Type::kQueued;
             notice->peer = e.src;
             notice->bytes = kEnvelopeBytes;
             notice->message = e.message;
             notice->slot = QueueSlot{e.message, node, kEnvelopeBytes, cookie};
             read->dst_event->set_copy(notice);
             nic.start_dma(read);
             then();
           });
  });
}

}  // namespace hpcsim
