#include "workload/alltoall.h"

namespace hpcsim {

std::vector<npb::RankProgram> alltoall_programs(int processes, int64_t bytes, int iterations) {
  std::vector<npb::RankProgram> out(static_cast<size_t>(processes));
  for (int r = 0; r < processes; ++r) {
    npb::RankProgram& p = out[static_cast<size_t>(r)];
    p.rank = r;
    int request = 0;
    for (int it = 0; it < iterations; ++it) {
      std::vector<int> reqs;
      auto p2p = [&](npb::OpKind kind, int peer) {
        npb::Op op;
        op.kind = kind;
        op.phase = npb::Phase::Timed;
        op.peer = peer;
        op.bytes = bytes;
        op.tag = kAlltoallTag;
        op.request = request++;
        op.what = "MPI_Alltoall";
        p.ops.push_back(op);
        reqs.push_back(op.request);
      };
      for (int s = 1; s < processes; ++s) p2p(npb::OpKind::Irecv, (r - s + processes) % processes);
      for (int s = 1; s < processes; ++s) p2p(npb::OpKind::Isend, (r + s) % processes);
      for (int q : reqs) {
        npb::Op w;
        w.kind = npb::OpKind::Wait;
        w.phase = npb::Phase::Timed;
        w.request = q;
        w.what = "MPI_Alltoall: MPI_Waitall";
        p.ops.push_back(w);
      }
    }
  }
  return out;
}

}  // namespace hpcsim
