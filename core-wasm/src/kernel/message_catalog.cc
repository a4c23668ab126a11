#include "kernel/message_catalog.h"

#include "nlohmann/json.hpp"

namespace hpcsim {

uint16_t MessageCatalog::intern(const std::string& name) {
  for (size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return static_cast<uint16_t>(i);
  names_.push_back(name);
  return static_cast<uint16_t>(names_.size() - 1);
}

void MessageCatalog::add_envelope(uint32_t message, int32_t series, uint32_t bytes, int src, int dst, int tag,
                                  const std::string& layer, const std::string& routine, int64_t sent_ps) {
  last_from_[src] = message;
  if (envelopes_count_ >= envelope_limit_) return;  // past the trace's cap, as its record would be
  if (envelopes_.empty()) envelope_base_ = message;
  if (message < envelope_base_) return;  // ids are issued in order; an older one cannot come after
  size_t i = message - envelope_base_;
  if (i >= envelopes_.size()) envelopes_.resize(i + 1);
  if (envelopes_[i].src < 0) ++envelopes_count_;
  envelopes_[i] = Envelope{sent_ps, series, bytes, src, dst, tag, intern(layer), intern(routine)};
}

const MessageCatalog::Envelope* MessageCatalog::envelope(uint32_t message) const {
  if (message < envelope_base_ || message - envelope_base_ >= envelopes_.size()) return nullptr;
  const Envelope& e = envelopes_[message - envelope_base_];
  return e.src < 0 ? nullptr : &e;
}

std::string MessageCatalog::json(uint32_t message) const {
  if (const Envelope* v = envelope(message)) {
    nlohmann::ordered_json fields = nlohmann::ordered_json::array(
        {{"routine", names_[v->routine]},
         {"source rank", std::to_string(v->src)},
         {"destination rank", std::to_string(v->dst)},
         {"tag", std::to_string(v->tag)},
         {"bytes", std::to_string(v->bytes)}});
    nlohmann::ordered_json layers = nlohmann::ordered_json::array({{{"name", names_[v->layer]}, {"fields", fields}}});
    return nlohmann::ordered_json{{"message", message}, {"series", v->series}, {"bytes", v->bytes}, {"src", v->src},
                                  {"dst", v->dst},      {"layers", layers}}
        .dump();
  }
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
