// The one enrolment list: each fabric, protocol and workload kind of the core, one line each, in the order the
// catalog lists them (errors, the page's menus). A model's enrol_<name>(Catalog&) lives in its own folder; static
// libraries would drop self-registering objects, so the list is explicit (docs/architecture.md).
#include "enrolment.h"

#include "catalog/catalog.h"

// Declares and calls hpcsim::enrol_<name>(Catalog&), defined in the model's folder.
#define HPCSIM_ENROL(name)          \
  do {                              \
    void enrol_##name(Catalog&);    \
    enrol_##name(c);                \
  } while (0)

namespace hpcsim {

void enrol_all() {
  static const bool done = [] {
    Catalog& c = catalog();
    // Fabrics (core-wasm/src/machines/).
    HPCSIM_ENROL(qsnet_fabrics);    // qsnet (Elan3), qsnet2 (Elan4)
    HPCSIM_ENROL(sci_fabric);       // sci-ringlet
    HPCSIM_ENROL(ethernet_fabric);  // fast-ethernet
    HPCSIM_ENROL(infiniband_fabric);  // infiniband
    // Protocols (protocols/<name>/enrol.cc).
    HPCSIM_ENROL(portals);          // protocols/portals/qsnet
    HPCSIM_ENROL(tports);           // protocols/tports
    HPCSIM_ENROL(ompi);             // protocols/ompi: ompi, elan4-qdma
    HPCSIM_ENROL(mpich_qsnet);      // protocols/mpich_qsnet
    HPCSIM_ENROL(ss_via);           // protocols/ss_via (SS-VIA and MPI over it)
    HPCSIM_ENROL(sci_mpich);        // protocols/sci_mpich
    HPCSIM_ENROL(mvia);             // protocols/mvia (M-VIA and MPI over it)
    HPCSIM_ENROL(tcp);              // protocols/tcp
    HPCSIM_ENROL(ib_verbs);         // protocols/ib_verbs
    HPCSIM_ENROL(mvapich);          // protocols/mvapich
    HPCSIM_ENROL(pvfs2);            // protocols/pvfs2: pvfs2-elan4, pvfs2-ib
    // Workload kinds (core-wasm/src/workload/, protocols/ompi/dynamic_workload.cc).
    HPCSIM_ENROL(pingpong);
    HPCSIM_ENROL(npb);
    HPCSIM_ENROL(dynamic_processes);
    HPCSIM_ENROL(alltoall);
    HPCSIM_ENROL(exchange);
    HPCSIM_ENROL(pvfs2_workloads);  // protocols/pvfs2: pvfs2-listio, mpi-tile-io, btio
    return true;
  }();
  (void)done;
}

}  // namespace hpcsim
