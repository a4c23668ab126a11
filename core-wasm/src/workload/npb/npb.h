// NAS Parallel Benchmarks 2.3 (MPI) communication skeletons: LU, MG, CG, EP, BT.
//
// Pure and timing-free: for a benchmark, a problem class and a process count, build_program() gives
// each rank the ordered list of MPI operations of the NPB MPI source (point-to-point with peer, bytes
// and tag; collectives with payload) and Compute steps carrying a floating-point operation count
// estimated from the loop nest they stand for (documented per benchmark in its .cc file). A timed
// model turns Compute.flops into seconds for a CPU (e.g. the 350 MHz Pentium II of seed 003) and the
// messages into network events. Doubles are 8 B, Fortran INTEGER/LOGICAL 4 B.
// Sources: REFERENCES §1.7.1-1.7.2 and the NPB MPI source (NPB3.3-MPI as stored; its communication
// code is that of NPB 2.3 except where a .cc file says otherwise).
#ifndef HPCSIM_WORKLOAD_NPB_NPB_H_
#define HPCSIM_WORKLOAD_NPB_NPB_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hpcsim::npb {

enum class Benchmark { LU, MG, CG, EP, BT };
enum class NpbClass { S, W, A, B };

// Io: BT-IO's output_timestep (an MPI-IO collective write of the solution; `work` = the dump number, from 1), run by
// the workload's I/O hook (NpbRun); the skeletons without I/O never emit it.
// Exchange: MPICH 1.2's linear exchange among `work` ranks, kept as one operation and expanded one step at a time
// (exchange_step): an Irecv from every other rank (rank - 1, rank - 2, ...), an Isend to every other (rank + 1, ...),
// then a Wait on each request in posting order; requests `request` .. request + 2 (work - 1) - 1; `what` names the
// calls, `wait_what` the waits. A 4,096-rank all-to-all is one Op per rank and call instead of 16,380 (issue 39).
enum class OpKind { Compute, Send, Recv, Isend, Irecv, Wait, Allreduce, Reduce, Bcast, Barrier, Io, Exchange };

// Where an operation sits in the run: before the benchmark timer (Setup, Warmup = the untimed
// iteration the source runs "to touch all pages"), inside it (Timed), or after it (Final).
enum class Phase { Setup, Warmup, Timed, Final };

struct Op {
  OpKind kind = OpKind::Compute;
  Phase phase = Phase::Timed;
  int peer = -1;          // Send/Recv/Isend/Irecv: the other rank (may be this rank); Reduce/Bcast: root
  int64_t bytes = 0;      // point-to-point: message bytes (Recv/Irecv: bytes the source unpacks);
                          // collectives: payload bytes per rank
  int tag = 0;            // point-to-point tag of the source
  int request = -1;       // Isend/Irecv: request id (per rank, from 0); Wait: the request waited on
  double flops = 0;       // Compute: estimated floating-point operations
  int64_t work = 0;       // Compute: work units of the loop (grid points, matrix rows, random pairs)
  const char* what = "";  // Compute: the routine / loop it stands for; messages: the routine
  const char* wait_what = "";  // Exchange: the routine its waits stand for
};


struct RankProgram {
  int rank = 0;
  std::vector<Op> ops;
};

// Steps of an Exchange operation (4 (processes - 1)), and step `j` of it for `rank`: an Irecv, Isend or Wait.
int exchange_steps(const Op& exchange);
Op exchange_step(const Op& exchange, int rank, int j);
// Of an Exchange's steps, its sends (processes - 1: what a run's progress counts, NpbRun::fraction_done).
int exchange_sends(const Op& exchange);
// `program` with every Exchange expanded into its steps (checks and tests; a run expands them as it goes).
RankProgram expanded(const RankProgram& program);

// Fills *out with one program per rank (rank order). Returns "" or an error naming the argument,
// e.g. "processes: BT needs a square number of processes".
std::string build_program(Benchmark benchmark, NpbClass npb_class, int processes,
                          std::vector<RankProgram>* out);

// NPB 2.4 BT-IO (`full` subtype, BT/full_mpiio.f; REFERENCES §1.7.3): BT's program with an Io operation after every
// `wr_interval`-th time step (wr_interval = 5 in the source: 40 dumps of class A's 200 steps). "" or the error.
std::string build_btio(NpbClass npb_class, int processes, int wr_interval, std::vector<RankProgram>* out);

// Sorted (bytes, count) of point-to-point messages (Send + Isend; messages to self included).
using MessageHistogram = std::vector<std::pair<int64_t, int64_t>>;
MessageHistogram histogram(const std::vector<RankProgram>& programs);
MessageHistogram histogram(const std::vector<RankProgram>& programs, Phase phase);

struct Totals {
  int64_t messages = 0;        // Send + Isend, all ranks
  int64_t bytes = 0;           // their bytes
  int64_t self_messages = 0;   // of which to the sending rank itself (MG on an unsplit axis)
  int64_t collectives = 0;     // Allreduce/Reduce/Bcast/Barrier calls, counted once per call (rank 0)
  int64_t collective_bytes = 0;
  double flops = 0;            // Compute flops, all ranks
};
Totals totals(const std::vector<RankProgram>& programs);
Totals totals(const std::vector<RankProgram>& programs, Phase phase);

// Symbolic execution of all ranks: sends are buffered (eager) unless rendezvous is true, in which
// case a Send blocks (and an Isend's Wait waits) until the receiver has posted the matching receive.
// Receives match in posting order per (source, tag) as in MPI; every matched pair must have equal
// bytes; collectives must be entered by every rank in the same order with the same kind, root and
// bytes. Returns "" or the first problem (deadlock with the blocked ranks, size mismatch, message or
// receive left over).
std::string check_matching(const std::vector<RankProgram>& programs, bool rendezvous = false);

// The benchmark's own operation count (the formula NPB prints Mop/s with), whole timed region:
// LU, MG, CG, BT floating-point operations; EP random numbers generated, 2^(m+1) (EP counts no flops).
double official_flops(Benchmark benchmark, NpbClass npb_class);

// Tags of the point-to-point messages a lowered collective sends (above every NPB application tag).
constexpr int kBarrierTag = 1 << 24;
constexpr int kBcastTag = kBarrierTag + 1;
constexpr int kReduceTag = kBarrierTag + 2;

// Replaces every collective (Allreduce, Reduce, Bcast, Barrier) by the blocking Send/Recv messages and the
// reduction Compute steps MPICH 1.2 performs for it (workload/npb/collectives.cc gives the algorithms), so the
// programs hold point-to-point operations and Compute only. check_matching() still holds afterwards.
void lower_collectives(std::vector<RankProgram>* programs);

const char* benchmark_name(Benchmark benchmark);
const char* class_name(NpbClass npb_class);

}  // namespace hpcsim::npb

#endif  // HPCSIM_WORKLOAD_NPB_NPB_H_
