#include "catalog/catalog.h"

namespace hpcsim {

namespace {
template <class E>
const E* find(const std::deque<E>& entries, const std::string& id) {
  for (const auto& e : entries)
    if (e.id == id) return &e;
  return nullptr;
}
template <class E>
void add_once(std::deque<E>& entries, E e) {
  for (const auto* table : e.parameters) register_parameters(*table);
  if (!find(entries, e.id)) entries.push_back(std::move(e));
}
template <class E>
std::string ids(const std::deque<E>& entries) {
  std::string s;
  for (const auto& e : entries) s += (s.empty() ? "" : ", ") + e.id;
  return s;
}
}  // namespace

void Catalog::add(FabricEntry e) { add_once(fabrics_, std::move(e)); }
void Catalog::add(ProtocolEntry e) { add_once(protocols_, std::move(e)); }
void Catalog::add(WorkloadEntry e) { add_once(workloads_, std::move(e)); }

const FabricEntry* Catalog::fabric(const std::string& id) const { return find(fabrics_, id); }
const ProtocolEntry* Catalog::protocol(const std::string& id) const { return find(protocols_, id); }
const WorkloadEntry* Catalog::workload(const std::string& id) const { return find(workloads_, id); }

const FabricEntry* Catalog::fabric_of_nic(const std::string& nic) const {
  for (const auto& f : fabrics_)
    if (f.nic == nic) return &f;
  return nullptr;
}

std::string Catalog::fabric_ids() const { return ids(fabrics_); }
std::string Catalog::protocol_ids() const { return ids(protocols_); }
std::string Catalog::workload_ids() const { return ids(workloads_); }

Catalog& catalog() {
  static Catalog c;
  return c;
}

}  // namespace hpcsim
