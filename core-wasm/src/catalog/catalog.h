// The catalog: every fabric, protocol and workload kind the core offers, each enrolled once by the composition
// root's one enrolment list (core-wasm/app/enrolment_list.h). The scenario parser, the runs, the wasm bridge and the CLI
// ask it instead of switching over names (docs/architecture.md).
#pragma once
#include <deque>
#include <string>

#include "catalog/fabric_entry.h"
#include "catalog/protocol_entry.h"
#include "catalog/workload_entry.h"

namespace hpcsim {

class Catalog {
 public:
  /// Enrols an entry; an id enrolled twice keeps the first (enrolment is idempotent per id).
  void add(FabricEntry e);
  void add(ProtocolEntry e);
  void add(WorkloadEntry e);

  /// The entry of `id`, or nullptr.
  const FabricEntry* fabric(const std::string& id) const;
  const ProtocolEntry* protocol(const std::string& id) const;
  const WorkloadEntry* workload(const std::string& id) const;
  /// The fabric whose nodes carry NIC family `nic` as their own, or nullptr.
  const FabricEntry* fabric_of_nic(const std::string& nic) const;

  /// In enrolment order (entries never move: deque).
  const std::deque<FabricEntry>& fabrics() const { return fabrics_; }
  const std::deque<ProtocolEntry>& protocols() const { return protocols_; }
  const std::deque<WorkloadEntry>& workloads() const { return workloads_; }

  /// "a, b, c": the ids in enrolment order, for error messages.
  std::string fabric_ids() const;
  std::string protocol_ids() const;
  std::string workload_ids() const;

 private:
  std::deque<FabricEntry> fabrics_;
  std::deque<ProtocolEntry> protocols_;
  std::deque<WorkloadEntry> workloads_;
};

/// The process's catalog. Empty until the composition root enrols the models (enrol_all() in
/// core-wasm/app/enrolment.h); the engine only reads it.
Catalog& catalog();

/// The catalog as the page and the CLI read it (hs_catalog_json): fabrics, protocols, workload kinds, testbeds
/// and trace kinds with their ids, labels and facts (format: core-wasm/app/wasm/README.md).
std::string catalog_json(const Catalog& c);

/// Trace kinds as JSON: [{"kind": 1, "name": "qdma_packet", "about": "...", "values": {"<code>": "<name>"} or
/// "<what the level counts>"}], from the one table of kernel/trace_kinds.h (trace_kinds_json.cc).
nlohmann::ordered_json trace_kinds();
/// trace_kinds() as text (hs_trace_kinds_json).
std::string trace_kinds_json();

}  // namespace hpcsim
