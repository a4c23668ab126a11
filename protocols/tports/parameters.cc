// Parameters of the vendor's Tports on Elan3 (seed 002's baseline), declared beside the model (params/parameter.h:
// name, unit, default, range, description, source); registered through the catalog entry that uses them, printed by
// `npm run sim -- --parameters`.
#include "tports/tports_qsnet.h"

namespace hpcsim {

const std::vector<ParameterSpec>& tports_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"tports.thread_context_words", "words", 4, 0, 512, true, "Words the vendor's Tports NIC thread restores when woken.", "[assumption] hand-tuned vendor thread"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
