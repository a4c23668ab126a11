// Heap bytes per unit of simulator state (issue 39 item 1), measured with glibc's mallinfo2 (bytes in use) before
// and after building many of one kind on the stack a big MPI run uses: rank programs (NpbRun) over Open MPI on
// Elan4. Each figure is (bytes in use after - before) / count, so it includes the allocator's per-block overhead and
// the growth slack of the containers at that count. Printed by `hpcsim-bench --state-bytes` (npm run bench).
#pragma once
#include <malloc.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include "enrolment.h"
#include "hw/qsnet_cluster.h"
#include "kernel/simulator.h"
#include "ompi/ompi_elan4.h"
#include "params/parameter.h"
#include "workload/npb_run.h"

namespace hpcsim::bench {

inline double heap_bytes() { return static_cast<double>(mallinfo2().uordblks); }

/// A 2-node QsNetII cluster running rank programs over Open MPI (one progress thread per process, so arrivals are
/// drained whatever the ranks do), for `count` operations of one kind; returns bytes per operation left in the heap
/// once the simulation is idle.
inline double rank_program_bytes(int count, bool receives) {
  ParameterSet p{"osu-elan4-2005"};
  p.set("ompi.qdma_descriptors", 4096);  // sends are not held back: the figure is state, not flow control
  Simulator sim(0);  // no trace records: the figures are the run's own state
  sim.messages().set_envelope_limit(static_cast<size_t>(count));  // but every message's envelope
  QsnetCluster cluster(sim, p, 2, NicFamily::kElan4, 1);
  uint32_t ids = 0;
  OmpiElan4Options o;
  o.progress = ompi::ProgressMode::kOneThread;
  o.trace_messages = false;
  OmpiElan4 mpi(sim, cluster, p, o, &ids, 0);
  std::vector<npb::RankProgram> programs(2);
  programs[0].rank = 0;
  programs[1].rank = 1;
  npb::RankProgram& active = receives ? programs[1] : programs[0];
  for (int i = 0; i < count; ++i) {
    npb::Op op;
    op.kind = receives ? npb::OpKind::Irecv : npb::OpKind::Isend;
    op.peer = receives ? 0 : 1;
    op.bytes = 1024;
    op.tag = 5;
    op.request = i;
    op.what = "MPI_Alltoall";
    active.ops.push_back(op);
  }
  sim.run(1u << 16);  // the progress threads start and go to sleep
  const double before = heap_bytes();
  NpbRun run(sim, [&cluster](int n) -> Host& { return cluster.host(n); }, &mpi, std::move(programs), 1.0, 0, &ids, nullptr);
  run.start();
  while (!sim.idle()) sim.run(1u << 20);
  const double bytes = (heap_bytes() - before) / count;  // the programs were built before `before`
  const size_t held = receives ? mpi.pml(1).matching().posted() : mpi.pml(1).matching().unexpected();
  if (held != static_cast<size_t>(count))
    std::printf("{\"state_check\":\"%s: %zu of %d held\"}\n", receives ? "posted" : "unexpected", held, count);
  return bytes;
}

/// Bytes per pending event: `count` events scheduled with a closure of two pointers (the common case: `this` and
/// an index), none run.
inline double pending_event_bytes(int count) {
  Simulator sim(0);
  const double before = heap_bytes();
  int sink = 0;
  for (int i = 0; i < count; ++i)
    sim.after(static_cast<Time>(1 + i % 1000) * 1000, 0, EventKind::kGeneric, 0, [&sink, i]() { sink += i; });
  return (heap_bytes() - before) / count;
}

/// Prints one JSON line per kind of state.
inline void print_state_bytes() {
  enrol_all();  // the parameter registry
  constexpr int kCount = 200000;
  auto line = [](const char* what, double bytes) {
    std::printf("{\"state\":\"%s\",\"bytes_each\":%.1f}\n", what, bytes);
  };
  line("posted receive (rank program, Open MPI PML request, match queue entry)", rank_program_bytes(kCount, true));
  line("message sent and not yet received (send request, catalog envelope, unexpected header)",
       rank_program_bytes(kCount, false));
  line("pending event (kernel slot and a two-pointer closure)", pending_event_bytes(kCount));
}

}  // namespace hpcsim::bench
