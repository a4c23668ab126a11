// NPB MG (V-cycle multigrid) skeleton. Source: mg.f (setup, mg3P, resid, psinv, rprj3, interp,
// norm2u3, zran3, comm3, comm3_ex, ready, give3, take3, give3_ex, take3_ex).
//
// Grid (setup): P a power of two, log_p = log2 P, pi(1) = 2^(log_p/3), pi(2) = 2^((log_p-dx)/2),
// pi(3) = P/(pi(1) pi(2)); idi(1) = me mod pi(1), idi(2) = (me/pi(1)) mod pi(2), idi(3) = me/(pi(1)pi(2)).
// Levels k = lt..1 (lt = log2 N, lb = 1), ng(k) = N/2^(lt-k); local extents incl. 2 ghost layers
// mi(ax,k) = 2 + ((idi+1) ng)/pi - (idi ng)/pi; a level where some mi = 2 is dead for the rank; next(ax)
// doubles below such levels and give_ex/take_ex mark the levels where interp must expand
// (comm3_ex). nbr(ax,+-1,k) = idi +- next(ax) (periodic); equal to me when pi(ax) = 1.
// comm3 (not dead, P > 1), per axis 1..3: Irecv from nbr(+1) tag msg_type(ax,-1), Irecv from nbr(-1)
// tag msg_type(ax,+1), Send to nbr(+1) (tag (ax,+1)), Send to nbr(-1) (tag (ax,-1)), Wait, Wait;
// msg_type(d,j) = 100 (j+2+10 d). Doubles per message: axis 1 (n2-2)(n3-2), axis 2 n1(n3-2),
// axis 3 n1 n2. comm3_ex: takers post both Irecvs and wait; givers send 1 layer to -1 and 2 layers
// to +1 (axis 1: n2 n3 and 2 n2 n3, etc.). The Irecv sizes here are what take3/take3_ex unpack
// (ready posts the whole buffer nm2).
// Flops from mg.f's own comments, per result: resid 15 (12A+3M), psinv 16 (13A+3M), rprj3 24
// (20A+4M) per coarse point, interp 20 (16A+4M) per coarse cell, norm2u3 3 per point, zran3 ~13
// (vranlc) per point. NPB's Mop/s count is 58 per fine point per iteration.
// Assumed: the "one iteration for startup" (mg3P + resid) is kept as Phase::Warmup; the broadcasts
// are lt, nit, nx, ny, nz (4 B) and debug_vec (32 B); timer reductions (timeron) omitted.
#include <array>

#include "workload/npb/builder.h"

namespace hpcsim::npb {
namespace {

constexpr int kMaxLevel = 12;

struct MgRank {
  int me = 0, nprocs = 0, lt = 0;
  std::array<std::array<int, 3>, kMaxLevel + 1> m{}, nbr_plus{}, nbr_minus{};
  std::array<std::array<bool, 3>, kMaxLevel + 1> give_ex{}, take_ex{};
  std::array<bool, kMaxLevel + 1> dead{};

  static int msg_type(int axis, int dir) { return 100 * (dir + 2 + 10 * axis); }  // axis 1..3

  void setup(int n, int lt_, int me_, int nprocs_) {
    me = me_;
    nprocs = nprocs_;
    lt = lt_;
    std::array<int, kMaxLevel + 1> ng{};
    ng[static_cast<size_t>(lt)] = n;
    for (int k = lt - 1; k >= 1; --k) ng[static_cast<size_t>(k)] = ng[static_cast<size_t>(k) + 1] / 2;
    const int log_p = log2_exact(nprocs);
    const int dx = log_p / 3, dy = (log_p - dx) / 2;
    const std::array<int, 3> pi = {1 << dx, 1 << dy, nprocs / ((1 << dx) * (1 << dy))};
    const std::array<int, 3> idi = {me % pi[0], (me / pi[0]) % pi[1], me / (pi[0] * pi[1])};
    std::array<int, 3> next = {1, 1, 1};
    for (int k = lt; k >= 1; --k) {
      const size_t K = static_cast<size_t>(k);
      const int g = ng[K];
      dead[K] = false;
      for (size_t ax = 0; ax < 3; ++ax) {
        give_ex[K][ax] = take_ex[K][ax] = false;
        const int mi = 2 + ((idi[ax] + 1) * g) / pi[ax] - (idi[ax] * g) / pi[ax];
        const int mip = 2 + ((next[ax] + idi[ax] + 1) * g) / pi[ax] - ((next[ax] + idi[ax]) * g) / pi[ax];
        if (mip == 2 || mi == 2) next[ax] *= 2;
        if (k + 1 <= lt) {
          if (mip == 2 && mi == 3) give_ex[K + 1][ax] = true;
          if (mip == 3 && mi == 2) take_ex[K + 1][ax] = true;
        }
        m[K][ax] = mi;
        if (mi == 2) dead[K] = true;
      }
      std::array<int, 3> up{}, down{};
      for (size_t ax = 0; ax < 3; ++ax) {
        up[ax] = (idi[ax] + next[ax] + pi[ax]) % pi[ax];
        down[ax] = (idi[ax] - next[ax] + pi[ax]) % pi[ax];
      }
      nbr_plus[K] = {up[0] + pi[0] * (idi[1] + pi[1] * idi[2]), idi[0] + pi[0] * (up[1] + pi[1] * idi[2]),
                     idi[0] + pi[0] * (idi[1] + pi[1] * up[2])};
      nbr_minus[K] = {down[0] + pi[0] * (idi[1] + pi[1] * idi[2]), idi[0] + pi[0] * (down[1] + pi[1] * idi[2]),
                      idi[0] + pi[0] * (idi[1] + pi[1] * down[2])};
    }
  }

  int64_t interior(int k) const {
    const auto& e = m[static_cast<size_t>(k)];
    return int64_t{e[0] - 2} * (e[1] - 2) * (e[2] - 2);
  }
  // Doubles of a comm3 face on axis (0-based) at level k.
  int64_t face(int k, size_t ax) const {
    const auto& e = m[static_cast<size_t>(k)];
    if (ax == 0) return int64_t{e[1] - 2} * (e[2] - 2);
    if (ax == 1) return int64_t{e[0]} * (e[2] - 2);
    return int64_t{e[0]} * e[1];
  }
  // Doubles of a comm3_ex layer (the -1 message; the +1 message carries two).
  int64_t face_ex(int k, size_t ax) const {
    const auto& e = m[static_cast<size_t>(k)];
    if (ax == 0) return int64_t{e[1]} * e[2];
    if (ax == 1) return int64_t{e[0]} * e[2];
    return int64_t{e[0]} * e[1];
  }

  void comm3(Builder& b, int k) const {
    const size_t K = static_cast<size_t>(k);
    if (dead[K] || nprocs == 1) return;  // dead: zero3; one process: comm1p copies locally
    for (size_t ax = 0; ax < 3; ++ax) {
      const int axis = static_cast<int>(ax) + 1;
      const int64_t bytes = face(k, ax) * kDouble;
      const int rm = b.irecv(nbr_plus[K][ax], bytes, msg_type(axis, -1), "comm3 ready");
      const int rp = b.irecv(nbr_minus[K][ax], bytes, msg_type(axis, +1), "comm3 ready");
      b.send(nbr_plus[K][ax], bytes, msg_type(axis, +1), "comm3 give3");
      b.send(nbr_minus[K][ax], bytes, msg_type(axis, -1), "comm3 give3");
      b.wait(rm, "comm3 take3");
      b.wait(rp, "comm3 take3");
    }
  }

  void comm3_ex(Builder& b, int k) const {
    if (nprocs == 1) return;
    const size_t K = static_cast<size_t>(k);
    for (size_t ax = 0; ax < 3; ++ax) {
      const int axis = static_cast<int>(ax) + 1;
      const int64_t one = face_ex(k, ax) * kDouble;
      if (take_ex[K][ax]) {
        const int rm = b.irecv(nbr_plus[K][ax], one, msg_type(axis, -1), "comm3_ex ready");
        const int rp = b.irecv(nbr_minus[K][ax], 2 * one, msg_type(axis, +1), "comm3_ex ready");
        b.wait(rm, "comm3_ex take3_ex");
        b.wait(rp, "comm3_ex take3_ex");
      }
      if (give_ex[K][ax]) {
        b.send(nbr_plus[K][ax], 2 * one, msg_type(axis, +1), "comm3_ex give3_ex");
        b.send(nbr_minus[K][ax], one, msg_type(axis, -1), "comm3_ex give3_ex");
      }
    }
  }

  void resid(Builder& b, int k) const {
    b.compute(15.0 * static_cast<double>(interior(k)), interior(k), "resid: r = v - A u");
    comm3(b, k);
  }
  void psinv(Builder& b, int k) const {
    b.compute(16.0 * static_cast<double>(interior(k)), interior(k), "psinv: u = u + C r");
    comm3(b, k);
  }
  void rprj3(Builder& b, int k) const {  // level k to k-1
    b.compute(24.0 * static_cast<double>(interior(k - 1)), interior(k - 1), "rprj3: restriction");
    comm3(b, k - 1);
  }
  void interp(Builder& b, int k) const {  // level k-1 to k
    const auto& z = m[static_cast<size_t>(k - 1)];
    const int64_t cells = int64_t{z[0] - 1} * (z[1] - 1) * (z[2] - 1);
    b.compute(20.0 * static_cast<double>(cells), cells, "interp: prolongation");
    comm3_ex(b, k);
  }
  void norm2u3(Builder& b) const {
    b.compute(3.0 * static_cast<double>(interior(lt)), interior(lt), "norm2u3: local norms");
    b.allreduce(kDouble, "norm2u3: max");
    b.allreduce(kDouble, "norm2u3: sum");
  }
  void zran3(Builder& b) const {
    b.compute(13.0 * static_cast<double>(interior(lt)), interior(lt), "zran3: vranlc");
    b.barrier("zran3");
    for (int i = 0; i < 10; ++i) {
      b.allreduce(kDouble, "zran3: best max");
      b.allreduce(4 * kInt, "zran3: jg max");
      b.allreduce(kDouble, "zran3: best min");
      b.allreduce(4 * kInt, "zran3: jg min");
    }
    b.barrier("zran3");
    comm3(b, lt);
  }
  void mg3p(Builder& b) const {
    for (int k = lt; k >= 2; --k) rprj3(b, k);
    psinv(b, 1);
    for (int k = 2; k <= lt - 1; ++k) {
      interp(b, k);
      resid(b, k);
      psinv(b, k);
    }
    interp(b, lt);
    resid(b, lt);
    psinv(b, lt);
  }
};

}  // namespace

std::string build_mg(NpbClass c, int processes, std::vector<RankProgram>* out) {
  const int ci = static_cast<int>(c);
  const int n_of[] = {32, 64, 256, 256}, nit_of[] = {4, 40, 4, 20};
  if (!is_power_of_two(processes)) {
    return "processes: MG needs a power of two, got " + std::to_string(processes);
  }
  const int n = n_of[ci], lt = log2_exact(n);
  const int log_p = log2_exact(processes);
  if ((1 << (log_p - log_p / 3 - (log_p - log_p / 3) / 2)) > n / 2) {
    return "processes: too many for MG class " + std::string(class_name(c));
  }
  for (int me = 0; me < processes; ++me) {
    MgRank r;
    r.setup(n, lt, me, processes);
    Builder b(&(*out)[static_cast<size_t>(me)]);
    b.phase = Phase::Setup;
    const int64_t bc[] = {kInt, kInt, kInt, kInt, kInt, 8 * kInt};
    for (int64_t bytes : bc) b.bcast(0, bytes, "main: inputs");
    r.zran3(b);
    r.norm2u3(b);
    r.resid(b, lt);
    r.norm2u3(b);
    b.phase = Phase::Warmup;
    r.mg3p(b);
    r.resid(b, lt);
    b.phase = Phase::Setup;
    r.zran3(b);
    b.barrier("main: before timer");
    b.phase = Phase::Timed;
    r.resid(b, lt);
    r.norm2u3(b);
    for (int it = 1; it <= nit_of[ci]; ++it) {
      r.mg3p(b);
      r.resid(b, lt);
    }
    r.norm2u3(b);
    b.phase = Phase::Final;
    b.reduce(0, kDouble, "main: max time");
  }
  return "";
}

}  // namespace hpcsim::npb
