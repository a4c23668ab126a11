#include "pvfs2/bmi.h"

#include <algorithm>

namespace hpcsim::pvfs2 {

namespace {

std::string check_list(const std::vector<uint32_t>& segments, uint64_t total, const char* what) {
  uint64_t sum = 0;
  for (uint32_t s : segments) sum += s;
  if (segments.empty()) return std::string(what) + ": an empty list";
  if (sum != total)
    return std::string(what) + ": the list's segments add up to " + std::to_string(sum) + " B, not the " +
           std::to_string(total) + " B stated";
  return "";
}

}  // namespace

std::vector<uint32_t> trim_segments(const std::vector<uint32_t>& segments, uint64_t bytes) {
  std::vector<uint32_t> out;
  for (uint32_t s : segments) {
    if (bytes == 0) break;
    uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(s, bytes));
    out.push_back(n);
    bytes -= n;
  }
  return out;
}

BmiPost BmiMethod::post_send(int node, int peer, int tag, std::vector<uint32_t> segments, uint64_t total,
                             BmiDone done) {
  std::string e = check_list(segments, total, "BMI_post_send_list");
  if (!e.empty()) return {BmiPost::kRefused, e};
  const bool eager = total <= eager_limit();
  // An eager send of a method that completes it at once is done when the call returns: `done` is not called.
  const bool immediate = eager && eager_completes_at_post();
  transmit(node, peer, tag, segments, total, false, eager, immediate ? BmiDone() : std::move(done));
  return {immediate ? BmiPost::kImmediate : BmiPost::kPosted, ""};
}

BmiPost BmiMethod::post_sendunexpected(int node, int peer, int tag, std::vector<uint32_t> segments, uint64_t total,
                                       BmiDone done) {
  std::string e = check_list(segments, total, "BMI_post_sendunexpected_list");
  if (!e.empty()) return {BmiPost::kRefused, e};
  if (total > unexpected_limit())
    return {BmiPost::kRefused, "BMI_post_sendunexpected_list: " + std::to_string(total) + " B exceeds the " +
                                   std::to_string(unexpected_limit()) + " B unexpected limit of " + name()};
  const bool eager = total <= eager_limit();
  const bool immediate = eager && eager_completes_at_post();
  transmit(node, peer, tag, segments, total, true, eager, immediate ? BmiDone() : std::move(done));
  return {immediate ? BmiPost::kImmediate : BmiPost::kPosted, ""};
}

BmiPost BmiMethod::post_recv(int node, int peer, int tag, std::vector<uint32_t> segments, uint64_t expected,
                             BmiDone done) {
  std::string e = check_list(segments, expected, "BMI_post_recv_list");
  if (!e.empty()) return {BmiPost::kRefused, e};
  BmiReceive r{peer, tag, std::move(segments), expected, std::move(done)};
  Endpoint& ep = endpoint(node);
  for (auto it = ep.early.begin(); it != ep.early.end(); ++it) {
    if (it->peer == peer && it->tag == tag) {
      BmiIncoming in = *it;
      ep.early.erase(it);
      match(node, std::move(in), std::move(r));
      return {BmiPost::kPosted, ""};
    }
  }
  ep.posted.push_back(std::move(r));
  return {BmiPost::kPosted, ""};
}

void BmiMethod::set_unexpected_handler(int node, std::function<void(const BmiIncoming&)> handler) {
  endpoint(node).unexpected = std::move(handler);
}

void BmiMethod::arrived(int node, BmiIncoming in) {
  Endpoint& ep = endpoint(node);
  if (in.unexpected) {
    ++unexpected_received_;
    if (ep.unexpected) ep.unexpected(in);
    return;
  }
  for (auto it = ep.posted.begin(); it != ep.posted.end(); ++it) {
    if (it->peer == in.peer && it->tag == in.tag) {
      BmiReceive r = std::move(*it);
      ep.posted.erase(it);
      match(node, std::move(in), std::move(r));
      return;
    }
  }
  ++early_;
  ep.early.push_back(std::move(in));
}

void BmiMethod::match(int node, BmiIncoming in, BmiReceive recv) {
  if (in.bytes > recv.expected) {
    refuse(node, in, kBmiEmsgsize);
    auto done = std::move(recv.done);
    if (done) done(kBmiEmsgsize, 0);
    return;
  }
  deliver(node, in, std::move(recv));
}

}  // namespace hpcsim::pvfs2
