#include "ib_verbs/ib_verbs.h"

#include <string>

namespace hpcsim {

void IbVerbsPingPong::Pending::signal() {
  ++ready;
  if (waiter) {
    Done w = std::move(waiter);
    waiter = nullptr;
    w();
  }
}

void IbVerbsPingPong::Pending::wait(Done then) {
  if (ready > 0) {
    then();
    return;
  }
  waiter = std::move(then);
}

IbVerbsPingPong::IbVerbsPingPong(Simulator& sim, InfinibandCluster& net, Mode mode, uint32_t* message_ids,
                                 int32_t series)
    : sim_(sim), net_(net), mode_(mode), ids_(message_ids), series_(series), nodes_(static_cast<size_t>(net.size())) {
  // The benchmark sets its QPs up anew: receives an earlier run left posted are gone.
  for (int a = 0; a < net.size(); ++a)
    for (int b = 0; b < net.size(); ++b)
      if (a != b) net.hca(a).reset_qp(b, 0);
}

void IbVerbsPingPong::catalog(uint32_t msg, int node, int peer, uint32_t bytes) {
  const IbWire& w = net_.hca(node).wire();
  IbOpcode op = mode_ == Mode::kRdmaWrite ? IbOpcode::kRdmaWrite : IbOpcode::kSend;
  uint32_t n = w.packets(bytes);
  MessageCatalog::Entry e;
  e.series = series_;
  e.bytes = bytes;
  e.src = node;
  e.dst = peer;
  e.layers.push_back(HeaderLayer{"Verbs (VAPI)", {{"call", "VAPI_post_sr"},
                                                  {"opcode", mode_ == Mode::kRdmaWrite ? "VAPI_RDMA_WRITE" : "VAPI_SEND"},
                                                  {"bytes", std::to_string(bytes)},
                                                  {"gather entries", bytes > 0 ? "1" : "0"},
                                                  {"completion", "VAPI_SIGNALED"}}});
  std::string headers = "LRH " + std::to_string(w.lrh) + " + BTH " + std::to_string(w.bth) +
                        (ib_is_rdma(op) ? " (+ RETH " + std::to_string(w.reth) + " on the first)" : "") + " + ICRC " +
                        std::to_string(w.icrc) + " + VCRC " + std::to_string(w.vcrc) + " B";
  e.layers.push_back(HeaderLayer{"IB transport (RC)", {{"packets", std::to_string(n)},
                                                       {"path MTU", std::to_string(w.mtu) + " B"},
                                                       {"headers per packet", headers},
                                                       {"acknowledgement", std::to_string(w.ack_bytes()) + " B (AETH)"}}});
  e.layers.push_back(HeaderLayer{"IB link (4X)", {{"source node", std::to_string(node)},
                                                  {"destination node", std::to_string(peer)},
                                                  {"data rate", std::to_string(static_cast<int>(w.link_Bps / 1e6)) + " MB/s"}}});
  sim_.messages().add(msg, std::move(e));
}

void IbVerbsPingPong::post_one(int node, int peer, uint32_t bytes, Done then) {
  IbReceive r;
  r.peer = peer;
  r.qp = 0;
  r.bytes = bytes;
  r.scatter_entries = 1;
  NodeState* st = &nodes_[static_cast<size_t>(node)];
  r.on_complete = [st](const IbCompletion&) { st->arrival.signal(); };
  net_.hca(node).post_recv(net_.host(node), std::move(r), std::move(then));
}

void IbVerbsPingPong::post_receive(int node, int peer, uint32_t bytes, Done then) {
  if (mode_ == Mode::kRdmaWrite) {  // the peer writes straight into the registered buffer
    net_.host(node).compute(0, std::move(then));
    return;
  }
  bool& spare = spare_posted_[{node, peer}];
  if (!spare) {
    spare = true;
    post_one(node, peer, bytes, [this, node, peer, bytes, then = std::move(then)]() mutable {
      post_one(node, peer, bytes, std::move(then));
    });
    return;
  }
  post_one(node, peer, bytes, std::move(then));
}

void IbVerbsPingPong::send(int node, int peer, uint32_t bytes, Done then) {
  uint32_t msg = ++*ids_;
  catalog(msg, node, peer, bytes);
  IbWorkRequest wr;
  wr.opcode = mode_ == Mode::kRdmaWrite ? IbOpcode::kRdmaWrite : IbOpcode::kSend;
  wr.peer = peer;
  if (bytes > 0) wr.gather = {bytes};
  wr.signaled = true;
  wr.message = msg;
  NodeState* me = &nodes_[static_cast<size_t>(node)];
  NodeState* them = &nodes_[static_cast<size_t>(peer)];
  wr.on_local = [me]() { me->local.signal(); };
  if (mode_ == Mode::kRdmaWrite) wr.on_remote = [them]() { them->arrival.signal(); };
  net_.hca(node).post_send(net_.host(node), std::move(wr), std::move(then));
}

void IbVerbsPingPong::wait_send_complete(int node, Done then) {
  NodeState* st = &nodes_[static_cast<size_t>(node)];
  st->local.wait([this, st, node, then = std::move(then)]() mutable {
    --st->local.ready;
    net_.hca(node).poll_cq(net_.host(node), [then = std::move(then)](bool) { then(); });
  });
}

void IbVerbsPingPong::wait_arrival(int node, Done then) {
  NodeState* st = &nodes_[static_cast<size_t>(node)];
  st->arrival.wait([this, st, node, then = std::move(then)]() mutable {
    --st->arrival.ready;
    if (mode_ == Mode::kRdmaWrite)
      net_.host(node).read_dma_written(8, std::move(then));  // the polled last byte's line, invalidated by the write
    else
      net_.hca(node).poll_cq(net_.host(node), [then = std::move(then)](bool) { then(); });
  });
}

}  // namespace hpcsim
