// PVFS2 over Quadrics Elan4 (seed 000): the protocol stack (a series' BMI method and list-transfer mode) and the
// workload kinds that run a PVFS2 file system (concurrent list I/O, MPI-Tile-IO, BT-IO).
#include "catalog/catalog.h"
#include "pvfs2/bmi_elan4.h"
#include "pvfs2/bmi_ib.h"
#include "pvfs2/file_system.h"

namespace hpcsim {

namespace pvfs2 {
const std::vector<ParameterSpec>& bmi_elan4_parameters();
void enrol_pvfs2_listio(Catalog& c);
void enrol_mpi_tile_io(Catalog& c);
void enrol_btio(Catalog& c);
}  // namespace pvfs2

void enrol_pvfs2(Catalog& c) {
  ProtocolEntry p;
  p.id = "pvfs2-elan4";
  p.label = "PVFS2 over Elan4 (BMI/Elan4)";
  p.nic = "elan4";
  p.source = "seed 000";
  p.operations = {{"sg-lio", "zero-copy scatter/gather list I/O (chained RDMA)"},
                  {"lio", "list I/O by pack/unpack"},
                  {"iterative", "one RDMA per contiguous region"}};
  p.parameters = {&pvfs2::pvfs2_parameters(), &pvfs2::bmi_elan4_parameters()};
  c.add(p);

  ProtocolEntry ib;
  ib.id = "pvfs2-ib";
  ib.label = "PVFS2 over InfiniBand (bmi_ib)";
  ib.nic = "infinihost";
  ib.source = "seed 000 (PVFS2/IBA baseline); bmi_ib @pvfs2-1-2-0";
  ib.operations = {{"rdma-write", "eager sends and RTS/CTS with one RDMA write per receiver segment"}};
  ib.parameters = {&pvfs2::pvfs2_parameters(), &pvfs2::bmi_ib_parameters()};
  c.add(ib);
}

void enrol_pvfs2_workloads(Catalog& c) {
  pvfs2::enrol_pvfs2_listio(c);
  pvfs2::enrol_mpi_tile_io(c);
  pvfs2::enrol_btio(c);
}

}  // namespace hpcsim
