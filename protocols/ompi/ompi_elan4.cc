#include "ompi/ompi_elan4.h"

namespace hpcsim {

using namespace ompi;

namespace {
constexpr int kTag = 7;
constexpr uint32_t kWorld = 0;

OmpiElan4Options normalise(OmpiElan4Options o, int cluster_rails) {
  if (o.rails < 1) o.rails = 1;
  if (o.rails > cluster_rails) o.rails = cluster_rails;
  if (o.completion_queues < 0) o.completion_queues = 0;
  if (o.completion_queues > 2) o.completion_queues = 2;
  // A sleeping thread waits on one event per queue, not one per descriptor (seed 001: "cannot have one
  // thread per RDMA descriptor"): blocking progress needs completion queues; two threads need two.
  if (o.progress != ProgressMode::kPolling && o.completion_queues == 0) o.completion_queues = 1;
  // ptl_elan (ptl_elan_init.c mca_ptl_elan_thread_init): ONE_QUEUE runs one thread (lookup) on the queue where
  // arrivals and completions both land; otherwise a receive thread and a completion thread, one per queue.
  if (o.progress == ProgressMode::kOneThread) o.completion_queues = 1;
  if (o.progress == ProgressMode::kTwoThreads) o.completion_queues = 2;
  return o;
}
}  // namespace

OmpiElan4::OmpiElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, const OmpiElan4Options& o,
                     uint32_t* message_ids, int32_t series)
    : sim_(sim), o_(normalise(o, cluster.rails())), ids_(message_ids), series_(series),
      wake_(sim, p) {
  PtlOptions po;
  po.completion_queues = o_.completion_queues;
  po.chained = o_.chained;
  po.header_bytes = static_cast<uint32_t>(p.get("ompi.header_bytes"));
  po.ctl_header_bytes = static_cast<uint32_t>(p.get("ompi.ctl_header_bytes"));
  po.qdma_descriptors = static_cast<uint32_t>(p.get("ompi.qdma_descriptors"));
  ptls_.resize(static_cast<size_t>(o_.rails));
  for (int r = 0; r < o_.rails; ++r)
    for (int i = 0; i < cluster.size(); ++i) {
      owned_.push_back(std::make_unique<PtlElan4>(sim, cluster, i, r, po, p, store_, &ptls_[static_cast<size_t>(r)]));
      ptls_[static_cast<size_t>(r)].push_back(owned_.back().get());
    }
  PollWindows windows;
  windows.application_ps = ns_to_ps(p.get("os.poll_before_sleep_us") * 1000.0);
  windows.thread_ps = ns_to_ps(p.get("ompi.thread_poll_us") * 1000.0);
  PmlOptions mo;
  mo.path = o_.path;
  mo.inline_rendezvous = o_.inline_rendezvous;
  mo.charge_pml = o_.charge_pml;
  for (int i = 0; i < cluster.size(); ++i) {
    auto st = std::make_unique<NodeState>();
    st->driver = std::make_unique<Elan4Driver>(sim, cluster.host(i), wake_);
    st->progress = std::make_unique<Progress>(sim, cluster.host(i), wake_, *st->driver, o_.progress, windows);
    std::vector<PtlElan4*> mine;
    for (int r = 0; r < o_.rails; ++r) mine.push_back(ptls_[static_cast<size_t>(r)][static_cast<size_t>(i)]);
    st->pml = std::make_unique<Pml>(sim, cluster.host(i), i, mine, *st->progress, mo);
    Pml* pml = st->pml.get();
    for (PtlElan4* t : mine) {
      t->set_deliver([pml](const Header& h, std::function<void()> then) { pml->on_fragment(h, std::move(then)); });
      t->attach(*st->progress);
    }
    Host* host = &cluster.host(i);
    if (o_.trace_messages) {
      st->pml->set_on_receive([this, host](const RecvRequest& r) {
        sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMessage, host->id(), r.message,
                            static_cast<uint32_t>(r.msg_length), series_);
      });
    }
    nodes_.push_back(std::move(st));
  }
}

OmpiElan4::~OmpiElan4() = default;

void OmpiElan4::post_receive(int node, int peer, uint32_t bytes, Done then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  st.last_recv = st.pml->irecv(peer, kTag, kWorld, bytes, std::move(then));
}

void OmpiElan4::send(int node, int peer, uint32_t bytes, Done then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  uint32_t msg = ++*ids_;
  st.last_send = st.pml->isend(peer, kTag, kWorld, bytes, msg, std::move(then));
}

void OmpiElan4::wait_send_complete(int node, Done then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  st.pml->wait(st.last_send, std::move(then));
}

int OmpiElan4::irecv(int node, int src, int tag, uint32_t bytes, Done then) {
  return static_cast<int>(nodes_[static_cast<size_t>(node)]->pml->irecv(src, tag, kWorld, bytes, std::move(then)));
}

int OmpiElan4::isend(int node, int dst, int tag, uint32_t bytes, Done then) {
  uint32_t msg = ++*ids_;
  return static_cast<int>(nodes_[static_cast<size_t>(node)]->pml->isend(dst, tag, kWorld, bytes, msg, std::move(then)));
}

void OmpiElan4::wait(int node, int req, Done then) {
  nodes_[static_cast<size_t>(node)]->pml->wait(static_cast<uint64_t>(req), std::move(then));
}

int OmpiElan4::isend_message(int node, int dst, int tag, uint32_t bytes, uint32_t message, Done then) {
  return static_cast<int>(nodes_[static_cast<size_t>(node)]->pml->isend(dst, tag, kWorld, bytes, message, std::move(then)));
}

uint32_t OmpiElan4::received_message(int node, int req) const {
  const ompi::RecvRequest* r = nodes_[static_cast<size_t>(node)]->pml->recv_request(static_cast<uint64_t>(req));
  return r && r->complete ? r->message : 0;
}

void OmpiElan4::release(int node, int req) { nodes_[static_cast<size_t>(node)]->pml->release(static_cast<uint64_t>(req)); }

void OmpiElan4::wait_arrival(int node, Done then) {
  NodeState& st = *nodes_[static_cast<size_t>(node)];
  st.pml->wait(st.last_recv, std::move(then));
}

}  // namespace hpcsim
