#include "workload/alltoall.h"

#include "workload/npb/builder.h"

namespace hpcsim {

std::vector<npb::RankProgram> alltoall_programs(int processes, int64_t bytes, int iterations) {
  std::vector<npb::RankProgram> out(static_cast<size_t>(processes));
  for (int r = 0; r < processes; ++r) {
    npb::RankProgram& p = out[static_cast<size_t>(r)];
    p.rank = r;
    npb::Builder b(&p);
    b.phase = npb::Phase::Timed;
    for (int it = 0; it < iterations; ++it)
      b.linear_exchange(r, processes, bytes, kAlltoallTag, "MPI_Alltoall", "MPI_Alltoall: MPI_Waitall");
  }
  return out;
}

}  // namespace hpcsim
