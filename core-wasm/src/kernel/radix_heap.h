// The future-event set as a radix heap: a monotone priority queue on integer times (Ahuja, Mehlhorn, Orlin and
// Tarjan, "Faster algorithms for the shortest path problem", JACM 37(2), 1990), ordered by (time, key).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernel/time.h"

namespace hpcsim {

/// Events later than the clock, popped in (t, key) order. Monotone: every push has t greater than the t of the last
/// entry popped (the kernel's clock), which a discrete-event simulation guarantees (an event of the current time goes
/// to the kernel's same-time FIFO, not here). Bucket b > 0 holds the entries whose t first differs from `last_` (the
/// last popped t) in bit b - 1, counting from the least significant; bucket 0 holds the entries of time `last_`,
/// sorted by key. A pop from an empty bucket 0 finds the least t of the lowest non-empty bucket, makes it `last_`
/// and moves that bucket's entries down (each entry moves at most 64 times in its life, and in practice a few), so
/// a push is a bucket index and an append, and a pop mostly takes bucket 0's next entry: no comparison chains. On
/// this project's event mixes it replaced a 4-ary heap (README, "Benchmark").
class RadixHeap {
 public:
  /// Time in picoseconds (>= 0) and a unique key (insertion sequence << slot bits | slot: unique and growing).
  struct Entry {
    Time t;
    uint64_t key;
  };

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

  /// Adds `e`. Requires e.t > the t of every entry popped so far (unchecked: the kernel's enqueue ensures it).
  void push(Entry e) {
    const size_t b = bucket_of(e.t);
    if (buckets_[b].empty()) nonempty_ |= uint64_t{1} << (b - 1);
    buckets_[b].push_back(e);
    ++size_;
  }

  /// True when the least entry has time `t` and is ready without a redistribution (bucket 0 holds it).
  bool has_ready_at(Time t) const { return next_ < ready_.size() && static_cast<Time>(last_) == t; }

  /// The least t (requires !empty()). Does not move `last_`, so pushes stay legal for any t after the clock.
  Time min_time() const {
    if (next_ < ready_.size()) return static_cast<Time>(last_);
    const std::vector<Entry>& v = buckets_[lowest()];
    Time m = v.front().t;
    for (const Entry& e : v) m = e.t < m ? e.t : m;
    return m;
  }

  /// Removes and returns the least entry (requires !empty()).
  Entry pop() {
    if (next_ == ready_.size()) settle();
    --size_;
    const Entry e = ready_[next_++];
    if (next_ == ready_.size()) {
      ready_.clear();
      next_ = 0;
    }
    return e;
  }

 private:
  /// Bucket of time t relative to `last_`: 1 + the index of the highest bit in which they differ (t > last_).
  size_t bucket_of(Time t) const { return 64 - static_cast<size_t>(__builtin_clzll(static_cast<uint64_t>(t) ^ last_)); }
  size_t lowest() const { return static_cast<size_t>(__builtin_ctzll(nonempty_)) + 1; }

  /// Moves the least t of the lowest non-empty bucket into `last_` and that bucket's entries down: those of time
  /// `last_` into the ready list, in key order, the others into lower buckets.
  void settle() {
    const size_t i = lowest();
    std::vector<Entry>& v = buckets_[i];
    uint64_t m = static_cast<uint64_t>(v.front().t);
    for (const Entry& e : v) m = static_cast<uint64_t>(e.t) < m ? static_cast<uint64_t>(e.t) : m;
    last_ = m;
    for (const Entry& e : v) {
      if (static_cast<uint64_t>(e.t) == m) {
        ready_.push_back(e);
      } else {
        const size_t b = bucket_of(e.t);
        if (buckets_[b].empty()) nonempty_ |= uint64_t{1} << (b - 1);
        buckets_[b].push_back(e);
      }
    }
    v.clear();
    nonempty_ &= ~(uint64_t{1} << (i - 1));
    if (ready_.size() > 1) std::sort(ready_.begin(), ready_.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
  }

  std::vector<Entry> buckets_[65];  ///< [0] unused: time-`last_` entries live in ready_
  std::vector<Entry> ready_;        ///< entries of time last_, in key order, from next_ on
  size_t next_ = 0;
  uint64_t nonempty_ = 0;  ///< bit b - 1 set when bucket b holds an entry
  uint64_t last_ = 0;      ///< t of the last settled bucket (the clock, or 0 before the first pop)
  size_t size_ = 0;
};

}  // namespace hpcsim
