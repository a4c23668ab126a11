// The "dynamic" workload of a scenario: bad input names the field; a good one runs the join, the ping-pongs and
// the leave to the end and reports the phase tables (seed 001 "Dynamic MPI-2 Process Pool").
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "nlohmann/json.hpp"
#include "run/session.h"
#include "ompi/dynamic_run.h"
#include "scenario/parse_scenario.h"
#include "support/scenario_runs.h"

namespace hpcsim {
namespace {

using test::parse_error_of;

nlohmann::json dynamic_base() {
  return nlohmann::json::parse(R"({"format":"hpc-interconnect-scenario","version":1,"id":"dyn",
    "cluster":{"fabric":"qsnet2","nic":"elan4","nodes":8},
    "workload":{"kind":"dynamic","processes":5,"contexts_per_node":2,"join_node":6,"join_at_us":10,
      "root":0,"bytes":4,"iterations":3,"after_iterations":2,
      "series":[{"id":"ompi","protocol":"ompi","operation":"rdma-write"}]}})");
}

TEST(DynamicScenario, ParsesAValidWorkload) {
  Scenario s;
  ASSERT_EQ(parse_scenario(dynamic_base().dump(), &s), "");
  EXPECT_EQ(s.workload_kind, "dynamic");
  const DynamicSpec& d = s.workload_as<DynamicSpec>();
  EXPECT_EQ(d.processes, 5);
  EXPECT_EQ(d.join_node, 6);
  EXPECT_DOUBLE_EQ(d.join_at_us, 10);
  EXPECT_EQ(d.iterations, 3);
}

TEST(DynamicScenario, RejectsBadWorkloadsNamingTheField) {
  auto j = dynamic_base();
  j["workload"].erase("processes");
  EXPECT_EQ(parse_error_of(j), "workload.processes: is required");
  j = dynamic_base();
  j["workload"]["processes"] = 9;
  EXPECT_EQ(parse_error_of(j), "workload.processes: 9 is outside [2, 8]");
  j = dynamic_base();
  j["workload"]["join_node"] = 8;
  EXPECT_EQ(parse_error_of(j), "workload.join_node: 8 is outside [0, 7]");
  j = dynamic_base();
  j["workload"]["contexts_per_node"] = 1;
  j["workload"]["join_node"] = 3;
  EXPECT_EQ(parse_error_of(j), "workload.join_node: node 3 has no spare context (contexts_per_node is 1 and rank 3 runs there)");
  j = dynamic_base();
  j["workload"]["root"] = 5;
  EXPECT_EQ(parse_error_of(j), "workload.root: 5 is outside [0, 4]");
  j = dynamic_base();
  j["workload"]["join_at_us"] = -1;
  EXPECT_EQ(parse_error_of(j), "workload.join_at_us: -1.000000 is outside [0, 1000000]");
  j = dynamic_base();
  j["workload"]["join_at_us"] = "soon";
  EXPECT_EQ(parse_error_of(j), "workload.join_at_us: must be number");
  j = dynamic_base();
  j["workload"]["series"][0] = {{"id", "m"}, {"protocol", "mpich-qsnet"}, {"operation", "send"}};
  EXPECT_EQ(parse_error_of(j), "workload.series/0.protocol: dynamic processes are Open MPI's (ompi), not mpich-qsnet");
  j = dynamic_base();
  j["workload"]["series"].push_back({{"id", "b"}, {"protocol", "ompi"}, {"operation", "rdma-read"}});
  EXPECT_EQ(parse_error_of(j), "workload.series: a dynamic workload runs one series (its Open MPI configuration)");
  j = dynamic_base();
  j["workload"]["series"][0]["charge_pml"] = false;
  EXPECT_EQ(parse_error_of(j), "workload.series/0.charge_pml: a dynamic workload charges the PML's code (true)");
  j = dynamic_base();
  j["cluster"] = {{"fabric", "qsnet"}, {"nodes", 8}};
  EXPECT_EQ(parse_error_of(j), "workload.kind: dynamic runs on the seed 001 Elan4 cluster only (fabric qsnet2)");
}

TEST(DynamicScenario, RunsJoinPingPongsAndLeaveToTheEnd) {
  std::string err;
  auto s = Session::create(dynamic_base().dump(), &err);
  ASSERT_TRUE(s) << err;
  while (!s->run(1000000)) {
  }
  auto out = nlohmann::json::parse(s->result_json());
  EXPECT_FALSE(out.contains("stalled")) << out.value("stalled", "");
  const nlohmann::json* phases = nullptr;
  const nlohmann::json* process = nullptr;
  for (const auto& t : out["tables"]) {
    if (t["id"] == "dynamic-phases") phases = &t;
    if (t["id"] == "dynamic-process") process = &t;
  }
  ASSERT_TRUE(phases && process);
  for (const auto& row : (*phases)["rows"]) {
    ASSERT_TRUE(row["values"][0].is_number()) << row["label"];
    EXPECT_GT(row["values"][0].get<double>(), 0.0) << row["label"];
  }
  auto value = [&](const nlohmann::json& t, size_t i) { return t["rows"][i]["values"][0]; };
  // Join total = attach + connect; the leave likewise; the ping-pong is slower than the join by far.
  EXPECT_NEAR(value(*phases, 2).get<double>(), value(*phases, 0).get<double>() + value(*phases, 1).get<double>(), 1e-6);
  EXPECT_NEAR(value(*phases, 7).get<double>(), value(*phases, 5).get<double>() + value(*phases, 6).get<double>(), 1e-6);
  EXPECT_GT(value(*phases, 2).get<double>(), 10 * value(*phases, 4).get<double>());
  EXPECT_EQ(value(*process, 0), 5);   // rank 5 ...
  EXPECT_EQ(value(*process, 1), 12);  // ... on VPID 12 = node 6 x 2 + context 0
  EXPECT_EQ(value(*process, 4), 6);
  EXPECT_EQ(value(*process, 5), 5);
  EXPECT_EQ(value(*process, 6), 1);  // the root's send after the leave was refused
  EXPECT_EQ(value(*process, 7), 0);
  // The new process's node (6) appears in the message trace only after the join started (30 µs), and the
  // others' messages go on after its last one.
  ComponentId host6 = 0;
  const auto topology = nlohmann::json::parse(s->topology_json());
  for (const auto& c : topology["components"])
    if (c["kind"] == "host" && c["node"] == 6) host6 = c["id"].get<ComponentId>();
  ASSERT_NE(host6, 0u);
  TraceBuffer& trace = s->sim().trace();
  double first6 = 1e300, last6 = 0, last_other = 0;
  size_t n6 = 0;
  for (size_t n; (n = trace.take(10000)) > 0;)
    for (size_t i = 0; i < n; ++i) {
      if (trace.batch_kind()[i] != static_cast<uint32_t>(TraceKind::kMessage)) continue;
      double t = trace.batch_t0()[i];
      if (trace.batch_component()[i] == host6) {
        ++n6;
        first6 = std::min(first6, t);
        last6 = std::max(last6, t);
      } else {
        last_other = std::max(last_other, t);
      }
    }
  EXPECT_GT(n6, 5u);  // ACCEPT, PROC_ACKs, pongs, DISCONNECT_ACKs
  EXPECT_GT(first6, 30.0 * kUs);
  EXPECT_GT(last_other, last6);
  auto again = Session::create(dynamic_base().dump(), &err);
  while (!again->run(1000000)) {
  }
  EXPECT_EQ(nlohmann::json::parse(again->result_json())["fingerprint"], out["fingerprint"]);
}

TEST(DynamicScenario, EveryProgressModeCompletesTheJoinAndTheLeave) {
  // With blocking progress the application sleeps in MPI_Comm_accept / the merge / the disconnect: the thread
  // or interrupt that handles a control message must wake it, as for a completed request.
  for (const char* mode : {"interrupt", "one-thread", "two-threads"}) {
    auto j = dynamic_base();
    j["workload"]["series"][0]["progress"] = mode;
    std::string err;
    auto s = Session::create(j.dump(), &err);
    ASSERT_TRUE(s) << err;
    while (!s->run(1000000)) {
    }
    auto out = nlohmann::json::parse(s->result_json());
    EXPECT_FALSE(out.contains("stalled")) << mode << ": " << out.value("stalled", "");
    for (const auto& t : out["tables"]) {
      if (t["id"] == "dynamic-phases") {
        EXPECT_TRUE(t["rows"][7]["values"][0].is_number()) << mode;  // leave total
      }
    }
  }
}

TEST(DynamicScenario, TheSeriesConfigurationIsHonoured) {
  // 8 KiB messages go by rendezvous: RDMA read with FIN_ACK, done words (no completion queue), to and from the
  // joined rank, whose rank is not its node.
  auto j = dynamic_base();
  j["workload"]["bytes"] = 8192;
  j["workload"]["series"][0]["operation"] = "rdma-read";
  j["workload"]["series"][0]["completion_queues"] = 0;
  std::string err;
  auto s = Session::create(j.dump(), &err);
  ASSERT_TRUE(s) << err;
  while (!s->run(1000000)) {
  }
  auto out = nlohmann::json::parse(s->result_json());
  ASSERT_FALSE(out.contains("stalled")) << out.value("stalled", "");
  double one_way = out["tables"][0]["rows"][4]["values"][0].get<double>();
  EXPECT_GT(one_way, 8.0);  // 8 KiB at under 1 GB/s plus the rendezvous round trip
  EXPECT_EQ(out["message_histograms"][0]["histogram"][0]["bytes"], 8192);
}

TEST(DynamicScenario, TheWalkthroughStepsFallInThePhasesTheyNarrate) {
  std::ifstream in(std::string(HPCSIM_SCENARIOS_DIR) + "/ompi-elan4-dynamic.json");
  std::stringstream text;
  text << in.rdbuf();
  auto scenario = nlohmann::json::parse(text.str());
  const auto& steps = scenario["walkthroughs"][0]["steps"];
  ASSERT_EQ(steps.size(), 6u);
  std::string err;
  auto s = Session::create(text.str(), &err);
  ASSERT_TRUE(s) << err;
  const auto topology = nlohmann::json::parse(s->topology_json());
  ComponentId host0 = 0, host6 = 0;
  for (const auto& c : topology["components"]) {
    if (c["kind"] == "host" && c["node"] == 0) host0 = c["id"].get<ComponentId>();
    if (c["kind"] == "host" && c["node"] == 6) host6 = c["id"].get<ComponentId>();
  }
  double span[9][2] = {};  // host_op spans of node 6 by value (5 attach, 6 connect, 7 disconnect, 8 detach), µs
  std::vector<double> at_root;  // 4-byte message arrivals at rank 0
  while (true) {
    bool done = s->run(1u << 16);
    TraceBuffer& t = s->sim().trace();
    for (size_t n; (n = t.take(65536)) > 0;)
      for (size_t i = 0; i < n; ++i) {
        auto kind = static_cast<TraceKind>(t.batch_kind()[i]);
        int32_t v = t.batch_value()[i];
        if (kind == TraceKind::kHostOp && t.batch_component()[i] == host6 && v >= 5 && v <= 8) {
          span[v][0] = t.batch_t0()[i] / kUs;
          span[v][1] = t.batch_t1()[i] / kUs;
        }
        if (kind == TraceKind::kMessage && t.batch_component()[i] == host0 && t.batch_bytes()[i] == 4)
          at_root.push_back(t.batch_t0()[i] / kUs);
      }
    if (done) break;
  }
  auto within = [](double x, const double* sp) { return x >= sp[0] && x <= sp[1]; };
  EXPECT_TRUE(within(steps[0]["time_us"].get<double>(), span[5]));
  EXPECT_TRUE(within(steps[1]["time_us"].get<double>(), span[6]));
  EXPECT_TRUE(within(steps[2]["time_us"].get<double>(), span[6]));
  ASSERT_FALSE(at_root.empty());
  double first_ping = at_root.front();  // the root receives 4-byte messages only from the new process
  EXPECT_GT(steps[3]["time_us"].get<double>(), span[6][1]);
  EXPECT_LT(steps[3]["time_us"].get<double>(), first_ping);
  EXPECT_TRUE(within(steps[4]["time_us"].get<double>(), span[7]));
  EXPECT_TRUE(within(steps[5]["time_us"].get<double>(), span[8]));
}

}  // namespace
}  // namespace hpcsim
