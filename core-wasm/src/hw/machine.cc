#include "hw/machine.h"

namespace hpcsim {

nlohmann::json topology_component(ComponentId id, const char* kind, const std::string& name, int node) {
  nlohmann::json c = nlohmann::json::object();
  c["id"] = id;
  c["kind"] = kind;
  c["name"] = name;
  if (node >= 0) c["node"] = node;
  return c;
}

nlohmann::json topology_link(ComponentId id, ComponentId from, ComponentId to, const char* kind, double MBps) {
  nlohmann::json l = nlohmann::json::object();
  l["id"] = id;
  l["from"] = from;
  l["to"] = to;
  l["kind"] = kind;
  l["bandwidth_MBps"] = MBps;
  return l;
}

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
  for (const auto& n : networks_) {
    size_t first = components.size();
    n->append_topology(components, links);
    // A side network tags its components ("network": "ethernet"); its header goes under that tag.
    if (n.get() != &primary() && first < components.size() && components[first].contains("network")) {
      nlohmann::json header = nlohmann::json::object();
      n->describe(header);
      t["networks"][components[first]["network"].get<std::string>()] = header;
    }
  }
  t["components"] = components;
  t["links"] = links;
  return t;
}

}  // namespace hpcsim
