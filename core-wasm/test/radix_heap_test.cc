// The kernel's radix heap (kernel/radix_heap.h): pops by time, ties in push order, under any monotone use.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <utility>

#include "kernel/radix_heap.h"

namespace hpcsim {
namespace {

TEST(RadixHeap, PopsByTimeThenPushOrder) {
  RadixHeap h;
  h.push({30, 0});
  h.push({10, 1});
  h.push({30, 2});
  h.push({10, 3});
  h.push({20, 4});
  EXPECT_EQ(h.size(), 5u);
  EXPECT_EQ(h.min_time(), 10);
  const std::pair<Time, uint32_t> expected[] = {{10, 1}, {10, 3}, {20, 4}, {30, 0}, {30, 2}};
  for (const auto& [t, value] : expected) {
    const RadixHeap::Entry e = h.pop();
    EXPECT_EQ(e.t, t);
    EXPECT_EQ(e.value, value);
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
  EXPECT_EQ(h.pop().value, 3u);
  EXPECT_EQ(h.pop().value, 1u);
}

// has_ready_at(t): the least entry has time t and is settled (the kernel serves it before its same-time FIFO).
TEST(RadixHeap, ReadyAtTheClockAfterAPopOfThatTime) {
  RadixHeap h;
  h.push({5, 1});
  h.push({5, 2});
  h.push({9, 3});
  EXPECT_FALSE(h.has_ready_at(5));  // nothing settled yet
  EXPECT_EQ(h.pop().value, 1u);
  EXPECT_TRUE(h.has_ready_at(5));
  EXPECT_FALSE(h.has_ready_at(9));
  EXPECT_EQ(h.pop().value, 2u);
  EXPECT_FALSE(h.has_ready_at(5));
}

// Random monotone use against an ordered set of (time, push number): pushes interleaved with pops, delays from 1 ps
// to 2^40 ps, and many ties of time pushed at different clocks (the case whose order the heap keeps without a sort).
TEST(RadixHeap, MatchesAnOrderedSetUnderRandomMonotoneUse) {
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    std::mt19937_64 rng(seed);
    RadixHeap h;
    std::set<std::pair<Time, uint32_t>> reference;
    std::vector<Time> recent;  // times pushed earlier, pushed again while still ahead of the clock
    Time clock = 0;
    uint32_t pushed = 0;
    for (int step = 0; step < 20000; ++step) {
      if (reference.empty() || rng() % 5 < 3) {
        const int scale = static_cast<int>(rng() % 5);
        Time t = 0;  // never a legal push: the clock starts at 0
        if (scale == 4 && !recent.empty()) {
          const Time again = recent[rng() % recent.size()];
          if (again > clock) t = again;
        }
        if (t == 0) {
          const Time delay = scale == 0   ? 1 + static_cast<Time>(rng() % 3)
                             : scale == 1 ? 1 + static_cast<Time>(rng() % 1000)
                             : scale == 2 ? 1 + static_cast<Time>(rng() % 10000000)
                                          : 1 + static_cast<Time>(rng() >> 24);
          t = clock + delay;  // 20,000 delays of at most 2^40 ps stay far below 2^63
        }
        recent.push_back(t);
        if (recent.size() > 64) recent.erase(recent.begin());
        h.push({t, pushed});
        reference.insert({t, pushed});
        ++pushed;
      } else {
        ASSERT_EQ(h.min_time(), reference.begin()->first) << "seed " << seed << " step " << step;
        const RadixHeap::Entry e = h.pop();
        ASSERT_EQ(std::make_pair(e.t, e.value), *reference.begin()) << "seed " << seed << " step " << step;
        reference.erase(reference.begin());
        clock = e.t;
      }
      ASSERT_EQ(h.size(), reference.size());
    }
    while (!reference.empty()) {
      const RadixHeap::Entry e = h.pop();
      ASSERT_EQ(std::make_pair(e.t, e.value), *reference.begin()) << "seed " << seed;
      reference.erase(reference.begin());
    }
    EXPECT_TRUE(h.empty());
  }
}

}  // namespace
}  // namespace hpcsim
