// Parameters of MVAPICH's device, declared beside the model (params/parameter.h: name, unit, default, range,
// description, source). "[S-code]" values are MVAPICH's own defaults for an InfiniHost PCI-X HCA (MLX_PCI_X_GEN) in
// its ch_gen2 device (grondo/mvapich-cce mpid/ch_gen2), whose packets and defaults continue 0.9.x's ch_vapi [I].
#include "mvapich/mvapich.h"

namespace hpcsim {

const std::vector<ParameterSpec>& mvapich_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"mvapich.vbuf_bytes", "B", 12288, 1024, 65536, true, "VIADEV_VBUF_TOTAL_SIZE: one receive buffer (vbuf); the eager limit is this less the 36-byte EAGER_START header (viadev_rendezvous_threshold).", "[S-code] ch_gen2/viaparam.c viadev_set_default_parameters, MLX_PCI_X_GEN: 12 * 1024"},
  {"mvapich.prepost_depth", "vbufs", 64, 2, 1024, true, "VIADEV_PREPOST_DEPTH: receive vbufs each process keeps posted for each peer; the peer's send credits.", "[S-code] ch_gen2/ibverbs_const.h: VIADEV_PREPOST_DEPTH 64"},
  {"mvapich.credit_preserve", "credits", 10, 0, 1024, true, "VIADEV_CREDIT_PRESERVE: credits an eager message may not take, kept for control packets (rendezvous, finish).", "[S-code] ch_gen2/viaparam.c, MLX_PCI_X_GEN: viadev_credit_preserve = 10"},
  {"mvapich.credit_notify_threshold", "credits", 5, 1, 1024, true, "VIADEV_CREDIT_NOTIFY_THRESHOLD: reposted receives that, with nothing else to send to that peer, go back in a NOOP.", "[S-code] ch_gen2/viaparam.c: viadev_credit_notify_threshold = 5"},
  {"mvapich.vbuf_cycles", "cycles", 300, 0, 100000, false, "Host cycles of the device per packet built or dispatched: vbuf taken from or returned to the pool, header and credits set, dispatch on packet type.", "[estimate] MVAPICH's viasend.c/viacheck.c packet paths on a 3 GHz Xeon, beside MPICH's generic costs (mpich/costs.h)"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
