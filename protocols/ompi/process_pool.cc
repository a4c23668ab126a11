#include "ompi/process_pool.h"

namespace hpcsim::ompi {

int ProcessPool::join(int node, std::string* error) {
  if (node < 0 || node >= cap_.nodes) {
    if (error) *error = "node " + std::to_string(node) + " is outside the capability";
    return -1;
  }
  int vpid = -1;
  for (int c = 0; c < cap_.contexts_per_node; ++c) {
    int v = node * cap_.contexts_per_node + c;
    if (!used_vpids_.count(v)) {
      vpid = v;
      break;
    }
  }
  if (vpid < 0) {
    if (error) *error = "no spare context on node " + std::to_string(node);
    return -1;
  }
  int rank = next_rank_++;
  used_vpids_.insert(vpid);
  vpid_of_rank_[rank] = vpid;
  if (active_.empty() && pending_.empty()) {
    active_.insert(rank);  // the first process has nobody to synchronize with
    return rank;
  }
  pending_[rank] = active_;
  if (pending_[rank].empty()) {
    pending_.erase(rank);
    active_.insert(rank);
  }
  return rank;
}

bool ProcessPool::acknowledge(int rank, int member) {
  auto it = pending_.find(rank);
  if (it == pending_.end() || !active_.count(member)) return false;
  it->second.erase(member);
  if (it->second.empty()) {
    pending_.erase(it);
    active_.insert(rank);
  }
  return true;
}

bool ProcessPool::leave(int rank) {
  auto it = vpid_of_rank_.find(rank);
  if (it == vpid_of_rank_.end()) return false;
  used_vpids_.erase(it->second);
  vpid_of_rank_.erase(it);
  active_.erase(rank);
  pending_.erase(rank);
  for (auto& kv : pending_) {  // a leaver no longer has to acknowledge joiners
    kv.second.erase(rank);
  }
  for (auto p = pending_.begin(); p != pending_.end();) {
    if (p->second.empty()) {
      active_.insert(p->first);
      p = pending_.erase(p);
    } else {
      ++p;
    }
  }
  return true;
}

int ProcessPool::vpid(int rank) const {
  auto it = vpid_of_rank_.find(rank);
  return it == vpid_of_rank_.end() ? -1 : it->second;
}

int ProcessPool::rank_of_vpid(int vpid) const {
  for (const auto& kv : vpid_of_rank_)
    if (kv.second == vpid) return kv.first;
  return -1;
}

}  // namespace hpcsim::ompi
