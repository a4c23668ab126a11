#include "ompi/dynamic_job.h"

#include <memory>

#include "ompi/context_attach.h"
#include "ompi/dynamic_costs.h"

namespace hpcsim::ompi {

namespace {
constexpr int kPingPongTag = 7;
constexpr uint32_t kMerged = 0;  ///< communicator of the model's MPI messages (the merged intracommunicator)
// Host-op trace values of the dynamic-process phases (after HostOp 1..4; names in wasm/bridge.cc).
constexpr int32_t kOpConnect = 6, kOpDisconnect = 7;

const char* control_name(HeaderType t) {
  switch (t) {
    case HeaderType::kConnect: return "CONNECT (MPI_Comm_connect: my VPID and input-queue address)";
    case HeaderType::kAccept: return "ACCEPT (MPI_Comm_accept: your rank, the members' address table)";
    case HeaderType::kNewProc: return "NEW_PROC (install the new process's VPID and queue address)";
    case HeaderType::kProcAck: return "PROC_ACK (installed: synchronized join)";
    case HeaderType::kDisconnect: return "DISCONNECT (MPI_Comm_disconnect: remove me)";
    case HeaderType::kDisconnectAck: return "DISCONNECT_ACK (removed: nothing more will be sent to you)";
    default: return "?";
  }
}
}  // namespace

struct DynamicJob::Process {
  int rank = 0, vpid = -1, node = 0;
  std::unique_ptr<ContextAttach> context;
  std::unique_ptr<PtlElan4> ptl;
  std::unique_ptr<Progress> progress;
  std::unique_ptr<Pml> pml;
  std::set<int> procs;              ///< proc table: ranks whose VPID and queue address are installed
  bool accepted = false;            ///< root: served a CONNECT since accept()
  bool got_accept = false, merged = false;  ///< joiner
  std::set<int> disconnect_pending; ///< leaver: members still to acknowledge
};

DynamicJob::DynamicJob(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, const Capability& cap,
                       ProgressMode mode, uint32_t* message_ids, int32_t series, const DynamicOptions& o)
    : sim_(sim), cluster_(cluster), params_(p), pool_(cap), mode_(mode), ids_(message_ids), series_(series),
      wake_(sim, p) {
  int cq = o.completion_queues < 0 ? 0 : o.completion_queues > 2 ? 2 : o.completion_queues;
  if (mode != ProgressMode::kPolling && cq == 0) cq = 1;  // a sleeping thread waits on a queue, not on done words
  if (mode == ProgressMode::kOneThread) cq = 1;  // ptl_elan: ONE_QUEUE with one thread, else two queues
  if (mode == ProgressMode::kTwoThreads) cq = 2;
  ptl_options_.completion_queues = cq;
  ptl_options_.chained = o.chained;
  pml_options_.path = o.path;
  pml_options_.inline_rendezvous = o.inline_rendezvous;
  ptl_options_.header_bytes = static_cast<uint32_t>(p.get("ompi.header_bytes"));
  ptl_options_.ctl_header_bytes = static_cast<uint32_t>(p.get("ompi.ctl_header_bytes"));
  ptl_options_.qdma_descriptors = static_cast<uint32_t>(p.get("ompi.qdma_descriptors"));
}

DynamicJob::~DynamicJob() = default;

const DpmTimes& DynamicJob::times(const std::map<int, DpmTimes>& m, int rank) {
  static const DpmTimes kNone{};
  auto it = m.find(rank);
  return it == m.end() ? kNone : it->second;
}

DynamicJob::Process* DynamicJob::proc(int rank) const {
  auto it = procs_.find(rank);
  return it == procs_.end() ? nullptr : it->second.get();
}

int DynamicJob::node_of(int rank) const {
  Process* p = proc(rank);
  return p ? p->node : -1;
}

ComponentId DynamicJob::host_id(int rank) const { return cluster_.host(node_of(rank)).id(); }

bool DynamicJob::knows(int rank, int peer) const {
  Process* p = proc(rank);
  return p && p->procs.count(peer) > 0;
}

uint64_t DynamicJob::registered_bytes() const {
  return ContextAttach::registered_bytes(params_, ptl_options_.completion_queues, ptl_options_.ctl_header_bytes);
}

uint64_t DynamicJob::ptl_refused() const {
  uint64_t n = 0;
  for (const auto& kv : procs_) n += kv.second->ptl->refused();
  return n;
}

std::unique_ptr<DynamicJob::Process> DynamicJob::make_process(int rank, int node) {
  auto p = std::make_unique<Process>();
  p->rank = rank;
  p->node = node;
  p->vpid = pool_.vpid(rank);
  Host& host = cluster_.host(node);
  p->context = std::make_unique<ContextAttach>(sim_, host, params_, pool_.capability().vpids(), registered_bytes());
  p->ptl = std::make_unique<PtlElan4>(sim_, cluster_, node, 0, ptl_options_, params_, store_, &contexts_);
  PollWindows windows;
  windows.application_ps = ns_to_ps(params_.get("os.poll_before_sleep_us") * 1000.0);
  windows.thread_ps = ns_to_ps(params_.get("ompi.thread_poll_us") * 1000.0);
  auto& driver = drivers_[node];  // one elan4 driver (IRQ, BKL) per host, shared by its processes
  if (!driver) driver = std::make_unique<Elan4Driver>(sim_, host, wake_);
  p->progress = std::make_unique<Progress>(sim_, host, wake_, *driver, mode_, windows);
  p->pml = std::make_unique<Pml>(sim_, host, rank, std::vector<PtlElan4*>{p->ptl.get()}, *p->progress, pml_options_);
  Pml* pml = p->pml.get();
  Process* raw = p.get();
  p->ptl->set_deliver([pml](const Header& h, Done then) { pml->on_fragment(h, std::move(then)); });
  p->ptl->attach(*p->progress);
  p->pml->set_control([this, raw](const Header& h, Done then) { on_control(*raw, h, std::move(then)); });
  ComponentId hid = host.id();
  p->pml->set_on_receive([this, hid](const RecvRequest& r) {
    sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMessage, hid, r.message,
                        static_cast<uint32_t>(r.msg_length), series_);
  });
  if (contexts_.size() <= static_cast<size_t>(rank)) contexts_.resize(static_cast<size_t>(rank) + 1, nullptr);
  return p;
}

std::string DynamicJob::launch(const std::vector<int>& nodes) {
  std::vector<int> ranks;
  for (int node : nodes) {
    std::string e;
    int r = pool_.join(node, &e);
    if (r < 0) return "launch: " + e;
    for (int m : ranks) pool_.acknowledge(r, m);  // the run-time wires the initial job up before time 0
    ranks.push_back(r);
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    auto p = make_process(ranks[i], nodes[i]);
    p->procs.insert(ranks.begin(), ranks.end());
    contexts_[static_cast<size_t>(ranks[i])] = p->ptl.get();
    procs_[ranks[i]] = std::move(p);
  }
  return "";
}

void DynamicJob::catalog(uint32_t message, const Process& from, int dst, const char* what, uint32_t bytes) {
  Process* to = proc(dst);
  MessageCatalog::Entry e;
  e.series = series_;
  e.bytes = bytes;
  e.src = from.node;
  e.dst = to ? to->node : -1;
  e.layers.push_back(HeaderLayer{"MPI-2 processes", {{"message", what},
                                                      {"source rank", std::to_string(from.rank)},
                                                      {"destination rank", std::to_string(dst)},
                                                      {"bytes", std::to_string(bytes)}}});
  e.layers.push_back(HeaderLayer{"Elan4 capability", {{"source VPID", std::to_string(from.vpid)},
                                                       {"destination VPID", std::to_string(to ? to->vpid : -1)},
                                                       {"source node / context",
                                                        std::to_string(from.node) + " / " +
                                                            std::to_string(from.vpid - from.node * pool_.capability().contexts_per_node)},
                                                       {"destination node", std::to_string(e.dst)}}});
  e.layers.push_back(HeaderLayer{"QsNetII", {{"DMA", "QDMA into the destination context's input queue"}}});
  sim_.messages().add(message, std::move(e));
}

void DynamicJob::send_control(Process& from, HeaderType type, int dst, uint32_t payload_bytes, Done then,
                              int subject) {
  Header h;
  h.dst_ptr = static_cast<uint64_t>(subject);  // NEW_PROC: the rank whose address it carries
  h.type = type;
  h.src = from.rank;
  h.dst = dst;
  h.context = kMerged;
  h.frag_length = payload_bytes;
  h.message = ++*ids_;
  h.owner = 2;
  catalog(h.message, from, dst, control_name(type), ptl_options_.ctl_header_bytes + payload_bytes);
  ++control_sizes_[ptl_options_.ctl_header_bytes + payload_bytes];
  from.ptl->send_frag(h, payload_bytes, std::move(then));
}

void DynamicJob::maybe_merged(Process& p, Done then) {
  if (p.merged || !p.got_accept || !pool_.active(p.rank)) {
    then();
    return;
  }
  Host& host = cluster_.host(p.node);
  host.compute(kIntercommMerge + kRankTablePerEntry * static_cast<uint64_t>(pool_.size()),
               [&p, then = std::move(then)]() {
                 p.merged = true;
                 then();
               });
}

void DynamicJob::on_control(Process& at, const Header& h, Done next) {
  Host& host = cluster_.host(at.node);
  // A flag this entry sets may complete the call the application sleeps in (threaded progress): the draining
  // thread signals it as it does for a completed request (polling: goes straight on).
  Progress* progress = at.progress.get();
  Done then = [progress, message = h.message, next = std::move(next)]() mutable { progress->notify(message, std::move(next)); };
  sim_.trace().record(sim_.now(), sim_.now(), TraceKind::kMessage, host.id(), h.message,
                      ptl_options_.ctl_header_bytes + h.frag_length, series_);
  int from = h.src;
  switch (h.type) {
    case HeaderType::kConnect: {  // root: install the newcomer, answer with the table, tell every member
      auto members = std::make_shared<std::vector<int>>();
      for (const auto& kv : procs_)
        if (kv.first != at.rank && kv.first != from && pool_.active(kv.first)) members->push_back(kv.first);
      host.compute(kAcceptBuild + kAddProc + kRankTablePerEntry * (members->size() + 1),
                   [this, &at, &host, from, members, then = std::move(then)]() mutable {
        at.procs.insert(from);
        pool_.acknowledge(from, at.rank);
        uint32_t table = kAddressEntryBytes * static_cast<uint32_t>(members->size() + 1);
        auto step = std::make_shared<std::function<void(size_t)>>();
        std::weak_ptr<std::function<void(size_t)>> self = step;
        *step = [this, &at, &host, from, members, self, then = std::move(then)](size_t i) mutable {
          if (i >= members->size()) {
            at.accepted = true;
            then();
            return;
          }
          int m = (*members)[i];
          host.compute(kNoticeBuild, [this, &at, from, m, i, s = self.lock()]() {
            send_control(at, HeaderType::kNewProc, m, kAddressEntryBytes, [s, i]() { (*s)(i + 1); }, from);
          });
        };
        send_control(at, HeaderType::kAccept, from, table, [step]() { (*step)(0); });  // holds it while it runs
      });
      return;
    }
    case HeaderType::kNewProc: {  // member: install the newcomer, acknowledge to it directly
      int subject = static_cast<int>(h.dst_ptr);
      host.compute(kAddProc, [this, &at, subject, then = std::move(then)]() mutable {
        if (subject < 0) {
          then();
          return;
        }
        at.procs.insert(subject);
        send_control(at, HeaderType::kProcAck, subject, 0, std::move(then));
      });
      return;
    }
    case HeaderType::kAccept: {  // newcomer: install every member of the table
      size_t n = h.frag_length / kAddressEntryBytes;
      host.compute(kAddProc * n, [this, &at, from, then = std::move(then)]() mutable {
        for (const auto& kv : procs_)
          if (pool_.active(kv.first)) at.procs.insert(kv.first);
        at.got_accept = true;
        joins_[at.rank].connected = sim_.now();
        pool_.acknowledge(at.rank, from);
        maybe_merged(at, std::move(then));
      });
      return;
    }
    case HeaderType::kProcAck:
      pool_.acknowledge(at.rank, from);
      maybe_merged(at, std::move(then));
      return;
    case HeaderType::kDisconnect:  // member: remove the leaver, then acknowledge (its address is still known)
      host.compute(kRemoveProc, [this, &at, from, then = std::move(then)]() mutable {
        send_control(at, HeaderType::kDisconnectAck, from, 0, [&at, from, then = std::move(then)]() {
          at.procs.erase(from);
          then();
        });
      });
      return;
    case HeaderType::kDisconnectAck:
      at.disconnect_pending.erase(from);
      then();
      return;
    default:
      then();
  }
}

void DynamicJob::accept(int root, Done then) {
  Process* p = proc(root);
  if (!p) return;
  p->accepted = false;
  p->progress->wait([p]() { return p->accepted; }, 0, std::move(then));
}

int DynamicJob::join(int node, int root, std::function<void(int)> joined, std::string* error) {
  const Capability& cap = pool_.capability();
  if (node < 0 || node >= cap.nodes) {
    if (error) *error = "node " + std::to_string(node) + " is outside the capability (" + std::to_string(cap.nodes) + " nodes)";
    return -1;
  }
  if (!proc(root) || !pool_.active(root)) {
    if (error) *error = "root rank " + std::to_string(root) + " is not an active member";
    return -1;
  }
  std::string e;
  int rank = pool_.join(node, &e);
  if (rank < 0) {
    if (error)
      *error = "node " + std::to_string(node) + " has no spare context in the capability (" +
               std::to_string(cap.contexts_per_node) + " contexts per node, all in use)";
    return -1;
  }
  auto owned = make_process(rank, node);
  Process* p = owned.get();
  p->procs = {rank, root};  // the port name gives the root's VPID and queue address
  procs_[rank] = std::move(owned);
  joins_[rank].start = sim_.now();
  p->context->attach([this, p, rank, root, joined = std::move(joined)]() mutable {
    contexts_[static_cast<size_t>(rank)] = p->ptl.get();
    joins_[rank].attached = sim_.now();
    cluster_.host(p->node).compute(kConnectBuild, [this, p, rank, root, joined = std::move(joined)]() mutable {
      send_control(*p, HeaderType::kConnect, root, kAddressEntryBytes, [this, p, rank, joined = std::move(joined)]() mutable {
        p->progress->wait([p]() { return p->merged; }, 0, [this, rank, joined = std::move(joined)]() {
          joins_[rank].done = sim_.now();
          sim_.trace().record(joins_[rank].attached, sim_.now(), TraceKind::kHostOp, host_id(rank), 0, 0, kOpConnect);
          joined(rank);
        });
      });
    });
  });
  return rank;
}

bool DynamicJob::leave(int rank, Done left) {
  Process* p = proc(rank);
  if (!p || !pool_.active(rank)) return false;
  leaves_[rank].start = sim_.now();
  p->progress->wait([p]() { return p->pml->pending_requests() == 0; }, kDrainCheck,
                    [this, p, rank, left = std::move(left)]() mutable {
    leaves_[rank].drained = sim_.now();
    auto members = std::make_shared<std::vector<int>>();
    for (int m : p->procs)
      if (m != rank && proc(m) && contexts_[static_cast<size_t>(m)]) members->push_back(m);
    p->disconnect_pending.insert(members->begin(), members->end());
    auto step = std::make_shared<std::function<void(size_t)>>();
    std::weak_ptr<std::function<void(size_t)>> self = step;
    *step = [this, p, rank, members, self, left = std::move(left)](size_t i) mutable {
      if (i < members->size()) {
        cluster_.host(p->node).compute(kNoticeBuild, [this, p, members, i, s = self.lock()]() {
          send_control(*p, HeaderType::kDisconnect, (*members)[i], 0, [s, i]() { (*s)(i + 1); });
        });
        return;
      }
      p->progress->wait([p]() { return p->disconnect_pending.empty(); }, 0, [this, p, rank, done = std::move(left)]() {
        leaves_[rank].disconnected = sim_.now();
        sim_.trace().record(leaves_[rank].start, sim_.now(), TraceKind::kHostOp, host_id(rank), 0, 0, kOpDisconnect);
        contexts_[static_cast<size_t>(rank)] = nullptr;  // the context is being torn down: nothing reaches it
        p->procs.clear();
        p->context->detach([this, rank, done]() {
          pool_.leave(rank);
          leaves_[rank].done = sim_.now();
          done();
        });
      });
    };
    (*step)(0);
  });
  return true;
}

void DynamicJob::disconnect_wait(int rank, int leaver, Done then) {
  Process* p = proc(rank);
  if (!p) return;
  p->progress->wait([p, leaver]() { return !p->procs.count(leaver); }, 0, std::move(then));
}

void DynamicJob::progress_until(int rank, std::function<bool()> complete, Done then) {
  Process* p = proc(rank);
  if (!p) return;
  p->progress->wait(std::move(complete), 0, std::move(then));
}

uint64_t DynamicJob::isend(int rank, int dst, uint32_t bytes, Done then, std::string* error) {
  Process* p = proc(rank);
  if (!p || !contexts_[static_cast<size_t>(rank)]) {
    if (error) *error = "rank " + std::to_string(rank) + " is not attached to a context";
    return 0;
  }
  if (!p->procs.count(dst)) {
    bool left = leaves_.count(dst) > 0;
    if (error)
      *error = "MPI_ERR_RANK: rank " + std::to_string(dst) + " is not in rank " + std::to_string(rank) +
               "'s proc table (" + (left ? "it left the job" : "never connected") + ")";
    return 0;
  }
  uint32_t msg = ++*ids_;
  catalog(msg, *p, dst, "MPI_Isend (tag 7, merged communicator)", bytes);
  return p->pml->isend(dst, kPingPongTag, kMerged, bytes, msg, std::move(then));
}

uint64_t DynamicJob::irecv(int rank, int src, uint32_t bytes, Done then) {
  Process* p = proc(rank);
  return p ? p->pml->irecv(src, kPingPongTag, kMerged, bytes, std::move(then)) : 0;
}

void DynamicJob::wait(int rank, uint64_t request, Done then) {
  Process* p = proc(rank);
  if (p) p->pml->wait(request, std::move(then));
}

}  // namespace hpcsim::ompi
