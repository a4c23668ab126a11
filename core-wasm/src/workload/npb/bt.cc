// NPB BT (block-tridiagonal ADI, multi-partition) skeleton. Source: bt.f, adi.f, make_set.f,
// copy_faces.f, x_solve.f, y_solve.f, z_solve.f, verify.f, header.h.
//
// P must be a square; ncells = sqrt(P) cells per rank (make_set): the bottom cell at
// (node mod p, node / p, 0), then (x+1, y-1, z+1) mod p; predecessor/successor per direction as in
// make_set; cell sizes N/p (+1 for the first N mod p coordinates), at least 3.
// MAX_CELL_DIM = N/sqrt(P) + 1 (header / REFERENCES §1.7.2).
// copy_faces (P > 1): Irecv x6 (from successor(1) tag WEST, predecessor(1) EAST, successor(2) SOUTH,
// predecessor(2) NORTH, successor(3) BOTTOM, predecessor(3) TOP), Isend x6 (to successor(1) EAST, ...),
// waitall; each buffer = sum over the rank's cells not on that grid face of 2 layers x 5 doubles x
// face points. x_solve (y, z alike): forward stages 1..ncells: Irecv from predecessor of
// MAX_CELL_DIM^2 x 30 doubles (tag WEST + jp + kp*ncells), Wait the previous Isend, Wait, solve the
// cell, Isend to successor; back substitution stages ncells..1 with MAX_CELL_DIM^2 x 5 doubles, tag
// EAST + jp + kp*ncells, to the predecessor. Tags EAST=2000, WEST=3000, NORTH=4000, SOUTH=5000,
// BOTTOM=6000, TOP=7000 (header.h).
// Flops per cell point (loop-nest estimates): compute_rhs 620, x/y/z solve_cell 900 each (fjac/njac
// 270, binvcrhs 330, matmul_sub 250, matvec_sub 50), back substitution 50 each, add 5 (total ~3475
// vs NPB's 3478.8 n^3 leading term).
// Assumed: y_solve/z_solve use SOUTH/NORTH and BOTTOM/TOP tags with (ip, kp) and (ip, jp) as x_solve
// uses WEST/EAST with (jp, kp); the untimed adi "to touch all code" is kept (Phase::Warmup); verify =
// error_norm Allreduce (5 doubles), copy_faces + compute_rhs, rhs_norm Allreduce (5 doubles), then
// the max-time Reduce; broadcasts niter (4 B), dt (8 B), grid_points (12 B); timeron omitted.
#include <array>
#include <cmath>

#include "workload/npb/builder.h"

namespace hpcsim::npb {
namespace {

constexpr int kEast = 2000, kWest = 3000, kNorth = 4000, kSouth = 5000, kBottom = 6000, kTop = 7000;
constexpr double kRhsFlops = 620, kSolveFlops = 900, kBackFlops = 50, kAddFlops = 5;

struct BtRank {
  int node = 0, p = 0, mcd = 0;
  std::vector<std::array<int, 3>> coord, size;  // per cell (0-based index), coords 1..p
  std::array<int, 3> pred{}, succ{};
  std::array<std::vector<int>, 3> slice;  // slice[dir][stage-1] = cell

  std::string setup(int n, int node_, int p_) {
    node = node_;
    p = p_;
    mcd = n / p + 1;
    coord.assign(static_cast<size_t>(p), {0, 0, 0});
    size = coord;
    coord[0] = {node % p, node / p, 0};
    for (int c = 1; c < p; ++c) {
      const auto& q = coord[static_cast<size_t>(c) - 1];
      coord[static_cast<size_t>(c)] = {(q[0] + 1) % p, (q[1] - 1 + p) % p, c};
    }
    for (auto& q : coord) for (int& v : q) ++v;
    for (auto& s : slice) s.assign(static_cast<size_t>(p), 0);
    for (size_t d = 0; d < 3; ++d) {
      for (int c = 0; c < p; ++c) slice[d][static_cast<size_t>(coord[static_cast<size_t>(c)][d] - 1)] = c;
    }
    const int i = coord[0][0] - 1, j = coord[0][1] - 1;
    pred = {(i - 1 + p) % p + p * j, i + p * ((j - 1 + p) % p), (i + 1) % p + p * ((j - 1 + p) % p)};
    succ = {(i + 1) % p + p * j, i + p * ((j + 1) % p), (i - 1 + p) % p + p * ((j + 1) % p)};
    for (size_t d = 0; d < 3; ++d) {
      const int sz = n / p, excess = n % p;
      for (int c = 0; c < p; ++c) {
        const int cs = coord[static_cast<size_t>(c)][d] <= excess ? sz + 1 : sz;
        if (cs <= 2) return "cell size " + std::to_string(cs) + " is too small (min 3)";
        size[static_cast<size_t>(c)][d] = cs;
      }
    }
    return "";
  }

  int64_t points() const {
    int64_t t = 0;
    for (const auto& s : size) t += int64_t{s[0]} * s[1] * s[2];
    return t;
  }
  int64_t cell_points(int c) const {
    const auto& s = size[static_cast<size_t>(c)];
    return int64_t{s[0]} * s[1] * s[2];
  }
  // Bytes of the copy_faces buffer toward the high (hi = true) or low side of direction d.
  int64_t face_bytes(size_t d, bool hi) const {
    int64_t doubles = 0;
    for (int c = 0; c < p; ++c) {
      const auto& q = coord[static_cast<size_t>(c)];
      const auto& s = size[static_cast<size_t>(c)];
      if (q[d] == (hi ? p : 1)) continue;
      const int64_t face = d == 0 ? int64_t{s[1]} * s[2] : d == 1 ? int64_t{s[0]} * s[2] : int64_t{s[0]} * s[1];
      doubles += 2 * 5 * face;
    }
    return doubles * kDouble;
  }

  void copy_faces(Builder& b) const {
    if (p > 1) {
      const char* w = "copy_faces";
      std::array<int, 12> req{};
      req[0] = b.irecv(succ[0], face_bytes(0, true), kWest, w);
      req[1] = b.irecv(pred[0], face_bytes(0, false), kEast, w);
      req[2] = b.irecv(succ[1], face_bytes(1, true), kSouth, w);
      req[3] = b.irecv(pred[1], face_bytes(1, false), kNorth, w);
      req[4] = b.irecv(succ[2], face_bytes(2, true), kBottom, w);
      req[5] = b.irecv(pred[2], face_bytes(2, false), kTop, w);
      req[6] = b.isend(succ[0], face_bytes(0, true), kEast, w);
      req[7] = b.isend(pred[0], face_bytes(0, false), kWest, w);
      req[8] = b.isend(succ[1], face_bytes(1, true), kNorth, w);
      req[9] = b.isend(pred[1], face_bytes(1, false), kSouth, w);
      req[10] = b.isend(succ[2], face_bytes(2, true), kTop, w);
      req[11] = b.isend(pred[2], face_bytes(2, false), kBottom, w);
      for (int r : req) b.wait(r, "copy_faces waitall");
    }
    b.compute(kRhsFlops * static_cast<double>(points()), points(), "compute_rhs");
  }

  // One direction d (0 = x, 1 = y, 2 = z) of the line solves.
  void solve(Builder& b, size_t d) const {
    static const char* names[] = {"x_solve", "y_solve", "z_solve"};
    const int fwd_tag[] = {kWest, kSouth, kBottom}, back_tag[] = {kEast, kNorth, kTop};
    const int64_t fwd = int64_t{mcd} * mcd * 30 * kDouble, back = int64_t{mcd} * mcd * 5 * kDouble;
    auto tag_of = [&](int c, int base) {
      const auto& q = coord[static_cast<size_t>(c)];
      const int a = d == 0 ? q[1] - 1 : q[0] - 1;  // jp (x) or ip (y, z)
      const int e = d == 2 ? q[1] - 1 : q[2] - 1;  // kp (x, y) or jp (z)
      return base + a + e * p;
    };
    int send_id = -1;
    for (int stage = 1; stage <= p; ++stage) {
      const int c = slice[d][static_cast<size_t>(stage) - 1];
      if (stage > 1) {
        const int recv_id = b.irecv(pred[d], fwd, tag_of(c, fwd_tag[d]), names[d]);
        b.wait(send_id, names[d]);
        b.wait(recv_id, names[d]);
      }
      b.compute(kSolveFlops * static_cast<double>(cell_points(c)), cell_points(c), names[d]);
      if (stage < p) send_id = b.isend(succ[d], fwd, tag_of(c, fwd_tag[d]), names[d]);
    }
    for (int stage = p; stage >= 1; --stage) {
      const int c = slice[d][static_cast<size_t>(stage) - 1];
      if (stage < p) {
        const int recv_id = b.irecv(succ[d], back, tag_of(c, back_tag[d]), names[d]);
        b.wait(send_id, names[d]);
        b.wait(recv_id, names[d]);
      }
      b.compute(kBackFlops * static_cast<double>(cell_points(c)), cell_points(c), "backsubstitute");
      if (stage > 1) send_id = b.isend(pred[d], back, tag_of(c, back_tag[d]), names[d]);
    }
  }

  void adi(Builder& b) const {
    copy_faces(b);
    solve(b, 0);
    solve(b, 1);
    solve(b, 2);
    b.compute(kAddFlops * static_cast<double>(points()), points(), "add");
  }
};

}  // namespace

std::string build_bt_io(NpbClass c, int processes, int wr_interval, std::vector<RankProgram>* out) {
  const int ci = static_cast<int>(c);
  const int n_of[] = {12, 24, 64, 102}, niter_of[] = {60, 200, 200, 200};
  const int p = static_cast<int>(std::lround(std::sqrt(static_cast<double>(processes))));
  if (p * p != processes) {
    return "processes: BT needs a square number of processes, got " + std::to_string(processes);
  }
  for (int node = 0; node < processes; ++node) {
    BtRank r;
    const std::string err = r.setup(n_of[ci], node, p);
    if (!err.empty()) {
      return "processes: BT class " + std::string(class_name(c)) + " on " + std::to_string(processes) +
             " processes: " + err;
    }
    Builder b(&(*out)[static_cast<size_t>(node)]);
    b.phase = Phase::Setup;
    b.bcast(0, kInt, "niter");
    b.bcast(0, kDouble, "dt");
    b.bcast(0, 3 * kInt, "grid_points");
    b.phase = Phase::Warmup;
    r.adi(b);
    b.phase = Phase::Setup;
    b.barrier("before timer");
    b.phase = Phase::Timed;
    for (int step = 1; step <= niter_of[ci]; ++step) {
      r.adi(b);
      if (wr_interval > 0 && step % wr_interval == 0) b.io(step / wr_interval, "output_timestep");
    }
    b.phase = Phase::Final;
    b.allreduce(5 * kDouble, "verify: error_norm");
    r.copy_faces(b);
    b.allreduce(5 * kDouble, "verify: rhs_norm");
    b.reduce(0, kDouble, "max time");
  }
  return "";
}

std::string build_bt(NpbClass c, int processes, std::vector<RankProgram>* out) {
  return build_bt_io(c, processes, 0, out);
}

std::string build_btio(NpbClass c, int processes, int wr_interval, std::vector<RankProgram>* out) {
  if (wr_interval < 1) return "wr_interval: must be at least 1, got " + std::to_string(wr_interval);
  out->assign(static_cast<size_t>(processes > 0 ? processes : 0), RankProgram{});
  for (int r = 0; r < processes; ++r) (*out)[static_cast<size_t>(r)].rank = r;
  return build_bt_io(c, processes, wr_interval, out);
}

}  // namespace hpcsim::npb
