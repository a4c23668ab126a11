// NPB EP (embarrassingly parallel Gaussian pairs) skeleton. Source: ep.f.
// nn = 2^(m-mk) batches of nk = 2^mk = 65536 pairs (mk = 16); np = nn / P batches per rank, one
// more for the first nn mod P ranks (any P up to nn; "Too many nodes" beyond). No point-to-point:
// bcast of timers_enabled (LOGICAL, 4 B), barrier, the batches, then Allreduce sx (8 B), sy (8 B),
// q (nq = 10 doubles, 80 B), all inside the timer, and Allreduce of the time (8 B, MPI_MAX) after it.
// Flops per pair ~44: two uniform numbers by vranlc (46-bit arithmetic split in 23-bit halves,
// ~13 each), x1, x2, t1 (7), and with probability pi/4 the acceptance branch (log, sqrt, divide,
// 3 multiplies, max/abs, 3 adds ~ 14).
// Assumed: the optional timer reductions are omitted; the batches are one Compute step.
#include "workload/npb/builder.h"

namespace hpcsim::npb {

std::string build_ep(NpbClass c, int processes, std::vector<RankProgram>* out) {
  const int m_of[] = {24, 25, 28, 30};
  const int m = m_of[static_cast<int>(c)], mk = 16;
  const int64_t nn = int64_t{1} << (m - mk), nk = int64_t{1} << mk;
  if (processes > nn) {
    return "processes: EP class " + std::string(class_name(c)) + " has only " + std::to_string(nn) +
           " batches, got " + std::to_string(processes) + " processes";
  }
  constexpr double kFlopsPerPair = 44;
  for (int node = 0; node < processes; ++node) {
    const int64_t np = nn / processes + (node < nn % processes ? 1 : 0);
    Builder b(&(*out)[static_cast<size_t>(node)]);
    b.phase = Phase::Setup;
    b.bcast(0, kInt, "timers_enabled");
    b.barrier("before timer");
    b.phase = Phase::Timed;
    b.compute(kFlopsPerPair * static_cast<double>(np * nk), np * nk,
              "do 150 k = 1, np: vranlc and Gaussian pairs (work = pairs)");
    b.allreduce(kDouble, "sx");
    b.allreduce(kDouble, "sy");
    b.allreduce(10 * kDouble, "q");
    b.phase = Phase::Final;
    b.allreduce(kDouble, "max time");
  }
  return "";
}

}  // namespace hpcsim::npb
