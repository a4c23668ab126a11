// MPI_Sendrecv between the two halves of the machine, as rank programs (the operations of workload/npb/npb.h) for
// the exchange workload: rank r and rank (r + N/2) mod N send each other `bytes` at the same time, `iterations`
// times. Each MPI_Sendrecv is MPICH 1.2's (mpich-1.2.x src/pt2pt/sendrecv.c): MPI_Irecv from the partner, MPI_Isend
// to it, then MPI_Waitall (a Wait per request, in posting order). Every pair crosses the top of the fat tree, and
// both directions of every link carry data at once: the bisection exchange. Pure.
#pragma once
#include <cstdint>
#include <vector>

#include "workload/npb/npb.h"

namespace hpcsim {

/// Tag of the exchange's messages (MPI_Sendrecv's sendtag = recvtag; above every NPB tag).
constexpr int kExchangeTag = (1 << 24) + 17;

/// The partner of `rank` among `processes` (even): (rank + processes / 2) mod processes.
inline int exchange_partner(int rank, int processes) { return (rank + processes / 2) % processes; }

/// One program per rank (rank order), `processes` even and ≥ 2; every Op is in Phase::Timed.
std::vector<npb::RankProgram> exchange_programs(int processes, int64_t bytes, int iterations);

}  // namespace hpcsim
