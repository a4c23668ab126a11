#include "ompi/ptl_elan4.h"

#include "ompi/costs.h"

namespace hpcsim::ompi {

PtlElan4::PtlElan4(Simulator& sim, QsnetCluster& cluster, int node, int rail, const PtlOptions& o, const ParameterSet& p,
                   HeaderStore& store, std::vector<PtlElan4*>* peers)
    : node_(node),
      rail_(rail),
      o_(o),
      store_(store),
      peers_(peers),
      nic_(cluster.elan4(node, rail)),
      host_(cluster.host(node)),
      qdma_max_(static_cast<uint32_t>(p.get("elan4.qdma_max_bytes"))) {
  uint32_t slots = static_cast<uint32_t>(p.get("elan4.input_queue_slots"));
  recv_queue_ = std::make_unique<InputQueue>(sim, nic_, slots, qdma_max_);
  if (o_.completion_queues == 2) comp_queue_ = std::make_unique<InputQueue>(sim, nic_, slots, o_.ctl_header_bytes);
  recv_source_.queue = recv_queue_.get();
  recv_source_.process_one = [this](Done then) { process(recv_source_, std::move(then)); };
  comp_source_.queue = comp_queue_.get();
  comp_source_.process_one = [this](Done then) { process(comp_source_, std::move(then)); };
  word_source_.words = &done_words_;
  word_source_.process_one = [this](Done then) { process(word_source_, std::move(then)); };
}

void PtlElan4::attach(Progress& progress) {
  progress_ = &progress;
  progress.add_source(&recv_source_, 0);
  if (comp_queue_) progress.add_source(&comp_source_, 1);
  if (o_.completion_queues == 0) progress.add_source(&word_source_, 1);
}

std::shared_ptr<E4Event> PtlElan4::completion_event(const Header& h) {
  Header c = h;
  c.completion = true;
  auto ev = std::make_shared<E4Event>(nic_, 1);
  if (o_.completion_queues == 0) {  // E4_EVENT_WRITE of a done word per descriptor
    uint64_t cookie = store_.put(c);
    ev->set_write([this, cookie]() {
      done_words_.push_back(cookie);
      if (progress_) progress_->landed(&word_source_);
    });
    return ev;
  }
  // COPY: inject comp_dma, a local QDMA of the header (type + 8) into our own completion queue.
  auto comp = std::make_shared<E4Dma>();
  comp->type = E4Dma::Type::kQueued;
  comp->peer = node_;
  comp->bytes = o_.ctl_header_bytes;
  comp->message = h.message;
  comp->queue = comp_queue_ ? comp_queue_.get() : recv_queue_.get();
  comp->slot = QueueSlot{h.message, node_, o_.ctl_header_bytes, store_.put(c)};
  ev->set_copy(comp);
  return ev;
}

std::shared_ptr<E4Dma> PtlElan4::qdma(const Header& h, uint32_t data_bytes) {
  auto d = std::make_shared<E4Dma>();
  bool ctl = h.type != HeaderType::kMatch && h.type != HeaderType::kRndv && h.type != HeaderType::kFrag;
  uint32_t bytes = (ctl ? o_.ctl_header_bytes : o_.header_bytes) + data_bytes;
  d->type = E4Dma::Type::kQueued;
  PtlElan4* to = (*peers_)[static_cast<size_t>(h.dst)];
  d->peer = to->node_;
  d->bytes = bytes;
  d->message = h.message;
  d->queue = &to->recv_queue();
  d->slot = QueueSlot{h.message, node_, bytes, store_.put(h)};
  d->src_event = completion_event(h);
  return d;
}

PtlElan4* PtlElan4::peer(int dst) {
  PtlElan4* p = dst >= 0 && static_cast<size_t>(dst) < peers_->size() ? (*peers_)[static_cast<size_t>(dst)] : nullptr;
  if (!p) ++refused_;
  return p;
}

void PtlElan4::send_frag(const Header& frag, uint32_t data_bytes, Done then) {
  if (!peer(frag.dst)) {
    then();
    return;
  }
  Header h = frag;
  h.tx_descriptor = true;
  if (h.owner == 2 && progress_ && descriptors_in_use_ >= o_.qdma_descriptors) {
    ++descriptor_waits_;
    waiting_for_descriptor_ = true;
    progress_->wait([this]() { return descriptors_in_use_ < o_.qdma_descriptors; }, 0,
                    [this, h, data_bytes, then = std::move(then)]() mutable {
                      waiting_for_descriptor_ = false;
                      send_frag(h, data_bytes, std::move(then));
                    });
    return;
  }
  ++descriptors_in_use_;
  host_.compute(kPtlQdma, [this, h, data_bytes, then = std::move(then)]() mutable {
    host_.memcpy(data_bytes, [this, h, data_bytes, then = std::move(then)]() mutable {
      if (progress_) progress_->dma_started(h.owner);
      nic_.post_dma(host_, qdma(h, data_bytes), std::move(then));
    });
  });
}

void PtlElan4::put(const Header& fin, uint32_t bytes, Done then) {
  PtlElan4* to = peer(fin.dst);
  if (!to) {
    then();
    return;
  }
  host_.compute(kPtlPut, [this, to, fin, bytes, then = std::move(then)]() mutable {
    auto main = std::make_shared<E4Dma>();
    main->type = E4Dma::Type::kRdmaWrite;
    main->peer = to->node_;
    main->bytes = bytes;
    main->message = fin.message;
    if (o_.chained) {  // chain_event (COPY) injects chain_dma, the FIN QDMA, whose srcEvent is comp_event
      auto chain = std::make_shared<E4Event>(nic_, 1);
      chain->set_copy(qdma(fin, 0));
      main->src_event = chain;
    } else {  // the host sees the RDMA's completion (type FRAG + 8) and then sends FIN itself
      Header done = fin;
      done.type = HeaderType::kFrag;
      main->src_event = completion_event(done);
    }
    if (progress_) progress_->dma_started(fin.owner);
    nic_.post_dma(host_, main, std::move(then));
  });
}

void PtlElan4::get(const Header& fin_ack, uint32_t bytes, Done then) {
  PtlElan4* to = peer(fin_ack.dst);
  if (!to) {
    then();
    return;
  }
  host_.compute(kPtlGet, [this, to, fin_ack, bytes, then = std::move(then)]() mutable {
    auto main = std::make_shared<E4Dma>();
    main->type = E4Dma::Type::kRdmaRead;
    main->peer = to->node_;
    main->bytes = bytes;
    main->message = fin_ack.message;
    if (o_.chained) {  // main_dma.dstEvent = chain_event: COPY the FIN_ACK QDMA (srcEvent = comp_event)
      auto chain = std::make_shared<E4Event>(nic_, 1);
      chain->set_copy(qdma(fin_ack, 0));
      main->dst_event = chain;
    } else {
      Header done = fin_ack;
      done.type = HeaderType::kGet;
      main->dst_event = completion_event(done);
    }
    if (progress_) progress_->dma_started(fin_ack.owner);
    nic_.post_dma(host_, main, std::move(then));
  });
}

PtlElan4::Done PtlElan4::return_descriptor(const Header& h, Done then) {
  if (!h.completion || !h.tx_descriptor || descriptors_in_use_ == 0) return then;
  --descriptors_in_use_;
  if (!waiting_for_descriptor_) return then;
  // The application spins for a descriptor: in the thread modes it sleeps on its condition variable, and this
  // thread signals it once the entry is handled (Progress::notify wakes it only if its wait is now satisfied).
  return [this, message = h.message, then = std::move(then)]() mutable { progress_->notify(message, std::move(then)); };
}

void PtlElan4::process(Source& s, Done then) {
  if (s.words) {  // a done word: its cache line, then the descriptor it names
    uint64_t cookie = s.words->front();
    s.words->pop_front();
    Header h = store_.take(cookie);
    int owner = h.owner;
    h.owner = s.owner;
    if (h.completion && progress_) progress_->dma_completed(owner);
    then = return_descriptor(h, std::move(then));
    host_.read_dma_written(8, [this, h, then = std::move(then)]() mutable {
      host_.compute(kPtlDispatch, [this, h, then = std::move(then)]() mutable { deliver_(h, std::move(then)); });
    });
    return;
  }
  InputQueue& q = *s.queue;
  QueueSlot slot = q.front();
  Header h = store_.take(slot.cookie);
  int owner = h.owner;
  h.owner = s.owner;  // whatever this entry makes the host do is issued by the draining thread
  if (h.completion && progress_) progress_->dma_completed(owner);
  then = return_descriptor(h, std::move(then));
  host_.read_dma_written(slot.bytes, [this, &q, h, then = std::move(then)]() mutable {
    host_.compute(kPtlDispatch, [this, &q, h, then = std::move(then)]() mutable {
      // The receive loop handles the entry, then advances fptr, writes q_fptr back and re-primes.
      deliver_(h, [this, &q, then = std::move(then)]() mutable { q.consume(host_, std::move(then)); });
    });
  });
}

}  // namespace hpcsim::ompi
