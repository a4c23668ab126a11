// NAS runs (seed 003 "Execution Time of NPB"): collectives lowered to MPICH 1.2's point-to-point trees, rank
// programs driven over the SCI MPI layers, the npb workload's tables, and the matching race both MPI layers had.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "hw/sci/sci_cluster.h"
#include "nlohmann/json.hpp"
#include "run/session.h"
#include "hw/ethernet/ethernet_cluster.h"
#include "sci_mpich/sci_mpich.h"
#include "tcp/tcp_mpi.h"
#include "mvia/mvia.h"
#include "ss_via/ss_via_mpi.h"
#include "via_mpi/via_mpi.h"
#include "workload/npb/npb.h"
#include "workload/npb_run.h"

namespace hpcsim {
namespace {

/// MPI over M-VIA on an Ethernet cluster, composed as the catalog composes it (the layer over its VIPL provider).
struct MviaMpi : ViaMpi {
  MviaMpi(Simulator& sim, EthernetCluster& eth, uint32_t* ids)
      : ViaMpi(std::make_unique<Mvia>(sim, eth, ids)) {}
};

using npb::Op;
using npb::OpKind;
using npb::RankProgram;

std::vector<RankProgram> one_collective(int processes, OpKind kind, int root, int64_t bytes) {
  std::vector<RankProgram> p(static_cast<size_t>(processes));
  for (int r = 0; r < processes; ++r) {
    p[static_cast<size_t>(r)].rank = r;
    Op op;
    op.kind = kind;
    op.peer = root;
    op.bytes = bytes;
    p[static_cast<size_t>(r)].ops.push_back(op);
  }
  return p;
}

int64_t sends(const std::vector<RankProgram>& p, int rank = -1) {
  int64_t n = 0;
  for (const auto& r : p)
    for (const auto& op : r.ops)
      if (op.kind == OpKind::Send && (rank < 0 || r.rank == rank)) ++n;
  return n;
}

TEST(NpbCollectives, BinomialTreesSendPMinusOneMessages) {
  for (int procs : {2, 3, 5, 8}) {
    auto b = one_collective(procs, OpKind::Bcast, procs - 1, 80);
    npb::lower_collectives(&b);
    EXPECT_EQ(sends(b), procs - 1) << procs;
    EXPECT_EQ(npb::check_matching(b, true), "") << procs;
    auto r = one_collective(procs, OpKind::Reduce, 1 % procs, 80);
    npb::lower_collectives(&r);
    EXPECT_EQ(sends(r), procs - 1) << procs;
    EXPECT_EQ(sends(r, 1 % procs), 0) << "the root only receives";
    EXPECT_EQ(npb::check_matching(r, true), "") << procs;
  }
  // Allreduce = reduce to 0 + bcast from 0; on 8 ranks rank 0 receives from 1, 2, 4 and sends to 4, 2, 1.
  auto a = one_collective(8, OpKind::Allreduce, -1, 8);
  npb::lower_collectives(&a);
  EXPECT_EQ(sends(a), 14);
  std::vector<int> order;
  for (const auto& op : a[0].ops)
    if (op.kind == OpKind::Recv || op.kind == OpKind::Send) order.push_back(op.kind == OpKind::Recv ? op.peer : -op.peer);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 4, -4, -2, -1}));
  int combines = 0;
  for (const auto& op : a[0].ops) combines += op.kind == OpKind::Compute && op.flops == 1.0;
  EXPECT_EQ(combines, 3) << "one flop per double per partial result combined";
}

TEST(NpbCollectives, BarrierIsRecursiveDoublingWithTheRemainderFolded) {
  auto b8 = one_collective(8, OpKind::Barrier, -1, 0);
  npb::lower_collectives(&b8);
  EXPECT_EQ(sends(b8), 0) << "barrier exchanges are MPI_Sendrecv (Isend + Irecv)";
  int64_t isends = 0;
  for (const auto& r : b8)
    for (const auto& op : r.ops) isends += op.kind == OpKind::Isend;
  EXPECT_EQ(isends, 8 * 3);
  auto b6 = one_collective(6, OpKind::Barrier, -1, 0);
  npb::lower_collectives(&b6);
  EXPECT_EQ(sends(b6), 2 + 2) << "the two ranks above 4 fold in and out with blocking messages";
  EXPECT_EQ(npb::check_matching(b6, true), "");
}

TEST(NpbCollectives, LoweredBenchmarksStillMatchUnderRendezvous) {
  const std::pair<npb::Benchmark, int> cases[] = {
      {npb::Benchmark::LU, 4}, {npb::Benchmark::MG, 8}, {npb::Benchmark::CG, 8}, {npb::Benchmark::EP, 8}};
  for (const auto& [b, procs] : cases) {
    std::vector<RankProgram> p;
    ASSERT_EQ(npb::build_program(b, npb::NpbClass::S, procs, &p), "");
    npb::lower_collectives(&p);
    for (const auto& r : p)
      for (const auto& op : r.ops)
        EXPECT_TRUE(op.kind == OpKind::Compute || op.kind == OpKind::Send || op.kind == OpKind::Recv ||
                    op.kind == OpKind::Isend || op.kind == OpKind::Irecv || op.kind == OpKind::Wait);
    EXPECT_EQ(npb::check_matching(p, true), "") << npb::benchmark_name(b);
  }
}

// The race both seed 003 MPI layers had: an RTS whose envelope was still being handled (not yet in the
// unexpected queue) when the receive was posted was never matched. Post the receive at every moment around
// the RTS's arrival; each must complete.
template <typename Layer>
void receive_posted_at_every_moment_completes() {
  for (Time at = 0; at <= 30 * kUs; at += 100 * 1000) {
    ParameterSet p{"usc-sci-p2-350"};
    Simulator sim{0};
    SciCluster sci(sim, p, 2);
    uint32_t ids = 0;
    Layer mpi(sim, sci, &ids);
    int recv = -1;
    mpi.isend(0, 1, 9, 20000, []() {});
    sim.at(at, 0, EventKind::kWorkloadStep, 0, [&]() { recv = mpi.irecv(1, 0, 9, 20000, []() {}); });
    while (!sim.run(1u << 20)) {
    }
    ASSERT_GE(recv, 0);
    EXPECT_TRUE(mpi.done(1, recv)) << "receive posted at " << ps_to_us(at) << " us never completed";
  }
}

TEST(NpbMpiLayers, ViaMpiMatchesAnRtsHandledWhileTheReceiveIsPosted) { receive_posted_at_every_moment_completes<SsViaMpi>(); }
TEST(NpbMpiLayers, MpiOverMviaAndTcpMatchInOrderAcrossPeers) {
  // Three senders, two tags each, receives posted in the opposite order: every receive gets its own message.
  for (bool tcp : {false, true}) {
    ParameterSet p{"usc-sci-p2-350"};
    Simulator sim{0};
    EthernetCluster eth(sim, p, 4, 1);
    uint32_t ids = 0;
    std::unique_ptr<MpichEngine> mpi;
    if (tcp)
      mpi = std::make_unique<TcpMpi>(sim, eth, &ids);
    else
      mpi = std::make_unique<MviaMpi>(sim, eth, &ids);
    for (int src = 1; src <= 3; ++src) {
      mpi->isend(src, 0, 1, 100 * static_cast<uint32_t>(src), []() {});
      mpi->isend(src, 0, 2, 10000 + static_cast<uint32_t>(src), []() {});
    }
    std::vector<int> reqs;
    for (int src = 3; src >= 1; --src)
      for (int tag : {2, 1}) reqs.push_back(mpi->irecv(0, src, tag, 20000, []() {}));
    while (!sim.run(1u << 20)) {
    }
    size_t k = 0;
    for (int src = 3; src >= 1; --src)
      for (int tag : {2, 1}) {
        const mpi::Request* r = mpi->request(0, reqs[k++]);
        ASSERT_NE(r, nullptr);
        EXPECT_TRUE(r->complete) << (tcp ? "tcp" : "m-via") << " src " << src << " tag " << tag;
        EXPECT_EQ(r->status_bytes, tag == 1 ? 100u * static_cast<uint32_t>(src) : 10000u + static_cast<uint32_t>(src));
      }
  }
}

TEST(NpbMpiLayers, SciMpichMatchesAnRtsHandledWhileTheReceiveIsPosted) {
  receive_posted_at_every_moment_completes<SciMpich>();
}

struct RunResult {
  Time elapsed;
  uint64_t messages;
};

enum class Layer { kSsVia, kSciMpich, kMvia, kTcp };

RunResult run_npb(npb::Benchmark b, npb::NpbClass c, int procs, Layer layer, double cycles_per_flop = 4) {
  ParameterSet p{"usc-sci-p2-350"};
  Simulator sim{0};
  SciCluster sci(sim, p, 8);
  EthernetCluster eth(sim, p, 8, 33);
  uint32_t ids = 0;
  std::unique_ptr<MpiEndpoint> mpi;
  switch (layer) {
    case Layer::kSsVia: mpi = std::make_unique<SsViaMpi>(sim, sci, &ids); break;
    case Layer::kSciMpich: mpi = std::make_unique<SciMpich>(sim, sci, &ids); break;
    case Layer::kMvia: mpi = std::make_unique<MviaMpi>(sim, eth, &ids); break;
    case Layer::kTcp: mpi = std::make_unique<TcpMpi>(sim, eth, &ids); break;
  }
  bool on_eth = layer == Layer::kMvia || layer == Layer::kTcp;
  std::vector<RankProgram> progs;
  EXPECT_EQ(npb::build_program(b, c, procs, &progs), "");
  for (auto& r : progs) {
    std::vector<Op> timed;
    for (const auto& op : r.ops)
      if (op.phase == npb::Phase::Timed) timed.push_back(op);
    r.ops = timed;
  }
  npb::lower_collectives(&progs);
  bool finished = false;
  NpbRun run(sim, [&](int n) -> Host& { return on_eth ? eth.host(n) : sci.host(n); }, mpi.get(), progs, cycles_per_flop, 0, &ids,
             [&]() { finished = true; });
  run.start();
  while (!sim.run(1u << 22)) {
  }
  EXPECT_TRUE(finished) << run.where();
  return {run.elapsed_ps(), run.messages()};
}

TEST(NpbRun, EveryBenchmarkFinishesOverEveryMpiLayerWithEveryMessageSent) {
  const std::pair<npb::Benchmark, int> cases[] = {
      {npb::Benchmark::LU, 4}, {npb::Benchmark::MG, 8}, {npb::Benchmark::CG, 8}, {npb::Benchmark::EP, 8}};
  for (Layer layer : {Layer::kSsVia, Layer::kSciMpich, Layer::kMvia, Layer::kTcp})
    for (const auto& [b, procs] : cases) {
      std::vector<RankProgram> p;
      ASSERT_EQ(npb::build_program(b, npb::NpbClass::S, procs, &p), "");
      for (auto& r : p) {
        std::vector<Op> timed;
        for (const auto& op : r.ops)
          if (op.phase == npb::Phase::Timed) timed.push_back(op);
        r.ops = timed;
      }
      npb::lower_collectives(&p);
      npb::Totals t = npb::totals(p);
      RunResult res = run_npb(b, npb::NpbClass::S, procs, layer);
      EXPECT_EQ(res.messages, static_cast<uint64_t>(t.messages - t.self_messages)) << npb::benchmark_name(b);
      // No faster than its computation alone, divided evenly over the ranks.
      double compute_ps = t.flops * 4 / procs / 350e6 * 1e12;
      EXPECT_GT(static_cast<double>(res.elapsed), 0.99 * compute_ps) << npb::benchmark_name(b);
    }
}

TEST(NpbRun, OneProcessIsItsComputation) {
  RunResult one = run_npb(npb::Benchmark::MG, npb::NpbClass::S, 1, Layer::kSsVia, 3);
  EXPECT_EQ(one.messages, 0u);
  std::vector<RankProgram> p;
  ASSERT_EQ(npb::build_program(npb::Benchmark::MG, npb::NpbClass::S, 1, &p), "");
  double compute_s = npb::totals(p, npb::Phase::Timed).flops * 3 / 350e6;
  EXPECT_NEAR(static_cast<double>(one.elapsed) / 1e12, compute_s, compute_s * 1e-3);
}

TEST(NpbRun, MessagesToSelfAreCopiesNotNetworkMessages) {
  // MG S on 4 processes leaves one axis unsplit: its halo exchanges go to the rank itself.
  std::vector<RankProgram> p;
  ASSERT_EQ(npb::build_program(npb::Benchmark::MG, npb::NpbClass::S, 4, &p), "");
  for (auto& r : p) {
    std::vector<Op> timed;
    for (const auto& op : r.ops)
      if (op.phase == npb::Phase::Timed) timed.push_back(op);
    r.ops = timed;
  }
  npb::lower_collectives(&p);
  npb::Totals t = npb::totals(p);
  ASSERT_GT(t.self_messages, 0);
  RunResult four = run_npb(npb::Benchmark::MG, npb::NpbClass::S, 4, Layer::kTcp, 3);
  EXPECT_EQ(four.messages, static_cast<uint64_t>(t.messages - t.self_messages));
}

TEST(NpbRun, SlowerComputationRaisesTheSpeedup) {
  // Communication is fixed; making each flop dearer makes it a smaller share of the 8-node time.
  auto speedup = [](double cpf) {
    double t1 = static_cast<double>(run_npb(npb::Benchmark::CG, npb::NpbClass::S, 1, Layer::kSsVia, cpf).elapsed);
    double t8 = static_cast<double>(run_npb(npb::Benchmark::CG, npb::NpbClass::S, 8, Layer::kSsVia, cpf).elapsed);
    return t1 / t8;
  };
  double fast = speedup(2), slow = speedup(20);
  EXPECT_LT(fast, slow);
  EXPECT_LE(slow, 8.0);
}

std::string npb_scenario(const std::string& benchmarks, const std::string& series) {
  return R"({"format":"hpc-interconnect-scenario","version":1,"id":"n","cluster":{"fabric":"sci-ringlet","nodes":8},
    "workload":{"kind":"npb","processes":8,"benchmarks":[)" + benchmarks + R"(],"series":[)" + series + "]}}";
}

TEST(NpbSession, TablesHaveARowPerBenchmarkAndAColumnPerTransport) {
  std::string err;
  auto s = Session::create(
      npb_scenario(R"({"benchmark":"CG","class":"S"},{"benchmark":"EP","class":"S"})",
                   R"({"id":"ss-via","protocol":"ss-via","operation":"send"},{"id":"sci","label":"SCI-MPICH","protocol":"sci-mpich","operation":"send"})"),
      &err);
  ASSERT_TRUE(s) << err;
  while (!s->run(1u << 22)) {
  }
  auto j = nlohmann::json::parse(s->result_json());
  EXPECT_FALSE(j.contains("stalled"));
  const auto& exec = j["tables"][0];
  EXPECT_EQ(exec["id"], "npb-execution");
  EXPECT_EQ(exec["columns"], nlohmann::json({"1 process", "ss-via", "SCI-MPICH"}));
  ASSERT_EQ(exec["rows"].size(), 2u);
  EXPECT_EQ(exec["rows"][0]["label"], "CG");
  const auto& speed = j["tables"][1];
  EXPECT_EQ(speed["id"], "npb-speedup");
  ASSERT_EQ(speed["rows"].size(), 3u);
  EXPECT_EQ(speed["rows"][2]["label"], "Average");
  for (const auto& row : speed["rows"])
    for (const auto& v : row["values"]) {
      EXPECT_GT(v.get<double>(), 1.0);
      EXPECT_LE(v.get<double>(), 8.0);
    }
  // EP has nothing but a few reductions: its speed-up is within 1% of the 8 processes.
  EXPECT_GT(speed["rows"][1]["values"][0].get<double>(), 7.9);
  bool cg_histogram = false;
  for (const auto& h : j["message_histograms"])
    if (h["id"] == "CG.S/ss-via") cg_histogram = h["histogram"].size() > 1;
  EXPECT_TRUE(cg_histogram);
}

TEST(NpbScenario, BadNpbWorkloadsAreRefusedNamingTheField) {
  std::string err;
  auto bad = [&](const std::string& text) {
    err.clear();
    EXPECT_FALSE(Session::create(text, &err));
    return err;
  };
  const std::string via = R"({"id":"v","protocol":"ss-via","operation":"send"})";
  EXPECT_NE(bad(npb_scenario(R"({"benchmark":"FT","class":"S"})", via)).find("workload.benchmarks/0.benchmark"),
            std::string::npos);
  EXPECT_NE(bad(npb_scenario(R"({"benchmark":"LU","class":"S"})", via)).find("workload.benchmarks/0: processes"),
            std::string::npos);
  std::string qsnet = npb_scenario(R"({"benchmark":"EP","class":"S"})", via);
  qsnet.replace(qsnet.find("sci-ringlet"), 11, "qsnet");
  EXPECT_NE(bad(qsnet).find("workload.kind: npb runs on the seed 003 SCI cluster"), std::string::npos);
  std::string too_many = npb_scenario(R"({"benchmark":"EP","class":"S"})", via);
  too_many.replace(too_many.find("\"processes\":8"), 13, "\"processes\":9");
  EXPECT_NE(bad(too_many).find("workload.processes"), std::string::npos);
}

}  // namespace
}  // namespace hpcsim
