// MPI collectives of the NPB skeletons lowered to the point-to-point messages MPICH 1.2 sends for them
// (mpich-1.2.x src/coll/intra_fns.c), so a transport model only has to run Send/Recv/Isend/Irecv/Wait:
// - MPI_Bcast: binomial tree from the root (relative rank, mask from 1 upwards: receive from the parent
//   rank - mask, then send to rank + mask for the lower masks);
// - MPI_Reduce (commutative op): binomial tree to the root (receive from rank + mask and combine while the
//   rank's bit `mask` is clear, else send to rank - mask and stop); one flop per double combined;
// - MPI_Allreduce: MPI_Reduce to rank 0, then MPI_Bcast from rank 0 (MPICH 1.2 intra_Allreduce);
// - MPI_Barrier: recursive doubling (MPI_Sendrecv of 0 bytes) over the largest power of two P2 <= P; ranks
//   >= P2 first send to rank - P2 and last receive from it (MPICH 1.2 intra_Barrier).
// Every collective message carries a tag of its own above the application's (MPICH uses a separate
// communicator context), and a collective's sends and receives complete before the next operation
// (blocking calls).
#include <algorithm>

#include "workload/npb/builder.h"

namespace hpcsim::npb {

namespace {

// Appends a blocking point-to-point pair of operations to `ops` (Send, or Recv).
Op p2p(OpKind kind, Phase phase, int peer, int64_t bytes, int tag, const char* what) {
  Op op;
  op.kind = kind;
  op.phase = phase;
  op.peer = peer;
  op.bytes = bytes;
  op.tag = tag;
  op.what = what;
  return op;
}

void lower_bcast(int rank, int size, int root, int64_t bytes, Phase ph, const char* what, std::vector<Op>* o) {
  int rel = (rank - root + size) % size;
  int mask = 1;
  while (mask < size) {
    if (rel & mask) {
      int src = (rel - mask + root) % size;
      o->push_back(p2p(OpKind::Recv, ph, src, bytes, kBcastTag, what));
      break;
    }
    mask <<= 1;
  }
  mask >>= 1;
  while (mask > 0) {
    if (rel + mask < size) {
      int dst = (rel + mask + root) % size;
      o->push_back(p2p(OpKind::Send, ph, dst, bytes, kBcastTag, what));
    }
    mask >>= 1;
  }
}

void lower_reduce(int rank, int size, int root, int64_t bytes, Phase ph, const char* what, std::vector<Op>* o) {
  int rel = (rank - root + size) % size;
  int mask = 1;
  while (mask < size) {
    if ((mask & rel) == 0) {
      int src = rel | mask;
      if (src < size) {
        o->push_back(p2p(OpKind::Recv, ph, (src + root) % size, bytes, kReduceTag, what));
        Op combine;
        combine.kind = OpKind::Compute;
        combine.phase = ph;
        combine.flops = static_cast<double>(bytes / kDouble);
        combine.work = bytes / kDouble;
        combine.what = "MPI reduction: combine a partial result";
        o->push_back(combine);
      }
    } else {
      int dst = ((rel & ~mask) + root) % size;
      o->push_back(p2p(OpKind::Send, ph, dst, bytes, kReduceTag, what));
      break;
    }
    mask <<= 1;
  }
}

// MPI_Sendrecv with a 0-byte message each way: Isend and Irecv, then both Waits (so it cannot deadlock
// whatever the send protocol).
void sendrecv(int partner, Phase ph, const char* what, int* next_request, std::vector<Op>* o) {
  Op s = p2p(OpKind::Isend, ph, partner, 0, kBarrierTag, what), r = p2p(OpKind::Irecv, ph, partner, 0, kBarrierTag, what);
  s.request = (*next_request)++;
  r.request = (*next_request)++;
  o->push_back(s);
  o->push_back(r);
  for (int req : {s.request, r.request}) {
    Op w;
    w.kind = OpKind::Wait;
    w.phase = ph;
    w.request = req;
    w.what = what;
    o->push_back(w);
  }
}

void lower_barrier(int rank, int size, Phase ph, const char* what, int* next_request, std::vector<Op>* o) {
  int p2 = 1;
  while (p2 * 2 <= size) p2 *= 2;
  if (rank >= p2) {
    o->push_back(p2p(OpKind::Send, ph, rank - p2, 0, kBarrierTag, what));
    o->push_back(p2p(OpKind::Recv, ph, rank - p2, 0, kBarrierTag, what));
    return;
  }
  if (rank + p2 < size) o->push_back(p2p(OpKind::Recv, ph, rank + p2, 0, kBarrierTag, what));
  for (int mask = 1; mask < p2; mask <<= 1) sendrecv(rank ^ mask, ph, what, next_request, o);
  if (rank + p2 < size) o->push_back(p2p(OpKind::Send, ph, rank + p2, 0, kBarrierTag, what));
}

}  // namespace

void lower_collectives(std::vector<RankProgram>* programs) {
  const int size = static_cast<int>(programs->size());
  for (RankProgram& p : *programs) {
    int next_request = 0;  // requests of the lowered operations follow the program's own
    for (const Op& op : p.ops)
      next_request = std::max(next_request, op.kind == OpKind::Exchange ? op.request + 2 * (static_cast<int>(op.work) - 1)
                                                                        : op.request + 1);
    std::vector<Op> out;
    out.reserve(p.ops.size());
    for (const Op& op : p.ops) {
      switch (op.kind) {
        case OpKind::Bcast: lower_bcast(p.rank, size, op.peer, op.bytes, op.phase, op.what, &out); break;
        case OpKind::Reduce: lower_reduce(p.rank, size, op.peer, op.bytes, op.phase, op.what, &out); break;
        case OpKind::Allreduce:
          lower_reduce(p.rank, size, 0, op.bytes, op.phase, op.what, &out);
          lower_bcast(p.rank, size, 0, op.bytes, op.phase, op.what, &out);
          break;
        case OpKind::Barrier: lower_barrier(p.rank, size, op.phase, op.what, &next_request, &out); break;
        default: out.push_back(op);
      }
    }
    p.ops = std::move(out);
  }
}

}  // namespace hpcsim::npb
