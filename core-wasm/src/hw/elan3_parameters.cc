// Parameters of the Elan3 NIC (seed 002), declared beside the model (params/parameter.h: name, unit, default, range,
// description, source); registered through the catalog entry that uses them, printed by `npm run sim --
// --parameters`.
#include "hw/elan3_nic.h"

namespace hpcsim {

const std::vector<ParameterSpec>& elan3_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // Elan3 NIC (seed 002 §2.3, §4).
  {"elan3.thread_clock_MHz", "MHz", 100, 10, 1000, false, "Clock of the Elan3 thread processor (one simple instruction per cycle).", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]; seed 002 §4 calls it slow relative to the host"},
  {"elan3.sdram_access_ns", "ns", 40, 1, 1000, false, "One load or store by the thread processor to Elan SDRAM.", "[estimate] 4 thread cycles"},
  {"elan3.sdram_MBps", "MB/s", 800, 10, 100000, false, "Burst bandwidth of Elan SDRAM (the inputter writing an arriving packet into its queue slot).", "[estimate] 64-bit SDRAM at 100 MHz"},
  {"elan3.pio_read_latency_ns", "ns", 850, 0, 10000, false, "Elan3 as a PCI target: wait before it returns data for a host read of NIC memory.", "[estimate]; seed 002 §5.1 attributes post-receive cost to PCI accesses"},
  {"elan3.dma_setup_ns", "ns", 200, 0, 10000, false, "DMA engine: fetch a descriptor from the command port and translate addresses in the MMU.", "[estimate]; seed 002 §2.3 (MMU translations done by the Elan)"},
  {"elan3.event_dispatch_ns", "ns", 400, 0, 10000, false, "From a queue event firing to the sleeping NIC thread being runnable.", "[estimate]; seed 002 §4.2 step (2)"},
  {"elan3.qdma_max_bytes", "B", 320, 64, 2048, true, "Largest queued DMA (one input-queue slot).", "REFERENCES §1.2.1 (GASNETC_ELAN_MAX_QUEUEMSG = 320 on Elan3); seed 002 §4.2"},
  {"elan3.input_queue_slots", "slots", 128, 2, 4096, true, "Slots of the NIC input queue that receives queued DMAs.", "[assumption] as REFERENCES §1.3.1 MAX_QSLOTS"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
