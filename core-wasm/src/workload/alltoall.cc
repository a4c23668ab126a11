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
    for (int it = 0; it < iterations; ++it) {
      std::vector<int> reqs;
      for (int s = 1; s < processes; ++s)
        reqs.push_back(b.irecv((r - s + processes) % processes, bytes, kAlltoallTag, "MPI_Alltoall"));
      for (int s = 1; s < processes; ++s)
        reqs.push_back(b.isend((r + s) % processes, bytes, kAlltoallTag, "MPI_Alltoall"));
      for (int q : reqs) b.wait(q, "MPI_Alltoall: MPI_Waitall");
    }
  }
  return out;
}

}  // namespace hpcsim
