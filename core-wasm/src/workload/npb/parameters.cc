// Parameters of the NAS benchmarks' computation (seed 003's NPB runs), declared beside the model (params/parameter.h:
// name, unit, default, range, description, source); registered through the catalog entry that uses them, printed by
// `npm run sim -- --parameters`.
#include "workload/npb_campaign.h"

namespace hpcsim {

const std::vector<ParameterSpec>& npb_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // Application computation of the NAS skeletons (seed 003's NPB runs): host cycles per floating-point operation
  // of each benchmark's loops on the node CPU (times host.clock_MHz). Defaults: a 350 MHz Pentium II (x87 FPU,
  // one load port, 512 KB half-speed L2, 440BX + PC100 SDRAM streaming about 300 MB/s [recalled]).
  {"npb.lu_cycles_per_flop", "cycles/flop", 4, 0.1, 1000, false, "LU (SSOR: jacld/blts/jacu/buts 5x5 block solves per k-plane, rhs fluxes): cycles per flop.", "[estimate] the k-plane Jacobians (4 x 25 doubles per point, ~870 KB per plane on one node) do not fit the 512 KB L2; x87 issue ~2 cycles/flop, memory doubles it"},
  {"npb.mg_cycles_per_flop", "cycles/flop", 3, 0.1, 1000, false, "MG (resid/psinv/rprj3/interp stencils): cycles per flop.", "[estimate] ~1 load per flop on the P6's single load port and ~1.6 B/flop of streamed arrays at ~300 MB/s"},
  {"npb.cg_cycles_per_flop", "cycles/flop", 7, 0.1, 1000, false, "CG (sparse matrix-vector product and vector updates): cycles per flop.", "[estimate] 12 B streamed per nonzero (value + column index) for 2 flops at ~300 MB/s = 14 cycles per nonzero at 350 MHz"},
  {"npb.ep_cycles_per_flop", "cycles/flop", 7, 0.1, 1000, false, "EP (vranlc and the Gaussian acceptance test, 44 flops per pair): cycles per flop.", "[estimate] ~60 cycles per vranlc number (dependent multiplies, float-integer conversions), and with probability pi/4 FYL2X (~100), FSQRT (~70), FDIV (~38): ~310 cycles per pair [recalled P6 latencies]"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
