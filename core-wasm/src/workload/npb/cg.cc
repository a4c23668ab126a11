// NPB CG (conjugate gradient, inverse power method) skeleton. Source: cg.f (setup_proc_info,
// setup_submatrix_info, conj_grad and the main program).
//
// Grid: P a power of two; nprows x npcols with npcols = nprows (P = 4^k) or 2*nprows (setparams).
// proc_row = me / npcols, proc_col = me mod npcols; rows/cols split as in setup_submatrix_info
// (with the "+1 for the first remainder blocks" rule, and the halving of columns when npcols =
// 2*nprows). l2npcols = log2(npcols); reduce_exch_proc(i) = proc_row*npcols + the column
// (proc_col + div/2) mod div + proc_col/div*div with div = npcols/2^(i-1).
// Messages (every exchange is mpi_irecv, mpi_send, mpi_wait, tag = step i, transposition tag 1):
//  * reduce of A.p: i = l2npcols..1, send reduce_send_lengths(i), receive reduce_recv_lengths(i) doubles
//  * transposition with exch_proc: send send_len, receive exch_recv_length = lastcol-firstcol+1
//    (exch_proc = me on the diagonal blocks: a message to self)
//  * dot products: l2npcols exchanges of 1 double (rho once before the loop; p.q and rho per cgit;
//    the residual norm at the end); main loop: l2npcols exchanges of 2 doubles (norm_temp)
//  conj_grad: rho, 25 x (A.p reduce, transpose, p.q, rho), then A.z reduce, transpose, ||r||.
// Flops: sparse mat-vec 2 per nonzero; the block of a rank holds rows*cols*nonzer*(nonzer+1)/na
// nonzeros (NPB's own op-count assumption of nonzer*(nonzer+1) per row); vector ops per local
// column: r.r 2, p.q 2, z/r update 4, p update 2, norm 3; reduce sums 1 per received double.
// Assumed: the untimed first iteration of the main program is kept (Phase::Warmup); makea (matrix
// generation, integer work) is one Setup compute without flops; timer reductions (timeron) omitted.
#include "workload/npb/builder.h"

namespace hpcsim::npb {
namespace {

struct CgRank {
  int me = 0, nprows = 0, npcols = 0, l2npcols = 0;
  int firstrow = 0, lastrow = 0, firstcol = 0, lastcol = 0;
  int exch_proc = 0, exch_recv_length = 0, send_start = 0, send_len = 0;
  std::vector<int> rep, rsl, rrl;  // reduce_exch_proc, send lengths, recv lengths (index 1..l2npcols)

  void setup(int naa, int me_, int nprows_, int npcols_) {
    me = me_;
    nprows = nprows_;
    npcols = npcols_;
    const int proc_row = me / npcols, proc_col = me - proc_row * npcols;
    if (naa / npcols * npcols == naa) {
      const int col_size = naa / npcols, row_size = naa / nprows;
      firstcol = proc_col * col_size + 1;
      lastcol = firstcol - 1 + col_size;
      firstrow = proc_row * row_size + 1;
      lastrow = firstrow - 1 + row_size;
    } else {
      const int rrem = naa - naa / nprows * nprows;
      if (proc_row < rrem) {
        const int row_size = naa / nprows + 1;
        firstrow = proc_row * row_size + 1;
        lastrow = firstrow - 1 + row_size;
      } else {
        const int row_size = naa / nprows;
        firstrow = rrem * (row_size + 1) + (proc_row - rrem) * row_size + 1;
        lastrow = firstrow - 1 + row_size;
      }
      if (npcols == nprows) {
        const int crem = naa - naa / npcols * npcols;
        if (proc_col < crem) {
          const int col_size = naa / npcols + 1;
          firstcol = proc_col * col_size + 1;
          lastcol = firstcol - 1 + col_size;
        } else {
          const int col_size = naa / npcols;
          firstcol = crem * (col_size + 1) + (proc_col - crem) * col_size + 1;
          lastcol = firstcol - 1 + col_size;
        }
      } else {
        const int h = npcols / 2, crem = naa - naa / h * h;
        int col_size;
        if (proc_col / 2 < crem) {
          col_size = naa / h + 1;
          firstcol = (proc_col / 2) * col_size + 1;
        } else {
          col_size = naa / h;
          firstcol = crem * (col_size + 1) + (proc_col / 2 - crem) * col_size + 1;
        }
        lastcol = firstcol - 1 + col_size;
        if (me % 2 == 0) {
          lastcol = firstcol - 1 + (col_size - 1) / 2 + 1;
        } else {
          firstcol = firstcol + (col_size - 1) / 2 + 1;
          lastcol = firstcol - 1 + col_size / 2;
        }
      }
    }
    const int rows = lastrow - firstrow + 1;
    if (npcols == nprows) {
      send_start = 1;
      send_len = rows;
      exch_proc = (me % nprows) * nprows + me / nprows;
    } else {
      send_start = me % 2 == 0 ? 1 : (1 + rows) / 2 + 1;
      send_len = me % 2 == 0 ? (1 + rows) / 2 : rows / 2;
      exch_proc = 2 * ((me / 2) % nprows * nprows + me / 2 / nprows) + me % 2;
    }
    l2npcols = 0;
    for (int i = npcols / 2; i > 0; i /= 2) ++l2npcols;
    rep.assign(static_cast<size_t>(l2npcols) + 1, 0);
    rsl = rrl = rep;
    int div = npcols;
    for (int i = 1; i <= l2npcols; ++i) {
      const int j = (proc_col + div / 2) % div + proc_col / div * div;
      rep[static_cast<size_t>(i)] = proc_row * npcols + j;
      div /= 2;
    }
    for (int i = l2npcols; i >= 1; --i) {
      const size_t s = static_cast<size_t>(i);
      if (nprows == npcols) {
        rsl[s] = send_len;
        rrl[s] = rows;
      } else {
        rrl[s] = send_len;
        rsl[s] = i == l2npcols ? rows - send_len : send_len;
      }
    }
    exch_recv_length = lastcol - firstcol + 1;
  }

  int cols() const { return lastcol - firstcol + 1; }

  void scalar_reduce(Builder& b, int64_t doubles, const char* what) const {
    for (int i = 1; i <= l2npcols; ++i) {
      const int req = b.irecv(rep[static_cast<size_t>(i)], doubles * kDouble, i, what);
      b.send(rep[static_cast<size_t>(i)], doubles * kDouble, i, what);
      b.wait(req, what);
    }
  }

  void matvec_reduce_transpose(Builder& b, double nnz, const char* what) const {
    b.compute(2 * nnz, lastrow - firstrow + 1, what);
    for (int i = l2npcols; i >= 1; --i) {
      const size_t s = static_cast<size_t>(i);
      const int req = b.irecv(rep[s], rrl[s] * kDouble, i, "conj_grad: row-sum reduce");
      b.send(rep[s], rsl[s] * kDouble, i, "conj_grad: row-sum reduce");
      b.wait(req, "conj_grad: row-sum reduce");
      b.compute(rrl[s], rrl[s], "conj_grad: w = w + q");
    }
    if (l2npcols != 0) {
      const int req = b.irecv(exch_proc, exch_recv_length * kDouble, 1, "conj_grad: transpose");
      b.send(exch_proc, send_len * kDouble, 1, "conj_grad: transpose");
      b.wait(req, "conj_grad: transpose");
    }
  }

  void conj_grad(Builder& b, double nnz) const {
    const double c = cols();
    b.compute(2 * c, cols(), "conj_grad: r.r");
    scalar_reduce(b, 1, "conj_grad: rho");
    for (int cgit = 1; cgit <= 25; ++cgit) {
      matvec_reduce_transpose(b, nnz, "conj_grad: q = A.p (local block)");
      b.compute(2 * c, cols(), "conj_grad: p.q");
      scalar_reduce(b, 1, "conj_grad: p.q");
      b.compute(6 * c, cols(), "conj_grad: z, r update and r.r");
      scalar_reduce(b, 1, "conj_grad: rho");
      b.compute(2 * c, cols(), "conj_grad: p = r + beta p");
    }
    matvec_reduce_transpose(b, nnz, "conj_grad: A.z (local block)");
    b.compute(3 * c, cols(), "conj_grad: ||x - A.z||");
    scalar_reduce(b, 1, "conj_grad: residual norm");
  }

  void outer(Builder& b, double nnz) const {
    conj_grad(b, nnz);
    b.compute(4.0 * cols(), cols(), "main: x.z and z.z");
    scalar_reduce(b, 2, "main: norm_temp");
    b.compute(cols(), cols(), "main: x = z / ||z||");
  }
};

}  // namespace

std::string build_cg(NpbClass c, int processes, std::vector<RankProgram>* out) {
  const int ci = static_cast<int>(c);
  const int na_of[] = {1400, 7000, 14000, 75000}, nonzer_of[] = {7, 8, 11, 13}, niter_of[] = {15, 15, 15, 75};
  if (!is_power_of_two(processes)) {
    return "processes: CG needs a power of two, got " + std::to_string(processes);
  }
  const int na = na_of[ci], nonzer = nonzer_of[ci];
  const int l = log2_exact(processes);
  const int nprows = 1 << (l / 2), npcols = processes / nprows;  // npcols = nprows or 2*nprows
  if (na / npcols < 2) return "processes: too many for CG class " + std::string(class_name(c));
  for (int me = 0; me < processes; ++me) {
    CgRank r;
    r.setup(na, me, nprows, npcols);
    const double nnz = static_cast<double>(r.lastrow - r.firstrow + 1) * r.cols() * nonzer * (nonzer + 1) / na;
    Builder b(&(*out)[static_cast<size_t>(me)]);
    b.phase = Phase::Setup;
    b.compute(0, r.lastrow - r.firstrow + 1, "makea: sparse matrix generation");
    b.phase = Phase::Warmup;
    r.outer(b, nnz);
    b.phase = Phase::Setup;
    b.barrier("main: before timer");
    b.phase = Phase::Timed;
    for (int it = 1; it <= niter_of[ci]; ++it) r.outer(b, nnz);
    b.phase = Phase::Final;
    b.reduce(0, kDouble, "main: max time");
  }
  return "";
}

}  // namespace hpcsim::npb
