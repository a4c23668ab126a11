// Per-operation costs of Portals 3.3 on Elan3 (seed 002 §4, §5.1 and Table 2).
//
// Host library calls are charged in CPU cycles (host.clock_MHz) plus the PCI accesses the call makes to
// NIC-resident state: PIO reads (each a full PCI read round trip, elan3.pio_read_latency_ns) and 8-byte
// uncached stores (host.uncached_store_ns). NIC-thread code is charged in thread instructions
// (elan3.thread_clock_MHz) and Elan SDRAM accesses (elan3.sdram_access_ns). The counts follow the data
// each step touches; the unit costs are hardware parameters. Nothing here is a measured time.
#pragma once
#include <cstdint>

#include "hw/elan3_nic.h"
#include "hw/host.h"

namespace hpcsim::portals_qsnet {

using HostCall = LibraryCall;

// PtlMEAttach: the match list lives in NIC memory (the NIC thread walks it). Reads: portal-table entry
// (list tail), free-ME index, lock word; stores: match_id (nid,pid), match bits, ignore bits, unlink op,
// link of the previous tail, table tail, lock release. Seed 002 §5.1: "multiple PCI bus accesses".
constexpr HostCall kMeAttach{200, 3, 7};
// PtlMDAttach: reads the ME (validate), the free-MD index, the lock word; stores start, length,
// threshold, max_size, options, EQ handle, link into the ME, lock release.
constexpr HostCall kMdAttach{200, 3, 8};
// PtlMDBind + PtlPut/PtlGet: argument and MD checks, header build, threshold update (cycles); one PIO
// read to check that the previous operation's header has been queued (seed 002 §4.3, in-order rule);
// a 7-word DMA descriptor written to the command port (type/size, cookie, vproc, src, dst, events).
constexpr HostCall kPutGet{800, 1, 7};
// The library writes one 128-byte event it generates itself (SEND_*, REPLY_*) into the EQ in host memory.
constexpr uint64_t kHostEventPostCycles = 300;
// PtlEQWait/PtlEQGet returning one event: sequence check, barrier, copy of ptl_event_t to the caller.
constexpr uint64_t kEventGetCycles = 250;

// NIC thread, receive path of a 0-byte PUT (seed 002 Table 2 rows).
constexpr ThreadCost kTakeLock{12, 2};        // test-and-set of the lock word shared with the host
constexpr ThreadCost kInspectHeader{8, 8};    // load the 32-byte header (8 words) from the slot
constexpr ThreadCost kMatchBase{15, 7};       // portal-table entry + ACL entry (5 fields) lookup
constexpr ThreadCost kMatchPerMe{40, 14};     // per ME: nid, pid, 2+2 words of match/ignore bits,
                                              // MD pointer, active, options, threshold, offset, length
constexpr ThreadCost kHousekeeping{30, 10};   // threshold, offset, MAX_SIZE test, RECV_* registers, EQ tail
constexpr ThreadCost kBuildEvent{10, 8};      // fill the 128-byte event in SDRAM
constexpr ThreadCost kIssueDma{0, 7};         // write a 7-word DMA descriptor to the DMA queue
constexpr ThreadCost kUnlink{10, 4};          // unlink ME and MD from the list, free both
constexpr ThreadCost kDropLock{6, 1};
// Long protocol: the RDMA "requires considerable overhead to set up" (seed 002 §4.3): initialise the
// local and the remote completion events (count, type, host word: 8 words each), build the 7-word
// descriptor with both buffer addresses translated, and queue it.
constexpr ThreadCost kProgramRdma{40, 24};
constexpr ThreadCost kNak{10, 2};
// Long protocol, on the RDMA's target event: take the lock, advance the host copy of the EQ tail, drop it.
constexpr ThreadCost kPostEnd{20, 4};

}  // namespace hpcsim::portals_qsnet
