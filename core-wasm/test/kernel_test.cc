// Kernel: time order, ties in insertion order, determinism, slicing, resources.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>
#include <vector>

#include "kernel/simulator.h"

namespace hpcsim {
namespace {

// An MPI envelope's text is built when asked, and the catalog keeps only the first envelopes up to its limit (the
// trace's max_records): a message past the trace's cap has no record to select.
TEST(MessageCatalog, EnvelopesReadAsTheirLayerAndStopAtTheLimit) {
  MessageCatalog c(2);
  c.add_envelope(7, 1, 1024, 3, 4, 99, "MPI (NPB 2.3)", "MPI_Alltoall");
  c.add_envelope(8, 1, 512, 4, 3, 99, "MPI (NPB 2.3)", "MPI_Alltoall");
  c.add_envelope(9, 1, 256, 5, 3, 99, "MPI (NPB 2.3)", "MPI_Alltoall");
  EXPECT_EQ(c.size(), 2u);
  EXPECT_EQ(c.json(7),
            R"j({"message":7,"series":1,"bytes":1024,"src":3,"dst":4,"layers":[{"name":"MPI (NPB 2.3)","fields":)j"
            R"j([["routine","MPI_Alltoall"],["source rank","3"],["destination rank","4"],["tag","99"],["bytes","1024"]]}]})j");
  EXPECT_NE(c.json(8), "{}");
  EXPECT_EQ(c.json(9), "{}");
  EXPECT_EQ(c.json(6), "{}");
  EXPECT_EQ(c.last_from(5), 9u);
}

TEST(Simulator, RunsEventsInTimeOrder) {
  Simulator sim;
  std::vector<int> order;
  sim.at(30, 1, EventKind::kGeneric, 0, [&] { order.push_back(3); });
  sim.at(10, 1, EventKind::kGeneric, 0, [&] { order.push_back(1); });
  sim.at(20, 1, EventKind::kGeneric, 0, [&] { order.push_back(2); });
  EXPECT_TRUE(sim.run(100));
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(sim.now(), 30);
}

TEST(Simulator, SameTimeEventsRunInInsertionOrder) {
  Simulator sim;
  std::vector<int> order;
  for (int i = 0; i < 50; ++i) sim.at(7, 1, EventKind::kGeneric, 0, [&order, i] { order.push_back(i); });
  // An event scheduled during the run for the current time goes after those already queued.
  sim.at(7, 1, EventKind::kGeneric, 0, [&] { sim.after(0, 1, EventKind::kGeneric, 0, [&] { order.push_back(100); }); });
  sim.run(1000);
  ASSERT_EQ(order.size(), 51u);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(order[static_cast<size_t>(i)], i);
  EXPECT_EQ(order.back(), 100);
}

TEST(Simulator, PastTimesAreClampedToNow) {
  Simulator sim;
  Time seen = -1;
  sim.at(100, 1, EventKind::kGeneric, 0, [&] { sim.at(5, 1, EventKind::kGeneric, 0, [&] { seen = sim.now(); }); });
  sim.run(10);
  EXPECT_EQ(seen, 100);
}

Fingerprint run_program(uint32_t bytes_of_third, uint64_t budget) {
  Simulator sim;
  for (int i = 0; i < 20; ++i)
    sim.at(i * 3, static_cast<ComponentId>(i % 4), EventKind::kLinkHop, i == 2 ? bytes_of_third : 64, [&sim, i] {
      if (i % 5 == 0) sim.after(11, 9, EventKind::kPacketDelivered, 8, [] {});
    });
  while (!sim.run(budget)) {
  }
  return sim.fingerprint();
}

TEST(Simulator, FingerprintIsDeterministicAndIndependentOfSlicing) {
  EXPECT_EQ(run_program(64, 1000).value(), run_program(64, 1000).value());
  EXPECT_EQ(run_program(64, 1).value(), run_program(64, 1000).value());
  EXPECT_EQ(run_program(64, 3).hex(), run_program(64, 7).hex());
}

TEST(Simulator, FingerprintSeesEveryEventField) {
  EXPECT_NE(run_program(64, 1000).value(), run_program(65, 1000).value());
  Simulator a, b;
  a.at(1, 1, EventKind::kGeneric, 0, [] {});
  b.at(1, 2, EventKind::kGeneric, 0, [] {});
  a.run(10);
  b.run(10);
  EXPECT_NE(a.fingerprint().value(), b.fingerprint().value());
  EXPECT_EQ(a.fingerprint().hex().size(), 16u);
}

// The 4-ary heap and the same-time FIFO against the definition: every event runs in (time, insertion) order, for
// random mixes of future, same-time and past (clamped) schedules made before the run, from events, and between
// slices of random budgets.
TEST(Simulator, OrderIsTimeThenInsertionUnderRandomSchedules) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    Simulator sim;
    uint64_t inserted = 0;
    std::vector<std::tuple<Time, uint64_t>> ran;  // (time it ran, insertion number)
    std::vector<std::pair<Time, uint64_t>> scheduled;
    std::function<void(Time)> schedule = [&](Time t) {
      const uint64_t id = inserted++;
      const Time when = t < sim.now() ? sim.now() : t;
      scheduled.emplace_back(when, id);
      sim.at(t, 1, EventKind::kGeneric, 0, [&, id] {
        ran.emplace_back(sim.now(), id);
        const int children = static_cast<int>(rng() % 3);
        for (int c = 0; c < children && inserted < 3000; ++c) {
          const int choice = static_cast<int>(rng() % 4);  // now, past, near future, far future
          const Time d = choice == 0 ? 0 : choice == 1 ? -static_cast<Time>(rng() % 5) : choice == 2 ? static_cast<Time>(rng() % 4) : static_cast<Time>(rng() % 1000);
          schedule(sim.now() + d);
        }
      });
    };
    for (int i = 0; i < 200; ++i) schedule(static_cast<Time>(rng() % 50));
    while (!sim.run(1 + rng() % 17)) {
      if (rng() % 3 == 0) schedule(sim.now() + static_cast<Time>(rng() % 3) - 1);  // between slices, incl. now and past
    }
    // The definition: stable order by the time each event was due (as clamped when scheduled).
    std::vector<std::pair<Time, uint64_t>> expected = scheduled;
    std::stable_sort(expected.begin(), expected.end(),
                     [](const auto& a, const auto& b) { return a.first != b.first ? a.first < b.first : a.second < b.second; });
    ASSERT_EQ(ran.size(), expected.size()) << "seed " << seed;
    for (size_t k = 0; k < ran.size(); ++k) {
      ASSERT_EQ(std::get<0>(ran[k]), expected[k].first) << "seed " << seed << " event " << k;
      ASSERT_EQ(std::get<1>(ran[k]), expected[k].second) << "seed " << seed << " event " << k;
    }
    EXPECT_EQ(sim.pending(), 0u);
  }
}

TEST(Simulator, BudgetBoundsOneSlice) {
  Simulator sim;
  for (int i = 0; i < 10; ++i) sim.at(i, 1, EventKind::kGeneric, 0, [] {});
  EXPECT_FALSE(sim.run(4));
  EXPECT_EQ(sim.events_executed(), 4u);
  EXPECT_TRUE(sim.run(100));
  EXPECT_EQ(sim.events_executed(), 10u);
}

TEST(Simulator, RunUntilStopsBeforeTheFirstEventAfterTheHorizon) {
  Simulator sim;
  std::vector<Time> ran;
  // Events at 10, 20 (twice: one scheduled at 20 while running), 30 and 1,000 ps.
  for (Time t : {10, 20, 30, 1000}) sim.at(t, 1, EventKind::kGeneric, 0, [&] { ran.push_back(sim.now()); });
  sim.at(20, 1, EventKind::kGeneric, 0, [&] { sim.after(0, 1, EventKind::kGeneric, 0, [&] { ran.push_back(sim.now()); }); });
  EXPECT_EQ(sim.next_time(), 10);
  EXPECT_FALSE(sim.run_until(20, 1000));  // events at the horizon run, the one at 30 waits
  EXPECT_EQ(ran, (std::vector<Time>{10, 20, 20}));
  EXPECT_EQ(sim.now(), 20);
  EXPECT_EQ(sim.next_time(), 30);
  EXPECT_FALSE(sim.run_until(999, 1));    // the budget bounds it too
  EXPECT_EQ(ran.size(), 4u);
  EXPECT_FALSE(sim.run_until(999, 1000));
  EXPECT_EQ(sim.now(), 30);
  EXPECT_TRUE(sim.run_until(1000, 1000));
  EXPECT_EQ(ran.back(), 1000);
  EXPECT_EQ(sim.next_time(), 1000);        // nothing left: the clock stays
}

TEST(FifoResource, ServesRequestsOneAfterAnother) {
  FifoResource r;
  EXPECT_EQ(r.reserve(0, 10), 0);
  EXPECT_EQ(r.reserve(5, 10), 10);   // waits for the first
  EXPECT_EQ(r.reserve(50, 10), 50);  // idle gap
  EXPECT_EQ(r.busy_ps(), 30);
}

TEST(TraceBuffer, TakesBatchesAndBoundsRecords) {
  TraceBuffer t(5);
  for (int i = 0; i < 8; ++i) t.record(i, i + 1, TraceKind::kQdmaPacket, 3, 1, 64, i);
  EXPECT_EQ(t.recorded(), 5u);
  EXPECT_EQ(t.dropped(), 3u);
  EXPECT_EQ(t.take(2), 2u);
  EXPECT_EQ(t.batch_value()[1], 1);
  EXPECT_EQ(t.take(10), 3u);
  EXPECT_EQ(t.batch_t0()[0], 2.0);
  EXPECT_EQ(t.take(10), 0u);
}

// Causes (kernel/trace.h): a record hangs from the same event's earlier record on its component, else from one that
// ended by its start, else from what the event inherited; a scheduled event inherits its scheduler's record on its
// own component, else the one ending last. Records written side by side do not hang from each other.
TEST(TraceBuffer, CausesFollowTheEventChainByComponent) {
  Simulator sim;
  auto& t = sim.trace();
  sim.at(10, 1, EventKind::kEventFired, 0, [&]() {
    t.record(10, 20, TraceKind::kNicThread, 1, 7, 0, 1);     // #1: inherits nothing
    t.record(10, 15, TraceKind::kAckPacket, 9, 7, 8, 0);     // #2: beside #1 (overlaps it): inherits nothing
    t.record(20, 30, TraceKind::kPciTransaction, 2, 7, 8, 0);  // #3: starts when #1 ends
    sim.at(30, 1, EventKind::kEventFired, 0, [&]() {          // on component 1: inherits #1
      t.record(30, 40, TraceKind::kNicThread, 1, 7, 0, 2);   // #4
      t.record(30, 31, TraceKind::kNicThread, 1, 7, 0, 3);   // #5: same component as #4
    });
    sim.at(35, 5, EventKind::kEventFired, 0, [&]() {          // nothing of component 5: the record ending last (#3)
      t.record(35, 36, TraceKind::kHostOp, 5, 0, 0, 4);      // #6
    });
  });
  sim.run(100);
  ASSERT_EQ(t.take(10), 6u);
  const uint32_t* cause = t.batch_cause();
  EXPECT_EQ(cause[0], 0u);
  EXPECT_EQ(cause[1], 0u);
  EXPECT_EQ(cause[2], 1u);
  EXPECT_EQ(cause[3], 1u);
  EXPECT_EQ(cause[4], 4u);
  EXPECT_EQ(cause[5], 3u);
}

}  // namespace
}  // namespace hpcsim
