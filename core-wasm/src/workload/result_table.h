// One table of the result JSON's "tables" (README.md "--format json"): {"id", "label", "unit", "columns", "rows"},
// each row {"label", "values"} with one value per column (a number, or null where there is none).
#pragma once
#include <string>

#include "nlohmann/json.hpp"

namespace hpcsim {

/// {"label": label, "values": values}. `values`: a JSON array, one entry per column of its table.
nlohmann::ordered_json table_row(const std::string& label, nlohmann::ordered_json values);

/// {"id": id, "label": label, "unit": unit, "columns": columns, "rows": rows}. `columns`: an array of column names;
/// `rows`: an array of table_row()s. Out of line (like table_row): a json initializer list per field at every
/// workload's table unrolled into several KB of the wasm module each.
nlohmann::ordered_json result_table(const std::string& id, const std::string& label, const std::string& unit,
                                    nlohmann::ordered_json columns, nlohmann::ordered_json rows);

}  // namespace hpcsim
