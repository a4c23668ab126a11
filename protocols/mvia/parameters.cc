// Parameters of M-VIA over Fast Ethernet (seed 003's baseline), declared beside the model (params/parameter.h: name,
// unit, default, range, description, source); registered through the catalog entry that uses them, printed by `npm
// run sim -- --parameters`.
#include "mvia/mvia.h"

namespace hpcsim {

const std::vector<ParameterSpec>& mvia_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // M-VIA over Fast Ethernet (REFERENCES §1.5.6). Kernel code-path costs are in protocols/mvia/costs.h.
  {"mvia.header_bytes", "B", 32, 0, 256, true, "M-VIA header in every frame after the MAC header (VI id, sequence, offset, length, opcode).", "[estimate] REFERENCES §1.5.6 (no public source)"},
  {"mvia.tx_driver_cycles", "cycles", 300, 0, 1000000, false, "M-VIA's own Tulip driver, per frame sent: fill the descriptor (header buffer + data pages), OWN bit; no skb.", "[estimate] REFERENCES §1.5.6 (per-NIC M-VIA drivers)"},
  {"mvia.rx_driver_cycles", "cycles", 500, 0, 1000000, false, "M-VIA's own Tulip driver, per frame received: check the status, recycle the ring buffer, hand it to vipk; no skb.", "[estimate] REFERENCES §1.5.6 (per-NIC M-VIA drivers)"},
  {"mvia.fast_trap_ns", "ns", 400, 0, 100000, false, "Entry and exit of M-VIA's fast trap (a reserved trap vector straight into vipk, without the system-call dispatcher).", "[estimate] REFERENCES §1.5.6; a 350 MHz Pentium II"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
