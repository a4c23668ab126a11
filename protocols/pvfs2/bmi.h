// PVFS2's Buffered Message Interface as the file system sees it (REFERENCES §1.4.1: src/io/bmi/bmi.h): non-blocking
// posts that may complete at once, matching on peer address + tag with an expected size, unexpected messages for
// requests, and the _list variants whose segment sizes must add up to the stated total. BmiMethod keeps the
// contract (matching, size rules, unexpected queueing); a method (Elan4, InfiniBand) moves the bytes.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kernel/simulator.h"
#include "pvfs2/cpu.h"

namespace hpcsim::pvfs2 {

/// The first `bytes` of the list `segments` (segment sizes, B): a receive's list cut to the message it receives,
/// which may be shorter than the list posted (BMI's expected size is an upper bound, REFERENCES §1.4.1).
std::vector<uint32_t> trim_segments(const std::vector<uint32_t>& segments, uint64_t bytes);

/// A completed BMI operation: `error` 0 or a BMI error (kBmiEmsgsize...), `bytes` actually moved.
using BmiDone = std::function<void(int error, uint64_t bytes)>;

constexpr int kBmiEmsgsize = 90;  ///< -BMI_EMSGSIZE: the message is larger than the receive's expected size

/// What a post returned: kImmediate (BMI_post_* returned 1: done, `done` is not called), kPosted (`done` runs at
/// completion) or kRefused (`error` says why; nothing was posted).
struct BmiPost {
  enum Status { kPosted, kImmediate, kRefused } status = kPosted;
  std::string error;
};

/// A message as the receiving method first sees it (eager data in hand, or a rendezvous request).
struct BmiIncoming {
  int peer = -1;
  int tag = 0;
  uint64_t bytes = 0;
  bool unexpected = false;
  bool rendezvous = false;              ///< the data is still with the sender (else it came with the header)
  Time posted = 0;                      ///< when the sender posted it (trace)
  uint32_t message = 0;                 ///< trace message id
  std::vector<uint32_t> sender_segments;  ///< the sender's list (a rendezvous moves data between the two lists)
  uint64_t cookie = 0;                  ///< method's own handle (eager buffer, rendezvous state)
};

/// A posted receive.
struct BmiReceive {
  int peer = -1;
  int tag = 0;
  std::vector<uint32_t> segments;
  uint64_t expected = 0;
  BmiDone done;
};

class BmiMethod {
 public:
  /// `threads(node)`: the thread of the process on `node` that runs BMI's host work (its BMI_testcontext loop).
  BmiMethod(Simulator& sim, std::function<Thread&(int)> threads) : sim_(sim), threads_(std::move(threads)) {}
  virtual ~BmiMethod() = default;
  virtual const char* name() const = 0;
  /// Largest unexpected message (BMI_get_info BMI_GET_UNEXP_SIZE).
  virtual uint64_t unexpected_limit() const = 0;
  /// Largest message sent eagerly (its data copied out at once).
  virtual uint64_t eager_limit() const = 0;
  /// Whether an eager send completes when it is posted (BMI_post_send returns 1: bmi_gm, our Elan4 method) or only
  /// when the method says so (bmi_ib waits for the receiver's acknowledgement).
  virtual bool eager_completes_at_post() const { return true; }

  /// BMI_post_send_list (one segment: BMI_post_send). `total` must equal the segments' sum. An eager send
  /// completes immediately if the method says so (eager_completes_at_post); a rendezvous send when the receiver has
  /// the data.
  BmiPost post_send(int node, int peer, int tag, std::vector<uint32_t> segments, uint64_t total, BmiDone done);
  /// BMI_post_sendunexpected_list: at most unexpected_limit() bytes; the receiver's unexpected handler gets it.
  BmiPost post_sendunexpected(int node, int peer, int tag, std::vector<uint32_t> segments, uint64_t total,
                              BmiDone done);
  /// BMI_post_recv_list: matches the next message from `peer` with `tag` (in arrival order); `expected` must equal
  /// the segments' sum; a larger message completes the receive (and a rendezvous send) with kBmiEmsgsize.
  BmiPost post_recv(int node, int peer, int tag, std::vector<uint32_t> segments, uint64_t expected, BmiDone done);
  /// BMI_testunexpected's consumer on `node`: called with each unexpected message once its data is in a BMI buffer.
  void set_unexpected_handler(int node, std::function<void(const BmiIncoming&)> handler);

  uint64_t unexpected_received() const { return unexpected_received_; }
  uint64_t early_arrivals() const { return early_; }

 protected:
  Thread& thread(int node) { return threads_(node); }
  Simulator& sim() { return sim_; }
  const Simulator& sim() const { return sim_; }
  /// Method: start moving `segments` (`total` B) to `peer`; `eager` tells which protocol. Call `sent(error)` when
  /// the send completes (at once for eager), and arrived() on the receiver when its header is there.
  virtual void transmit(int node, int peer, int tag, const std::vector<uint32_t>& segments, uint64_t total,
                        bool unexpected, bool eager, BmiDone sent) = 0;
  /// Method: `in` matched `recv` on `node`: move the data (eager: copy out of the method's buffer; rendezvous: the
  /// transfer) and call `recv.done`, then complete the sender.
  virtual void deliver(int node, const BmiIncoming& in, BmiReceive recv) = 0;
  /// Method: `in` was matched by a receive that is too small: release the sender with `error`.
  virtual void refuse(int node, const BmiIncoming& in, int error) = 0;
  /// A message's header has reached `node`'s process (after the method's poll): match it.
  void arrived(int node, BmiIncoming in);
  /// Trace (no timing): piece `index` (`bytes`) of rendezvous `in` is in `node`'s memory, moving since `start`
  /// (trace kind list_piece on the node's host: value index << 12 | sender node). The storage view animates list
  /// transfers from these.
  void record_piece(int node, const BmiIncoming& in, uint32_t index, uint32_t bytes, Time start) {
    sim_.trace().record(start, sim_.now(), TraceKind::kListPiece, thread(node).host().id(), in.message, bytes,
                        static_cast<int32_t>(index << 12 | (static_cast<uint32_t>(in.peer) & 0xfffu)));
  }

 private:
  struct Endpoint {
    std::deque<BmiReceive> posted;
    std::deque<BmiIncoming> early;  ///< expected messages that arrived before their receive
    std::function<void(const BmiIncoming&)> unexpected;
  };
  Endpoint& endpoint(int node) { return endpoints_[node]; }
  void match(int node, BmiIncoming in, BmiReceive recv);
  Simulator& sim_;
  std::function<Thread&(int)> threads_;
  std::map<int, Endpoint> endpoints_;
  uint64_t unexpected_received_ = 0, early_ = 0;
};

}  // namespace hpcsim::pvfs2
