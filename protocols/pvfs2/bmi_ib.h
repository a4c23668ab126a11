// BMI over InfiniBand as PVFS2 1.x shipped it (bmi_ib by Pete Wyckoff, src/io/bmi/bmi_ib/{ib.c,ib.h,setup.c}
// @pvfs2-1-2-0; references/pvfs2-elan4.md §1.7): the seed's "PVFS2/IBA" baseline, on VAPI verbs over an InfiniHost HCA
// (hw/infiniband/hca.h).
//  - Each connection (a pair of processes, set up on first use) has two reliable-connected QPs: QP 0 for messages,
//    QP 1 for acknowledgements. Each side owns EAGER_BUF_NUM = 20 send buffers and 20 receive buffers of
//    EAGER_BUF_SIZE = 8 KiB towards the other, the receives kept posted on QP 0.
//  - Every message (eager data, RTS, CTS) takes one of the sender's send buffers and is acknowledged explicitly: the
//    receiver reposts the buffer's receive and sends a 0-byte send-with-immediate on QP 1 naming the buffer, which
//    frees the sender's buffer; a sender without a free buffer waits (SQ_WAITING_BUFFER).
//  - Eager (a message of at most 8 KiB less the 8-byte header, and every unexpected message): copied into the send
//    buffer and sent; the BMI send completes when its acknowledgement arrives (BMI_post_send never completes at
//    once). The receiver copies the data out of its receive buffer when the message is matched (or tested, if
//    unexpected), then reposts and acknowledges.
//  - Rendezvous: RTS (header + 16 B) and its acknowledgement; the receiver registers each segment of its list
//    (one VAPI_register_mr per segment: ib_mem_register) and sends a CTS listing them (header + 24 B + 16 B per
//    entry); the sender registers each of its segments and posts one RDMA write per receiver segment, gathering from
//    its own list, only the last one signalled; at that write's completion it reposts the CTS's buffer, acknowledges
//    the CTS and deregisters its segments (send complete); the CTS's acknowledgement tells the receiver the data is
//    in place: it deregisters its segments (receive complete). Memory is registered and deregistered per message
//    (the registration cache came in November 2005, after the seed).
// The process's thread (BMI_testcontext's loop) does every step: each completion it handles costs one VAPI_poll_cq.
// It spins only for bmi_ib.spin_us after its last completion (ib.c's last_action); after that a test that finds
// nothing blocks for the job layer's max_idle_time (pvfs2.job_test_timeout_ms) in poll() on the TCP listen socket,
// which InfiniBand traffic does not wake, so a completion waits for the end of that sleep. A server's BMI thread
// tests all the time; a client tests from its first post (its PVFS_sys_wait).
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "hw/infiniband/infiniband_cluster.h"
#include "params/parameter.h"
#include "pvfs2/bmi.h"

namespace hpcsim::pvfs2 {

/// Parameters bmi_ib.* (parameters.cc).
const std::vector<ParameterSpec>& bmi_ib_parameters();

class BmiIb : public BmiMethod {
 public:
  /// Processes on nodes [0, net.size()) of `net`, one per node; parameters bmi_ib.*, ib.* and host.*.
  BmiIb(Simulator& sim, InfinibandCluster& net, const ParameterSet& p, std::function<Thread&(int)> threads,
        uint32_t* message_ids, int32_t series);
  const char* name() const override { return "bmi_ib"; }
  /// BMI_GET_UNEXP_SIZE: one eager buffer less the message header (EAGER_BUF_PAYLOAD).
  uint64_t unexpected_limit() const override { return eager_payload_; }
  uint64_t eager_limit() const override { return eager_payload_; }
  /// bmi_ib's sends complete when the receiver's acknowledgement arrives, eager ones too.
  bool eager_completes_at_post() const override { return false; }

  /// VAPI_register_mr calls made (one per list segment per rendezvous side), RDMA writes posted, messages that
  /// waited for a free send buffer.
  uint64_t registrations() const { return registrations_; }
  uint64_t rdma_writes() const { return rdma_writes_; }
  uint64_t buffer_waits() const { return buffer_waits_; }

 protected:
  void transmit(int node, int peer, int tag, const std::vector<uint32_t>& segments, uint64_t total, bool unexpected,
                bool eager, BmiDone sent) override;
  void deliver(int node, const BmiIncoming& in, BmiReceive recv) override;
  void refuse(int node, const BmiIncoming& in, int error) override;

 private:
  /// One direction of a connection: the sender's free eager send buffers towards the peer.
  struct Direction {
    int free_buffers = 0;
    std::deque<std::function<void()>> waiting;  ///< messages waiting for a buffer, in order
  };
  struct Connection {
    bool connected = false;
    int sides_ready = 0;
    std::vector<std::function<void()>> on_connect;
  };
  /// A rendezvous send waiting for its CTS and write completion.
  struct Send {
    std::vector<uint32_t> segments;
    uint64_t total = 0;
    BmiDone sent;
  };

  /// Runs `then` once node and peer are connected (first use: each side posts its 20 receives on QP 0).
  void ensure_connected(int node, int peer, std::function<void()> then);
  /// Runs `then` with one of node's send buffers towards peer (at once, or when an acknowledgement frees one).
  void acquire_buffer(int node, int peer, std::function<void()> then);
  void free_buffer(int node, int peer);
  /// A step of work inside node's held thread; it calls `release` when the thread may go on.
  using Step = std::function<void(std::function<void()> release)>;
  /// post_sr of a message of `bytes` (header included) on QP 0, unsignaled; `arrived` runs on the peer's side when
  /// its CQE is in the peer's memory. First the ack receive on QP 1 (post_rr_ack), whose completion, after this
  /// node's poll, frees the buffer and runs `acked` (null: nothing more). `then` when the CPU may go on.
  void post_message(int node, int peer, uint32_t bytes, uint32_t message, std::function<void()> arrived, Step acked,
                    std::function<void()> then);
  /// post_rr on QP 0 (repost a receive buffer), then post_sr_ack on QP 1; `then` when the CPU may go on.
  void repost_and_ack(int node, int peer, uint32_t message, std::function<void()> then);
  /// On node's thread, once its test loop sees the completion (noticed_at): one VAPI_poll_cq finding it plus bmi_ib's
  /// dispatch (bmi_ib.poll_cycles), then `step`.
  void poll(int node, Step step);
  /// When node's BMI_testcontext loop sees a completion in its CQ now: at once while it spins (within spin_ps_ of its
  /// last completion), else at the end of the test_timeout_ps_ sleep it is in; its sleeps run back to back from
  /// the end of the spin, or from its first post since its last completion if later (a client entering a call).
  Time noticed_at(int node) const;
  /// Registers (or deregisters) each of `segments` in turn (one VAPI call each), then `then`.
  void register_each(int node, std::vector<uint32_t> segments, bool deregister, std::function<void()> then);
  /// An eager message's CQE on the receiver.
  void on_eager(int node, BmiIncoming in);
  /// An RTS's CQE on the receiver.
  void on_rts(int node, BmiIncoming in);
  /// A CTS's CQE on the sender `node` from the receiver `peer`, listing the receiver's segments.
  void on_cts(int node, int peer, BmiIncoming in, std::vector<uint32_t> receiver);
  /// post_sr_rdmaw: one RDMA write per receiver segment gathering from `sender`; `posted` after the last post.
  void write_data(int node, int peer, const BmiIncoming& in, std::vector<uint32_t> sender, std::vector<uint32_t> receiver,
                  std::function<void()> posted);
  Time cycles(double c) const { return static_cast<Time>(c * cycle_ps_ + 0.5); }
  Direction& direction(int node, int peer) { return directions_[{node, peer}]; }

  InfinibandCluster& net_;
  uint32_t* ids_;
  int32_t series_;
  int eager_buffers_;
  uint32_t eager_bytes_, header_bytes_, rts_bytes_, cts_bytes_, cts_entry_bytes_;
  uint64_t eager_payload_;
  double cycle_ps_, post_cycles_, poll_cycles_, segment_cycles_;
  std::map<std::pair<int, int>, Direction> directions_;
  std::map<std::pair<int, int>, Connection> connections_;  ///< by (lower node, higher node)
  std::map<uint64_t, Send> sends_;
  uint64_t next_send_ = 0;
  uint64_t registrations_ = 0, rdma_writes_ = 0, buffer_waits_ = 0;
  Time spin_ps_, test_timeout_ps_;
  std::vector<Time> last_action_;  ///< per node: when its test loop last found a completion (ib.c's last_action)
  std::vector<Time> first_post_;   ///< per node: its first post since then, kNoPost if none
  static constexpr Time kNoPost = static_cast<Time>(-1);
};

}  // namespace hpcsim::pvfs2
