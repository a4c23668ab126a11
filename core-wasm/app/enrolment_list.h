// The one enrolment list of the composition root, as an X-macro: each fabric, protocol and workload kind of the core,
// one line each, in the order the catalog lists them (errors, the page's menus). No include guard: enrolment.cc
// includes it twice, once to declare each enrol_<name>(Catalog&) and once to call them.
//
// HPCSIM_ENROLMENT(name, systems): `name` names hpcsim::enrol_<name>(Catalog&), defined in the model's folder;
// `systems` the per-system wasm modules that carry the model (core-wasm/cmake/wasm.cmake, HPCSIM_WASM_SYSTEMS), one
// word each, after the seed whose system the module runs:
//   portals-elan3  seed 002: Portals 3.3 and Tports over QsNet (Elan3)
//   ompi-elan4     seed 001: Open MPI and MPICH/Tports over QsNetII (Elan4)
//   via-sci        seed 003: SS-VIA, SCI-MPICH, M-VIA and TCP over SCI and Fast Ethernet
//   pvfs2-elan4    seed 000: PVFS2 over Elan4 with its InfiniBand baseline (verbs, MVAPICH, bmi_ib)
// The native build, the CLI, the tests and the full wasm module (public/wasm/hpcsim.wasm) enrol every line.

// Fabrics (core-wasm/src/machines/).
HPCSIM_ENROLMENT(qsnet_fabrics, "portals-elan3 ompi-elan4 pvfs2-elan4")  // qsnet (Elan3), qsnet2 (Elan4)
HPCSIM_ENROLMENT(sci_fabric, "via-sci")                                  // sci-ringlet
HPCSIM_ENROLMENT(ethernet_fabric, "via-sci")                             // fast-ethernet
HPCSIM_ENROLMENT(infiniband_fabric, "pvfs2-elan4")                       // infiniband
// Protocols (protocols/<name>/enrol.cc).
HPCSIM_ENROLMENT(portals, "portals-elan3")                 // protocols/portals/qsnet
HPCSIM_ENROLMENT(tports, "portals-elan3 ompi-elan4")       // protocols/tports
HPCSIM_ENROLMENT(ompi, "ompi-elan4 pvfs2-elan4")           // protocols/ompi: ompi, elan4-qdma
HPCSIM_ENROLMENT(mpich_qsnet, "ompi-elan4")                // protocols/mpich_qsnet
HPCSIM_ENROLMENT(ss_via, "via-sci")                        // protocols/ss_via (SS-VIA and MPI over it)
HPCSIM_ENROLMENT(sci_mpich, "via-sci")                     // protocols/sci_mpich
HPCSIM_ENROLMENT(mvia, "via-sci")                          // protocols/mvia (M-VIA and MPI over it)
HPCSIM_ENROLMENT(tcp, "via-sci")                           // protocols/tcp
HPCSIM_ENROLMENT(ib_verbs, "pvfs2-elan4")                  // protocols/ib_verbs
HPCSIM_ENROLMENT(mvapich, "pvfs2-elan4")                   // protocols/mvapich
HPCSIM_ENROLMENT(pvfs2, "pvfs2-elan4")                     // protocols/pvfs2: pvfs2-elan4, pvfs2-ib
// Workload kinds (core-wasm/src/workload/, protocols/ompi/dynamic_workload.cc, protocols/pvfs2/).
HPCSIM_ENROLMENT(pingpong, "portals-elan3 ompi-elan4 via-sci pvfs2-elan4")
HPCSIM_ENROLMENT(npb, "via-sci")
HPCSIM_ENROLMENT(dynamic_processes, "ompi-elan4")
HPCSIM_ENROLMENT(alltoall, "portals-elan3 ompi-elan4")
HPCSIM_ENROLMENT(exchange, "portals-elan3 ompi-elan4")
HPCSIM_ENROLMENT(pvfs2_workloads, "pvfs2-elan4")  // pvfs2-listio, mpi-tile-io, btio
