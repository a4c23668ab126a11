#include "pvfs2/file_system.h"

#include <algorithm>
#include <cstdio>

namespace hpcsim::pvfs2 {

struct FileSystem::Part {
  int client = 0;  ///< client node
  int server = 0;
  IoType type = IoType::kRead;
  int tag = 0;
  std::vector<Piece> pieces;
  std::vector<FlowStep> steps;
  uint32_t file_regions = 0;
  std::function<void()> done;
  // Client side.
  bool flow_done = false, completion = false, finished = false;
  // Server side.
  size_t next = 0, finished_steps = 0;
  uint32_t held = 0;
  bool recv_pending = false;
};

namespace {

/// Posts a send and runs `then` when it is complete (at once for an immediate completion).
void send(BmiMethod& bmi, int node, int peer, int tag, std::vector<uint32_t> segments, uint64_t bytes,
          std::function<void()> then) {
  auto shared = std::make_shared<std::function<void()>>(std::move(then));
  BmiPost r = bmi.post_send(node, peer, tag, std::move(segments), bytes, [shared](int, uint64_t) { (*shared)(); });
  if (r.status == BmiPost::kImmediate) (*shared)();
}

}  // namespace

FileSystem::FileSystem(Simulator& sim, const ParameterSet& p, int servers, int clients,
                       std::function<Host&(int)> hosts, bool leak_slots)
    : sim_(sim),
      servers_(servers),
      clients_(clients),
      buffer_bytes_(static_cast<uint64_t>(p.count("pvfs2.flow_buffer_bytes"))),
      buffers_(static_cast<uint32_t>(p.count("pvfs2.flow_buffers"))),
      max_regions_(static_cast<uint32_t>(p.count("pvfs2.max_regions"))),
      request_fixed_(static_cast<uint64_t>(p.count("pvfs2.request_fixed_bytes"))),
      request_node_(static_cast<uint64_t>(p.count("pvfs2.request_node_bytes"))),
      response_bytes_(static_cast<uint64_t>(p.count("pvfs2.response_bytes"))),
      ioreq_limit_(static_cast<uint64_t>(p.count("pvfs2.ioreq_limit_bytes"))),
      client_call_ps_(us_to_ps(p.get("pvfs2.client_sysio_us"))),
      client_server_ps_(us_to_ps(p.get("pvfs2.client_msgpair_us"))),
      server_request_ps_(us_to_ps(p.get("pvfs2.server_request_us"))),
      flow_step_ps_(us_to_ps(p.get("pvfs2.flow_step_us"))),
      completion_ps_(us_to_ps(p.get("pvfs2.server_completion_us"))),
      getattr_ps_(us_to_ps(p.get("pvfs2.dspace_getattr_us"))) {
  stripe_.strip_bytes = static_cast<uint64_t>(p.count("pvfs2.strip_bytes"));
  stripe_.servers = servers;
  const double memcpy_Bps = p.get("host.memcpy_MBps") * 1e6;
  const int processors = static_cast<int>(p.count("host.processors"));
  for (int s = 0; s < servers; ++s) processors_.push_back(std::make_unique<Processors>(processors));
  // A server's threads (main, glibc's AIO worker of its datafile, dbpf's) share the node's processors.
  auto shared = [this, clients](int n) { return n >= clients ? processors_[static_cast<size_t>(n - clients)].get() : nullptr; };
  for (int n = 0; n < servers + clients; ++n) {
    threads_.push_back(std::make_unique<Thread>(sim, hosts(n), shared(n)));
    threads_.back()->set_memcpy_Bps(memcpy_Bps);
  }
  for (int s = 0; s < servers; ++s) {
    Processors* cpus = processors_[static_cast<size_t>(s)].get();
    aio_threads_.push_back(std::make_unique<Thread>(sim, hosts(clients + s), cpus));
    aio_threads_.back()->set_memcpy_Bps(memcpy_Bps);
    dbpf_threads_.push_back(std::make_unique<Thread>(sim, hosts(clients + s), cpus));
    troves_.push_back(
        std::make_unique<Trove>(sim, thread(clients + s), *aio_threads_.back(), p, leak_slots, cpus));
  }
}

void FileSystem::attach(BmiMethod* bmi) {
  bmi_ = bmi;
  for (int s = 0; s < servers_; ++s) {
    const int node = server_node(s);
    bmi->set_unexpected_handler(node, [this, node](const BmiIncoming& in) { server_request(node, in); });
  }
}

uint64_t FileSystem::request_bytes(uint32_t regions) const {
  return request_fixed_ + request_node_ * (static_cast<uint64_t>(regions) + 1);
}

void FileSystem::fail(const std::string& what) { std::fprintf(stderr, "pvfs2: %s\n", what.c_str()); }

std::string FileSystem::io(int client, IoType type, const std::vector<Extent>& file,
                           const std::vector<Extent>& memory, std::function<void()> done) {
  std::vector<Piece> all;
  std::string e = split_access(stripe_, file, memory, &all);
  if (!e.empty()) return e;
  if (request_bytes(static_cast<uint32_t>(file.size())) > ioreq_limit_)
    return "the request's " + std::to_string(file.size()) + " regions exceed PVFS_REQ_LIMIT_IOREQ_BYTES (" +
           std::to_string(ioreq_limit_) + " B)";
  const int node = client_node(client);
  std::vector<std::shared_ptr<Part>> parts;
  for (int s = 0; s < servers_; ++s) {
    auto part = std::make_shared<Part>();
    part->pieces = pieces_of(all, s);
    if (part->pieces.empty()) continue;
    part->client = node;
    part->server = server_node(s);
    part->type = type;
    part->tag = ++next_tag_;
    part->steps = flow_steps(part->pieces, buffer_bytes_, max_regions_);
    part->file_regions = static_cast<uint32_t>(file.size());
    for (const auto& p : part->pieces) counters_.bytes += p.bytes;
    parts.push_back(part);
  }
  auto left = std::make_shared<size_t>(parts.size());
  auto finish = std::make_shared<std::function<void()>>(std::move(done));
  if (parts.empty()) {  // a zero-byte request returns at once
    (*finish)();
    return "";
  }
  for (auto& part : parts) {
    level(TraceKind::kClientRequests, node, 1);
    part->done = [this, node, left, finish]() {
      level(TraceKind::kClientRequests, node, -1);
      if (--*left == 0) (*finish)();
    };
  }
  thread(node).run(Work::kSysIo, client_call_ps_ + client_server_ps_ * static_cast<Time>(parts.size()), [this, parts]() {
    for (auto& part : parts) client_part(part);
  });
  return "";
}

void FileSystem::client_part(std::shared_ptr<Part> part) {
  by_tag_[{part->client, part->tag}] = part;
  auto check = [part]() {
    if (part->finished || !part->flow_done) return;
    if (part->type == IoType::kWrite && !part->completion) return;
    part->finished = true;
    part->done();
  };
  const std::vector<uint32_t> response{static_cast<uint32_t>(response_bytes_)};
  bmi_->post_recv(part->client, part->server, part->tag, response, response_bytes_,
                  [this, part](int, uint64_t) { client_step(part, 0); });
  if (part->type == IoType::kWrite)
    bmi_->post_recv(part->client, part->server, part->tag, response, response_bytes_, [part, check](int, uint64_t) {
      part->completion = true;
      check();
    });
  const uint64_t req = request_bytes(part->file_regions);
  BmiPost r = bmi_->post_sendunexpected(part->client, part->server, part->tag, {static_cast<uint32_t>(req)}, req,
                                        [](int, uint64_t) {});
  if (r.status == BmiPost::kRefused) fail(r.error);
}

void FileSystem::client_step(std::shared_ptr<Part> part, size_t i) {
  if (i == part->steps.size()) {
    part->flow_done = true;
    if (part->type == IoType::kRead || part->completion) {
      if (!part->finished) {
        part->finished = true;
        part->done();
      }
    }
    return;
  }
  const FlowStep& step = part->steps[i];
  ++counters_.flow_steps;
  if (step.packed) ++counters_.packed_steps;
  Thread& t = thread(part->client);
  auto next = [this, part, i]() { client_step(part, i + 1); };
  t.run(Work::kFlowStep, flow_step_ps_, [this, part, i, next, &t]() {
    const FlowStep& s = part->steps[i];
    if (part->type == IoType::kWrite) {
      auto go = [this, part, i, next]() {
        const FlowStep& st = part->steps[i];
        send(*bmi_, part->client, part->server, part->tag, st.memory_segments, st.bytes, next);
      };
      if (s.packed)
        t.copy(Work::kFlowCopy, s.bytes, 0, go);
      else
        go();
      return;
    }
    bmi_->post_recv(part->client, part->server, part->tag, s.memory_segments, s.bytes,
                    [part, i, next, &t](int, uint64_t) {
                      const FlowStep& st = part->steps[i];
                      if (st.packed)
                        t.copy(Work::kFlowCopy, st.bytes, 0, next);
                      else
                        next();
                    });
  });
}

void FileSystem::server_request(int server, const BmiIncoming& in) {
  auto it = by_tag_.find({in.peer, in.tag});
  if (it == by_tag_.end()) return;
  std::shared_ptr<Part> part = it->second;
  by_tag_.erase(it);
  ++counters_.requests;
  auto prelude = [this, server, part]() {
    thread(server).run(Work::kServerRequest, server_request_ps_, [this, part]() {
      send(*bmi_, part->server, part->client, part->tag, {static_cast<uint32_t>(response_bytes_)}, response_bytes_,
           []() {});
      if (part->type == IoType::kWrite)
        server_write_flow(part);
      else
        server_read_flow(part);
    });
  };
  // io.sm's prelude gets the datafile's attributes from dbpf's cache, unless a write dropped them: then a queued
  // dbpf op on the Trove thread reads them first.
  const size_t s = static_cast<size_t>(server - clients_);
  if (troves_[s]->attributes_cached()) {
    prelude();
    return;
  }
  ++counters_.getattr_misses;
  dbpf_threads_[s]->run(Work::kGetattr, getattr_ps_, [this, s, prelude]() {
    troves_[s]->cache_attributes();
    prelude();
  });
}

void FileSystem::server_write_flow(std::shared_ptr<Part> part) {
  // One receive outstanding; each received buffer goes to Trove while the next arrives (BUFFERS_PER_FLOW at most).
  // A buffer is the flow's from the moment a receive is posted into it (it fills as the data lands) until Trove has
  // written it out, so the receiving buffer counts towards BUFFERS_PER_FLOW and shows as held.
  auto post = std::make_shared<std::function<void()>>();
  *post = [this, part, weak_self = std::weak_ptr<std::function<void()>>(post)]() {
    auto post = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
    if (part->recv_pending || part->next >= part->steps.size() || part->held >= buffers_) return;
    const size_t i = part->next++;
    part->recv_pending = true;
    ++part->held;
    level(TraceKind::kFlowBuffers, part->server, 1);
    counters_.max_buffers = std::max(counters_.max_buffers, part->held);
    const FlowStep& s = part->steps[i];
    bmi_->post_recv(part->server, part->client, part->tag, {static_cast<uint32_t>(s.bytes)}, s.bytes,
                    [this, part, post, i](int, uint64_t) {
                      part->recv_pending = false;
                      const FlowStep& st = part->steps[i];
                      thread(part->server).run(Work::kFlowStep, flow_step_ps_, [this, part, post, i]() {
                        const FlowStep& s2 = part->steps[i];
                        trove_list(part->server, IoType::kWrite, s2, [this, part, post]() {
                          --part->held;
                          level(TraceKind::kFlowBuffers, part->server, -1);
                          if (++part->finished_steps == part->steps.size()) {
                            thread(part->server).run(Work::kServerResponse, completion_ps_, [this, part, post]() {
                              send(*bmi_, part->server, part->client, part->tag,
                                   {static_cast<uint32_t>(response_bytes_)}, response_bytes_, []() {});
                              *post = nullptr;  // break the cycle
                            });
                            return;
                          }
                          (*post)();
                        });
                      });
                      (void)st;
                      (*post)();
                    });
  };
  (*post)();
}

void FileSystem::server_read_flow(std::shared_ptr<Part> part) {
  // All buffers primed with Trove reads; each read buffer is sent, then refilled with the next step.
  auto fill = std::make_shared<std::function<void()>>();
  *fill = [this, part, weak_self = std::weak_ptr<std::function<void()>>(fill)]() {
    auto fill = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
    if (part->next >= part->steps.size()) return;
    const size_t i = part->next++;
    ++part->held;
    level(TraceKind::kFlowBuffers, part->server, 1);
    counters_.max_buffers = std::max(counters_.max_buffers, part->held);
    const FlowStep& s = part->steps[i];
    trove_list(part->server, IoType::kRead, s, [this, part, fill, i]() {
      thread(part->server).run(Work::kFlowStep, flow_step_ps_, [this, part, fill, i]() {
        const FlowStep& st = part->steps[i];
        send(*bmi_, part->server, part->client, part->tag, {static_cast<uint32_t>(st.bytes)}, st.bytes,
             [this, part, fill]() {
               --part->held;
               level(TraceKind::kFlowBuffers, part->server, -1);
               if (++part->finished_steps == part->steps.size()) {
                 *fill = nullptr;
                 return;
               }
               (*fill)();
             });
      });
    });
  };
  for (uint32_t b = 0; b < buffers_; ++b) (*fill)();
}

void FileSystem::trove_list(int server, IoType type, const FlowStep& step, std::function<void()> done) {
  // flowproto-multiqueue: PINT_process_request with segmax MAX_REGIONS cuts the buffer's datafile segments into
  // result-chain entries; each is one trove_bstream_*_list op, all posted at once, the buffer done when all are.
  Trove& trove = *troves_[static_cast<size_t>(server - clients_)];
  const uint32_t entries = std::max<uint32_t>(1, (step.file_segments + max_regions_ - 1) / max_regions_);
  auto left = std::make_shared<uint32_t>(entries);
  auto each = [left, done = std::move(done)]() {
    if (--*left == 0) done();
  };
  for (uint32_t e = 0; e < entries; ++e) {
    const uint32_t segs = std::min(max_regions_, step.file_segments - e * max_regions_);
    const uint64_t bytes = step.bytes / entries + (e + 1 == entries ? step.bytes % entries : 0);
    if (type == IoType::kWrite)
      trove.write(bytes, segs, step.file_end, each);
    else
      trove.read(bytes, segs, each);
  }
}

void FileSystem::level(TraceKind kind, int node, int delta) {
  int32_t& v = levels_[{kind, node}];
  v += delta;
  // A level the page and ioCalls (core-wasm/js/criticalPath.ts) rebuild state from: kept beyond the per-run limit.
  sim_.trace().record_state(sim_.now(), sim_.now(), kind, thread(node).host().id(), 0, 0, v);
}

}  // namespace hpcsim::pvfs2
