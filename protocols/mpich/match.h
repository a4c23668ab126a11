// MPI point-to-point matching, timing-free: posted-receive queue and unexpected-message queue, matched on
// (source, tag) with MPI_ANY_SOURCE / MPI_ANY_TAG wildcards, in arrival / posting order (MPI 1.1 §3.5:
// messages from one source are non-overtaking). The MPICH engine's queues (mpich/engine.h), hence those of MPI over
// VIA, SCI-MPICH and ch_p4 over TCP/IP.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>

namespace hpcsim::mpi {

constexpr int kAnySource = -1;
constexpr int kAnyTag = -1;

inline bool matches(int want_src, int want_tag, int src, int tag) {
  return (want_src == kAnySource || want_src == src) && (want_tag == kAnyTag || want_tag == tag);
}

/// What a protocol knows of a message that arrived (an eager message, a rendezvous request, ...).
struct Envelope {
  int src = 0;
  int tag = 0;
  uint32_t bytes = 0;
  int kind = 0;         ///< protocol-specific (eager, RTS, short, ...)
  int sender_req = 0;   ///< the sender's request id (rendezvous replies name it)
  uint64_t aux = 0;     ///< protocol-specific (e.g. the eager buffer holding the data)
  uint32_t message = 0; ///< message id (trace / catalog)
};

struct PostedRecv {
  int req;
  int src;
  int tag;
};

class MatchQueues {
 public:
  void post(const PostedRecv& r) { posted_.push_back(r); }
  void add_unexpected(const Envelope& e) { unexpected_.push_back(e); }
  /// Oldest posted receive that matches an arriving (src, tag); removed. -1 if none. `searched` = entries
  /// inspected (the cost of the search).
  int take_posted(int src, int tag, int* searched) {
    int n = 0;
    for (auto it = posted_.begin(); it != posted_.end(); ++it) {
      ++n;
      if (matches(it->src, it->tag, src, tag)) {
        int req = it->req;
        posted_.erase(it);
        if (searched) *searched = n;
        return req;
      }
    }
    if (searched) *searched = n;
    return -1;
  }
  /// An arrival, matched in one step: the oldest posted receive it matches (removed), or -1 and the envelope joins
  /// the unexpected queue at once, so an MPI_Irecv made while the layer is still busy with it finds it.
  int match_arrival(const Envelope& e, int* searched) {
    int req = take_posted(e.src, e.tag, searched);
    if (req < 0) add_unexpected(e);
    return req;
  }
  /// MPI_Irecv request `req` for (src, tag), in one step: the oldest matching unexpected message (removed into
  /// `out`, returns true), else the receive is posted (returns false).
  bool take_unexpected_or_post(int req, int src, int tag, Envelope* out, int* searched) {
    if (take_unexpected(src, tag, out, searched)) return true;
    post(PostedRecv{req, src, tag});
    return false;
  }
  /// Oldest unexpected message that a receive for (src, tag) matches; removed into `out`.
  bool take_unexpected(int src, int tag, Envelope* out, int* searched) {
    int n = 0;
    for (auto it = unexpected_.begin(); it != unexpected_.end(); ++it) {
      ++n;
      if (matches(src, tag, it->src, it->tag)) {
        *out = *it;
        unexpected_.erase(it);
        if (searched) *searched = n;
        return true;
      }
    }
    if (searched) *searched = n;
    return false;
  }
  size_t posted() const { return posted_.size(); }
  size_t unexpected() const { return unexpected_.size(); }

 private:
  std::deque<PostedRecv> posted_;
  std::deque<Envelope> unexpected_;
};

/// An MPI request: complete or not, with the status of a completed receive; one waiter (MPI_Wait).
struct Request {
  bool is_send = false;
  int peer = 0;   ///< destination, or the source named by the receive (may be kAnySource)
  int tag = 0;
  uint32_t bytes = 0;
  bool complete = false;
  int status_src = -1;
  int status_tag = -1;
  uint32_t status_bytes = 0;
  bool truncated = false;
  std::function<void()> waiter;
};

/// Requests of one process by id (ids increase; std::map keeps iteration deterministic).
class RequestTable {
 public:
  /// A receive request for `bytes` from `src` with `tag`.
  int add_recv(int src, int tag, uint32_t bytes) {
    Request r;
    r.peer = src;
    r.tag = tag;
    r.bytes = bytes;
    return add(r);
  }
  int add(const Request& r) {
    int id = next_++;
    reqs_[id] = r;
    return id;
  }
  Request* find(int id) {
    auto it = reqs_.find(id);
    return it == reqs_.end() ? nullptr : &it->second;
  }
  const Request* find(int id) const {
    auto it = reqs_.find(id);
    return it == reqs_.end() ? nullptr : &it->second;
  }
  /// Forgets a request (after MPI_Wait returned for it); unknown ids are ignored.
  void release(int id) { reqs_.erase(id); }
  /// Marks complete and runs the waiter, if any.
  void complete(int id) {
    Request* r = find(id);
    if (!r || r->complete) return;
    r->complete = true;
    if (r->waiter) {
      auto w = std::move(r->waiter);
      r->waiter = nullptr;
      w();
    }
  }

 private:
  std::map<int, Request> reqs_;
  int next_ = 1;
};

}  // namespace hpcsim::mpi
