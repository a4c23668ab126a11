#include "via/vipl.h"

namespace hpcsim {
namespace via {

uint32_t Descriptor::data_length() const {
  uint32_t n = 0;
  for (const auto& s : ds) n += s.length;
  return n;
}

uint32_t Descriptor::bytes() const {
  bool rdma = (cs.control & kControlOpMask) != kControlOpSendRecv;
  return 32 + (rdma ? 16 : 0) + 16 * static_cast<uint32_t>(ds.size());
}

uint32_t MemoryRegistry::register_mem(uint64_t address, uint64_t length, uint32_t ptag, bool rdma_write,
                                      bool rdma_read) {
  uint32_t h = next_++;
  regions_[h] = Region{address, length, ptag, rdma_write, rdma_read};
  return h;
}

Result MemoryRegistry::deregister_mem(uint32_t handle) {
  return regions_.erase(handle) ? Result::kSuccess : Result::kInvalidParameter;
}

const MemoryRegistry::Region* MemoryRegistry::find(uint32_t handle) const {
  auto it = regions_.find(handle);
  return it == regions_.end() ? nullptr : &it->second;
}

bool MemoryRegistry::check(uint32_t handle, uint64_t address, uint64_t length, uint32_t ptag) const {
  const Region* r = find(handle);
  return r && r->ptag == ptag && address >= r->address && address + length <= r->address + r->length;
}

uint32_t completion_state(uint32_t status) {
  uint32_t errors = status & kStatusErrorMask;
  if (errors == 0) return static_cast<uint32_t>(EntryState::kComplete);
  uint32_t bit = 1;
  while (((errors >> bit) & 1u) == 0) ++bit;
  return 4 + bit;
}

void CompletionQueue::report(const Entry& e, EntryState s) const {
  if (!trace_.queue) return;
  trace_.queue(QueueChange{e.is_recv ? QueueType::kRecvCompletion : QueueType::kSendCompletion, e.vi, e.number,
                           static_cast<uint32_t>(s), 0, 0});
}

bool CompletionQueue::push(Entry e) {
  if (entries_.size() >= max_) return false;
  e.number = pushed_++;
  entries_.push_back(e);
  report(e, EntryState::kPosted);
  return true;
}

Result CompletionQueue::done(Entry* out) {
  if (entries_.empty()) return Result::kNotDone;
  *out = entries_.front();
  entries_.pop_front();
  report(*out, EntryState::kDequeued);
  return Result::kSuccess;
}

Vi::Vi(int id, const ViAttributes& attrs, const MemoryRegistry* memory, CompletionQueue* send_cq,
       CompletionQueue* recv_cq, uint32_t max_segments)
    : id_(id), attrs_(attrs), memory_(memory), send_cq_(send_cq), recv_cq_(recv_cq), max_segments_(max_segments) {}

void Vi::set_trace(ViTrace trace) {
  trace_ = std::move(trace);
  if (trace_.state) trace_.state(id_, state_, true, -1);
}

void Vi::set_state(ViState s, int async_error) {
  state_ = s;
  if (trace_.state) trace_.state(id_, s, false, async_error);
}

void Vi::report(const Descriptor& d, bool is_recv, uint32_t state) const {
  if (!trace_.queue) return;
  bool done = d.done();
  trace_.queue(QueueChange{is_recv ? QueueType::kRecvWork : QueueType::kSendWork, id_, d.sequence, state,
                           done ? d.cs.length : d.data_length(), d.message});
}

void Vi::start_transfer(bool is_recv) {
  Descriptor* d = is_recv ? next_recv() : next_send();
  if (d) report(*d, is_recv, static_cast<uint32_t>(EntryState::kInProgress));
}

Result Vi::connect_request() {
  if (state_ != ViState::kIdle) return Result::kInvalidState;
  set_state(ViState::kConnectPending);
  return Result::kSuccess;
}

Result Vi::connect_accept(const ViAttributes& remote) {
  if (state_ != ViState::kConnectPending) return Result::kInvalidState;
  if (remote.reliability != attrs_.reliability) {
    set_state(ViState::kIdle);
    return Result::kInvalidParameter;
  }
  set_state(ViState::kConnected);
  return Result::kSuccess;
}

Result Vi::connect_reject() {
  if (state_ != ViState::kConnectPending) return Result::kInvalidState;
  set_state(ViState::kIdle);
  return Result::kRejected;
}

Result Vi::disconnect() {
  if (state_ == ViState::kIdle) return Result::kInvalidState;
  flush_all();
  set_state(ViState::kIdle);
  return Result::kSuccess;
}

uint32_t Vi::validate(const Descriptor& d, bool is_recv) const {
  uint16_t op = d.cs.control & kControlOpMask;
  if (d.cs.seg_count != d.ds.size() || d.ds.size() > max_segments_) return kStatusFormat;
  if (is_recv && op != kControlOpSendRecv) return kStatusFormat;
  if (op == kControlOpMask) return kStatusFormat;
  if (op == kControlOpRdmaWrite && !attrs_.enable_rdma_write) return kStatusFormat;
  // RDMA read is optional and only allowed on reliable VIs (§1.5.5).
  if (op == kControlOpRdmaRead && (!reliable() || !attrs_.enable_rdma_read)) return kStatusFormat;
  for (const auto& s : d.ds)
    if (!memory_ || !memory_->check(s.handle, s.data, s.length, attrs_.ptag)) return kStatusProtection;
  if (d.data_length() > attrs_.max_transfer_size) return kStatusLength;
  return 0;
}

static uint32_t op_status(const Descriptor& d, bool is_recv) {
  if (is_recv) return kStatusOpReceive;
  switch (d.cs.control & kControlOpMask) {
    case kControlOpRdmaWrite: return kStatusOpRdmaWrite;
    case kControlOpRdmaRead: return kStatusOpRdmaRead;
    default: return kStatusOpSend;
  }
}

void Vi::complete(Descriptor* d, uint32_t status, bool is_recv) {
  d->cs.status = status | op_status(*d, is_recv) | kStatusDone;
  report(*d, is_recv, completion_state(d->cs.status));
  CompletionQueue* cq = is_recv ? recv_cq_ : send_cq_;
  if (cq && !cq->push(CompletionQueue::Entry{id_, is_recv})) errors_.push_back(AsyncError::kCatastrophic);
}

void Vi::flush_all() {
  for (Descriptor* d : sendq_)
    if (!d->done()) complete(d, kStatusDescFlushed, false);
  for (Descriptor* d : recvq_)
    if (!d->done()) complete(d, kStatusDescFlushed, true);
}

void Vi::fail(AsyncError e) {
  errors_.push_back(e);
  set_state(ViState::kError, static_cast<int>(e));
  flush_all();
}

Result Vi::post_send(Descriptor* d) {
  if (!d || d->address % kDescriptorAlignment != 0) return Result::kInvalidParameter;
  if (state_ != ViState::kConnected && state_ != ViState::kError) return Result::kInvalidState;
  d->cs.status = 0;
  d->sequence = send_posted_++;
  sendq_.push_back(d);
  report(*d, false, static_cast<uint32_t>(EntryState::kPosted));
  if (state_ == ViState::kError) {
    complete(d, kStatusDescFlushed, false);
    return Result::kSuccess;
  }
  if (uint32_t err = validate(*d, false)) {
    complete(d, err, false);
    if (reliable()) fail(AsyncError::kPostDesc);
  }
  return Result::kSuccess;
}

Result Vi::post_recv(Descriptor* d) {
  if (!d || d->address % kDescriptorAlignment != 0) return Result::kInvalidParameter;
  d->cs.status = 0;
  d->sequence = recv_posted_++;
  recvq_.push_back(d);
  report(*d, true, static_cast<uint32_t>(EntryState::kPosted));
  if (state_ == ViState::kError) {
    complete(d, kStatusDescFlushed, true);
    return Result::kSuccess;
  }
  if (uint32_t err = validate(*d, true)) {
    complete(d, err, true);
    if (reliable() && state_ == ViState::kConnected) fail(AsyncError::kPostDesc);
  }
  return Result::kSuccess;
}

Descriptor* Vi::first_pending(const std::deque<Descriptor*>& q) const {
  for (Descriptor* d : q)
    if (!d->done()) return d;
  return nullptr;
}

Descriptor* Vi::next_send() const { return first_pending(sendq_); }
Descriptor* Vi::next_recv() const { return first_pending(recvq_); }

void Vi::complete_send(uint32_t error_bits) {
  Descriptor* d = next_send();
  if (!d) return;
  d->cs.length = d->data_length();
  complete(d, error_bits, false);
  if (error_bits && reliable()) fail(AsyncError::kConnLost);
}

Arrival Vi::incoming_send(uint32_t bytes, bool immediate, uint32_t immediate_data, uint32_t message) {
  if (state_ != ViState::kConnected) return Arrival::kNotConnected;
  Descriptor* r = next_recv();
  if (!r) {
    if (!reliable()) return Arrival::kDropped;
    fail(AsyncError::kRecvqEmpty);
    return Arrival::kViError;
  }
  r->message = message;
  if (bytes > r->data_length()) {
    r->cs.length = r->data_length();
    complete(r, kStatusLength, true);
    if (!reliable()) return Arrival::kDropped;
    set_state(ViState::kError);
    flush_all();
    return Arrival::kViError;
  }
  r->cs.length = bytes;
  if (immediate) r->cs.immediate_data = immediate_data;
  complete(r, immediate ? kStatusImmediate : 0, true);
  return Arrival::kDelivered;
}

Arrival Vi::incoming_rdma_write(uint64_t address, uint32_t handle, uint32_t bytes, bool immediate,
                                uint32_t immediate_data) {
  if (state_ != ViState::kConnected) return Arrival::kNotConnected;
  const MemoryRegistry::Region* reg = memory_ ? memory_->find(handle) : nullptr;
  bool ok = attrs_.enable_rdma_write && reg && reg->rdma_write && memory_->check(handle, address, bytes, attrs_.ptag);
  if (!ok) {
    if (!reliable()) return Arrival::kDropped;
    fail(AsyncError::kRdmawProt);
    return Arrival::kViError;
  }
  if (!immediate) return Arrival::kDelivered;  // a plain RDMA write consumes no receive descriptor
  Descriptor* r = next_recv();
  if (!r) {
    if (!reliable()) return Arrival::kDropped;
    fail(AsyncError::kRecvqEmpty);
    return Arrival::kViError;
  }
  r->cs.length = bytes;
  r->cs.immediate_data = immediate_data;
  r->cs.status = kStatusOpRemoteRdmaWrite | kStatusImmediate | kStatusDone;
  report(*r, true, static_cast<uint32_t>(EntryState::kComplete));
  if (recv_cq_ && !recv_cq_->push(CompletionQueue::Entry{id_, true})) errors_.push_back(AsyncError::kCatastrophic);
  return Arrival::kDelivered;
}

Result Vi::send_done(Descriptor** out) {
  if (sendq_.empty() || !sendq_.front()->done()) return Result::kNotDone;
  *out = sendq_.front();
  sendq_.pop_front();
  report(**out, false, static_cast<uint32_t>(EntryState::kDequeued));
  return Result::kSuccess;
}

Result Vi::recv_done(Descriptor** out) {
  if (recvq_.empty() || !recvq_.front()->done()) return Result::kNotDone;
  *out = recvq_.front();
  recvq_.pop_front();
  report(**out, true, static_cast<uint32_t>(EntryState::kDequeued));
  return Result::kSuccess;
}

}  // namespace via
}  // namespace hpcsim
