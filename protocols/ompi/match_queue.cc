#include "ompi/match_queue.h"

namespace hpcsim::ompi {

std::optional<Header> MatchQueue::post(const PostedRecv& r, uint32_t* inspected) {
  for (auto it = unexpected_.begin(); it != unexpected_.end(); ++it) {
    ++*inspected;
    if (matches(r, *it)) {
      Header h = *it;
      unexpected_.erase(it);
      return h;
    }
  }
  posted_.push_back(r);
  return std::nullopt;
}

MatchResult MatchQueue::match_one(const Header& h, uint32_t* inspected) {
  for (auto it = posted_.begin(); it != posted_.end(); ++it) {
    ++*inspected;
    if (matches(*it, h)) {
      uint64_t id = it->request;
      posted_.erase(it);
      return MatchResult{h, id};
    }
  }
  unexpected_.push_back(h);
  return MatchResult{h, std::nullopt};
}

std::vector<MatchResult> MatchQueue::arrive(const Header& h, uint32_t* inspected) {
  std::vector<MatchResult> out;
  auto key = std::make_pair(h.context, h.src);
  uint16_t& expected = seq_slot(expected_seq_, h.context, h.src);
  if (h.msg_seq != expected) {  // ahead of order (another rail overtook): hold it
    held_[key][h.msg_seq] = h;
    return out;
  }
  out.push_back(match_one(h, inspected));
  ++expected;
  auto source = held_.find(key);
  if (source == held_.end()) return out;
  auto& held = source->second;
  for (auto it = held.find(expected); it != held.end(); it = held.find(expected)) {
    out.push_back(match_one(it->second, inspected));
    held.erase(it);
    ++expected;
  }
  if (held.empty()) held_.erase(source);
  return out;
}

bool MatchQueue::cancel(uint64_t request) {
  for (auto it = posted_.begin(); it != posted_.end(); ++it)
    if (it->request == request) {
      posted_.erase(it);
      return true;
    }
  return false;
}

size_t MatchQueue::held() const {
  size_t n = 0;
  for (const auto& kv : held_) n += kv.second.size();
  return n;
}

}  // namespace hpcsim::ompi
