// Host code paths of MPI-2 dynamic processes over Elan4 (seed 001 "Dynamic MPI-2 Process Pool"), in CPU cycles of
// the 3.0 GHz Xeon, and the sizes of what a join registers and loads. Driver and system-call times are
// parameters (elan4.context_attach_us, elan4.context_detach_us, elan4.command_queue_alloc_us, os.page_pin_ns,
// os.syscall_entry_ns / os.syscall_exit_ns); the PIO writes and QDMAs below go through the PCI-X and NIC models.
// Cycle counts are [estimate]s built like ompi/costs.h (a locked RMW ~ 150 cycles, a cache-missing structure
// initialisation ~ 100-300 cycles, a malloc ~ 200 cycles).
#pragma once
#include <cstdint>

namespace hpcsim::ompi {

// ---- Join: the new process ----
// Bytes of one Elan4 virtual-process (route) table entry the driver writes into Elan SDRAM per VPID of the
// capability, by PIO: E4_VirtualProcessEntry, two 64-bit words [recalled, Quadrics elan4 driver headers].
constexpr uint32_t kRouteEntryBytes = 16;
// Bytes of one Elan4 MMU translation (PTE) the driver loads per registered page, by PIO [estimate: one 64-bit word].
constexpr uint32_t kPteBytes = 8;
// Command queues a PTL allocates: one 8K for transmit, one 1K for receive re-priming (REFERENCES §1.2.5).
constexpr int kCommandQueues = 2;
// QDMA send descriptors each with a MAX_QSIZE buffer, registered with the context (NUM_QDESCS 16, REFERENCES §1.3.1).
constexpr uint32_t kQdmaDescriptors = 16;
// PTL module initialisation after the attach: free lists of descriptors (16 QDMA + 16 put/get, 32 x 150),
// the E4_InputQueue structure and its event (200), prime the queue event with a wait_event_cmd (charged as a
// command by the queue model when consumed; here the code around it: 100).
constexpr uint64_t kPtlInit = 5100;
// Open the port and build the CONNECT request: port name parse (VPID and queue address of the root, 300),
// the request header with our VPID and input-queue address (100).
constexpr uint64_t kConnectBuild = 400;
// Installing one peer in a process's proc table (mca_pml_base_proc / ptl_elan peer): malloc (200), fill VPID,
// queue address, rank, per-peer sequence counters (100), insert into the PML's peer array under its lock (250).
constexpr uint64_t kAddProc = 550;
// MPI_Intercomm_merge at the new process once every member has acknowledged: new group and communicator
// (context id allocation, rank table of the merged group: 1500), plus kRankTablePerEntry per process.
constexpr uint64_t kIntercommMerge = 1500;
constexpr uint64_t kRankTablePerEntry = 20;

// ---- Join: the root (MPI_Comm_accept) and the members ----
// Root: assign the new rank and VPID entry in the pool (150), build ACCEPT with the address table
// (kRankTablePerEntry per process) and the NEW_PROC notices (100 each, sent by the PTL).
constexpr uint64_t kAcceptBuild = 150;
constexpr uint64_t kNoticeBuild = 100;
// Bytes per process of an address table entry carried by ACCEPT / NEW_PROC: rank (4), VPID (4), Elan address
// of its input queue (8).
constexpr uint32_t kAddressEntryBytes = 16;

// ---- Leave (MPI_Comm_disconnect, then MPI_Finalize's PTL close) ----
// Check that no request is pending (MPI_Comm_disconnect completes outstanding communication first): walk the
// request lists (200).
constexpr uint64_t kDrainCheck = 200;
// Removing one peer from a proc table: unlink under the PML lock (250), free (150), drop its unexpected
// fragments and sequence counters (100).
constexpr uint64_t kRemoveProc = 500;
// PTL close: free lists and queue structures returned (32 x 50 + 400).
constexpr uint64_t kPtlClose = 2000;

}  // namespace hpcsim::ompi
