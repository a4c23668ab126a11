// Per-call costs of MPI over SS-VIA (seed 003, "MPI on SS-VIA": MPI API / MPI runtime library / SS-VIA) on
// the 350 MHz Pentium II, in CPU cycles. The seed gives no breakdown: every count is an [estimate] of the
// code path named beside it (MPICH-class ADI over VIPL, MVICH-like). Copies and VIPL calls are not here:
// copies are Host::memcpy / read_dma_written at host.memcpy_MBps, VIPL calls are SS-VIA's own costs.
#pragma once
#include <cstdint>

namespace hpcsim::via_mpi {

// MPI_Isend: argument checks, communicator rank -> VI lookup, request allocation, envelope build
// (source, tag, context, length, type, request id), protocol choice by length.
constexpr uint64_t kIsendCycles = 450;
// MPI_Irecv: argument checks, request allocation, search of the unexpected queue, append to the posted queue.
constexpr uint64_t kIrecvCycles = 350;
// Per queue entry inspected while matching (load the entry, compare source/tag/context, next pointer).
constexpr uint64_t kMatchEntryCycles = 40;
// Progress engine, per arrived VIA message: decode the envelope in the bounce buffer, dispatch on type,
// search the posted queue (plus kMatchEntryCycles per entry).
constexpr uint64_t kDispatchCycles = 300;
// Rendezvous at the receiver: register / look up the user buffer (registration cache hit), build the
// receive descriptor; then the CTS envelope.
constexpr uint64_t kRndvSetupCycles = 500;
// Rendezvous at the sender on the CTS: find the request, build the data descriptor.
constexpr uint64_t kCtsCycles = 250;
// MPI_Wait once the request is complete: status copy, request free.
constexpr uint64_t kWaitCycles = 150;

// Envelope carried in front of eager data and as RTS / CTS (bytes on the wire).
constexpr uint32_t kHeaderBytes = 32;
// [assumption] eager limit: messages up to this many bytes are copied through a bounce buffer; larger ones
// use the rendezvous. Around the crossover of two copies at host.memcpy_MBps against one more round trip.
constexpr uint32_t kEagerLimitBytes = 4096;
// [assumption] pre-posted bounce receives per connected peer (VipPostRecv at connection time).
constexpr int kBounceBuffers = 8;

}  // namespace hpcsim::via_mpi
