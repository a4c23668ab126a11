// Model parameters: declared once with unit, default, range, description and source (after ns-3 attributes).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hpcsim {

/// One declared parameter. `name` is dotted: "<component>.<quantity>_<unit>", e.g. "pci.clock_MHz".
struct ParameterSpec {
  const char* name;
  const char* unit;
  double default_value;
  double min;
  double max;
  bool integer;  ///< true when only whole numbers make sense (counts, sizes).
  const char* description;
  const char* source;  ///< paper and section, or ../shared/REFERENCES.md section; "[estimate]" marks our own.
};

/// Adds a model's declarations (its `<model>_parameters()` table, declared beside the model) to the registry;
/// a table registered again, or a name already registered, is skipped. Catalog entries register the tables of the
/// models they build (Catalog::add), so the composition root's enrolment fills the registry.
void register_parameters(const std::vector<ParameterSpec>& table);

/// Every registered parameter, in registration order (the CLI, the docs and the page's forms read this).
const std::vector<ParameterSpec>& parameter_registry();

/// The registry as a JSON array: [{"name","unit","default","min","max","integer","description","source"}], plus
/// "testbeds": {"<testbed id>": value} and "testbed_sources": {"<testbed id>": source} on a parameter whose default
/// a testbed replaces (see testbeds()).
std::string parameter_registry_json();

/// One default a testbed replaces: the parameter, its value on that machine (in the parameter's unit) and where the
/// value comes from (paper and section, a datasheet, or "[estimate]" with its reasoning), as ParameterSpec::source.
struct TestbedDefault {
  const char* name;
  double value;
  const char* source;
};

/// A testbed: the machine a seed paper measured on. Its entries replace registry defaults.
struct Testbed {
  const char* id;           ///< e.g. "sandia-elan3-2004"
  const char* description;  ///< the paper's hardware description
  std::vector<TestbedDefault> defaults;
};

/// Known testbeds. The first is the registry's own defaults (seed 002's cluster).
const std::vector<Testbed>& testbeds();

/// Parameter values of one run: registry defaults, then the testbed's, then a scenario's "parameters".
class ParameterSet {
 public:
  ParameterSet();
  /// Defaults of testbed `id`; an unknown id leaves the registry defaults (the parser rejects it first).
  explicit ParameterSet(const std::string& testbed);
  /// Sets `name`; returns "" or an error naming the field ("parameters.<name>: ...").
  std::string set(const std::string& name, double value);
  /// Value of a registered parameter (defaults when not set). An unregistered name is a programming error: it
  /// aborts with a message naming it (never a silent 0).
  double get(const std::string& name) const;
  /// Value of a registered whole-number parameter (counts, sizes: ParameterSpec::integer). Aborts on an
  /// unregistered name or one declared real.
  int64_t count(const std::string& name) const;

 private:
  std::map<std::string, double> values_;
};

}  // namespace hpcsim
