#include "workload/exchange.h"

#include "workload/npb/builder.h"

namespace hpcsim {

std::vector<npb::RankProgram> exchange_programs(int processes, int64_t bytes, int iterations) {
  std::vector<npb::RankProgram> out(static_cast<size_t>(processes));
  for (int r = 0; r < processes; ++r) {
    npb::RankProgram& p = out[static_cast<size_t>(r)];
    p.rank = r;
    npb::Builder b(&p);
    b.phase = npb::Phase::Timed;
    int partner = exchange_partner(r, processes);
    for (int it = 0; it < iterations; ++it) {
      int rx = b.irecv(partner, bytes, kExchangeTag, "MPI_Sendrecv");
      int tx = b.isend(partner, bytes, kExchangeTag, "MPI_Sendrecv");
      for (int q : {rx, tx}) b.wait(q, "MPI_Sendrecv: MPI_Waitall");
    }
  }
  return out;
}

}  // namespace hpcsim
