// Per-operation costs of the vendor's Tports on Elan3 (seed 002 §5.1, Tables 1 and 2): the thin,
// tag-matched baseline. Units and conventions as in protocols/portals/qsnet/costs.h.
#pragma once
#include <cstdint>

#include "hw/elan3_nic.h"
#include "hw/host.h"

namespace hpcsim::tports {

using HostCall = LibraryCall;

// elan_tportRxStart: one API call, "roughly half the number of PCI bus accesses" of Portals (§5.1):
// a read of the receive-queue tail; stores of buffer address, length, tag, tag mask, source, link,
// tail and lock release.
constexpr HostCall kRxStart{300, 1, 8};
// elan_tportTxStart: envelope build and descriptor checks. The count of free transmit descriptors is a
// word in host memory that the NIC updates by DMA, so each send reads one freshly invalidated line
// (host.cache_miss_ns) instead of making a PIO read across the bus as Portals does.
constexpr uint64_t kTxStartCycles = 500;
constexpr uint32_t kTxFreeWordBytes = 8;
// A payload of at most 32 B goes with the 32-byte envelope as one 64-byte object written into the NIC
// by write-combined PIO (then the send is complete at once); larger ones are fetched by the DMA engine.
constexpr uint32_t kEnvelopeBytes = 32;
constexpr uint32_t kSmallObjectBytes = 64;
constexpr uint32_t kShortMaxBytes = 288;  // same threshold as Portals (seed 002 §5.1)
// elan_tportTxWait / RxWait: "a single word copy to indicate that the send has completed" (§5.1).
constexpr uint64_t kWaitCycles = 100;

// NIC thread (seed 002 Table 2, Tports column): a hand-written thread keeping its state in registers.
constexpr ThreadCost kTakeLock{6, 1};
constexpr ThreadCost kInspectHeader{6, 1};      // tag and source are one word
constexpr ThreadCost kMatchBase{6, 1};
constexpr ThreadCost kMatchPerBuffer{8, 3};     // tag, mask and source of one posted buffer
constexpr ThreadCost kHousekeeping{8, 3};
constexpr ThreadCost kWriteCompletion{10, 9};   // done word + DMA descriptor for data and done word
constexpr ThreadCost kUnlink{6, 1};             // a matched buffer is always unlinked: no PCI access
constexpr ThreadCost kDropLock{6, 1};
constexpr ThreadCost kProgramRdma{20, 10};

}  // namespace hpcsim::tports
