#include "workload/result_table.h"

#include <utility>

namespace hpcsim {

nlohmann::ordered_json table_row(const std::string& label, nlohmann::ordered_json values) {
  nlohmann::ordered_json r = nlohmann::ordered_json::object();
  r["label"] = label;
  r["values"] = std::move(values);
  return r;
}

nlohmann::ordered_json result_table(const std::string& id, const std::string& label, const std::string& unit,
                                    nlohmann::ordered_json columns, nlohmann::ordered_json rows) {
  nlohmann::ordered_json t = nlohmann::ordered_json::object();
  t["id"] = id;
  t["label"] = label;
  t["unit"] = unit;
  t["columns"] = std::move(columns);
  t["rows"] = std::move(rows);
  return t;
}

}  // namespace hpcsim
