// Parameters of TCP/IP over Fast Ethernet (Linux 2.2, seed 003's baseline), declared beside the model
// (params/parameter.h: name, unit, default, range, description, source); registered through the catalog entry that
// uses them, printed by `npm run sim -- --parameters`.
#include "tcp/tcp_ethernet.h"

namespace hpcsim {

const std::vector<ParameterSpec>& tcp_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // TCP/IP over Fast Ethernet (Linux 2.2). Code-path costs are in protocols/tcp/costs.h.
  {"tcp.ip_header_bytes", "B", 20, 20, 60, true, "IPv4 header without options.", "RFC 791"},
  {"tcp.tcp_header_bytes", "B", 20, 20, 60, true, "TCP header without options (MSS = MTU - IP - TCP headers).", "RFC 793"},
  {"tcp.checksum_MBps", "MB/s", 400, 10, 100000, false, "Internet checksum rate of the host CPU (on top of the copy when folded into it).", "[estimate] Pentium II 350, csum_partial"},
  {"tcp.wakeup_ns", "ns", 6000, 0, 1000000, false, "Waking the process sleeping in recv(): wake_up, schedule() and the switch back into it.", "[estimate] Linux 2.2 on a 350 MHz Pentium II"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
