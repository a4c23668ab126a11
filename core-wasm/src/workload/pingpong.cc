#include "workload/pingpong.h"

namespace hpcsim {

Time PingPongResult::mean_iteration_ps() const {
  if (iterations_ps.empty()) return 0;
  Time s = 0;
  for (Time t : iterations_ps) s += t;
  return s / static_cast<Time>(iterations_ps.size());
}

double PingPongResult::bandwidth_MBps() const {
  double us = one_way_latency_us();
  return (bytes == 0 || us <= 0) ? 0.0 : static_cast<double>(bytes) / us;  // B/us == MB/s
}

PingPong::PingPong(Simulator& sim, QsnetCluster& cluster, PingPongEndpoint& ep, int initiator, int target, uint32_t bytes,
                   int warmup, int iterations, std::function<void()> on_measured_start,
                   std::function<void()> finished)
    : PingPong(sim, [&cluster](int node) { return cluster.host(node).id(); }, ep, initiator, target, bytes, warmup,
               iterations, std::move(on_measured_start), std::move(finished)) {}

PingPong::PingPong(Simulator& sim, std::function<ComponentId(int)> host_id, PingPongEndpoint& ep, int initiator,
                   int target, uint32_t bytes, int warmup, int iterations, std::function<void()> on_measured_start,
                   std::function<void()> finished)
    : sim_(sim),
      host_id_(std::move(host_id)),
      ep_(ep),
      a_(initiator),
      b_(target),
      bytes_(bytes),
      warmup_(warmup),
      total_(warmup + iterations),
      on_measured_start_(std::move(on_measured_start)),
      finished_(std::move(finished)) {
  result_.bytes = bytes;
}

void PingPong::start() {
  // The target's first receive is posted before the initiator starts (no unexpected messages).
  step(b_, HostOp::kPostReceive, [this](auto done) { ep_.post_receive(b_, a_, bytes_, done); },
       [this]() {
         target_loop(0);
         initiator_iteration(0);
       },
       -1);
}

void PingPong::step(int node, HostOp op, std::function<void(std::function<void()>)> body, std::function<void()> then,
                    int k) {
  Time t0 = sim_.now();
  body([this, node, op, then = std::move(then), k, t0]() {
    Time t1 = sim_.now();
    if (!ep_.traces_messages()) {
      if (op == HostOp::kSend) in_flight_[node] = {sim_.messages().last_from(node), t0};
      if (op == HostOp::kWaitArrival) {
        int peer = node == a_ ? b_ : a_;
        auto it = in_flight_.find(peer);
        if (it != in_flight_.end() && it->second.first != 0) {
          const MessageCatalog::Entry* e = sim_.messages().find(it->second.first);
          sim_.trace().record(it->second.second, t1, TraceKind::kMessage, host_id_(node), it->second.first, bytes_,
                              e ? e->series : 0);
          in_flight_.erase(it);
        }
      }
    }
    sim_.trace().record(t0, t1, TraceKind::kHostOp, host_id_(node), 0, bytes_, static_cast<int32_t>(op));
    if (node == a_ && k >= warmup_) result_.initiator_step_ps[static_cast<size_t>(op)] += t1 - t0;
    then();
  });
}

void PingPong::initiator_iteration(int k) {
  if (k == total_) {
    finished_();
    return;
  }
  if (k == warmup_ && on_measured_start_) on_measured_start_();
  Time t0 = sim_.now();
  auto end = [this, k, t0]() {
    if (k >= warmup_) result_.iterations_ps.push_back(sim_.now() - t0);
    initiator_iteration(k + 1);
  };
  auto post = [this, k](std::function<void()> then) {
    step(a_, HostOp::kPostReceive, [this](auto done) { ep_.post_receive(a_, b_, bytes_, done); }, std::move(then), k);
  };
  auto wait_pong = [this, k, end]() {
    step(a_, HostOp::kWaitArrival, [this](auto done) { ep_.wait_arrival(a_, done); }, end, k);
  };
  auto send_ping = [this, k](std::function<void()> then) {
    step(a_, HostOp::kSend, [this](auto done) { ep_.send(a_, b_, bytes_, done); }, [this, k, then]() {
      step(a_, HostOp::kWaitSendComplete, [this](auto done) { ep_.wait_send_complete(a_, done); }, then, k);
    }, k);
  };
  if (order_ == PingPongOrder::kSendFirst)
    send_ping([post, wait_pong]() { post(wait_pong); });
  else
    post([send_ping, wait_pong]() { send_ping(wait_pong); });
}

void PingPong::target_loop(int k) {
  if (k == total_) return;
  step(b_, HostOp::kWaitArrival, [this](auto done) { ep_.wait_arrival(b_, done); }, [this, k]() {
    // Always post (also after the last ping) so every iteration has the same critical path.
    auto post = [this, k](std::function<void()> then) {
      step(b_, HostOp::kPostReceive, [this](auto done) { ep_.post_receive(b_, a_, bytes_, done); }, std::move(then),
           k);
    };
    auto send_pong = [this, k](std::function<void()> then) {
      step(b_, HostOp::kSend, [this](auto done) { ep_.send(b_, a_, bytes_, done); }, [this, k, then]() {
        step(b_, HostOp::kWaitSendComplete, [this](auto done) { ep_.wait_send_complete(b_, done); }, then, k);
      }, k);
    };
    auto next = [this, k]() { target_loop(k + 1); };
    if (order_ == PingPongOrder::kSendFirst)
      send_pong([post, next]() { post(next); });
    else
      post([send_pong, next]() { send_pong(next); });
  }, k);
}

}  // namespace hpcsim
