// Host code-path costs of Open MPI's PML and the Elan4 PTL on a 3.0 GHz Xeon (seed 001), in CPU cycles.
// Each constant lists what the step does; the NetBurst figures used are [estimate]s: a locked
// read-modify-write (lock cmpxchg, as in ompi free lists and locks) ~ 100-150 cycles, an sfence before a
// doorbell ~ 100 cycles, an L1/L2-resident field write ~ 1-3 cycles, a branchy dispatch ~ 20-50 cycles.
#pragma once
#include <cstdint>

namespace hpcsim::ompi {

// ---- PML (pml_teg of 2004-2005): these are the whole "PML cost" of seed 001 (about 0.5 us per message) ----
// MPI_Isend: request from a free list (lock cmpxchg 150), initialise 20 fields (60), per-peer sequence number
// under the PML lock (lock + unlock 250), choose the first PTL / scheduling weights (60), call into it (30).
constexpr uint64_t kPmlIsend = 550;
// MPI_Irecv: request from a free list (150), initialise (60), take the matching lock (150), then the
// unexpected search (kPmlPerEntry each), append to the posted queue (40), unlock (100).
constexpr uint64_t kPmlIrecv = 500;
// Matching an arriving first fragment: lock (150), sequence check (30), walk (kPmlPerEntry each), unlink (40),
// fill the status (40), unlock (100).
constexpr uint64_t kPmlMatch = 360;
constexpr uint64_t kPmlPerEntry = 25;  // compare context, source, tag of one queue entry (one cache line)
// Progress of a request by a fragment (receive or send side): bytes counters, completion test, status (80),
// request lock + condition broadcast bookkeeping (120).
constexpr uint64_t kPmlProgress = 200;
// MPI_Wait on a complete request: test, return it to the free list (150), status copy (30).
constexpr uint64_t kPmlWait = 200;
// Scheduling the rest of a rendezvous over the PTLs (per PTL used): share by weight, fragment descriptor.
constexpr uint64_t kPmlSchedulePerPtl = 150;

// ---- PTL/Elan4 (ptl_elan of 2004-2005) ----
// Send a fragment by QDMA: descriptor from the PTL free list (150), pack the header (64 B: 40),
// fill the E4_DMA64 fields and the chained completion (8 words: 40), sfence before the doorbell (100).
constexpr uint64_t kPtlQdma = 330;
// Dispatch one queue entry on hdr_type (read the slot's first line is charged as a cache miss) (40),
// find the descriptor or request from src_ptr/dst_ptr (20).
constexpr uint64_t kPtlDispatch = 60;
// Local completion entry (type + 8): return the descriptor to the free list (150), tell the PML (20).
constexpr uint64_t kPtlCompletion = 170;
// RDMA write with chained FIN and completion: main, chain and comp descriptors (24 words: 100), two COPY
// events primed (60), sfence (100), one doorbell.
constexpr uint64_t kPtlPut = 410;
// RDMA read (remote DMA) with chained FIN_ACK and completion: as kPtlPut.
constexpr uint64_t kPtlGet = 410;

// ---- libelan4-level QDMA (the "raw QDMA" layer of seed 001's cost breakdown) ----
// Send: fill the descriptor (40), sfence (100). Receive: consume the slot (the fptr write and re-prime are
// PCI writes, charged separately) (30).
constexpr uint64_t kRawSend = 140;
constexpr uint64_t kRawRecv = 30;

}  // namespace hpcsim::ompi
