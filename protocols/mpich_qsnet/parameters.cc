// Parameters of MPICH-QsNet over Tports on Elan4 (seed 001's baseline), declared beside the model
// (params/parameter.h: name, unit, default, range, description, source); registered through the catalog entry that
// uses them, printed by `npm run sim -- --parameters`.
#include "mpich_qsnet/mpich_qsnet.h"

namespace hpcsim {

const std::vector<ParameterSpec>& mpich_qsnet_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // MPICH over Tports on Elan4 (seed 001 baseline).
  {"tports4.thread_context_words", "words", 4, 0, 512, true, "Words the Elan4 Tports thread restores when it takes an arrival.", "[assumption] hand-tuned vendor thread, as tports.thread_context_words"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
