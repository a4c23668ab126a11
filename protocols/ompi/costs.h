// Host code-path costs of Open MPI's PML and the Elan4 PTL on a 3.0 GHz Xeon (seed 001), in CPU cycles.
// Each constant lists what the step does; the NetBurst figures used are [estimate]s: a locked
// read-modify-write (lock cmpxchg, as in ompi free lists and locks) ~ 100-150 cycles, an sfence before a
// doorbell ~ 100 cycles, an L1/L2-resident field write ~ 1-3 cycles, a branchy dispatch ~ 20-50 cycles.
#pragma once
#include <cstdint>

namespace hpcsim::ompi {

// ---- PML (pml_teg of 2004-2005): these are the whole "PML cost" of seed 001 (about 0.5 us per message) ----
// Two kinds of synchronisation, from the 2005 tree (open-mpi/ompi src/class/ompi_object.h, src/threads/mutex.h):
// * OBJ_RETAIN / OBJ_RELEASE update a reference count with ompi_atomic_add whenever the library is built with
//   thread support (OMPI_HAVE_THREAD_SUPPORT, the default with POSIX threads): one locked read-modify-write each
//   (kLockedRmw), in every progress mode.
// * OMPI_THREAD_LOCK / OMPI_THREAD_UNLOCK take a mutex only if ompi_using_threads(): with progress threads
//   (seed 001's One-Thread and Two-Threads, which call into the PML from the PTL's threads) and not when the
//   application alone polls or sleeps (Basic, Interrupt). An uncontended pthread mutex lock + unlock is
//   kMutexPair. The kPml*Threads constants are what those mutexes add.
constexpr uint64_t kLockedRmw = 150;  // lock cmpxchg / lock xadd on a 3.0 GHz NetBurst Xeon [estimate]
constexpr uint64_t kMutexPair = 250;  // pthread_mutex_lock (lock cmpxchg) + unlock [estimate]

// MPI_Isend / MPI_Send (MCA_PML_TEG_SEND_REQUEST_ALLOC + MCA_PML_BASE_SEND_REQUEST_INIT + start): request from
// the PTL's request cache (list unlink, 30), initialise 20 fields (60), OBJ_RETAIN of the communicator and the
// datatype (2 x kLockedRmw), per-peer send sequence number (10), choose the first PTL / scheduling weights (60),
// call into it (30).
constexpr uint64_t kPmlIsend = 30 + 60 + 2 * kLockedRmw + 10 + 60 + 30;
// With threads: the cache's mutex, and the sequence number taken by OMPI_THREAD_ADD32 (a locked add).
constexpr uint64_t kPmlIsendThreads = kMutexPair + kLockedRmw;
// MPI_Irecv: request from the free list (30), initialise (60), OBJ_RETAIN of communicator and datatype
// (MCA_PML_BASE_RECV_REQUEST_INIT, 2 x kLockedRmw), then the unexpected search (kPmlPerEntry each) and the
// append to the posted queue (40).
constexpr uint64_t kPmlIrecv = 30 + 60 + 2 * kLockedRmw + 40;
// With threads: the free list's mutex and the communicator's matching lock.
constexpr uint64_t kPmlIrecvThreads = 2 * kMutexPair;
// Matching an arriving first fragment (mca_ptl_base_match): sequence check (30), walk (kPmlPerEntry each),
// unlink (40), fill the status (40). With threads: the matching lock.
constexpr uint64_t kPmlMatch = 30 + 40 + 40;
constexpr uint64_t kPmlMatchThreads = kMutexPair;
constexpr uint64_t kPmlPerEntry = 25;  // compare context, source, tag of one queue entry (one cache line)
// Progress of a request by a fragment (receive or send side): bytes counters, completion test, status, the
// waiting count and condition bookkeeping (80). With threads: the request lock around it.
constexpr uint64_t kPmlProgress = 80;
constexpr uint64_t kPmlProgressThreads = kMutexPair;
// MPI_Wait on a complete request, then its release: test (20), status copy (30), MCA_PML_BASE_RECV_REQUEST_FINI's
// OBJ_RELEASE of communicator and datatype (2 x kLockedRmw), return to the free list (30). With threads: the
// free list's mutex.
constexpr uint64_t kPmlWait = 20 + 30 + 2 * kLockedRmw + 30;
constexpr uint64_t kPmlWaitThreads = kMutexPair;
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
