// MPI over SS-VIA (seed 003 "MPI on SS-VIA"): the MPICH engine's VIA device (via_mpi) over the SS-VIA provider on an
// SCI cluster, composed as the catalog composes it (protocols/ss_via/enrol.cc).
#pragma once
#include <memory>

#include "hw/sci/sci_cluster.h"
#include "ss_via/ss_via.h"
#include "via_mpi/via_mpi.h"

namespace hpcsim {

struct SsViaMpi : ViaMpi {
  SsViaMpi(Simulator& sim, SciCluster& sci, uint32_t* ids, ViaMpiOptions o = {})
      : ViaMpi(std::make_unique<SsVia>(sim, sci, ids), o) {}
  /// The SS-VIA provider underneath.
  SsVia& via() { return static_cast<SsVia&>(provider()); }
};

}  // namespace hpcsim
