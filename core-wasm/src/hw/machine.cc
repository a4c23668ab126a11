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

void append_switched_topology(const SwitchedTopology& t, nlohmann::json& components, nlohmann::json& links) {
  auto add = [&](ComponentId id, const char* kind, const std::string& name, int node) {
    nlohmann::json c = topology_component(id, kind, name, node);
    c["network"] = t.network;
    components.push_back(std::move(c));
  };
  for (size_t k = 0; k < t.hosts.size(); ++k) {
    int i = static_cast<int>(k);
    std::string n = std::to_string(i);
    add(t.hosts[k], "host", t.host_name + n, i);
    add(t.pcis[k], "pci", t.pci_name + n, i);
    add(t.nics[k], "nic", t.nic_name + n, i);
  }
  nlohmann::json s = topology_component(t.switch_id, "switch", t.switch_name, -1);
  s["level"] = 1;
  s["index"] = 0;
  s["network"] = t.network;
  s["label"] = t.switch_label;
  components.push_back(std::move(s));
  for (size_t k = 0; k < t.nics.size(); ++k) {
    links.push_back(topology_link(t.uplinks[k], t.nics[k], t.switch_id, "link", t.link_MBps));
    links.push_back(topology_link(t.downlinks[k], t.switch_id, t.nics[k], "link", t.link_MBps));
  }
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
