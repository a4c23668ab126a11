// Typed reads of scenario fields that name the JSON path in every error ("workload.target: must be integer"). Used
// by the scenario parser and by every catalog entry that reads its own fields. Never throws.
#pragma once
#include <cstdint>
#include <string>

#include "nlohmann/json.hpp"

namespace hpcsim::fields {

using nlohmann::json;

/// Looks up `key` in object `obj`. Returns nullptr when absent (setting *err to "<path>: is required" when
/// `required`) or when of another JSON type than `type` (setting *err to "<path>: must be <type>"); integers
/// are accepted where a number is asked for.
inline const json* field(const json& obj, const char* key, const std::string& path, bool required, json::value_t type,
                         std::string* err) {
  auto it = obj.find(key);
  if (it == obj.end()) {
    if (required) *err = path + ": is required";
    return nullptr;
  }
  bool ok = it->type() == type || (type == json::value_t::number_integer && it->is_number_unsigned()) ||
            (type == json::value_t::number_float && it->is_number());
  if (!ok) {
    static const char* names[] = {"null", "object", "array", "string", "boolean", "integer", "integer", "number"};
    size_t t = static_cast<size_t>(type);
    *err = path + ": must be " + (t < 8 ? std::string(names[t]) : "of another type");
    return nullptr;
  }
  return &*it;
}

/// An integer in [lo, hi] into *out (left unchanged when absent and optional). False with *err set on error.
inline bool read_int(const json& obj, const char* key, const std::string& path, bool required, int64_t lo, int64_t hi,
                     int64_t* out, std::string* err) {
  const json* v = field(obj, key, path, required, json::value_t::number_integer, err);
  if (!v) return err->empty();
  int64_t x = v->get<int64_t>();
  if (x < lo || x > hi) {
    *err = path + ": " + std::to_string(x) + " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    return false;
  }
  *out = x;
  return true;
}

/// A string into *out (left unchanged when absent and optional). False with *err set on error.
inline bool read_string(const json& obj, const char* key, const std::string& path, bool required, std::string* out,
                        std::string* err) {
  const json* v = field(obj, key, path, required, json::value_t::string, err);
  if (!v) return err->empty();
  *out = v->get<std::string>();
  return true;
}

/// A boolean into *out (left unchanged when absent). False with *err set on error.
inline bool read_bool(const json& obj, const char* key, const std::string& path, bool* out, std::string* err) {
  const json* v = field(obj, key, path, false, json::value_t::boolean, err);
  if (!v) return err->empty();
  *out = v->get<bool>();
  return true;
}

}  // namespace hpcsim::fields
