// The kernel's radix heap (kernel/radix_heap.h): pops in (t, key) order under any monotone use.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <utility>

#include "kernel/radix_heap.h"

namespace hpcsim {
namespace {

using Key = std::pair<Time, uint64_t>;

TEST(RadixHeap, PopsByTimeThenKey) {
  RadixHeap h;
  h.push({30, 5});
  h.push({10, 9});
  h.push({30, 2});
  h.push({10, 3});
  h.push({20, 1});
  EXPECT_EQ(h.size(), 5u);
  EXPECT_EQ(h.min_time(), 10);
  const Key expected[] = {{10, 3}, {10, 9}, {20, 1}, {30, 2}, {30, 5}};
  for (const Key& k : expected) {
    const RadixHeap::Entry e = h.pop();
    EXPECT_EQ(e.t, k.first);
    EXPECT_EQ(e.key, k.second);
  }
  EXPECT_TRUE(h.empty());
}

// min_time() looks without settling: an entry pushed afterwards, earlier than that minimum but later than the last
// pop (the clock), still comes out first.
TEST(RadixHeap, MinTimeLeavesEarlierPushesLegal) {
  RadixHeap h;
  h.push({1000, 1});
  EXPECT_EQ(h.min_time(), 1000);
  h.push({7, 2});
  EXPECT_EQ(h.min_time(), 7);
  EXPECT_EQ(h.pop().t, 7);
  h.push({8, 3});
  EXPECT_EQ(h.pop().key, 3u);
  EXPECT_EQ(h.pop().key, 1u);
}

// has_ready_at(t): the least entry has time t and is settled (the kernel serves it before its same-time FIFO).
TEST(RadixHeap, ReadyAtTheClockAfterAPopOfThatTime) {
  RadixHeap h;
  h.push({5, 1});
  h.push({5, 2});
  h.push({9, 3});
  EXPECT_FALSE(h.has_ready_at(5));  // nothing settled yet
  EXPECT_EQ(h.pop().key, 1u);
  EXPECT_TRUE(h.has_ready_at(5));
  EXPECT_FALSE(h.has_ready_at(9));
  EXPECT_EQ(h.pop().key, 2u);
  EXPECT_FALSE(h.has_ready_at(5));
}

// Random monotone use against an ordered set: pushes interleaved with pops, delays from 1 ps to 2^40 ps, many ties,
// keys growing or random.
TEST(RadixHeap, MatchesAnOrderedSetUnderRandomMonotoneUse) {
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    std::mt19937_64 rng(seed);
    RadixHeap h;
    std::set<Key> reference;
    Time clock = 0;
    uint64_t key = 0;
    for (int step = 0; step < 20000; ++step) {
      if (reference.empty() || rng() % 5 < 3) {
        const int scale = static_cast<int>(rng() % 4);
        const Time delay = scale == 0   ? 1 + static_cast<Time>(rng() % 3)
                           : scale == 1 ? 1 + static_cast<Time>(rng() % 1000)
                           : scale == 2 ? 1 + static_cast<Time>(rng() % 10000000)
                                        : 1 + static_cast<Time>(rng() >> 24);
        const Time t = clock + delay;  // 20,000 delays of at most 2^40 ps stay far below 2^63
        // Keys in any order (the kernel's grow, but the contract is (t, key) order); ties of t are frequent.
        const uint64_t k = rng() % 2 ? key++ : rng();
        h.push({t, k});
        reference.insert({t, k});
      } else {
        ASSERT_EQ(h.min_time(), reference.begin()->first) << "seed " << seed << " step " << step;
        const RadixHeap::Entry e = h.pop();
        ASSERT_EQ(Key(e.t, e.key), *reference.begin()) << "seed " << seed << " step " << step;
        reference.erase(reference.begin());
        clock = e.t;
      }
      ASSERT_EQ(h.size(), reference.size());
    }
    while (!reference.empty()) {
      const RadixHeap::Entry e = h.pop();
      ASSERT_EQ(Key(e.t, e.key), *reference.begin()) << "seed " << seed;
      reference.erase(reference.begin());
    }
    EXPECT_TRUE(h.empty());
  }
}

}  // namespace
}  // namespace hpcsim
