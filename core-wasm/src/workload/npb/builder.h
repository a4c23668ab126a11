// Appends operations to one rank's program: the NPB skeletons and the collective workloads (all-to-all, exchange).
#ifndef HPCSIM_WORKLOAD_NPB_BUILDER_H_
#define HPCSIM_WORKLOAD_NPB_BUILDER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "workload/npb/npb.h"

namespace hpcsim::npb {

constexpr int64_t kDouble = 8;  // bytes of a Fortran DOUBLE PRECISION
constexpr int64_t kInt = 4;     // bytes of a Fortran INTEGER / LOGICAL

class Builder {
 public:
  /// Appends to `program`; Isend / Irecv request ids from `first_request` (a second builder on the same program, as
  /// ROMIO's operations spliced into BT-IO's, starts above the first one's).
  explicit Builder(RankProgram* program, int first_request = 0) : p_(program), next_request_(first_request) {}
  Phase phase = Phase::Setup;

  void compute(double flops, int64_t work, const char* what) {
    Op op = base(OpKind::Compute, what);
    op.flops = flops;
    op.work = work;
    p_->ops.push_back(op);
  }
  void send(int peer, int64_t bytes, int tag, const char* what) { p2p(OpKind::Send, peer, bytes, tag, what); }
  void recv(int peer, int64_t bytes, int tag, const char* what) { p2p(OpKind::Recv, peer, bytes, tag, what); }
  int isend(int peer, int64_t bytes, int tag, const char* what) {
    p2p(OpKind::Isend, peer, bytes, tag, what);
    p_->ops.back().request = next_request_;
    return next_request_++;
  }
  int irecv(int peer, int64_t bytes, int tag, const char* what) {
    p2p(OpKind::Irecv, peer, bytes, tag, what);
    p_->ops.back().request = next_request_;
    return next_request_++;
  }
  void wait(int request, const char* what) {
    Op op = base(OpKind::Wait, what);
    op.request = request;
    p_->ops.push_back(op);
  }
  void allreduce(int64_t bytes, const char* what) { collective(OpKind::Allreduce, -1, bytes, what); }
  void reduce(int root, int64_t bytes, const char* what) { collective(OpKind::Reduce, root, bytes, what); }
  void bcast(int root, int64_t bytes, const char* what) { collective(OpKind::Bcast, root, bytes, what); }
  void barrier(const char* what) { collective(OpKind::Barrier, -1, 0, what); }
  /// MPICH 1.2's linear exchange among `processes` ranks (intra_Alltoall, and the same pattern for a small
  /// MPI_Allgather): MPI_Irecv from every other rank, MPI_Isend to every other rank (rank + 1, rank + 2, ... so the
  /// ranks do not all start on the same destination), then a Wait per request in posting order.
  void linear_exchange(int rank, int processes, int64_t bytes, int tag, const char* what, const char* wait_what) {
    (void)rank;  // the steps depend on it; NpbRun expands them with the rank it runs
    Op op = base(OpKind::Exchange, what);
    op.work = processes;
    op.bytes = bytes;
    op.tag = tag;
    op.request = next_request_;
    op.wait_what = wait_what;
    p_->ops.push_back(op);
    next_request_ += 2 * (processes - 1);
  }
  /// BT-IO's output_timestep number `dump` (from 1).
  void io(int dump, const char* what) {
    Op op = base(OpKind::Io, what);
    op.work = dump;
    p_->ops.push_back(op);
  }

 private:
  Op base(OpKind kind, const char* what) const {
    Op op;
    op.kind = kind;
    op.phase = phase;
    op.what = what;
    return op;
  }
  void p2p(OpKind kind, int peer, int64_t bytes, int tag, const char* what) {
    Op op = base(kind, what);
    op.peer = peer;
    op.bytes = bytes;
    op.tag = tag;
    p_->ops.push_back(op);
  }
  void collective(OpKind kind, int root, int64_t bytes, const char* what) {
    Op op = base(kind, what);
    op.peer = root;
    op.bytes = bytes;
    p_->ops.push_back(op);
  }
  RankProgram* p_;
  int next_request_ = 0;
};

inline bool is_power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }
inline int log2_exact(int n) {
  int l = 0;
  while ((1 << l) < n) ++l;
  return l;
}

// One builder per benchmark; each fills `out` (already sized to `processes`, ranks numbered) or
// returns an error naming the argument.
std::string build_lu(NpbClass c, int processes, std::vector<RankProgram>* out);
std::string build_mg(NpbClass c, int processes, std::vector<RankProgram>* out);
std::string build_cg(NpbClass c, int processes, std::vector<RankProgram>* out);
std::string build_ep(NpbClass c, int processes, std::vector<RankProgram>* out);
std::string build_bt(NpbClass c, int processes, std::vector<RankProgram>* out);

}  // namespace hpcsim::npb

#endif  // HPCSIM_WORKLOAD_NPB_BUILDER_H_
