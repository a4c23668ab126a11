#include "workload/npb_run.h"

#include <cmath>
#include <string>
#include <utility>

#include "kernel/trace.h"

namespace hpcsim {

using npb::Op;
using npb::OpKind;

NpbRun::NpbRun(Simulator& sim, std::function<Host&(int)> host, MpiEndpoint* mpi,
               std::vector<npb::RankProgram> programs, double cycles_per_flop, int32_t series, uint32_t* message_ids,
               std::function<void()> finished)
    : sim_(sim), host_(std::move(host)), mpi_(mpi), programs_(std::move(programs)),
      cycles_per_flop_(cycles_per_flop), series_(series), ids_(message_ids), finished_(std::move(finished)),
      ranks_(programs_.size()) {
  for (const npb::RankProgram& p : programs_)
    for (const Op& op : p.ops) steps_total_ += op.kind == OpKind::Exchange ? static_cast<uint64_t>(npb::exchange_sends(op)) : 1;
}

void NpbRun::start() {
  start_ = sim_.now();
  for (size_t r = 0; r < programs_.size(); ++r) next(static_cast<int>(r));
}

// The next operation runs in an event of its own (no unbounded recursion through synchronous completions).
void NpbRun::next(int r) {
  sim_.after(0, host_(r).id(), EventKind::kWorkloadStep, 0, [this, r]() { step(r); });
}

void NpbRun::finish_rank() {
  if (++done_ < programs_.size()) return;
  end_ = sim_.now();
  if (finished_) finished_();
}

void NpbRun::step(int r) {
  Rank& k = ranks_[static_cast<size_t>(r)];
  const std::vector<Op>& ops = programs_[static_cast<size_t>(r)].ops;
  // An Exchange runs its steps one at a time (npb::exchange_step), each like the operation it stands for.
  while (k.pc < ops.size() && ops[k.pc].kind == OpKind::Exchange && k.sub >= npb::exchange_steps(ops[k.pc])) {
    k.sub = 0;
    ++k.pc;
  }
  if (k.pc == ops.size()) {
    finish_rank();
    return;
  }
  if (ops[k.pc].kind == OpKind::Exchange) {
    k.step = npb::exchange_step(ops[k.pc], r, k.sub++);
    if (k.step.kind == OpKind::Isend) ++steps_done_;
  } else {
    ++steps_done_;
  }
  const Op& op = ops[k.pc].kind == OpKind::Exchange ? k.step : ops[k.pc++];
  switch (op.kind) {
    case OpKind::Compute: {
      auto cycles = static_cast<uint64_t>(std::llround(op.flops * cycles_per_flop_));
      host_(r).compute(cycles, [this, r]() { step(r); });
      return;
    }
    case OpKind::Send: {
      auto req = std::make_shared<int>(0);
      *req = post_send(r, op, [this, r, req]() { wait(r, *req, {-1, 0}, [this, r]() { next(r); }); });
      return;
    }
    case OpKind::Recv: {
      auto req = std::make_shared<int>(0);
      std::pair<int, int> from{op.peer, op.tag};
      *req = post_recv(r, op, [this, r, req, from]() { wait(r, *req, from, [this, r]() { next(r); }); });
      return;
    }
    case OpKind::Isend: {
      int layer = post_send(r, op, [this, r]() { next(r); });
      Request& q = ranks_[static_cast<size_t>(r)].requests.insert(static_cast<uint64_t>(op.request) + 1);
      q.layer = layer;  // a new record has src -1; a handle still live keeps its receive's envelope, as before
      return;
    }
    case OpKind::Irecv: {
      int layer = post_recv(r, op, [this, r]() { next(r); });
      Request& q = ranks_[static_cast<size_t>(r)].requests.insert(static_cast<uint64_t>(op.request) + 1);
      q.layer = layer;
      q.src = op.peer;
      q.tag = op.tag;
      return;
    }
    case OpKind::Wait: {
      const Request* q = k.requests.find(static_cast<uint64_t>(op.request) + 1);
      if (!q) {  // a request never started: MPI_Wait on MPI_REQUEST_NULL returns at once
        next(r);
        return;
      }
      int req = q->layer;
      std::pair<int, int> from{q->src, q->tag};
      if (from.first < 0) from = {-1, 0};
      k.requests.erase(static_cast<uint64_t>(op.request) + 1);
      wait(r, req, from, [this, r]() { next(r); });
      return;
    }
    case OpKind::Io:
      if (io_) {
        io_(r, op, [this, r]() { next(r); });
        return;
      }
      next(r);
      return;
    default:  // collectives are lowered before a run; anything left is skipped
      next(r);
      return;
  }
}

int NpbRun::post_send(int r, const Op& op, std::function<void()> then) {
  if (op.peer != r) {
    uint32_t message = begin_message(r, op);
    if (mpi_->reports_received_messages())
      return mpi_->isend_message(r, op.peer, op.tag, static_cast<uint32_t>(op.bytes), message, std::move(then));
    return mpi_->isend(r, op.peer, op.tag, static_cast<uint32_t>(op.bytes), std::move(then));
  }
  // MPICH's self device: the data is copied (into the posted receive buffer or a temporary one), and the
  // send is complete once the copy is done.
  Rank& k = ranks_[static_cast<size_t>(r)];
  int req = k.next_self--;
  k.self_reqs[req];
  int tag = op.tag;
  int64_t bytes = op.bytes;
  host_(r).memcpy(static_cast<uint32_t>(bytes), [this, r, req, tag, bytes]() {
    Rank& k = ranks_[static_cast<size_t>(r)];
    auto& posted = k.self_posted[tag];
    if (!posted.empty()) {
      int rreq = posted.front();
      posted.pop_front();
      complete_self(r, rreq);
    } else {
      k.self_arrived[tag].push_back(bytes);
    }
    complete_self(r, req);
  });
  sim_.after(0, host_(r).id(), EventKind::kWorkloadStep, 0, std::move(then));  // the call returns
  return req;
}

int NpbRun::post_recv(int r, const Op& op, std::function<void()> then) {
  if (op.peer != r) return mpi_->irecv(r, op.peer, op.tag, static_cast<uint32_t>(op.bytes), std::move(then));
  Rank& k = ranks_[static_cast<size_t>(r)];
  int req = k.next_self--;
  k.self_reqs[req];
  auto& arrived = k.self_arrived[op.tag];
  if (!arrived.empty()) {
    arrived.pop_front();
    complete_self(r, req);
  } else {
    k.self_posted[op.tag].push_back(req);
  }
  sim_.after(0, host_(r).id(), EventKind::kWorkloadStep, 0, std::move(then));  // the call returns
  return req;
}

void NpbRun::complete_self(int r, int req) {
  Rank& k = ranks_[static_cast<size_t>(r)];
  auto it = k.self_reqs.find(req);
  if (it == k.self_reqs.end() || it->second.complete) return;
  it->second.complete = true;
  if (it->second.waiter) {
    auto w = std::move(it->second.waiter);
    k.self_reqs.erase(it);
    w();
  }
}

void NpbRun::wait(int r, int req, std::pair<int, int> recv_of, std::function<void()> then) {
  if (req < 0) {
    Rank& k = ranks_[static_cast<size_t>(r)];
    auto it = k.self_reqs.find(req);
    if (it == k.self_reqs.end() || it->second.complete) {
      if (it != k.self_reqs.end()) k.self_reqs.erase(it);
      then();
    } else {
      it->second.waiter = std::move(then);
    }
    return;
  }
  mpi_->wait(r, req, [this, r, req, recv_of, then = std::move(then)]() {
    if (recv_of.first >= 0) {
      if (mpi_->reports_received_messages())
        end_message(mpi_->received_message(r, req), r);
      else
        end_message(recv_of.first, r, recv_of.second);
    }
    mpi_->release(r, req);
    then();
  });
}

std::string NpbRun::where() const {
  static const char* kinds[] = {"Compute", "Send", "Recv", "Isend", "Irecv", "Wait", "Allreduce", "Reduce", "Bcast",
                                "Barrier", "Io", "Exchange"};
  std::string out;
  for (size_t r = 0; r < ranks_.size(); ++r) {
    const auto& ops = programs_[r].ops;
    size_t pc = ranks_[r].pc;
    if (pc >= ops.size()) continue;
    const Op& op = ops[pc == 0 ? 0 : pc - 1];
    out += "rank " + std::to_string(r) + ": op " + std::to_string(pc) + " of " + std::to_string(ops.size()) + " (" +
           kinds[static_cast<int>(op.kind)] + " peer " + std::to_string(op.peer) + ", tag " + std::to_string(op.tag) +
           ", " + std::to_string(op.bytes) + " B, request " + std::to_string(op.request) + ", " + op.what + ")\n";
  }
  return out;
}

uint32_t NpbRun::begin_message(int src, const Op& op) {
  ++messages_;
  uint32_t id = ++*ids_;
  sim_.messages().add_envelope(id, series_, static_cast<uint32_t>(op.bytes), src, op.peer, op.tag, "MPI (NPB 2.3)",
                               op.what, sim_.now());
  if (!mpi_->reports_received_messages())  // else the layer says which message each receive matched
    in_flight_.emplace(channel(src, op.peer, op.tag), InFlight{sim_.now(), id, static_cast<uint32_t>(op.bytes)});
  return id;
}

void NpbRun::end_message(uint32_t message, int dst) {
  // The send's time and size are in the message's envelope; a message past the catalog's limit (the trace's
  // max_records) has none, and its record would find the trace full.
  const MessageCatalog::Envelope* e = message ? sim_.messages().envelope(message) : nullptr;
  if (!e) return;
  sim_.trace().record_state(e->sent_ps, sim_.now(), TraceKind::kMessage, host_(dst).id(), message, e->bytes, series_);
}

void NpbRun::end_message(int src, int dst, int tag) {
  auto it = in_flight_.lower_bound(channel(src, dst, tag));  // the oldest message of this source, destination and tag
  if (it == in_flight_.end() || it->first != channel(src, dst, tag)) return;
  InFlight f = it->second;
  in_flight_.erase(it);
  // Kept whatever the per-run cap (which bounds the packet records): the sequence chart needs every message.
  sim_.trace().record_state(f.t0, sim_.now(), TraceKind::kMessage, host_(dst).id(), f.message,
                            static_cast<uint32_t>(f.bytes), series_);
}

}  // namespace hpcsim
