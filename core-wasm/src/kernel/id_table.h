// Records addressed by an id that a protocol or workload hands out and frees (MPI requests: Open MPI's PML keeps
// them in a free list of mca_pml_base_request_t; a rank program's request handles), kept as a window over the ids
// still live: a deque of slots from the lowest live id to the highest. Ids are mostly issued in increasing order and
// freed roughly in the order they were issued (MPI_Wait on requests in posting order), so the window stays as wide
// as the ids in use, and a record costs its struct, with no node, key or allocation of its own (issue 39: a
// 4,096-node MPI_Alltoall posts 16.8 M receives and as many sends at once).
#pragma once
#include <cstdint>
#include <deque>

namespace hpcsim {

/// Records of type T by id. T has an unsigned integer `id` member (a narrower one makes a smaller record), which the
/// table sets; 0 marks a free slot, so the ids themselves are never 0 and must fit that member.
template <class T>
class IdTable {
  using Id = decltype(T::id);

 public:
  /// The record of `id` (> 0), new (value-initialised) unless `id` is live, in which case it is returned as it is.
  T& insert(uint64_t id) {
    if (slots_.empty()) base_ = id;
    for (; id < base_; --base_) slots_.emplace_front();
    while (base_ + slots_.size() <= id) slots_.emplace_back();
    T& t = slots_[static_cast<size_t>(id - base_)];
    if (t.id != id) {
      t = T{};
      t.id = static_cast<Id>(id);
      ++live_;
    }
    return t;
  }
  /// The live record of `id`, or nullptr (never inserted, or erased).
  T* find(uint64_t id) {
    if (id == 0 || id < base_ || id - base_ >= slots_.size()) return nullptr;
    T& t = slots_[static_cast<size_t>(id - base_)];
    return t.id == id ? &t : nullptr;
  }
  const T* find(uint64_t id) const { return const_cast<IdTable*>(this)->find(id); }
  /// Frees the record (no effect when it is not live); free slots at either end of the window are dropped.
  void erase(uint64_t id) {
    T* t = find(id);
    if (!t) return;
    *t = T{};
    --live_;
    while (!slots_.empty() && slots_.front().id == 0) {
      slots_.pop_front();
      ++base_;
    }
    while (!slots_.empty() && slots_.back().id == 0) slots_.pop_back();
  }
  /// Live records.
  size_t size() const { return live_; }
  /// Calls f(record) for every live record, lowest id first.
  template <class F>
  void for_each(F f) const {
    for (const T& t : slots_)
      if (t.id != 0) f(t);
  }

 private:
  std::deque<T> slots_;
  uint64_t base_ = 0;  ///< id of slots_.front()
  size_t live_ = 0;
};

}  // namespace hpcsim
