// Parameters of the QsNet and QsNetII fat trees (links, Elite and Elite4 switches), declared beside the model
// (params/parameter.h: name, unit, default, range, description, source); registered through the catalog entry that
// uses them, printed by `npm run sim -- --parameters`.
#include "hw/qsnet_fabric.h"

namespace hpcsim {

const std::vector<ParameterSpec>& qsnet_fabric_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // QsNet fabric (seed 002 §2.3).
  {"qsnet.link_MBps", "MB/s", 340, 1, 100000, false, "Link data rate in each direction, after protocol.", "seed 002 §2.3"},
  {"qsnet.switch_latency_ns", "ns", 35, 0, 10000, false, "Wormhole routing latency through one Elite switch.", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]"},
  {"qsnet.cable_ns", "ns", 10, 0, 1000, false, "Propagation delay of one link cable (about 2 m).", "[estimate] ~5 ns/m"},
  {"qsnet.packet_payload_bytes", "B", 320, 32, 4096, true, "Largest data payload of one network packet; RDMA is split into packets of this size.", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]; equals the Elan3 QDMA limit"},
  {"qsnet.ack_bytes", "B", 8, 1, 64, true, "Size of the end-to-end acknowledgement token of a packet.", "[estimate]"},
  };
  // clang-format on
  return kTable;
}

const std::vector<ParameterSpec>& qsnet2_fabric_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // QsNetII fabric (seed 001 testbed: QS-8A, Elite4 switches).
  {"qsnet2.link_MBps", "MB/s", 1300, 1, 100000, false, "QsNetII link data rate in each direction.", "seed 001 issue: 1.3 GB/s per direction"},
  {"qsnet2.switch_latency_ns", "ns", 35, 0, 10000, false, "Routing latency through one Elite4 switch.", "[estimate] as Elite (Petrini et al. 2002) [recalled]"},
  {"qsnet2.cable_ns", "ns", 10, 0, 1000, false, "Propagation delay of one QsNetII cable (about 2 m).", "[estimate] ~5 ns/m"},
  {"qsnet2.packet_payload_bytes", "B", 512, 64, 8192, true, "Largest payload of one QsNetII DMA packet; RDMA is read from PCI-X and sent in packets of this size.", "[assumption] QsNetII DMA packets smaller than a QDMA slot, so reads, link and writes pipeline"},
  {"qsnet2.packet_header_bytes", "B", 32, 0, 256, true, "Route, header and CRC bytes added to every QsNetII packet.", "[estimate]"},
  {"qsnet2.ack_bytes", "B", 8, 1, 64, true, "End-to-end acknowledgement (or NAK) token of a QsNetII packet.", "[estimate]"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
