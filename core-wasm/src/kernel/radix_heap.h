// The future-event set as a radix heap: a monotone priority queue on integer times (Ahuja, Mehlhorn, Orlin and
// Tarjan, "Faster algorithms for the shortest path problem", JACM 37(2), 1990), stable among equal times.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernel/time.h"

namespace hpcsim {

/// Events later than the clock, popped in order of time and, among equal times, in the order they were pushed.
/// Monotone: every push has t greater than the t of the last entry popped (the kernel's clock), which a discrete-event
/// simulation guarantees (an event of the current time goes to the kernel's same-time FIFO, not here).
///
/// Bucket b > 0 holds the entries whose t first differs from `last_` (the last settled t) in bit b - 1, counting from
/// the least significant; the ready list holds the entries of time `last_`. A pop with no ready entry settles: it
/// finds the least t of the lowest non-empty bucket, makes it `last_` and moves that bucket's entries down (each entry
/// moves at most 64 times in its life, and in practice a few). So a push is a bucket index and an append, and a pop
/// mostly takes the next ready entry: no comparison chains, which wasm runs 1.5 times slower than native code (the
/// 4-ary heap this replaced; README, "Benchmark").
///
/// Stability needs no sort: when last_ moves to t' inside bucket i, every entry of a higher bucket keeps its highest
/// bit of difference, so an entry always sits in the bucket of its t against the current last_ (the structure's
/// invariant). Entries of equal t are therefore always in one bucket, in push order, and every move (an in-order
/// scan appending to lower buckets) keeps that order.
class RadixHeap {
 public:
  /// Time in picoseconds (>= 0) and a word the heap carries without looking at it (the kernel's payload slot).
  struct Entry {
    Time t;
    uint32_t value;
  };

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

  /// Adds `e`. Requires e.t > the t of every entry popped so far (unchecked: the kernel's enqueue ensures it).
  void push(Entry e) {
    file(e);
    ++size_;
  }

  /// True when the least entry has time `t` and is ready without a redistribution (the ready list holds it).
  bool has_ready_at(Time t) const { return next_ < ready_.size() && static_cast<Time>(last_) == t; }

  /// The least t (requires !empty()). Does not move `last_`, so pushes stay legal for any t after the clock.
  Time min_time() const {
    return next_ < ready_.size() ? static_cast<Time>(last_) : least(buckets_[lowest()]);
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
  /// The least t of a non-empty bucket.
  static Time least(const std::vector<Entry>& v) {
    Time m = v.front().t;
    for (const Entry& e : v) m = e.t < m ? e.t : m;
    return m;
  }
  /// Appends `e` (t > last_) to the bucket of its t.
  void file(Entry e) {
    const size_t b = bucket_of(e.t);
    if (buckets_[b].empty()) nonempty_ |= uint64_t{1} << (b - 1);
    buckets_[b].push_back(e);
  }

  /// Moves the least t of the lowest non-empty bucket into `last_` and that bucket's entries down: those of time
  /// `last_` into the ready list, the others into lower buckets, each in the order it held them.
  void settle() {
    const size_t i = lowest();
    std::vector<Entry>& v = buckets_[i];
    const Time m = least(v);
    last_ = static_cast<uint64_t>(m);
    for (const Entry& e : v) {
      if (e.t == m)
        ready_.push_back(e);
      else
        file(e);  // a lower bucket than i: v is not appended to while it is scanned
    }
    v.clear();
    nonempty_ &= ~(uint64_t{1} << (i - 1));
  }

  std::vector<Entry> buckets_[65];  ///< [1..64]; [0] unused: the entries of time last_ live in ready_
  std::vector<Entry> ready_;        ///< entries of time last_, in push order, from next_ on
  size_t next_ = 0;
  uint64_t nonempty_ = 0;  ///< bit b - 1 set when bucket b holds an entry
  uint64_t last_ = 0;      ///< t of the last settled bucket (the clock, or 0 before the first pop)
  size_t size_ = 0;
};

}  // namespace hpcsim
