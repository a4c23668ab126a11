// The all-to-all workload: MPICH 1.2's MPI_Alltoall as rank programs, run over Open MPI on Elan4 and over the SCI
// cluster's MPI layers; its table; the parser's checks.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "kernel/trace_kinds.h"
#include "nlohmann/json.hpp"
#include "run/session.h"
#include "support/scenario_runs.h"
#include "workload/alltoall.h"

namespace hpcsim {
namespace {

using test::run_to_end;

TEST(Alltoall, ProgramsSendToEveryOtherRankAndMatch) {
  auto p = alltoall_programs(6, 1000, 2);
  npb::Totals t = npb::totals(p);
  EXPECT_EQ(t.messages, 6 * 5 * 2);
  EXPECT_EQ(t.bytes, 6 * 5 * 2 * 1000);
  EXPECT_EQ(t.self_messages, 0);
  EXPECT_EQ(npb::check_matching(p, true), "");
  // One Exchange operation per call, expanded as it runs: rank 2's first send goes to rank 3, its first receive is
  // from rank 1 (staggered starts), then a Wait per request in posting order.
  ASSERT_EQ(p[2].ops.size(), 2u);
  EXPECT_EQ(p[2].ops[0].kind, npb::OpKind::Exchange);
  const npb::RankProgram e = npb::expanded(p[2]);
  ASSERT_EQ(e.ops.size(), 2u * 20);  // per call 5 Irecv, 5 Isend, 10 Wait
  EXPECT_EQ(e.ops[0].kind, npb::OpKind::Irecv);
  EXPECT_EQ(e.ops[0].peer, 1);
  EXPECT_EQ(e.ops[5].kind, npb::OpKind::Isend);
  EXPECT_EQ(e.ops[5].peer, 3);
  for (int j = 0; j < 10; ++j) EXPECT_EQ(e.ops[static_cast<size_t>(j)].request, j) << j;
  for (int j = 10; j < 20; ++j) {
    EXPECT_EQ(e.ops[static_cast<size_t>(j)].kind, npb::OpKind::Wait);
    EXPECT_EQ(e.ops[static_cast<size_t>(j)].request, j - 10);
  }
  EXPECT_EQ(e.ops[20].request, 10);  // the second call's requests follow the first's
}

std::string alltoall_scenario(const std::string& fabric, int nodes, int bytes, const std::string& series) {
  return R"({"format":"hpc-interconnect-scenario","version":1,"id":"a","cluster":{"fabric":")" + fabric +
         R"(","nodes":)" + std::to_string(nodes) + R"(},"workload":{"kind":"alltoall","bytes":)" +
         std::to_string(bytes) + R"(,"series":[)" + series + "]}}";
}

TEST(Alltoall, RunsOverOpenMpiOnElan4AndTheTableHasEveryCall) {
  auto j = run_to_end(alltoall_scenario("qsnet2", 16, 4096,
                        R"({"id":"w","protocol":"ompi","operation":"rdma-write"},{"id":"e","protocol":"ompi","operation":"rdma-read"})"));
  ASSERT_FALSE(j.contains("stalled")) << j["stalled"];
  const auto& t = j["tables"][0];
  EXPECT_EQ(t["id"], "alltoall");
  ASSERT_EQ(t["rows"].size(), 2u);
  for (const auto& row : t["rows"]) {
    double us = row["values"][0].get<double>(), mbps = row["values"][1].get<double>();
    EXPECT_GT(us, 0);
    EXPECT_NEAR(mbps, 16.0 * 15 * 4096 / us, 1e-6 * mbps);
    // No faster than each node's 15 x 4 KiB through its own 1.3 GB/s link.
    EXPECT_GT(us, 15 * 4096 / 1300.0);
  }
  // The table says which algorithm ran: Open MPI 1.0's coll/basic, once for both series.
  const std::string label = t["label"];
  EXPECT_NE(label.find("Open MPI 1.0's coll/basic"), std::string::npos) << label;
  EXPECT_EQ(label.find("MPICH"), std::string::npos) << label;
}

// Over Open MPI the layer carries the rank program's message id on its packets and says which message each receive
// matched: every message has one record, from its MPI_Isend to its receive, under the id its QDMA packets carry and
// its envelope names.
TEST(Alltoall, EachMessageRecordSharesItsIdWithItsPacketsAndEnvelope) {
  std::string err;
  auto s = Session::create(alltoall_scenario("qsnet2", 4, 1024, R"({"id":"w","protocol":"ompi","operation":"rdma-write"})"), &err);
  ASSERT_TRUE(s) << err;
  std::map<uint32_t, int> records;
  std::set<uint32_t> packets;
  std::map<uint32_t, double> starts;
  auto drain = [&]() {
    auto& t = s->sim().trace();
    for (size_t n = t.take(1u << 20); n > 0; n = t.take(1u << 20))
      for (size_t i = 0; i < n; ++i) {
        if (t.batch_kind()[i] == static_cast<uint32_t>(TraceKind::kMessage)) {
          ++records[t.batch_message()[i]];
          starts[t.batch_message()[i]] = t.batch_t0()[i];
        }
        if (t.batch_kind()[i] == static_cast<uint32_t>(TraceKind::kQdmaPacket)) packets.insert(t.batch_message()[i]);
      }
  };
  while (!s->run(1u << 16)) drain();
  drain();
  ASSERT_EQ(records.size(), 12u);  // 4 x 3 messages, one call
  for (const auto& [message, count] : records) {
    EXPECT_EQ(count, 1) << message;
    EXPECT_TRUE(packets.count(message)) << "no QDMA packet carries message " << message;
    const MessageCatalog::Envelope* e = s->sim().messages().envelope(message);
    ASSERT_NE(e, nullptr) << message;
    EXPECT_EQ(e->bytes, 1024u);
    EXPECT_DOUBLE_EQ(starts[message], static_cast<double>(e->sent_ps));
  }
}

TEST(Alltoall, FastEthernetIsSlowerThanSciOnTheSameNodes) {
  auto j = run_to_end(alltoall_scenario("sci-ringlet", 8, 2048,
                        R"({"id":"v","protocol":"ss-via","operation":"send"},{"id":"t","protocol":"tcp","operation":"send"})"));
  ASSERT_FALSE(j.contains("stalled"));
  const auto& rows = j["tables"][0]["rows"];
  EXPECT_LT(rows[0]["values"][0].get<double>(), rows[1]["values"][0].get<double>());
  const std::string label = j["tables"][0]["label"];
  EXPECT_NE(label.find("MPICH 1.2's intra_Alltoall"), std::string::npos) << label;
}

TEST(Alltoall, BadWorkloadsAreRefusedNamingTheField) {
  std::string err;
  EXPECT_FALSE(Session::create(alltoall_scenario("qsnet", 8, 100, R"({"id":"t","protocol":"tports","operation":"send"})"), &err));
  EXPECT_NE(err.find("workload.series/0.protocol: tports has no MPI layer"), std::string::npos) << err;
  std::string no_bytes = alltoall_scenario("qsnet2", 8, 100, R"({"id":"w","protocol":"ompi","operation":"rdma-write"})");
  no_bytes.replace(no_bytes.find("\"bytes\":100,"), 12, "");
  EXPECT_FALSE(Session::create(no_bytes, &err));
  EXPECT_EQ(err, "workload.bytes: is required");
}

}  // namespace
}  // namespace hpcsim
