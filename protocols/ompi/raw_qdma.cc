#include "ompi/raw_qdma.h"

#include "ompi/costs.h"

namespace hpcsim {

RawQdmaElan4::RawQdmaElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, uint32_t* message_ids,
                           int32_t series)
    : sim_(sim), cluster_(cluster), ids_(message_ids), series_(series) {
  uint32_t slots = static_cast<uint32_t>(p.get("elan4.input_queue_slots"));
  uint32_t slot = static_cast<uint32_t>(p.get("elan4.qdma_max_bytes"));
  for (int i = 0; i < cluster.size(); ++i) {
    auto st = std::make_unique<NodeState>();
    st->queue = std::make_unique<InputQueue>(sim, cluster.elan4(i, 0), slots, slot);
    nodes_.push_back(std::move(st));
  }
}

void RawQdmaElan4::post_receive(int, int, uint32_t, Done then) { then(); }

void RawQdmaElan4::send(int node, int peer, uint32_t bytes, Done then) {
  uint32_t msg = ++*ids_;
  Host& h = cluster_.host(node);
  Elan4Nic& nic = cluster_.elan4(node, 0);
  auto d = std::make_shared<E4Dma>();
  d->type = E4Dma::Type::kQueued;
  d->peer = peer;
  d->bytes = bytes;
  d->message = msg;
  d->queue = nodes_[static_cast<size_t>(peer)]->queue.get();
  d->slot = QueueSlot{msg, node, bytes, 0};
  d->src_event = std::make_shared<E4Event>(nic, 1);
  NodeState* st = nodes_[static_cast<size_t>(node)].get();
  d->src_event->set_write([st]() {
    ++st->done_words;
    if (st->send_waiter) {
      auto w = std::move(st->send_waiter);
      st->send_waiter = nullptr;
      w();
    }
  });
  h.compute(ompi::kRawSend, [&nic, &h, d, then = std::move(then)]() mutable { nic.post_dma(h, d, std::move(then)); });
}

void RawQdmaElan4::wait_send_complete(int node, Done then) {
  NodeState* st = nodes_[static_cast<size_t>(node)].get();
  Host& h = cluster_.host(node);
  auto consume = [st, &h, then = std::move(then)]() mutable {
    --st->done_words;
    h.read_dma_written(8, std::move(then));  // the done word's line, invalidated by the DMA write
  };
  if (st->done_words > 0) {
    consume();
    return;
  }
  st->send_waiter = std::move(consume);
}

void RawQdmaElan4::wait_arrival(int node, Done then) {
  NodeState* st = nodes_[static_cast<size_t>(node)].get();
  Host& h = cluster_.host(node);
  bool was_ready = st->queue->ready();
  st->queue->when_ready([this, st, &h, node, was_ready, then = std::move(then)]() mutable {
    auto read = [this, st, &h, node, then = std::move(then)]() mutable {
      QueueSlot s = st->queue->front();
      sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMessage, h.id(), s.message, s.bytes, series_);
      h.read_dma_written(s.bytes, [st, &h, then = std::move(then)]() mutable {
        h.compute(ompi::kRawRecv, [st, &h, then = std::move(then)]() mutable { st->queue->consume(h, std::move(then)); });
      });
      (void)node;
    };
    if (was_ready)
      read();
    else
      h.read_dma_written(8, std::move(read));  // spinning: the done word's line misses once
  });
}

}  // namespace hpcsim
