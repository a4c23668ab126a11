// The id table (kernel/id_table.h) behind MPI requests: it finds what was inserted and not erased, whatever the order
// of ids and frees, and keeps its window no wider than the live ids.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>

#include "kernel/id_table.h"

namespace hpcsim {
namespace {

struct Rec {
  uint64_t id = 0;
  int value = 0;
};

TEST(IdTable, FindsWhatIsLiveAndForgetsWhatIsErased) {
  IdTable<Rec> t;
  t.insert(5).value = 50;
  t.insert(9).value = 90;  // 6 to 8 were issued elsewhere (the other table)
  t.insert(2).value = 20;  // below the window: it grows at the front
  EXPECT_EQ(t.size(), 3u);
  ASSERT_NE(t.find(5), nullptr);
  EXPECT_EQ(t.find(5)->value, 50);
  EXPECT_EQ(t.find(2)->value, 20);
  EXPECT_EQ(t.find(7), nullptr);
  EXPECT_EQ(t.find(0), nullptr);
  EXPECT_EQ(t.find(100), nullptr);
  EXPECT_EQ(t.insert(9).value, 90) << "inserting a live id returns it as it is";
  t.erase(5);
  t.erase(5);  // twice: no effect
  EXPECT_EQ(t.find(5), nullptr);
  EXPECT_EQ(t.size(), 2u);
  int sum = 0;
  t.for_each([&sum](const Rec& r) { sum += r.value; });
  EXPECT_EQ(sum, 110);
  t.erase(2);
  t.erase(9);
  EXPECT_EQ(t.size(), 0u);
  EXPECT_EQ(t.find(9), nullptr);
  EXPECT_EQ(t.insert(3).value, 0) << "a freed id comes back value-initialised";
}

TEST(IdTable, AgreesWithAMapUnderRandomUse) {
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    IdTable<Rec> t;
    std::map<uint64_t, int> model;
    uint64_t next = 1;
    for (int i = 0; i < 20000; ++i) {
      uint32_t op = rng() % 10;
      if (op < 5) {  // a new id, mostly increasing, sometimes an old one freed before
        uint64_t id = (op == 0 && next > 40) ? next - 1 - rng() % 40 : next++;
        int v = static_cast<int>(rng() % 1000);
        if (!model.count(id)) {
          t.insert(id).value = v;
          model[id] = v;
        }
      } else if (!model.empty()) {  // free: mostly the oldest, sometimes any
        auto it = model.begin();
        if (op > 7) std::advance(it, static_cast<long>(rng() % model.size()));
        t.erase(it->first);
        model.erase(it);
      }
      ASSERT_EQ(t.size(), model.size());
    }
    for (uint64_t id = 0; id <= next; ++id) {
      const Rec* r = t.find(id);
      auto it = model.find(id);
      ASSERT_EQ(r != nullptr, it != model.end()) << "seed " << seed << " id " << id;
      if (r) {
        EXPECT_EQ(r->value, it->second);
      }
    }
  }
}

}  // namespace
}  // namespace hpcsim
