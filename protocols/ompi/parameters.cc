// Parameters of Open MPI's PML/PTL on Elan4 (seed 001), declared beside the model (params/parameter.h: name, unit,
// default, range, description, source); registered through the catalog entry that uses them, printed by `npm run sim
// -- --parameters`.
#include "ompi/ompi_elan4.h"

namespace hpcsim {

const std::vector<ParameterSpec>& ompi_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"os.poll_before_sleep_us", "us", 50, 0, 10000, false, "How long elan4_pollevent_word polls a done word, while a DMA the thread issued is outstanding, before it sleeps on the interrupt.", "[assumption] long enough for a rendezvous of a few KB to complete; REFERENCES §1.3.4 (polls for usecs, then sleeps)"},
  // Open MPI PML/PTL on Elan4 (seed 001; REFERENCES §1.3). Code-path costs are in protocols/ompi/costs.h.
  {"ompi.header_bytes", "B", 64, 16, 256, true, "mca_ptl_base_header_t of a MATCH/RNDV fragment (common + match + frag parts).", "REFERENCES §1.3.3 [estimate of its size]"},
  {"ompi.ctl_header_bytes", "B", 48, 16, 256, true, "Header of an ACK, FIN or FIN_ACK control fragment.", "REFERENCES §1.3.3-1.3.4 [estimate of its size]"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
