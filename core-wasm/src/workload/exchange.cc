#include "workload/exchange.h"

namespace hpcsim {

std::vector<npb::RankProgram> exchange_programs(int processes, int64_t bytes, int iterations) {
  std::vector<npb::RankProgram> out(static_cast<size_t>(processes));
  for (int r = 0; r < processes; ++r) {
    npb::RankProgram& p = out[static_cast<size_t>(r)];
    p.rank = r;
    int partner = exchange_partner(r, processes);
    for (int it = 0; it < iterations; ++it) {
      npb::Op op;
      op.phase = npb::Phase::Timed;
      op.peer = partner;
      op.bytes = bytes;
      op.tag = kExchangeTag;
      op.what = "MPI_Sendrecv";
      op.kind = npb::OpKind::Irecv;
      op.request = 2 * it;
      p.ops.push_back(op);
      op.kind = npb::OpKind::Isend;
      op.request = 2 * it + 1;
      p.ops.push_back(op);
      for (int q : {2 * it, 2 * it + 1}) {
        npb::Op w;
        w.kind = npb::OpKind::Wait;
        w.phase = npb::Phase::Timed;
        w.request = q;
        w.what = "MPI_Sendrecv: MPI_Waitall";
        p.ops.push_back(w);
      }
    }
  }
  return out;
}

}  // namespace hpcsim
