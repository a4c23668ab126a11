// A workload with independent parts (run/session.h; the NAS campaign's runs, BT-IO's): the whole run and its parts run apart
// and merged give the same result JSON, fingerprint included, whatever order the parts ran in; the whole run's trace
// reads as one run's (times, message ids and causes offset past the earlier parts); a part run and a merge refuse
// what does not belong to the scenario.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "run/session.h"

namespace hpcsim {
namespace {

// CG and EP class S on 8 nodes over two transports: 2 benchmarks x (1 process + 2 series) = 6 parts, each part's
// trace capped so that every part has records.
const std::string kCampaign = R"({"format":"hpc-interconnect-scenario","version":1,"id":"n",
  "cluster":{"fabric":"sci-ringlet","nodes":8},"workload":{"kind":"npb","processes":8,
  "benchmarks":[{"benchmark":"CG","class":"S"},{"benchmark":"EP","class":"S"}],
  "series":[{"id":"ss-via","protocol":"ss-via","operation":"send"},{"id":"sci","protocol":"sci-mpich","operation":"send"}]},
  "trace":{"max_records_per_run":20000}})";

/// Part `k` of `scenario` run alone: its part_result_json().
std::string part_result(int k, const std::string& scenario = kCampaign) {
  std::string err;
  auto s = Session::create(scenario, &err, k);
  EXPECT_TRUE(s) << err;
  if (!s) return "";
  while (!s->run(1u << 16)) {
  }
  return s->part_result_json();
}

TEST(SessionParts, PartsRunApartMergeToTheWholeRun) {
  std::string err;
  auto whole = Session::create(kCampaign, &err);
  ASSERT_TRUE(whole) << err;
  ASSERT_EQ(whole->parts(), 6u);
  while (!whole->run(1u << 20)) {
  }
  const std::string expected = whole->result_json();
  // The parts in reverse order, as parallel workers may finish them; the merge takes them in part order.
  std::vector<std::string> parts(6);
  for (int k = 5; k >= 0; --k) parts[static_cast<size_t>(k)] = part_result(k);
  EXPECT_EQ(Session::merge(kCampaign, parts, &err), expected) << err;
  auto j = nlohmann::json::parse(expected);
  EXPECT_FALSE(j.contains("stalled"));
  uint64_t events = 0;
  for (const auto& p : parts) events += nlohmann::json::parse(p)["events"].get<uint64_t>();
  EXPECT_EQ(j["events"].get<uint64_t>(), events);
  // A part's figure changes the merged table and the fingerprint: the merge reads what it is given.
  auto changed = nlohmann::json::parse(parts[1]);
  changed["result"]["seconds"] = 1.0;
  changed["fingerprint"] = "0000000000000001";
  std::vector<std::string> altered = parts;
  altered[1] = changed.dump();
  auto m = nlohmann::json::parse(Session::merge(kCampaign, altered, &err));
  EXPECT_EQ(m["tables"][0]["rows"][0]["values"][1].get<double>(), 1.0);
  EXPECT_NE(m["fingerprint"], j["fingerprint"]);
}

// BT-IO's parts: the run without I/O, then one per transport (PVFS2 over Elan4 and over InfiniBand), class S.
TEST(SessionParts, BtioPartsMergeToTheWholeRun) {
  const std::string btio = R"({"format":"hpc-interconnect-scenario","version":1,"id":"b",
    "cluster":{"fabric":"qsnet2","nic":"elan4","nodes":8,"arity":8},"workload":{"kind":"btio","servers":4,"clients":4,
    "class":"S","romio_cb_write":"disable","series":[{"id":"sg","protocol":"pvfs2-elan4","operation":"sg-lio"},
    {"id":"ib","protocol":"pvfs2-ib","operation":"rdma-write"}]}})";
  std::string err;
  auto whole = Session::create(btio, &err);
  ASSERT_TRUE(whole) << err;
  ASSERT_EQ(whole->parts(), 3u);
  while (!whole->run(1u << 20)) {
  }
  std::vector<std::string> parts;
  for (int k = 0; k < 3; ++k) parts.push_back(part_result(k, btio));
  const std::string merged = Session::merge(btio, parts, &err);
  EXPECT_EQ(merged, whole->result_json()) << err;
  auto j = nlohmann::json::parse(merged);
  ASSERT_FALSE(j.contains("stalled")) << j["stalled"];
  const auto& rows = j["tables"][0]["rows"];  // No IO, then a row per series with its I/O time
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_GT(rows[1]["values"][1].get<double>(), 0.0);
  EXPECT_GT(rows[2]["values"][1].get<double>(), 0.0);
}

// A part that stalls stops the whole run there (PVFS2 1.0.1's Trove leaks its I/O slots on BT-IO's lists, in the
// first transport's part): its merge, from the parts up to it or from all of them, reads no further.
TEST(SessionParts, AStalledPartEndsTheRunAndItsMerge) {
  const std::string btio = R"({"format":"hpc-interconnect-scenario","version":1,"id":"b",
    "cluster":{"fabric":"qsnet2","nic":"elan4","nodes":8,"arity":8},"workload":{"kind":"btio","servers":4,"clients":4,
    "class":"W","pvfs2_version":"1.0.1","romio_cb_write":"disable",
    "series":[{"id":"sg","protocol":"pvfs2-elan4","operation":"sg-lio"},{"id":"lio","protocol":"pvfs2-elan4","operation":"lio"}]}})";
  std::string err;
  auto whole = Session::create(btio, &err);
  ASSERT_TRUE(whole) << err;
  while (!whole->run(1u << 20)) {
  }
  const std::string expected = whole->result_json();
  auto j = nlohmann::json::parse(expected);
  ASSERT_TRUE(j.contains("stalled")) << "PVFS2 1.0.1's list I/O no longer stalls";
  std::vector<std::string> parts;
  for (int k = 0; k < 3; ++k) parts.push_back(part_result(k, btio));
  ASSERT_NE(parts[1].find("\"stalled\""), std::string::npos);
  EXPECT_EQ(Session::merge(btio, parts, &err), expected) << err;
  EXPECT_EQ(Session::merge(btio, {parts[0], parts[1]}, &err), expected) << err;
  EXPECT_EQ(Session::merge(btio, {parts[0]}, &err), "");  // fewer parts than the run's, none stalled
}

TEST(SessionParts, TheWholeRunsTraceReadsAsOneRun) {
  std::string err;
  auto s = Session::create(kCampaign, &err);
  ASSERT_TRUE(s) << err;
  uint32_t records = 0, bad_causes = 0, before_origin = 0;
  std::set<uint32_t> messages_seen;
  double origin = 0;
  for (bool done = false; !done;) {
    done = s->run(1u << 14);
    // A whole run stops at each part's end, so what is taken now is the current part's: nothing before its origin.
    origin = static_cast<double>(s->now() - s->sim().now());
    for (size_t n; (n = s->take_trace(4096)) > 0;)
      for (size_t i = 0; i < n; ++i) {
        const TraceBuffer& t = s->trace_batch();
        ++records;
        if (t.batch_cause()[i] >= records) ++bad_causes;  // a cause is an earlier record
        if (t.batch_t0()[i] < origin) ++before_origin;
        if (t.batch_message()[i] != 0) messages_seen.insert(t.batch_message()[i]);
      }
  }
  EXPECT_EQ(bad_causes, 0u);
  EXPECT_EQ(before_origin, 0u);
  EXPECT_GT(origin, 0.0);  // the last part lies after the others
  // Message ids run on across parts: the largest is past the first two parts' counts and opens in the part that sent it.
  ASSERT_FALSE(messages_seen.empty());
  const uint32_t last = *messages_seen.rbegin();
  auto m = nlohmann::json::parse(s->message_json(last));
  EXPECT_EQ(m.value("message", 0u), last);
  const uint32_t first_parts = nlohmann::json::parse(part_result(0))["messages"].get<uint32_t>() +
                               nlohmann::json::parse(part_result(1))["messages"].get<uint32_t>();
  EXPECT_GT(last, first_parts);
}

// A caller may run past several parts' ends before it takes the trace (the page's worker takes it once per 40 ms
// slice): no record is lost, and the records come in the run's order.
TEST(SessionParts, RecordsOfEndedPartsWaitToBeTaken) {
  auto records = [](uint64_t budget, int runs_per_take) {
    std::string err;
    auto s = Session::create(kCampaign, &err);
    EXPECT_TRUE(s) << err;
    std::vector<double> t0;
    for (bool done = false; !done;) {
      for (int r = 0; r < runs_per_take && !done; ++r) done = s->run(budget);
      for (size_t n; (n = s->take_trace(4096)) > 0;)
        for (size_t i = 0; i < n; ++i) t0.push_back(s->trace_batch().batch_t0()[i]);
    }
    return t0;
  };
  const std::vector<double> eager = records(1u << 14, 1), lazy = records(1u << 12, 1000);
  EXPECT_GT(eager.size(), 50000u);
  EXPECT_EQ(lazy, eager);
}

// With a per-run limit, each part keeps at most its share of trace.max_records (states included), so the last part
// has a trace too however long the first ones are (BT-IO's No IO run used up the whole limit before 2026-11-29).
TEST(SessionParts, WithAPerRunLimitEachPartKeepsItsShareOfTheTrace) {
  std::string scenario = kCampaign;
  const std::string from = R"("trace":{"max_records_per_run":20000})";
  scenario.replace(scenario.find(from), from.size(), R"("trace":{"max_records":30000,"max_records_per_run":20000})");
  uint64_t capped = 0;
  for (int k = 0; k < 6; ++k) {
    // What the part records with the default limit (1,000,000), and with 30,000: its share of 5,000 at most.
    const uint64_t free = nlohmann::json::parse(part_result(k))["records"].get<uint64_t>();
    const uint64_t kept = nlohmann::json::parse(part_result(k, scenario))["records"].get<uint64_t>();
    EXPECT_EQ(kept, std::min<uint64_t>(free, 30000u / 6)) << "part " << k;
    if (free > 30000u / 6) ++capped;
  }
  EXPECT_GE(capped, 2u);  // the share binds, on later parts too
}

TEST(SessionParts, APartOrAMergeThatDoesNotFitIsRefused) {
  std::string err;
  EXPECT_EQ(Session::create(kCampaign, &err, 6), nullptr);
  EXPECT_NE(err.find("has 6 parts, 0 to 5"), std::string::npos) << err;
  const std::string pingpong = R"({"format":"hpc-interconnect-scenario","version":1,"id":"s",
    "cluster":{"fabric":"qsnet","nodes":4},"workload":{"kind":"pingpong","initiator":0,"target":1,"sizes_bytes":[0],
    "series":[{"id":"x","protocol":"tports","operation":"send"}]}})";
  EXPECT_EQ(Session::create(pingpong, &err, 0), nullptr);
  EXPECT_NE(err.find("runs as one part"), std::string::npos) << err;
  std::vector<std::string> parts;
  for (int k = 0; k < 6; ++k) parts.push_back(part_result(k));
  std::vector<std::string> swapped = parts;
  std::swap(swapped[0], swapped[1]);
  EXPECT_EQ(Session::merge(kCampaign, swapped, &err), "");
  EXPECT_NE(err.find("part result 0 is not part 0 of 6"), std::string::npos) << err;
  parts.pop_back();
  EXPECT_EQ(Session::merge(kCampaign, parts, &err), "");
  EXPECT_NE(err.find("has 6 parts, got 5"), std::string::npos) << err;
  EXPECT_EQ(Session::merge(kCampaign, {"[", "", "", "", "", ""}, &err), "");
  EXPECT_NE(err.find("part result 0 is not JSON"), std::string::npos) << err;
}

}  // namespace
}  // namespace hpcsim
