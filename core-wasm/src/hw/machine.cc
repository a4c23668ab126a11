#include "hw/machine.h"

namespace hpcsim {

Network* Machine::carrying(const std::string& nic) const {
  for (const auto& n : networks_)
    if (n->nic() == nic) return n.get();
  return nullptr;
}

nlohmann::json Machine::topology_of(const Network& network) {
  nlohmann::json t = nlohmann::json::object();
  network.describe(t);
  nlohmann::json components = nlohmann::json::array(), links = nlohmann::json::array();
  network.append_topology(components, links);
  t["components"] = components;
  t["links"] = links;
  return t;
}

nlohmann::json Machine::topology() const {
  nlohmann::json t = nlohmann::json::object();
  primary().describe(t);
  nlohmann::json components = nlohmann::json::array(), links = nlohmann::json::array();
  for (const auto& n : networks_) n->append_topology(components, links);
  t["components"] = components;
  t["links"] = links;
  return t;
}

}  // namespace hpcsim
