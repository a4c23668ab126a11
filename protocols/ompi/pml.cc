#include "ompi/pml.h"

#include <memory>

#include "ompi/costs.h"

namespace hpcsim::ompi {

Pml::Pml(Simulator& sim, Host& host, int node, std::vector<PtlElan4*> ptls, Progress& progress, const PmlOptions& o)
    : sim_(sim), host_(host), node_(node), ptls_(std::move(ptls)), progress_(progress), o_(o) {}

uint64_t Pml::cost(uint64_t always, uint64_t with_threads) const {
  bool threads = progress_.mode() == ProgressMode::kOneThread || progress_.mode() == ProgressMode::kTwoThreads;
  return always + (threads ? with_threads : 0);
}

void Pml::cpu(uint64_t cycles, Done then) {
  if (o_.charge_pml)
    host_.compute(cycles, std::move(then));
  else
    then();
}

const SendRequest* Pml::send_request(uint64_t id) const { return sends_.find(id); }
const RecvRequest* Pml::recv_request(uint64_t id) const { return recvs_.find(id); }

size_t Pml::pending_requests() const {
  size_t n = 0;
  sends_.for_each([&n](const SendRequest& s) { n += s.complete ? 0 : 1; });
  recvs_.for_each([&n](const RecvRequest& r) { n += r.complete ? 0 : 1; });
  return n;
}

void Pml::release(uint64_t id) {
  sends_.erase(id);
  recvs_.erase(id);
}

bool Pml::complete(uint64_t id) const {
  if (auto* s = send_request(id)) return s->complete;
  if (auto* r = recv_request(id)) return r->complete;
  return true;
}

uint64_t Pml::isend(int dst, int tag, uint32_t context, uint64_t bytes, uint32_t message, Done then) {
  uint64_t id = ++next_id_;
  SendRequest& s = sends_.insert(id);
  s.peer = dst;
  s.tag = tag;
  s.context = context;
  s.bytes = bytes;
  s.message = message;
  s.seq = match_.next_send_seq(context, dst);
  PtlElan4& first = *ptls_.front();
  s.rendezvous = bytes > first.eager_limit();
  s.first_frag = static_cast<uint32_t>(s.rendezvous ? (o_.inline_rendezvous ? first.eager_limit() : 0) : bytes);
  Header h;
  h.type = HeaderType::kMatch;
  h.flags = s.rendezvous ? kFlagAck : 0;
  h.context = context;
  h.src = node_;
  h.dst = dst;
  h.tag = tag;
  h.msg_length = bytes;
  h.msg_seq = s.seq;
  h.frag_length = static_cast<uint32_t>(s.first_frag);
  h.src_ptr = id;
  h.message = message;
  h.rail = first.rail();
  h.owner = 2;  // issued by the application thread
  // A rendezvous keeps its first-fragment descriptor until FIN / FIN_ACK completes the send: a blocking
  // application polls rather than sleeps while it is outstanding.
  if (s.rendezvous) progress_.dma_started(2);
  cpu(cost(kPmlIsend, kPmlIsendThreads), [this, h, then = std::move(then)]() mutable {
    ptls_.front()->send_frag(h, h.frag_length, std::move(then));
  });
  return id;
}

uint64_t Pml::irecv(int src, int tag, uint32_t context, uint64_t bytes, Done then) {
  uint64_t id = ++next_id_;
  RecvRequest& r = recvs_.insert(id);
  r.peer = src;
  r.tag = tag;
  r.context = context;
  r.bytes = bytes;
  uint32_t inspected = 0;
  auto found = match_.post(PostedRecv{id, context, src, tag}, &inspected);
  uint64_t cycles = cost(kPmlIrecv, kPmlIrecvThreads) + inspected * kPmlPerEntry;
  if (!found) {
    cpu(cycles, std::move(then));
    return id;
  }
  Header h = *found;  // an unexpected message: the receive completes or starts its rendezvous now
  h.owner = 2;        // handled inside MPI_Irecv by the application thread
  cpu(cycles, [this, id, h, then = std::move(then)]() mutable { matched(*recvs_.find(id), h, std::move(then)); });
  return id;
}

void Pml::wait(uint64_t request, Done then) {
  progress_.wait([this, request]() { return complete(request); }, o_.charge_pml ? cost(kPmlWait, kPmlWaitThreads) : 0, std::move(then));
}

void Pml::matched(RecvRequest& r, const Header& h, Done then) {
  r.matched = true;
  r.matched_src = h.src;
  r.msg_length = h.msg_length;
  r.send_ptr = h.src_ptr;
  r.message = h.message;
  uint64_t id = r.id;
  // Copy the data carried by the first fragment out of the queue slot.
  host_.memcpy(h.frag_length, [this, id, h, then = std::move(then)]() mutable {
    RecvRequest& rr = *recvs_.find(id);
    if (h.frag_length >= h.msg_length) {
      recv_progress(rr, h.frag_length, std::move(then));
      return;
    }
    rr.received = h.frag_length;
    Header base = h;
    base.src = node_;
    base.dst = h.src;
    base.dst_ptr = h.src_ptr;  // the sender's request
    base.src_ptr = id;         // our request
    base.dst_addr = h.frag_length;
    base.dst_size = h.msg_length - h.frag_length;
    if (o_.path == RdmaPath::kRead) {
      schedule_rdma(h.frag_length, h.msg_length - h.frag_length, base, true, std::move(then));
      return;
    }
    Header ack = base;
    ack.type = HeaderType::kAck;
    ack.flags = 0;
    ptls_.front()->send_frag(ack, 0, std::move(then));
  });
}

void Pml::schedule_rdma(uint64_t offset, uint64_t bytes, const Header& base, bool read, Done then) {
  // Stripe by the weights the PTLs report (all Elan4 rails report the same): equal shares, 8-byte aligned.
  size_t n = ptls_.size();
  auto parts = std::make_shared<std::vector<std::pair<uint64_t, uint64_t>>>();
  uint64_t share = (bytes / n + 7) / 8 * 8;
  uint64_t off = offset, left = bytes;
  for (size_t i = 0; i < n && left > 0; ++i) {
    uint64_t len = (i + 1 == n || share > left) ? left : share;
    parts->push_back({off, len});
    off += len;
    left -= len;
  }
  auto step = std::make_shared<std::function<void(size_t)>>();
  *step = [this, parts, base, read, weak_self = std::weak_ptr<std::function<void(size_t)>>(step), then = std::move(then)](size_t i) {
    auto step = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
    if (i >= parts->size()) {
      then();
      return;
    }
    Header h = base;
    h.type = read ? HeaderType::kFinAck : HeaderType::kFin;
    h.frag_offset = (*parts)[i].first;
    h.frag_length = static_cast<uint32_t>((*parts)[i].second);
    h.rail = ptls_[i]->rail();
    cpu(kPmlSchedulePerPtl, [this, h, read, i, step]() {
      if (read)
        ptls_[i]->get(h, h.frag_length, [step, i]() { (*step)(i + 1); });
      else
        ptls_[i]->put(h, h.frag_length, [step, i]() { (*step)(i + 1); });
    });
  };
  (*step)(0);
}

void Pml::recv_progress(RecvRequest& r, uint64_t bytes, Done then) {
  uint64_t id = r.id;
  cpu(cost(kPmlProgress, kPmlProgressThreads), [this, id, bytes, then = std::move(then)]() mutable {
    RecvRequest& rr = *recvs_.find(id);
    rr.received += bytes;
    if (rr.received < rr.msg_length || rr.complete) {
      then();
      return;
    }
    rr.complete = true;
    if (on_receive_) on_receive_(rr);
    progress_.notify(rr.message, std::move(then));
  });
}

void Pml::send_progress(SendRequest& s, uint64_t bytes, Done then) {
  uint64_t id = s.id;
  cpu(cost(kPmlProgress, kPmlProgressThreads), [this, id, bytes, then = std::move(then)]() mutable {
    SendRequest& ss = *sends_.find(id);
    ss.bytes_delivered += bytes;
    if (ss.bytes_delivered < ss.bytes || ss.complete) {
      then();
      return;
    }
    ss.complete = true;
    if (ss.rendezvous) progress_.dma_completed(2);
    progress_.notify(ss.message, std::move(then));
  });
}

void Pml::on_fragment(const Header& h, Done then) {
  if (h.completion) {  // local completions (type + 8)
    switch (h.type) {
      case HeaderType::kMatch: {
        if (!sends_.find(h.src_ptr)) break;
        host_.compute(kPtlCompletion, [this, id = h.src_ptr, then = std::move(then)]() mutable {
          SendRequest& s = *sends_.find(id);
          if (s.rendezvous && s.first_frag == 0) {
            then();
            return;
          }
          send_progress(s, s.rendezvous ? s.first_frag : s.bytes, std::move(then));
        });
        return;
      }
      case HeaderType::kFin: {  // PUT path: our FIN has left, so the RDMA write before it is complete
        if (!sends_.find(h.dst_ptr)) break;
        host_.compute(kPtlCompletion, [this, id = h.dst_ptr, len = h.frag_length, then = std::move(then)]() mutable {
          send_progress(*sends_.find(id), len, std::move(then));
        });
        return;
      }
      case HeaderType::kFinAck: {  // GET path: data is here and FIN_ACK has left
        if (!recvs_.find(h.src_ptr)) break;
        host_.compute(kPtlCompletion, [this, id = h.src_ptr, len = h.frag_length, then = std::move(then)]() mutable {
          recv_progress(*recvs_.find(id), len, std::move(then));
        });
        return;
      }
      case HeaderType::kFrag: {  // unchained PUT: the RDMA write completed; now the host sends FIN
        Header fin = h;
        fin.completion = false;
        fin.type = HeaderType::kFin;
        PtlElan4* ptl = ptls_.front();
        for (auto* p : ptls_)
          if (p->rail() == h.rail) ptl = p;
        host_.compute(kPtlCompletion, [ptl, fin, then = std::move(then)]() mutable {
          ptl->send_frag(fin, 0, std::move(then));
        });
        return;
      }
      case HeaderType::kGet: {  // unchained GET: the data is here; complete, then send FIN_ACK
        Header fa = h;
        fa.completion = false;
        fa.type = HeaderType::kFinAck;
        PtlElan4* ptl = ptls_.front();
        for (auto* p : ptls_)
          if (p->rail() == h.rail) ptl = p;
        host_.compute(kPtlCompletion, [this, ptl, fa, then = std::move(then)]() mutable {
          ptl->send_frag(fa, 0, [this, fa, then = std::move(then)]() mutable {
            RecvRequest* r = recvs_.find(fa.src_ptr);
            if (!r) {
              then();
              return;
            }
            recv_progress(*r, fa.frag_length, std::move(then));
          });
        });
        return;
      }
      default:
        break;
    }
    host_.compute(kPtlCompletion, std::move(then));  // ACK's own completion: free the descriptor
    return;
  }
  switch (h.type) {
    case HeaderType::kMatch:
    case HeaderType::kRndv: {
      uint32_t inspected = 0;
      std::vector<MatchResult> res = match_.arrive(h, &inspected);
      auto results = std::make_shared<std::vector<MatchResult>>(std::move(res));
      auto step = std::make_shared<std::function<void(size_t)>>();
      *step = [this, results, weak_self = std::weak_ptr<std::function<void(size_t)>>(step), then = std::move(then)](size_t i) {
        auto step = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
        if (i >= results->size() || !(*results)[i].request) {  // unexpected ones wait for MPI_Irecv
          then();
          return;
        }
        matched(*recvs_.find(*(*results)[i].request), (*results)[i].header, [step, i]() { (*step)(i + 1); });
      };
      cpu(cost(kPmlMatch, kPmlMatchThreads) + inspected * kPmlPerEntry, [step]() { (*step)(0); });
      return;
    }
    case HeaderType::kAck: {  // PUT path at the sender: stripe the rest as RDMA writes + FIN
      // FIN keeps the ACK's pointers: src_ptr = the receiver's request, dst_ptr = our send request.
      Header base = h;
      base.src = node_;
      base.dst = h.src;
      schedule_rdma(h.dst_addr, h.dst_size, base, false, std::move(then));
      return;
    }
    case HeaderType::kFin: {  // receiver: RDMA-written bytes are in
      RecvRequest* r = recvs_.find(h.src_ptr);
      if (!r) break;
      recv_progress(*r, h.frag_length, std::move(then));
      return;
    }
    case HeaderType::kFinAck: {  // sender, GET path: the receiver has read our bytes
      SendRequest* s = sends_.find(h.dst_ptr);
      if (!s) break;
      send_progress(*s, h.frag_length, std::move(then));
      return;
    }
    default:
      if (control_ && static_cast<uint8_t>(h.type) >= kDpmFirst) {
        control_(h, std::move(then));
        return;
      }
      break;
  }
  then();
}

}  // namespace hpcsim::ompi
