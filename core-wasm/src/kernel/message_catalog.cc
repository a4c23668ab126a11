#include "kernel/message_catalog.h"

#include "nlohmann/json.hpp"

namespace hpcsim {

std::string MessageCatalog::json(uint32_t message) const {
  const Entry* e = find(message);
  if (!e) return "{}";
  nlohmann::ordered_json layers = nlohmann::ordered_json::array();
  std::vector<HeaderLayer> described;
  if (e->describe) described = e->describe();
  auto add = [&layers](const HeaderLayer& l) {
    nlohmann::ordered_json fields = nlohmann::ordered_json::array();
    for (const auto& f : l.fields) fields.push_back({f.first, f.second});
    layers.push_back({{"name", l.name}, {"fields", fields}});
  };
  for (const auto& l : e->layers) add(l);
  for (const auto& l : described) add(l);
  return nlohmann::ordered_json{{"message", message}, {"series", e->series}, {"bytes", e->bytes}, {"src", e->src},
                                {"dst", e->dst},         {"layers", layers}}
      .dump();
}

std::string hex64(uint64_t v) {
  static const char* d = "0123456789abcdef";
  std::string s;
  do {
    s.insert(s.begin(), d[v & 0xf]);
    v >>= 4;
  } while (v);
  return "0x" + s;
}

}  // namespace hpcsim
