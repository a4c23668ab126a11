// The PML's host-side matching (seed 001: "host-based receive queue and tag matching"): posted and
// unexpected queues, matched on (context, source, tag), ordered by per-peer sequence numbers.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "ompi/header.h"

namespace hpcsim::ompi {

/// A posted receive: `request` id, communicator context, source (or kAnySource) and tag (or kAnyTag).
struct PostedRecv {
  uint64_t request;
  uint32_t context;
  int src;
  int tag;
};

/// Result of an arrival: the header and the posted receive it matched (none: it was queued unexpected).
struct MatchResult {
  Header header;
  std::optional<uint64_t> request;
};

/// Matching for one process. MPI order: messages from one source on one context match in the order they
/// were sent, so an arrival whose msg_seq is ahead of the expected one is held (cant_match) until the gap
/// fills. A receive matches the oldest eligible unexpected message first; an arrival matches the oldest
/// eligible posted receive. `inspected` counts list entries looked at (the cost of matching).
class MatchQueue {
 public:
  /// Next sequence number for a send to `dst` on `context` (the sender side of the ordering).
  uint16_t next_send_seq(uint32_t context, int dst) { return seq_slot(send_seq_, context, dst)++; }

  /// Posts a receive. If an unexpected message matches, it is removed and returned; else `r` is queued.
  std::optional<Header> post(const PostedRecv& r, uint32_t* inspected);
  /// A first fragment arrives. Returns the fragments that could now be matched, in order (the arrival and
  /// any held successors); each either matched a posted receive (removed from the queue) or went unexpected.
  std::vector<MatchResult> arrive(const Header& h, uint32_t* inspected);
  /// Cancels a posted receive (MPI_Cancel); false when it is not posted.
  bool cancel(uint64_t request);

  size_t posted() const { return posted_.size(); }
  size_t unexpected() const { return unexpected_.size(); }
  size_t held() const;

 private:
  static bool matches(const PostedRecv& r, const Header& h) {
    return r.context == h.context && (r.src == kAnySource || r.src == h.src) && (r.tag == kAnyTag || r.tag == h.tag);
  }
  MatchResult match_one(const Header& h, uint32_t* inspected);
  /// Per-peer sequence numbers of one context, as mca_pml_teg_comm_t's c_msg_seq / c_next_msg_seq arrays: dense by
  /// peer rank (2 bytes a peer, not a map node: a 4,096-rank all-to-all touches 16.8 M pairs).
  using SeqTable = std::map<uint32_t, std::vector<uint16_t>>;
  static uint16_t& seq_slot(SeqTable& t, uint32_t context, int peer) {
    std::vector<uint16_t>& v = t[context];
    if (static_cast<size_t>(peer) >= v.size()) v.resize(static_cast<size_t>(peer) + 1, 0);
    return v[static_cast<size_t>(peer)];
  }

  std::deque<PostedRecv> posted_;
  std::deque<Header> unexpected_;
  SeqTable send_seq_;
  SeqTable expected_seq_;
  std::map<std::pair<uint32_t, int>, std::map<uint16_t, Header>> held_;  ///< only sources with fragments held
};

}  // namespace hpcsim::ompi
