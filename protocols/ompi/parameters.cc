// Parameters of Open MPI's PML/PTL on Elan4 (seed 001), declared beside the model (params/parameter.h: name, unit,
// default, range, description, source); registered through the catalog entry that uses them, printed by `npm run sim
// -- --parameters`.
#include "ompi/ompi_elan4.h"

namespace hpcsim {

const std::vector<ParameterSpec>& ompi_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"os.poll_before_sleep_us", "us", 50, 0, 10000, false, "Interrupt progress (no progress thread): how long the application's blocking wait polls a done word, while a DMA it issued is outstanding, before it sleeps on the interrupt (with none outstanding it sleeps at once).", "[assumption] long enough for a rendezvous of a few KB to complete; REFERENCES §1.3.4 (polls for usecs, then sleeps). ptl_elan has no code for this mode"},
  {"ompi.thread_poll_us", "us", 1, 0, 10000, false, "One-Thread and Two-Threads: how long a progress thread with an empty queue polls its done word (elan4_pollevent_word) before it takes an ELAN_SLEEP, arms its interrupt cookie and blocks in the driver.", "ptl_elan_priv.c mca_ptl_elan_wait_queue(ptl, rxq, 1) from drain_recv, update_desc and lookup (open-mpi/ompi 58b4ec4d3e, 3d69646177^): 'Poll for usec (at least one), then go to sleep'; ../shared/references/elan4-threads.md §2.5"},
  // Open MPI PML/PTL on Elan4 (seed 001; REFERENCES §1.3). Code-path costs are in protocols/ompi/costs.h.
  {"ompi.header_bytes", "B", 64, 16, 256, true, "mca_ptl_base_header_t of a MATCH/RNDV fragment (common + match + frag parts).", "REFERENCES §1.3.3 [estimate of its size]"},
  {"ompi.qdma_descriptors", "descriptors", 128, 1, 4096, true, "QDMA send descriptors of a PTL (tx_desc_free): each MATCH, ACK or host-sent FIN takes one until its local completion is processed; an application send that finds none spins the PTL's progress (draining its queues) until one returns.", "ptl_elan_priv.h MAX_QDESCS 128 and mca_ptl_elan_alloc_desc's loop on ptlm_progress (open-mpi/ompi ptl/elan, 3d69646177^); REFERENCES §1.3.1"},
  {"ompi.ctl_header_bytes", "B", 48, 16, 256, true, "Header of an ACK, FIN or FIN_ACK control fragment.", "REFERENCES §1.3.3-1.3.4 [estimate of its size]"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
