// The catalog's parameter groups (hs_catalog_json `parameters` of each fabric, protocol and workload kind) against
// what runs read. The page's parameter form shows only the groups of a scenario's fabric, series protocols and
// workload kind, saying that the others change nothing in that run (web/src/scenario/parameterGroups.ts
// groupsReadBy). Here every parameter outside those groups is set to another valid value and the run's fingerprint
// (every event) must stay the same, for a shipped scenario of each fabric and workload kind. (It found BT-IO's own
// MPI layers, Open MPI and MVAPICH, missing from its workload's groups.)
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "catalog/catalog.h"
#include "enrolment.h"
#include "nlohmann/json.hpp"
#include "params/parameter.h"
#include "run/session.h"

namespace hpcsim {
namespace {

using nlohmann::json;

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream text;
  text << f.rdbuf();
  return text.str();
}

std::string fingerprint_of(const std::string& text) {
  std::string err;
  auto s = Session::create(text, &err);
  EXPECT_TRUE(s) << err;
  if (!s) return "";
  while (!s->run(1u << 22)) {
  }
  return json::parse(s->result_json())["fingerprint"].get<std::string>();
}

/// The groups the page shows for `scenario`: its fabric's, its series' protocols' and its workload kind's.
std::set<std::string> groups_read_by(const json& scenario, const json& catalog) {
  std::set<std::string> groups;
  auto add = [&](const char* list, const std::string& id) {
    for (const auto& e : catalog[list])
      if (e["id"] == id)
        for (const auto& g : e["parameters"]) groups.insert(g.get<std::string>());
  };
  add("fabrics", scenario["cluster"]["fabric"].get<std::string>());
  for (const auto& s : scenario["workload"]["series"]) add("protocols", s["protocol"].get<std::string>());
  add("workloads", scenario["workload"]["kind"].get<std::string>());
  return groups;
}

/// A valid value other than the default: the middle of the range (whole for counts), else its minimum.
double other_value(const ParameterSpec& p) {
  double v = (p.min + p.max) / 2;
  if (p.integer) v = std::floor(v);
  return v == p.default_value ? p.min : v;
}

class ParameterGroups : public testing::TestWithParam<const char*> {};

TEST_P(ParameterGroups, ParametersOutsideTheShownGroupsChangeNothing) {
  enrol_all();
  const json catalog = json::parse(catalog_json(hpcsim::catalog()));
  json scenario = json::parse(read_file(std::string(HPCSIM_SCENARIOS_DIR) + "/" + GetParam() + ".json"));
  // Shorter runs through the same layers: BT-IO at class S (the same rows and I/O path as the seed's class A);
  // ping-pong sweeps at their smallest, middle and largest sizes (eager and rendezvous paths); NAS with two benchmarks.
  json& w = scenario["workload"];
  if (w["kind"] == "btio") w["class"] = "S";
  if (w.contains("sizes_bytes") && w["sizes_bytes"].size() > 3) {
    const json& s = w["sizes_bytes"];
    w["sizes_bytes"] = json::array({s.front(), s[s.size() / 2], s.back()});
  }
  if (w.contains("benchmarks") && w["benchmarks"].size() > 2) w["benchmarks"] = json::array({w["benchmarks"][0], w["benchmarks"][1]});
  const std::string text = scenario.dump();
  const std::set<std::string> shown = groups_read_by(scenario, catalog);
  ASSERT_FALSE(shown.empty());
  int changed = 0;
  for (const auto& p : parameter_registry()) {
    std::string name(p.name);
    if (shown.count(name.substr(0, name.find('.'))) || scenario["parameters"].contains(name)) continue;
    scenario["parameters"][name] = other_value(p);
    ++changed;
  }
  ASSERT_GT(changed, 20) << "most of the registry's groups are outside any one scenario's";
  EXPECT_EQ(fingerprint_of(scenario.dump()), fingerprint_of(text)) << changed << " parameters changed";
}

// One shipped scenario per fabric (QsNet, QsNetII, SCI + Fast Ethernet, Fast Ethernet, InfiniBand) and per workload
// kind (ping-pong, NAS, dynamic, all-to-all, exchange, the three PVFS2 workloads); node groups.
INSTANTIATE_TEST_SUITE_P(Shipped, ParameterGroups,
                         testing::Values("portals-qsnet-pingpong", "qsnet-64-mixed-stacks", "ompi-elan4-progress",
                                         "ompi-elan4-dynamic", "ompi-elan4-64-alltoall", "ompi-elan4-256-exchange",
                                         "via-sci-pingpong", "npb-sci-8node-small", "fast-ethernet-16-half-shift",
                                         "ib-verbs-pingpong", "pvfs2-elan4-listio", "pvfs2-mpi-tile-io", "pvfs2-btio"),
                         [](const testing::TestParamInfo<const char*>& i) {
                           std::string s = i.param;
                           for (auto& c : s)
                             if (c == '-') c = '_';
                           return s;
                         });

}  // namespace
}  // namespace hpcsim
