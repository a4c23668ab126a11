// MPI_Alltoall as rank programs (the same operations as the NAS skeletons, workload/npb/npb.h), for the
// all-to-all workload: every rank sends `bytes` to every other rank, `iterations` times. Each call is MPICH
// 1.2's intra_Alltoall (mpich-1.2.x src/coll/intra_fns.c): post MPI_Irecv from every other rank, then MPI_Isend
// to every other rank (rank + 1, rank + 2, ... so the ranks do not all start on the same destination), then
// MPI_Waitall (a Wait per request, in posting order). Pure.
#pragma once
#include <cstdint>
#include <vector>

#include "workload/npb/npb.h"

namespace hpcsim {

/// Tag of the all-to-all's messages (above every NPB tag; MPICH uses a collective context).
constexpr int kAlltoallTag = (1 << 24) + 16;

/// One program per rank (rank order); every Op is in Phase::Timed.
std::vector<npb::RankProgram> alltoall_programs(int processes, int64_t bytes, int iterations);

}  // namespace hpcsim
