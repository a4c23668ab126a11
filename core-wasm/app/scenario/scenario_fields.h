// Internal to the scenario parser: typed field access that names the JSON path in every error.
#pragma once
#include <cstdint>
#include <string>

#include "nlohmann/json.hpp"
#include "scenario/scenario.h"

namespace hpcsim::scenario_detail {

using nlohmann::json;

// Looks up `key` in object `obj`; sets *err when required and absent or of the wrong JSON type.
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

inline bool read_string(const json& obj, const char* key, const std::string& path, bool required, std::string* out,
                 std::string* err) {
  const json* v = field(obj, key, path, required, json::value_t::string, err);
  if (!v) return err->empty();
  *out = v->get<std::string>();
  return true;
}


/// workload.series: 1 to 8 series whose protocols run on `nic` (checked unless `check_nic` is false: with node
/// groups each group checks its own series); "" or the error.
std::string parse_series(const json& w, const std::string& nic, int rails, Scenario* out, bool check_nic = true);

/// cluster.groups (scenario_groups.cc), after the workload: the groups, their pairs and the measured pair of each
/// series, in `s->groups` and `s->group_pairs`; "" (also when absent) or the error naming the field.
std::string parse_groups(const json& cluster, const std::string& fabric, Scenario* s);

/// A workload of kind "npb" (scenario_npb.cc); "" or the error.
std::string parse_npb_workload(const json& w, Scenario* out);

/// A workload of kind "alltoall" (scenario_alltoall.cc): bytes per pair and iterations; "" or the error.
std::string parse_alltoall_workload(const json& w, Scenario* out);
/// A workload of kind "exchange" (scenario_exchange.cc): bytes per direction and iterations, on an even `nodes`;
/// "" or the error.
std::string parse_exchange_workload(const json& w, int nodes, Scenario* out);
/// Every series of a rank-program workload must name a protocol with an MPI layer; "" or the error.
std::string check_mpi_series(const Scenario& s);

/// A workload of kind "dynamic" (scenario_dynamic.cc), its series included; "" or the error.
std::string parse_dynamic_workload(const json& w, Scenario* out);

}  // namespace hpcsim::scenario_detail
