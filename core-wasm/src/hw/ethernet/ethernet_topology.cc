#include "hw/ethernet/ethernet_topology.h"

#include <string>

namespace hpcsim {

void append_ethernet_topology(EthernetCluster& eth, nlohmann::ordered_json& components, nlohmann::ordered_json& links) {
  const char* net = "ethernet";
  for (int i = 0; i < eth.size(); ++i) {
    std::string n = std::to_string(i);
    components.push_back({{"id", eth.host(i).id()}, {"kind", "host"}, {"name", "eth-host" + n}, {"node", i}, {"network", net}});
    components.push_back({{"id", eth.pci(i).id()}, {"kind", "pci"}, {"name", "eth-pci" + n}, {"node", i}, {"network", net}});
    components.push_back({{"id", eth.nic(i).id()}, {"kind", "nic"}, {"name", "tulip" + n}, {"node", i}, {"network", net}});
  }
  EthernetSwitch& sw = eth.fabric();
  components.push_back({{"id", sw.id()}, {"kind", "switch"}, {"name", "eth-switch"}, {"level", 1}, {"index", 0},
                        {"network", net}, {"label", "Fast Ethernet switch"}});
  double MBps = sw.timing().link_Bps / 1e6;
  for (int i = 0; i < eth.size(); ++i) {
    links.push_back({{"id", sw.uplink(i)}, {"from", eth.nic(i).id()}, {"to", sw.id()}, {"kind", "link"}, {"bandwidth_MBps", MBps}});
    links.push_back({{"id", sw.downlink(i)}, {"from", sw.id()}, {"to", eth.nic(i).id()}, {"kind", "link"}, {"bandwidth_MBps", MBps}});
  }
}

}  // namespace hpcsim
