// Host costs of the MPICH engine's generic calls (mpich/engine.h), in CPU cycles, and the ones MPI over VIA
// (MVICH-like) and ch_p4 over TCP/IP share on seed 003's 350 MHz Pentium II. The seed gives no breakdown: every
// count is an [estimate] of the code path named beside it (MPICH 1.2's ADI-2 request and queue code, the same in
// both devices). Copies and device calls are not here: copies are Host::memcpy / read_dma_written at
// host.memcpy_MBps, VIPL and socket calls are their providers' own costs.
#pragma once
#include <cstdint>

namespace hpcsim::mpich {

/// What one device's MPICH engine charges for the generic part of each call.
struct Costs {
  uint64_t isend_cycles;        ///< MPI_Isend up to the device's send
  uint64_t irecv_cycles;        ///< MPI_Irecv: request, search of the unexpected queue, append to the posted queue
  uint64_t match_entry_cycles;  ///< per queue entry inspected while matching
  uint64_t dispatch_cycles;     ///< per arrived envelope: decode, dispatch on type (plus the posted-queue search)
  uint64_t wait_cycles;         ///< MPI_Wait on a complete request: status copy, request free
};

// MPI_Isend: argument checks, communicator rank -> connection lookup, request allocation, envelope build
// (source, tag, context, length, type, request id), protocol choice by length.
constexpr uint64_t kIsendCycles = 450;
// MPI_Irecv: argument checks, request allocation, search of the unexpected queue, append to the posted queue.
constexpr uint64_t kIrecvCycles = 350;
// Per queue entry inspected while matching (load the entry, compare source/tag/context, next pointer).
constexpr uint64_t kMatchEntryCycles = 40;
// Progress engine, per arrived message: decode the envelope, dispatch on type, search the posted queue (plus
// kMatchEntryCycles per entry).
constexpr uint64_t kDispatchCycles = 300;
// MPI_Wait once the request is complete: status copy, request free.
constexpr uint64_t kWaitCycles = 150;

/// The engine's costs over a message-passing device (MPI over VIPL, ch_p4 over sockets).
constexpr Costs kMessageDeviceCosts{kIsendCycles, kIrecvCycles, kMatchEntryCycles, kDispatchCycles, kWaitCycles};

// Envelope carried in front of eager data and as a rendezvous control message (bytes on the wire).
constexpr uint32_t kEnvelopeBytes = 32;

}  // namespace hpcsim::mpich
