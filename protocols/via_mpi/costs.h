// Costs of MPI over SS-VIA's own protocol steps (seed 003, "MPI on SS-VIA": MPI API / MPI runtime library /
// SS-VIA) on the 350 MHz Pentium II, in CPU cycles; the generic calls (MPI_Isend, MPI_Irecv, matching, dispatch,
// MPI_Wait) are the MPICH engine's (mpich/costs.h, kMessageDeviceCosts). The seed gives no breakdown: every count
// is an [estimate] of the code path named beside it (MPICH-class ADI over VIPL, MVICH-like). Copies and VIPL calls
// are not here: copies are Host::memcpy / read_dma_written at host.memcpy_MBps, VIPL calls are SS-VIA's own costs.
#pragma once
#include <cstdint>

namespace hpcsim::via_mpi {

// Rendezvous at the receiver: register / look up the user buffer (registration cache hit), build the
// receive descriptor; then the CTS envelope.
constexpr uint64_t kRndvSetupCycles = 500;
// Rendezvous at the sender on the CTS: find the request, build the data descriptor (after the engine's dispatch).
constexpr uint64_t kCtsCycles = 250;

// [assumption] eager limit: messages up to this many bytes are copied through a bounce buffer; larger ones
// use the rendezvous. Around the crossover of two copies at host.memcpy_MBps against one more round trip.
constexpr uint32_t kEagerLimitBytes = 4096;
// [assumption] pre-posted bounce receives per connected peer (VipPostRecv at connection time).
constexpr int kBounceBuffers = 8;

}  // namespace hpcsim::via_mpi
