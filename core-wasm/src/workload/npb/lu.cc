// NPB LU (SSOR, lower/upper Gauss-Seidel sweeps) skeleton. Source files: lu.f, ssor.f, blts.f,
// buts.f, exchange_1.f, exchange_3.f, rhs.f, erhs.f, l2norm.f, proc_grid.f, neighbors.f, subdomain.f.
//
// Decomposition (proc_grid.f, NPB 2.3: P a power of two): ndim = log2 P, xdim = 2^(ndim/2), doubled
// when ndim is odd, ydim = P/xdim. row = id mod xdim + 1 (x, "north/south"), col = id / xdim + 1
// (y, "west/east"); north = id-1, south = id+1, west = id-xdim, east = id+xdim when they exist.
// subdomain.f: nx = nx0/xdim (+1 for the first nx0 mod xdim rows), likewise ny; nz = nz0 is not split;
// ist = 2 on the north boundary else 1, iend = nx-1 on the south boundary else nx (jst/jend alike).
//
// Messages (tags from applu.incl: from_s=1, from_n=2, from_e=3, from_w=4):
//  * blts, each k = 2..nz-1: Recv N (5*(jend-jst+1) doubles, from_n), Recv W (5*(iend-ist+1), from_w),
//    compute, Send S (from_n), Send E (from_w). buts, k = nz-1..2: Recv S (from_s), Recv E (from_e),
//    compute, Send N (from_s), Send W (from_e).
//  * exchange_3 (rhs, erhs), 10*ny*nz doubles N/S and 10*nx*nz E/W: Irecv N, Send S, Wait, Irecv S,
//    Send N, Wait; then the same with W/E.
//  * l2norm: Allreduce of 5 doubles, at start of ssor and at istep mod inorm = 0 (twice) or itmax.
//    inorm = itmax for every class (setparams).
//
// Flops per interior grid point, counted from the loop nests (5 equations): rhs 425 (per direction:
// flux 15, central difference 10, viscous flux 30, second difference 40, 4th-order dissipation 45;
// x3), jacld 350 and jacu 350 (four 5x5 blocks), blts 270 and buts 270 (two 5x5 mat-vec products
// 150 + 5x5 Gaussian elimination 94 + back substitution 25), rsd scaling 5, update 10; erhs 500.
// Total 1680 per point per iteration vs 1984.77 n^3 in NPB's Mop/s formula (official_flops).
//
// Assumed where the stored source is NPB 3.3: the untimed ssor(1) warm-up of lu.f is kept
// (Phase::Warmup); pintgr's surface-integral exchanges (exchange_4/5/6, after the timer) and the
// optional timer reductions are omitted; bcast_inputs broadcasts ipr, inorm, itmax (4 B), dt, omega
// (8 B), tolrsd (40 B), nx0, ny0, nz0 (4 B).
#include "workload/npb/builder.h"

namespace hpcsim::npb {
namespace {

constexpr int kFromS = 1, kFromN = 2, kFromE = 3, kFromW = 4;
constexpr double kRhs = 425, kJacld = 350, kJacu = 350, kBlts = 270, kButs = 270, kScale = 5,
                 kUpdate = 10, kErhs = 500, kNorm = 10;

struct Lu {
  int nx0 = 0, nz = 0, itmax = 0, inorm = 0;
  int xdim = 0, ydim = 0;
  int id = 0, north = -1, south = -1, west = -1, east = -1;
  int nx = 0, ny = 0, ist = 0, iend = 0, jst = 0, jend = 0;

  int64_t plane_points() const { return int64_t{iend - ist + 1} * (jend - jst + 1); }
  int64_t interior_points() const { return plane_points() * (nz - 2); }

  void exchange_3(Builder& b, int iex) const {
    if (iex == 0) {
      const int64_t bytes = 10 * int64_t{ny} * nz * kDouble;
      int mid = -1;
      if (north != -1) mid = b.irecv(north, bytes, kFromN, "exchange_3 N/S");
      if (south != -1) b.send(south, bytes, kFromN, "exchange_3 N/S");
      if (north != -1) b.wait(mid, "exchange_3 N/S");
      if (south != -1) mid = b.irecv(south, bytes, kFromS, "exchange_3 N/S");
      if (north != -1) b.send(north, bytes, kFromS, "exchange_3 N/S");
      if (south != -1) b.wait(mid, "exchange_3 N/S");
    } else {
      const int64_t bytes = 10 * int64_t{nx} * nz * kDouble;
      int mid = -1;
      if (west != -1) mid = b.irecv(west, bytes, kFromW, "exchange_3 E/W");
      if (east != -1) b.send(east, bytes, kFromW, "exchange_3 E/W");
      if (west != -1) b.wait(mid, "exchange_3 E/W");
      if (east != -1) mid = b.irecv(east, bytes, kFromE, "exchange_3 E/W");
      if (west != -1) b.send(west, bytes, kFromE, "exchange_3 E/W");
      if (east != -1) b.wait(mid, "exchange_3 E/W");
    }
  }

  void rhs(Builder& b) const {
    const int64_t pts = interior_points();
    exchange_3(b, 0);
    b.compute(kRhs / 3 * static_cast<double>(pts), pts, "rhs: xi-direction fluxes and dissipation");
    exchange_3(b, 1);
    b.compute(2 * kRhs / 3 * static_cast<double>(pts), pts, "rhs: eta and zeta fluxes and dissipation");
  }

  void l2norm(Builder& b) const {
    b.compute(kNorm * static_cast<double>(interior_points()), interior_points(), "l2norm: local sum of squares");
    b.allreduce(5 * kDouble, "l2norm");
  }

  // ssor.f. pre: phase of the part before the timer, loop: the iterations, post: the max-time allreduce.
  void ssor(Builder& b, int niter, Phase pre, Phase loop, Phase post) const {
    b.phase = pre;
    rhs(b);
    l2norm(b);
    b.barrier("ssor: before timer");
    b.phase = loop;
    const int64_t plane = plane_points();
    const int64_t jlen = 5 * int64_t{jend - jst + 1} * kDouble, ilen = 5 * int64_t{iend - ist + 1} * kDouble;
    for (int istep = 1; istep <= niter; ++istep) {
      b.compute(kScale * static_cast<double>(interior_points()), interior_points(), "ssor: rsd = dt * rsd");
      for (int k = 2; k <= nz - 1; ++k) {
        b.compute(kJacld * static_cast<double>(plane), plane, "jacld(k)");
        if (north != -1) b.recv(north, jlen, kFromN, "blts exchange_1");
        if (west != -1) b.recv(west, ilen, kFromW, "blts exchange_1");
        b.compute(kBlts * static_cast<double>(plane), plane, "blts(k)");
        if (south != -1) b.send(south, jlen, kFromN, "blts exchange_1");
        if (east != -1) b.send(east, ilen, kFromW, "blts exchange_1");
      }
      for (int k = nz - 1; k >= 2; --k) {
        b.compute(kJacu * static_cast<double>(plane), plane, "jacu(k)");
        if (south != -1) b.recv(south, jlen, kFromS, "buts exchange_1");
        if (east != -1) b.recv(east, ilen, kFromE, "buts exchange_1");
        b.compute(kButs * static_cast<double>(plane), plane, "buts(k)");
        if (north != -1) b.send(north, jlen, kFromS, "buts exchange_1");
        if (west != -1) b.send(west, ilen, kFromE, "buts exchange_1");
      }
      b.compute(kUpdate * static_cast<double>(interior_points()), interior_points(), "ssor: u = u + tmp * rsd");
      if (istep % inorm == 0) l2norm(b);
      rhs(b);
      if (istep % inorm == 0 || istep == itmax) l2norm(b);
    }
    b.phase = post;
    b.allreduce(kDouble, "ssor: max time");
  }
};

}  // namespace

std::string build_lu(NpbClass c, int processes, std::vector<RankProgram>* out) {
  const int ci = static_cast<int>(c);
  const int n_of[] = {12, 33, 64, 102}, it_of[] = {50, 300, 250, 250};
  if (!is_power_of_two(processes)) {
    return "processes: LU (NPB 2.3) needs a power of two, got " + std::to_string(processes);
  }
  Lu g;
  g.nx0 = n_of[ci];
  g.nz = n_of[ci];
  g.itmax = g.inorm = it_of[ci];
  const int ndim = log2_exact(processes);
  g.xdim = 1 << (ndim / 2);
  if (ndim % 2 == 1) g.xdim *= 2;
  g.ydim = processes / g.xdim;
  if (g.nx0 / g.xdim < 4 || g.nx0 / g.ydim < 4) {
    return "processes: LU class " + std::string(class_name(c)) + " on " + std::to_string(processes) +
           " processes gives subdomains smaller than 4 points (subdomain.f refuses them)";
  }
  for (int id = 0; id < processes; ++id) {
    Lu r = g;
    r.id = id;
    const int row = id % g.xdim + 1, col = id / g.xdim + 1;
    r.north = row > 1 ? id - 1 : -1;
    r.south = row < g.xdim ? id + 1 : -1;
    r.west = col > 1 ? id - g.xdim : -1;
    r.east = col < g.ydim ? id + g.xdim : -1;
    r.nx = g.nx0 / g.xdim + (row <= g.nx0 % g.xdim ? 1 : 0);
    r.ny = g.nx0 / g.ydim + (col <= g.nx0 % g.ydim ? 1 : 0);
    r.ist = r.north == -1 ? 2 : 1;
    r.iend = r.south == -1 ? r.nx - 1 : r.nx;
    r.jst = r.west == -1 ? 2 : 1;
    r.jend = r.east == -1 ? r.ny - 1 : r.ny;

    Builder b(&(*out)[static_cast<size_t>(id)]);
    b.phase = Phase::Setup;
    const int64_t bc[] = {kInt, kInt, kInt, kDouble, kDouble, 5 * kDouble, kInt, kInt, kInt};
    for (int64_t bytes : bc) b.bcast(0, bytes, "bcast_inputs");
    const int64_t all = int64_t{r.nx} * r.ny * r.nz;
    b.compute(0.2 * kErhs * static_cast<double>(all), all, "erhs: exact forcing, xi part");
    r.exchange_3(b, 0);
    b.compute(0.4 * kErhs * static_cast<double>(all), all, "erhs: eta part");
    r.exchange_3(b, 1);
    b.compute(0.4 * kErhs * static_cast<double>(all), all, "erhs: zeta part");
    r.ssor(b, 1, Phase::Warmup, Phase::Warmup, Phase::Warmup);
    r.ssor(b, g.itmax, Phase::Setup, Phase::Timed, Phase::Final);
    b.compute(kNorm * static_cast<double>(r.interior_points()), r.interior_points(), "error: local norm");
    b.allreduce(5 * kDouble, "error");
  }
  return "";
}

}  // namespace hpcsim::npb
