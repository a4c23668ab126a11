// Parameters of the Elan4 NIC and its driver (seed 001), declared beside the model (params/parameter.h: name, unit,
// default, range, description, source); registered through the catalog entry that uses them, printed by `npm run sim
// -- --parameters`.
#include "hw/elan4/elan4_nic.h"

namespace hpcsim {

const std::vector<ParameterSpec>& elan4_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // Elan4 NIC (seed 001; REFERENCES §1.2.3-1.2.5, §1.3.1).
  {"elan4.command_ns", "ns", 50, 0, 10000, false, "Command processor: decode one command written into a command queue and hand it on.", "[estimate] a few Elan4 core clocks per 64-bit command word"},
  {"elan4.dma_setup_ns", "ns", 200, 0, 10000, false, "DMA engine: load an E4_DMA64 descriptor and translate its addresses in the Elan4 MMU.", "[estimate]; REFERENCES §1.2.3 (descriptor fields)"},
  {"elan4.event_ns", "ns", 50, 0, 10000, false, "Event processor: a set-event that reaches the event's count, before its actions run.", "[estimate]; REFERENCES §1.2.4"},
  {"elan4.event_copy_ns", "ns", 80, 0, 10000, false, "COPY action: move 8 x 64-bit words (a prebuilt DMA) from SDRAM into a command queue (chained DMA).", "[estimate] 8 SDRAM reads + 8 command-queue writes; REFERENCES §1.2.4"},
  {"elan4.input_ns", "ns", 150, 0, 10000, false, "Inputter: accept an arriving packet (route check, queue or RDMA address, pointer update) before writing it.", "[estimate]"},
  {"elan4.sdram_access_ns", "ns", 10, 1, 1000, false, "One thread-processor access to Elan4 SDRAM.", "[estimate] thread loads of hot Tports state hit the Elan4 cache in front of its DDR SDRAM"},
  {"elan4.thread_clock_MHz", "MHz", 400, 10, 2000, false, "Elan4 thread processor clock (one simple instruction per cycle); runs Tports matching.", "[estimate] Elan4 core clock (QsNetII generation, 2003)"},
  {"elan4.qdma_retry_ns", "ns", 500, 0, 100000, false, "Back-off before the DMA engine retries a QDMA refused by a full input queue (QDMA_RETRY 16).", "[estimate]; REFERENCES §1.3.1"},
  {"elan4.outstanding_reads", "reads", 4, 1, 32, true, "PCI-X split read requests the Elan4 DMA engine keeps in flight while reading an RDMA source.", "[assumption] PCI-X allows up to 32 outstanding split transactions per device"},
  {"elan4.qdma_max_bytes", "B", 2048, 128, 2048, true, "Largest queued DMA (one input-queue slot) on Elan4.", "REFERENCES §1.2.1 (GASNETC_ELAN_MAX_QUEUEMSG = 2048), §1.3.1 (MAX_QSIZE)"},
  {"elan4.input_queue_slots", "slots", 128, 2, 4096, true, "Usable slots of an Elan4 input queue (one more is allocated and lost to tell full from empty).", "REFERENCES §1.3.1 (MAX_QSLOTS 128, LOST_QSLOTS 1)"},
  // MPI-2 dynamic processes on Elan4 (seed 001 "Dynamic MPI-2 Process Pool"); code paths in ompi/dynamic_costs.h.
  {"elan4.context_attach_us", "us", 20, 0, 10000, false, "Driver part of attaching a process to a context of the job's capability (elan4_attach ioctl): check the capability, claim a free context, allocate and clear the context's Elan4 MMU hash table, install its fault handler (route entries and page translations are loaded separately, by PIO).", "[estimate] Linux 2.6 ioctl doing a few page allocations and clears; seed 001 (\"Allocate a capability with more contexts\")"},
  {"elan4.context_detach_us", "us", 15, 0, 10000, false, "Driver part of detaching from a context: flush the context's Elan4 TLB entries, drop its command queues, return the context to the capability.", "[estimate] as elan4.context_attach_us, without the clears"},
  {"elan4.command_queue_alloc_us", "us", 8, 0, 10000, false, "Allocating one Elan4 command queue (elan4_alloccq: ioctl, then mmap of its uncached page into the process).", "[estimate] an ioctl plus an mmap of one device page; REFERENCES §1.2.5 (CQ_Size8K, CQ_Size1K queues)"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
