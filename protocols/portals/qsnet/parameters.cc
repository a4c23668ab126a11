// Parameters of Portals 3.3 on Elan3 (seed 002), declared beside the model (params/parameter.h: name, unit, default,
// range, description, source); registered through the catalog entry that uses them, printed by `npm run sim --
// --parameters`.
#include "portals/qsnet/portals_qsnet.h"

namespace hpcsim {

const std::vector<ParameterSpec>& portals_qsnet_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // Portals 3.3 on Elan3 (seed 002 §4).
  {"portals.header_bytes", "B", 32, 8, 256, true, "Portals control header carried in each queued DMA.", "seed 002 §4.2"},
  {"portals.small_object_bytes", "B", 64, 32, 320, true, "Header plus up to 32 B of data moved as one 64-byte object.", "seed 002 §5.1"},
  {"portals.event_bytes", "B", 128, 32, 512, true, "Size of a Portals event written into the host event queue.", "seed 002 §5.1"},
  {"portals.thread_context_words", "words", 48, 0, 512, true, "Words the compiled-C Portals NIC thread restores from SDRAM when woken.", "[assumption] seed 002 §4: the thread is a compiled C program"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
