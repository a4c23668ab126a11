// NPB 2.3 communication skeletons: hand-derived message counts and sizes, send/receive pairing,
// class scaling, flop model sanity, argument errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "workload/npb/npb.h"

namespace hpcsim::npb {
namespace {

std::vector<RankProgram> Build(Benchmark b, NpbClass c, int p) {
  std::vector<RankProgram> out;
  const std::string err = build_program(b, c, p, &out);
  EXPECT_EQ(err, "") << benchmark_name(b) << " " << class_name(c) << " P=" << p;
  return out;
}

int64_t CountOps(const std::vector<RankProgram>& progs, OpKind kind, Phase phase) {
  int64_t n = 0;
  for (const auto& p : progs)
    for (const auto& op : p.ops)
      if (op.kind == kind && op.phase == phase) ++n;
  return n;
}

// ---------------------------------------------------------------------------------------- LU
// LU W (33^3, itmax = inorm = 300) on P = 8: ndim = 3, xdim = 2^(3/2) = 2, doubled (ndim odd) = 4,
// ydim = 2. nx: 33 mod 4 = 1 -> row 1 has 9, rows 2-4 have 8; ny: 33 mod 2 = 1 -> col 1 17, col 2 16.
// Interior i-counts (ist..iend): row1 2..9 = 8, rows 2,3 1..8 = 8, row4 1..7 = 7; j: col1 2..17 = 16,
// col2 1..15 = 15. k-planes 2..32 = 31.
// blts per plane: Send S by rows 1-3 (x2 cols): 5*16 = 80 doubles = 640 B (col1), 5*15 = 75 = 600 B
// (col2) -> 3 x 640 + 3 x 600; Send E by col 1 (4 rows): 5*8 = 40 = 320 B (rows 1-3), 5*7 = 280 B
// (row 4). = 10 messages, 1920 + 1800 + 960 + 280 = 4960 B. buts mirrors it.
// Per iteration pipeline: 2 x 31 x 10 = 620 messages, 2 x 31 x 4960 = 307,520 B.
// rhs exchange_3: N/S 3 links x 2 cols x 2 directions = 12 messages of 10*ny*nz: 10*17*33*8 = 44,880 B
// (6) and 10*16*33*8 = 42,240 B (6); E/W 4 links x 2 = 8 messages of 10*nx*nz: 10*9*33*8 = 23,760 B (2),
// 10*8*33*8 = 21,120 B (6). = 20 messages, 269,280 + 253,440 + 47,520 + 126,720 = 696,960 B.
// Per iteration 640 messages, 1,004,480 B; x300 = 192,000 messages, 301,344,000 B.
TEST(NpbLu, ClassWOn8MatchesHandDerivation) {
  const auto progs = Build(Benchmark::LU, NpbClass::W, 8);
  const Totals t = totals(progs, Phase::Timed);
  EXPECT_EQ(t.messages, 192000);
  EXPECT_EQ(t.bytes, 301344000);
  EXPECT_EQ(t.self_messages, 0);
  const MessageHistogram expected = {{280, 2 * 31 * 300},      {320, 3 * 2 * 31 * 300},
                                     {600, 3 * 2 * 31 * 300},  {640, 3 * 2 * 31 * 300},
                                     {21120, 6 * 300},         {23760, 2 * 300},
                                     {42240, 6 * 300},         {44880, 6 * 300}};
  EXPECT_EQ(histogram(progs, Phase::Timed), expected);
  // l2norm inside the loop only at istep = 300 = inorm: twice (delunm and rsdnm), 5 doubles.
  EXPECT_EQ(t.collectives, 2);
  EXPECT_EQ(t.collective_bytes, 80);
}

// LU S (12^3, 50 iterations) on P = 4: xdim = ydim = 2; nx = ny = 6, interior counts 5 and 5,
// 10 k-planes. blts per plane: 2 Send S + 2 Send E of 5*5 = 25 doubles = 200 B.
// Per iteration pipeline 2 x 10 x 4 = 80 messages, 16,000 B; rhs: 2 N/S links + 2 E/W links, 2
// messages each of 10*6*12*8 = 5,760 B -> 8 messages, 46,080 B. Per iteration 88 / 62,080 B;
// x50 = 4,400 messages, 3,104,000 B.
TEST(NpbLu, ClassSOn4MatchesHandDerivation) {
  const Totals t = totals(Build(Benchmark::LU, NpbClass::S, 4), Phase::Timed);
  EXPECT_EQ(t.messages, 4400);
  EXPECT_EQ(t.bytes, 3104000);
}

// LU A (64^3, 250 it.) on P = 8: nx = 16, ny = 32; i-counts 15,16,16,15, j-counts 31,31, 62 planes.
// blts plane: 6 Send S of 5*31*8 = 1,240 B = 7,440 B; 4 Send E of 600, 640, 640, 600 B = 2,480 B.
// pipeline per it.: 2 x 62 x 10 = 1,240 msgs, 2 x 62 x 9,920 = 1,230,080 B. rhs: 12 x 10*32*64*8 =
// 12 x 163,840 = 1,966,080 B; 8 x 10*16*64*8 = 8 x 81,920 = 655,360 B. Per it. 1,260 msgs, 3,851,520 B;
// x250 = 315,000 msgs, 962,880,000 B: 3.195x the bytes of class W (n^2 faces x n planes, fewer its).
TEST(NpbLu, ClassAScalesFromW) {
  const Totals a = totals(Build(Benchmark::LU, NpbClass::A, 8), Phase::Timed);
  const Totals w = totals(Build(Benchmark::LU, NpbClass::W, 8), Phase::Timed);
  EXPECT_EQ(a.messages, 315000);
  EXPECT_EQ(a.bytes, 962880000);
  EXPECT_NEAR(static_cast<double>(a.bytes) / static_cast<double>(w.bytes), 3.1953, 1e-3);
}

// ---------------------------------------------------------------------------------------- MG
// MG W (NPB 2.3: 64^3, 40 iterations) on P = 8: pi = (2,2,2), lt = 6; at level k each rank holds
// L = 2^(k-1) points per axis, m = L + 2. comm3 sends 2 messages per axis: axis1 L^2, axis2 (L+2)L,
// axis3 (L+2)^2 doubles. Bytes per comm3 per rank = 2 x 8 x (sum):
//   L6 (L=32): 1024+1088+1156 -> 52,288 B; L5: 256+288+324 -> 13,888; L4: 64+80+100 -> 3,904;
//   L3: 16+24+36 -> 1,216; L2: 4+8+16 -> 448; L1: 1+3+9 -> 208.
// comm3 calls per iteration (mg3P + resid): L6: resid, psinv, resid = 3; L5..L2: rprj3, resid, psinv = 3;
// L1: rprj3, psinv = 2 -> 17 comm3 x 6 = 102 messages per rank, 816 for 8 ranks;
// bytes per rank 3 x (52,288+13,888+3,904+1,216+448) + 2 x 208 = 215,648 -> 1,725,184 B.
// Timed = initial resid (1 comm3 at L6) + 40 iterations: 40 x 816 + 48 = 32,688 messages,
// 40 x 1,725,184 + 8 x 52,288 = 69,425,664 B. No dead level (ng(1) = 2 = pi), so no comm3_ex.
TEST(NpbMg, ClassWOn8MatchesHandDerivation) {
  const auto progs = Build(Benchmark::MG, NpbClass::W, 8);
  const Totals t = totals(progs, Phase::Timed);
  EXPECT_EQ(t.messages, 32688);
  EXPECT_EQ(t.bytes, 69425664);
  EXPECT_EQ(t.self_messages, 0);
  EXPECT_EQ(t.collectives, 4);  // two norm2u3, each max + sum of 1 double
  EXPECT_EQ(t.collective_bytes, 32);
}

// MG S (32^3, 4 it.) on P = 4: log_p = 2, dx = 0, dy = 1 -> pi = (1,2,2): axis 1 is not split, its
// two messages go to self. Level k: m1 = 2^k + 2, m2 = m3 = 2^(k-1) + 2. Per comm3 per rank
// 2 x 8 x (axis1 4^(k-1) + axis2 m1 2^(k-1) + axis3 m1 m2):
//   L5: 256+544+612 -> 22,592 B; L4: 64+144+180 -> 6,208; L3: 16+40+60 -> 1,856; L2: 4+12+24 -> 640;
//   L1: 1+4+12 -> 272. lt = 5, so per iteration 3 comm3 at L5..L2 and 2 at L1 = 14 (not W's 17):
// per rank 3 x 31,296 + 2 x 272 = 94,432 B; x4 ranks 377,728 B, 4 x 14 x 6 = 336 messages (4 x 14 x 2
// = 112 to self). Timed: 4 it. + initial resid (24 messages, 4 x 22,592 B):
// 1,368 messages, 1,601,280 B, 4 x 112 + 4 x 2 = 456 to self.
TEST(NpbMg, ClassSOn4SendsToSelfOnUnsplitAxis) {
  const Totals t = totals(Build(Benchmark::MG, NpbClass::S, 4), Phase::Timed);
  EXPECT_EQ(t.messages, 1368);
  EXPECT_EQ(t.bytes, 1601280);
  EXPECT_EQ(t.self_messages, 456);
}

TEST(NpbMg, DeadLevelsUseComm3Ex) {
  // P = 16: pi = (2,2,4) and ng(1) = 2 < 4, so half the ranks are empty at level 1 and interp to
  // level 2 expands with give3_ex/take3_ex (messages carrying n2*n3 and 2*n2*n3 doubles etc.).
  const auto progs = Build(Benchmark::MG, NpbClass::S, 16);
  int64_t ex = 0;
  for (const auto& p : progs)
    for (const auto& op : p.ops)
      if (op.kind == OpKind::Send && std::string(op.what) == "comm3_ex give3_ex") ++ex;
  EXPECT_GT(ex, 0);
  EXPECT_EQ(check_matching(progs), "");
}

// ---------------------------------------------------------------------------------------- CG
// CG A (na = 14000, 15 it.) on P = 8: nprows = 2, npcols = 4, l2npcols = 2. 14000/4 = 3500 columns,
// 7000 rows; send_len = 3500 (half the rows, non-square grid). Reduce steps i = 2, 1 each send and
// receive 3500 doubles = 28,000 B; the transpose sends 3500 doubles = 28,000 B; exch_proc =
// 2*(mod(me/2,2)*2 + me/4) + mod(me,2) = 0,1,4,5,2,3,6,7 -> ranks 0,1,6,7 transpose to themselves.
// Per conj_grad per rank: rho 2 x 8 B; 25 x (2 + 1 large, 2 x 2 x 8 B); final 2 + 1 large + 2 x 8 B
// -> 78 large and 104 small; 8 ranks: 624 x 28,000 B + 832 x 8 B; norm_temp 2 x 16 B per rank = 16.
// Per outer iteration 1,472 messages, 17,472,000 + 6,656 + 256 = 17,478,912 B;
// x15 = 22,080 messages, 262,183,680 B, self = 26 transposes x 4 ranks x 15 = 1,560.
TEST(NpbCg, ClassAOn8MatchesHandDerivation) {
  const auto progs = Build(Benchmark::CG, NpbClass::A, 8);
  const Totals t = totals(progs, Phase::Timed);
  EXPECT_EQ(t.messages, 22080);
  EXPECT_EQ(t.bytes, 262183680);
  EXPECT_EQ(t.self_messages, 1560);
  const MessageHistogram expected = {{8, 832 * 15}, {16, 16 * 15}, {28000, 624 * 15}};
  EXPECT_EQ(histogram(progs, Phase::Timed), expected);
}

// CG S (na = 1400) on P = 4: 2 x 2 grid, l2npcols = 1, 700 rows and columns, send_len 700 -> 5,600 B.
// Per conj_grad (4 ranks): large = (25 + 1) x (1 reduce + 1 transpose) x 4 = 208 x 5,600 B,
// small = 4 + 25 x 2 x 4 + 4 = 208 x 8 B; norm_temp 4 x 16 B. Per it. 420 messages,
// 1,164,800 + 1,664 + 64 = 1,166,528 B; x15 = 6,300 messages, 17,497,920 B.
TEST(NpbCg, ClassSOn4MatchesHandDerivation) {
  const Totals t = totals(Build(Benchmark::CG, NpbClass::S, 4), Phase::Timed);
  EXPECT_EQ(t.messages, 6300);
  EXPECT_EQ(t.bytes, 17497920);
}

// ---------------------------------------------------------------------------------------- EP
// EP W (m = 25) on P = 8: nn = 2^(25-16) = 512 batches, 64 per rank of 65,536 pairs. No point-to-
// point; timed: Allreduce sx (8 B), sy (8 B), q (80 B); after the timer Allreduce of the time.
TEST(NpbEp, ClassWOn8IsOnlyReductions) {
  const auto progs = Build(Benchmark::EP, NpbClass::W, 8);
  EXPECT_EQ(totals(progs).messages, 0);
  const Totals t = totals(progs, Phase::Timed);
  EXPECT_EQ(t.collectives, 3);
  EXPECT_EQ(t.collective_bytes, 96);
  EXPECT_EQ(totals(progs, Phase::Final).collective_bytes, 8);
  int64_t pairs = 0;
  for (const auto& p : progs)
    for (const auto& op : p.ops)
      if (op.kind == OpKind::Compute) {
        EXPECT_EQ(op.work, 64 * 65536);
        pairs += op.work;
      }
  EXPECT_EQ(pairs, int64_t{1} << 25);
}

// EP S (m = 24) on P = 3: nn = 256 = 3 x 85 + 1 -> rank 0 does 86 batches, ranks 1-2 do 85.
TEST(NpbEp, ClassSOn3SplitsBatchesUnevenly) {
  const auto progs = Build(Benchmark::EP, NpbClass::S, 3);
  const int64_t expected[] = {86 * 65536, 85 * 65536, 85 * 65536};
  for (int r = 0; r < 3; ++r) {
    for (const auto& op : progs[static_cast<size_t>(r)].ops) {
      if (op.kind == OpKind::Compute) {
        EXPECT_EQ(op.work, expected[r]);
      }
    }
  }
  EXPECT_EQ(check_matching(progs), "");
}

// ---------------------------------------------------------------------------------------- BT
// BT W (24^3, 200 it.) on P = 4: ncells = 2, MAX_CELL_DIM = 24/2 + 1 = 13, cells 12^3.
// copy_faces: per direction 1 of the 2 cells is not on the grid face -> 2 x 5 x 12 x 12 = 1,440 doubles
// = 11,520 B; 6 messages per rank, 24 per step. Solves per rank and direction: 1 forward Isend of
// 13^2 x 30 = 5,070 doubles = 40,560 B and 1 back Isend of 13^2 x 5 = 845 doubles = 6,760 B; x3
// directions x 4 ranks = 12 of each. Per step 48 messages, 276,480 + 12 x 47,320 = 844,320 B;
// x200 = 9,600 messages, 168,864,000 B.
TEST(NpbBt, ClassWOn4MatchesHandDerivation) {
  const auto progs = Build(Benchmark::BT, NpbClass::W, 4);
  const Totals t = totals(progs, Phase::Timed);
  EXPECT_EQ(t.messages, 9600);
  EXPECT_EQ(t.bytes, 168864000);
  const MessageHistogram expected = {{6760, 2400}, {11520, 4800}, {40560, 2400}};
  EXPECT_EQ(histogram(progs, Phase::Timed), expected);
}

// BT S (12^3, 60 it.) on P = 9: ncells = 3, MAX_CELL_DIM = 12/3 + 1 = 5, cells 4^3. copy_faces: 2 of 3
// cells per direction -> 2 x (2 x 5 x 4 x 4) = 320 doubles = 2,560 B, 54 messages (138,240 B) per step.
// Solves: per rank and direction 2 forward Isends of 5^2 x 30 x 8 = 6,000 B and 2 back of 1,000 B
// -> 9 x 3 x 4 = 108 messages, 378,000 B. Per step 162 / 516,240 B; x60 = 9,720 messages, 30,974,400 B.
TEST(NpbBt, ClassSOn9MatchesHandDerivation) {
  const Totals t = totals(Build(Benchmark::BT, NpbClass::S, 9), Phase::Timed);
  EXPECT_EQ(t.messages, 9720);
  EXPECT_EQ(t.bytes, 30974400);
}

// ------------------------------------------------------------------------------ pairing / model
struct Case { Benchmark b; NpbClass c; int p; };

TEST(NpbMatching, EverySendMeetsItsReceiveWithoutDeadlock) {
  const Case cases[] = {
      {Benchmark::LU, NpbClass::S, 1},  {Benchmark::LU, NpbClass::S, 2},  {Benchmark::LU, NpbClass::S, 4},
      {Benchmark::LU, NpbClass::W, 8},  {Benchmark::LU, NpbClass::W, 16}, {Benchmark::LU, NpbClass::A, 32},
      {Benchmark::MG, NpbClass::S, 1},  {Benchmark::MG, NpbClass::S, 2},  {Benchmark::MG, NpbClass::S, 4},
      {Benchmark::MG, NpbClass::W, 8},  {Benchmark::MG, NpbClass::S, 32}, {Benchmark::MG, NpbClass::S, 64},
      {Benchmark::CG, NpbClass::S, 1},  {Benchmark::CG, NpbClass::S, 2},  {Benchmark::CG, NpbClass::A, 8},
      {Benchmark::CG, NpbClass::W, 16}, {Benchmark::CG, NpbClass::W, 128}, {Benchmark::EP, NpbClass::W, 8},
      {Benchmark::BT, NpbClass::S, 1},  {Benchmark::BT, NpbClass::S, 4},  {Benchmark::BT, NpbClass::S, 9},
      {Benchmark::BT, NpbClass::W, 4},  {Benchmark::BT, NpbClass::W, 9},  {Benchmark::BT, NpbClass::W, 16},
  };
  for (const Case& k : cases) {
    const auto progs = Build(k.b, k.c, k.p);
    SCOPED_TRACE(std::string(benchmark_name(k.b)) + " " + class_name(k.c) + " P=" + std::to_string(k.p));
    EXPECT_EQ(check_matching(progs, false), "");
    EXPECT_EQ(check_matching(progs, true), "");  // also safe when sends wait for the receive
  }
}

TEST(NpbMatching, MatcherCatchesBrokenPrograms) {
  std::vector<RankProgram> p(2);
  p[0].rank = 0;
  p[1].rank = 1;
  Op recv;
  recv.kind = OpKind::Recv;
  recv.peer = 1;
  recv.bytes = 8;
  Op send = recv;
  send.kind = OpKind::Send;
  // Both ranks receive first: deadlock.
  p[0].ops = {recv, send};
  recv.peer = send.peer = 0;
  p[1].ops = {recv, send};
  EXPECT_NE(check_matching(p).find("deadlock"), std::string::npos);
  // Sizes differ: 8 B sent, 16 B expected.
  p[0].ops = {send};
  p[0].ops[0].peer = 1;
  recv.bytes = 16;
  p[1].ops = {recv};
  EXPECT_NE(check_matching(p).find("matched a 8 B message"), std::string::npos);
  // Exchange by blocking sends first: fine eagerly, deadlock under rendezvous.
  Op s0 = send, r0 = recv;
  s0.peer = r0.peer = 1;
  s0.bytes = r0.bytes = 8;
  Op s1 = s0, r1 = r0;
  s1.peer = r1.peer = 0;
  p[0].ops = {s0, r0};
  p[1].ops = {s1, r1};
  EXPECT_EQ(check_matching(p, false), "");
  EXPECT_NE(check_matching(p, true), "");
}

TEST(NpbModel, FlopsAreWithinAThirdOfNpbOperationCount) {
  const Case cases[] = {{Benchmark::LU, NpbClass::W, 8}, {Benchmark::MG, NpbClass::W, 8},
                        {Benchmark::CG, NpbClass::A, 8}, {Benchmark::BT, NpbClass::W, 4}};
  for (const Case& k : cases) {
    const double model = totals(Build(k.b, k.c, k.p), Phase::Timed).flops;
    const double official = official_flops(k.b, k.c);
    EXPECT_GT(model, 0.65 * official) << benchmark_name(k.b);
    EXPECT_LT(model, 1.35 * official) << benchmark_name(k.b);
  }
  // Every Compute says what it stands for and has non-negative counts.
  for (const auto& prog : Build(Benchmark::LU, NpbClass::S, 4))
    for (const auto& op : prog.ops)
      if (op.kind == OpKind::Compute) {
        EXPECT_GE(op.flops, 0);
        EXPECT_NE(std::string(op.what), "");
      }
}

TEST(NpbModel, BuildIsDeterministicAndPhasesAreOrdered) {
  const auto a = Build(Benchmark::MG, NpbClass::S, 8);
  const auto b = Build(Benchmark::MG, NpbClass::S, 8);
  ASSERT_EQ(a.size(), b.size());
  for (size_t r = 0; r < a.size(); ++r) {
    ASSERT_EQ(a[r].ops.size(), b[r].ops.size());
    for (size_t i = 0; i < a[r].ops.size(); ++i) {
      EXPECT_EQ(a[r].ops[i].kind, b[r].ops[i].kind);
      EXPECT_EQ(a[r].ops[i].bytes, b[r].ops[i].bytes);
      EXPECT_EQ(a[r].ops[i].peer, b[r].ops[i].peer);
    }
  }
  // Timed operations form one contiguous block per rank.
  for (const auto& prog : a) {
    int transitions = 0;
    for (size_t i = 1; i < prog.ops.size(); ++i)
      if ((prog.ops[i].phase == Phase::Timed) != (prog.ops[i - 1].phase == Phase::Timed)) ++transitions;
    EXPECT_EQ(transitions, 2);
  }
  EXPECT_EQ(CountOps(a, OpKind::Barrier, Phase::Timed), 0);
}

TEST(NpbArguments, InvalidArgumentsAreRefusedNamingTheField) {
  std::vector<RankProgram> out;
  EXPECT_EQ(build_program(Benchmark::BT, NpbClass::W, 8, &out).rfind("processes: BT needs a square", 0), 0u);
  EXPECT_EQ(build_program(Benchmark::LU, NpbClass::W, 6, &out).rfind("processes:", 0), 0u);
  EXPECT_EQ(build_program(Benchmark::LU, NpbClass::S, 64, &out).rfind("processes:", 0), 0u);
  EXPECT_EQ(build_program(Benchmark::CG, NpbClass::A, 12, &out).rfind("processes:", 0), 0u);
  EXPECT_EQ(build_program(Benchmark::MG, NpbClass::S, 3, &out).rfind("processes:", 0), 0u);
  EXPECT_EQ(build_program(Benchmark::EP, NpbClass::S, 512, &out).rfind("processes:", 0), 0u);
  EXPECT_EQ(build_program(Benchmark::BT, NpbClass::S, 25, &out).rfind("processes:", 0), 0u);  // 12/5 = 2 < 3
  EXPECT_EQ(build_program(Benchmark::EP, NpbClass::S, 0, &out).rfind("processes:", 0), 0u);
  EXPECT_EQ(build_program(Benchmark::EP, static_cast<NpbClass>(7), 4, &out).rfind("class:", 0), 0u);
  EXPECT_EQ(build_program(static_cast<Benchmark>(9), NpbClass::S, 4, &out).rfind("benchmark:", 0), 0u);
  EXPECT_EQ(build_program(Benchmark::EP, NpbClass::S, 4, nullptr).rfind("out:", 0), 0u);
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace hpcsim::npb
