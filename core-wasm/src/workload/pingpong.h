// The seed's ping-pong (seed 002 §5): setup inside the iteration, one-way latency = iteration / 2.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "kernel/simulator.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// Result of one message size: iteration times (ps) of the measured iterations and the initiator's
/// time per Table 1 step (ps, summed over measured iterations).
struct PingPongResult {
  uint32_t bytes = 0;
  std::vector<Time> iterations_ps;
  std::array<Time, 5> initiator_step_ps{};  ///< indexed by HostOp (1..4)
  Time mean_iteration_ps() const;
  double one_way_latency_us() const { return ps_to_us(mean_iteration_ps()) / 2.0; }
  /// size / one-way latency, in MB/s (10^6 B/s); 0 for a 0-byte message.
  double bandwidth_MBps() const;
};

/// The order of the calls in one iteration.
/// kReceiveFirst: the seed-002 test (§5, Table 1). Initiator: post receive for pong, send ping, wait for send
/// to complete, wait for pong. Target: (receive posted beforehand) wait for ping, post receive for the next
/// ping, send pong, wait for send to complete — it posts before the pong so no message is unexpected. Both
/// posts are inside the timed iteration.
/// kSendFirst: an MPI latency test, MPI_Send then MPI_Recv (the ptl/elan authors' own test,
/// open-mpi/ompi src/mca/ptl/elan/tests/lat.c, and OSU's osu_latency, as seed 001 measured). Initiator: send
/// ping, wait for send to complete, post receive for pong, wait for pong. Target: wait for ping, send pong,
/// wait for send to complete, post receive for the next ping. Each receive is posted while the peer is still
/// busy, off the critical path.
enum class PingPongOrder { kReceiveFirst, kSendFirst };

/// Runs `warmup + iterations` ping-pong iterations of `bytes` between `initiator` and `target`, in the
/// order set_order gives (kReceiveFirst by default).
/// `on_measured_start` runs when the first measured iteration starts; `finished` at the end.
class PingPong {
 public:
  PingPong(Simulator& sim, QsnetCluster& cluster, PingPongEndpoint& ep, int initiator, int target, uint32_t bytes,
           int warmup, int iterations, std::function<void()> on_measured_start, std::function<void()> finished);
  /// Same, for any cluster: `host_id(node)` gives the host component that trace records name.
  PingPong(Simulator& sim, std::function<ComponentId(int)> host_id, PingPongEndpoint& ep, int initiator, int target,
           uint32_t bytes, int warmup, int iterations, std::function<void()> on_measured_start,
           std::function<void()> finished);
  /// Call before start().
  void set_order(PingPongOrder order) { order_ = order; }
  void start();
  const PingPongResult& result() const { return result_; }

 private:
  void initiator_iteration(int k);
  void target_loop(int k);
  void step(int node, HostOp op, std::function<void(std::function<void()>)> body, std::function<void()> then,
            int k);

  Simulator& sim_;
  std::function<ComponentId(int)> host_id_;
  PingPongEndpoint& ep_;
  int a_, b_;
  uint32_t bytes_;
  int warmup_, total_;
  PingPongOrder order_ = PingPongOrder::kReceiveFirst;
  std::function<void()> on_measured_start_, finished_;
  PingPongResult result_;
  /// For endpoints that do not trace messages: the message each node sent last and when its send began.
  std::map<int, std::pair<uint32_t, Time>> in_flight_;
};

}  // namespace hpcsim
