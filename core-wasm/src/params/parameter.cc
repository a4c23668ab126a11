#include "params/parameter.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "nlohmann/json.hpp"

namespace hpcsim {

namespace {

struct Registry {
  std::vector<ParameterSpec> specs;
  std::vector<const std::vector<ParameterSpec>*> tables;  ///< registered already
};

Registry& registry() {
  static Registry r;
  return r;
}

const ParameterSpec* find_spec(const std::string& name) {
  for (const auto& p : registry().specs)
    if (name == p.name) return &p;
  return nullptr;
}

[[noreturn]] void unregistered(const std::string& name, const char* why) {
  std::fprintf(stderr, "parameter %s: %s (a model reads a name no table declares)\n", name.c_str(), why);
  std::abort();
}

}  // namespace

void register_parameters(const std::vector<ParameterSpec>& table) {
  Registry& r = registry();
  for (const auto* t : r.tables)
    if (t == &table) return;
  r.tables.push_back(&table);
  for (const auto& p : table)
    if (!find_spec(p.name)) r.specs.push_back(p);
}

const std::vector<ParameterSpec>& parameter_registry() { return registry().specs; }

std::string parameter_registry_json() {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const auto& p : parameter_registry()) {
    a.push_back({{"name", p.name},
                 {"unit", p.unit},
                 {"default", p.default_value},
                 {"min", p.min},
                 {"max", p.max},
                 {"integer", p.integer},
                 {"description", p.description},
                 {"source", p.source}});
    // The testbeds whose measured machine sets another default (ParameterSet(testbed) applies them).
    nlohmann::ordered_json by_testbed = nlohmann::ordered_json::object();
    nlohmann::ordered_json sources = nlohmann::ordered_json::object();
    for (const auto& t : testbeds())
      for (const auto& d : t.defaults)
        if (std::string(d.name) == p.name) {
          by_testbed[t.id] = d.value;
          sources[t.id] = d.source;
        }
    if (!by_testbed.empty()) {
      a.back()["testbeds"] = by_testbed;
      a.back()["testbed_sources"] = sources;
    }
  }
  return a.dump();
}

const std::vector<Testbed>& testbeds() {
  static const std::vector<Testbed> kTestbeds = {
      {"sandia-elan3-2004",
       "Seed 002 §5: Dell 1550, 2 x 1 GHz Pentium III, 64-bit/66 MHz PCI, QsNet (Elan3, Elite)",
       {}},
      {"osu-elan4-2005",
       "Seed 001: dual 3.0 GHz Xeon, 533 MHz FSB, PCI-X 133 MHz/64-bit, QsNetII Elan4, QS-8A switch",
       {{"pci.clock_MHz", 133, "seeds 000 and 001 testbed: PCI-X 133 MHz/64-bit"},
        {"pci.width_bytes", 8, "seeds 000 and 001 testbed: PCI-X 133 MHz/64-bit"},
        {"pci.address_cycles", 2, "PCI-X: address phase + attribute phase (PCI-X 1.0) [recalled]"},
        {"pci.host_read_latency_ns", 0, "PCI-X split reads release the bus: latency is pcix.read_latency_ns"},
        {"host.clock_MHz", 3000, "seeds 000 and 001 testbed: dual 3.0 GHz Xeon"},
        {"host.uncached_store_ns", 20, "[estimate] write-combined 8-byte store on a 533 MHz (133 MHz x4) FSB"},
        {"host.cache_miss_ns", 170, "[estimate] NetBurst Xeon + E7501 DDR-266: load-to-use of a line invalidated by DMA"},
        {"host.cache_line_bytes", 64, "Intel NetBurst L1/L2 (64-byte lines) [recalled]"},
        {"host.memcpy_MBps", 1200, "[estimate] memcpy on a 533 MHz FSB Xeon"}}},
      {"usc-sci-p2-350",
       "Seed 003: 8 x 350 MHz Pentium II (440BX, 128 MB), 32-bit/33 MHz PCI, Dolphin PCI-SCI adapters on an SCI ringlet, Linux",
       {{"host.clock_MHz", 350, "seed 003 (350 MHz Pentium II)"},
        {"pci.clock_MHz", 33, "seed 003 era PC: 32-bit/33 MHz PCI (PCI 2.1)"},
        {"pci.width_bytes", 4, "seed 003 era PC: 32-bit/33 MHz PCI (PCI 2.1)"},
        {"pci.host_read_latency_ns", 300, "[estimate] 440BX: ~10 PCI clocks before the first data phase"},
        {"host.uncached_store_ns", 60, "[estimate] Pentium II on a 100 MHz front-side bus, ~6 bus clocks"},
        {"host.cache_miss_ns", 200, "[estimate] Pentium II + 440BX + PC100 SDRAM"},
        {"host.cache_line_bytes", 32, "Pentium II 32-byte lines and write-combining buffer [recalled]"},
        {"host.memcpy_MBps", 180, "[estimate] Pentium II 350 copy rate out of L2/SDRAM"},
        {"os.syscall_entry_ns", 400, "[estimate] Linux 2.2 int 0x80 entry on a 350 MHz Pentium II"},
        {"os.syscall_exit_ns", 300, "[estimate] Linux 2.2 system-call return on a 350 MHz Pentium II"}}},
  };
  return kTestbeds;
}

ParameterSet::ParameterSet() {
  for (const auto& p : parameter_registry()) values_[p.name] = p.default_value;
}

ParameterSet::ParameterSet(const std::string& testbed) : ParameterSet() {
  for (const auto& t : testbeds())
    if (testbed == t.id)
      for (const auto& d : t.defaults) values_[d.name] = d.value;
}

std::string ParameterSet::set(const std::string& name, double value) {
  for (const auto& p : parameter_registry()) {
    if (name != p.name) continue;
    char buf[256];
    if (!std::isfinite(value)) return "parameters." + name + ": must be a finite number";
    if (value < p.min || value > p.max) {
      std::snprintf(buf, sizeof buf, "parameters.%s: %g %s is outside the allowed range [%g, %g]", p.name, value,
                    p.unit, p.min, p.max);
      return buf;
    }
    if (p.integer && std::floor(value) != value) return "parameters." + name + ": must be a whole number";
    values_[name] = value;
    return "";
  }
  return "parameters." + name + ": unknown parameter (see `npm run sim -- --parameters`)";
}

double ParameterSet::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) unregistered(name, "not registered");
  return it->second;
}

int64_t ParameterSet::count(const std::string& name) const {
  const ParameterSpec* spec = find_spec(name);
  if (!spec) unregistered(name, "not registered");
  if (!spec->integer) unregistered(name, "read as a whole number but declared real");
  return static_cast<int64_t>(get(name));
}

}  // namespace hpcsim
