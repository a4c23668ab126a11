// Objects addressed by a small index that events capture instead of the object (a packet between hops, an RDMA
// between its packets), so the event's closure fits std::function's inline buffer and nothing is allocated per event
// once the pool has grown.
#pragma once
#include <cstdint>
#include <vector>

namespace hpcsim {

/// A growing vector of T with a free list. take() returns the index of a free element (a reused one keeps its old
/// value, e.g. a vector's capacity: the caller sets what it uses); give() returns it. Growing may move the elements,
/// so hold an index, not a reference, across anything that may take().
template <class T>
class IndexPool {
 public:
  uint32_t take() {
    if (!free_.empty()) {
      uint32_t i = free_.back();
      free_.pop_back();
      return i;
    }
    items_.emplace_back();
    return static_cast<uint32_t>(items_.size() - 1);
  }
  void give(uint32_t i) { free_.push_back(i); }
  T& operator[](uint32_t i) { return items_[i]; }
  const T& operator[](uint32_t i) const { return items_[i]; }

 private:
  std::vector<T> items_;
  std::vector<uint32_t> free_;
};

}  // namespace hpcsim
