// A PVFS2 file system on a cluster: clients (the first `clients` nodes, where MPI ranks run) and I/O servers (the
// next `servers` nodes; the first also the metadata server), over one BMI method. The client runs sys-io.sm (references/pvfs2-elan4.md §2.2): a
// getattr answered by its attribute cache, then per server touched a message pair: the request sent unexpected,
// the ack, the flow, and for writes the write-completion. The server runs io.sm (§2.3): decode and schedule (I/O
// requests on one handle proceed concurrently), ack, the flow (§2.5: reads prime all BUFFERS_PER_FLOW buffers with
// Trove reads; writes keep one receive outstanding, each received buffer written by Trove while the next
// arrives), the write-completion. The client's flow keeps one BMI operation per server at a time.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "hw/host.h"
#include "kernel/simulator.h"
#include "params/parameter.h"
#include "pvfs2/bmi.h"
#include "pvfs2/cpu.h"
#include "pvfs2/flow_steps.h"
#include "pvfs2/layout.h"
#include "pvfs2/trove.h"

namespace hpcsim::pvfs2 {

/// The parameters of PVFS2 1.x (clients, servers, flows, Trove) and the server disk (parameters.cc).
const std::vector<ParameterSpec>& pvfs2_parameters();

enum class IoType { kRead, kWrite };

/// What a run's file system counts (for tests and the storage view).
struct FsCounters {
  uint64_t requests = 0;        ///< I/O requests servers received
  uint64_t flow_steps = 0;      ///< BMI messages of flows
  uint64_t packed_steps = 0;    ///< steps the client packed through its intermediate buffer
  uint64_t bytes = 0;           ///< file bytes moved
  uint32_t max_buffers = 0;     ///< most flow buffers one server flow held at once
  uint64_t getattr_misses = 0;  ///< requests whose prelude getattr missed dbpf's attribute cache (after a write)
};

class FileSystem {
 public:
  /// `hosts(n)`: node n's host. Clients on nodes [0, clients), servers after them. `bmi` is built by the caller
  /// with threads(n) as its threads (each node's main thread). `leak_slots`: Trove as in PVFS2 up to 1.0.1
  /// (trove.h).
  FileSystem(Simulator& sim, const ParameterSet& p, int servers, int clients, std::function<Host&(int)> hosts,
             bool leak_slots = false);
  /// Attaches the BMI method (it must use thread(n) for node n's host work) and registers the servers' handlers.
  void attach(BmiMethod* bmi);
  Thread& thread(int node) { return *threads_[static_cast<size_t>(node)]; }
  int servers() const { return servers_; }
  int clients() const { return clients_; }
  int client_node(int client) const { return client; }
  int server_node(int server) const { return clients_ + server; }
  Trove& trove(int server) { return *troves_[static_cast<size_t>(server)]; }
  const Trove& trove(int server) const { return *troves_[static_cast<size_t>(server)]; }
  const SimpleStripe& stripe() const { return stripe_; }

  /// PVFS_sys_read / PVFS_sys_write of client `client`: file regions `file` (ascending) from or to memory regions
  /// `memory` (empty: contiguous). `done(error)` when every server's part is complete; "" or the error.
  std::string io(int client, IoType type, const std::vector<Extent>& file, const std::vector<Extent>& memory,
                 std::function<void()> done);
  const FsCounters& counters() const { return counters_; }
  /// Largest request the client sends for `regions` file regions (PVFS_REQ_LIMIT_IOREQ_BYTES applies).
  uint64_t request_bytes(uint32_t regions) const;

 private:
  struct Part;  ///< one server's share of one client operation
  void client_part(std::shared_ptr<Part> part);
  void client_step(std::shared_ptr<Part> part, size_t i);
  void server_request(int server, const BmiIncoming& in);
  void server_write_flow(std::shared_ptr<Part> part);
  void server_read_flow(std::shared_ptr<Part> part);
  /// Trove ops of one flow buffer on `server`: one per result-chain entry of at most MAX_REGIONS datafile segments;
  /// `done` when all have ended.
  void trove_list(int server, IoType type, const FlowStep& step, std::function<void()> done);
  void fail(const std::string& what);
  /// Adds `delta` to a level (flow buffers a server holds, requests a client has outstanding) and records it on the
  /// node's host (trace kinds flow_buffers, client_requests).
  void level(TraceKind kind, int node, int delta);

  Simulator& sim_;
  int servers_, clients_;
  SimpleStripe stripe_;
  uint64_t buffer_bytes_;
  uint32_t buffers_, max_regions_;
  uint64_t request_fixed_, request_node_, response_bytes_, ioreq_limit_;
  Time client_call_ps_, client_server_ps_, server_request_ps_, flow_step_ps_, completion_ps_, getattr_ps_;
  std::vector<std::unique_ptr<Processors>> processors_;  ///< each server node's processors
  std::vector<std::unique_ptr<Thread>> threads_;
  std::vector<std::unique_ptr<Thread>> aio_threads_;   ///< glibc's AIO worker of each server's datafile fd
  std::vector<std::unique_ptr<Thread>> dbpf_threads_;  ///< each server's Trove (dbpf) thread
  std::vector<std::unique_ptr<Trove>> troves_;
  BmiMethod* bmi_ = nullptr;
  std::map<std::pair<int, int>, std::shared_ptr<Part>> by_tag_;  ///< (client node, tag) -> part
  int next_tag_ = 0;
  FsCounters counters_;
  std::map<std::pair<TraceKind, int>, int32_t> levels_;
};

}  // namespace hpcsim::pvfs2
