// Costs of MPICH-QsNet (MPICH over the vendor's Tports) on Elan4 (seed 001 baseline). Host cycles at
// 3.0 GHz and Elan4 thread-processor instructions / SDRAM accesses; each names what the step does. [estimate]s
// scaled from the Elan3 Tports steps of seed 002 (protocols/tports/costs.h) to the Elan4 thread.
#pragma once
#include <cstdint>

namespace hpcsim::mpich_qsnet {

// MPI_Irecv -> elan_tportRxStart: MPICH ADI request (150 cycles), receive descriptor (buffer, length, tag,
// mask, source) written into the NIC command queue by PIO (kRxDescriptorBytes).
constexpr uint64_t kIrecvCycles = 300;
constexpr uint32_t kRxDescriptorBytes = 64;
// MPI_Isend -> elan_tportTxStart: ADI request, envelope, descriptor fill, sfence (100).
constexpr uint64_t kIsendCycles = 350;
// MPI_Wait: test the done word and free the request.
constexpr uint64_t kWaitCycles = 150;
// Envelope (tag, source, length, sender's buffer address) carried ahead of the data in a QDMA.
constexpr uint32_t kEnvelopeBytes = 64;

struct ThreadCost {
  uint32_t instructions;
  uint32_t sdram;
};
// Elan4 Tports thread: wake on the queue event and load the slot, inspect the envelope, match against the
// posted list (per entry: tag, mask, source), deliver (DMA data + done word), or program an RDMA read.
constexpr ThreadCost kWake{20, 4};
constexpr ThreadCost kInspect{10, 2};
constexpr ThreadCost kMatchBase{10, 2};
constexpr ThreadCost kMatchPerEntry{8, 3};
constexpr ThreadCost kDeliver{20, 8};
constexpr ThreadCost kProgramRdma{30, 10};
constexpr ThreadCost kPostReceive{15, 4};  // append a posted receive, search the NIC's unexpected list

}  // namespace hpcsim::mpich_qsnet
