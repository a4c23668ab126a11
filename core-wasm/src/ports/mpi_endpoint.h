// What an MPI layer offers a rank program (the NAS skeletons' driver): non-blocking point-to-point calls and
// MPI_Wait, one MPI process per node. Implemented by the MPICH engine (protocols/mpich: SCI-MPICH, MPI over VIA,
// ch_p4 over TCP) and by Open MPI over Elan4.
#pragma once
#include <cstdint>
#include <functional>

namespace hpcsim {

class MpiEndpoint {
 public:
  using Done = std::function<void()>;
  virtual ~MpiEndpoint() = default;
  /// MPI_Irecv of `bytes` from rank `src` with `tag` on `node`; returns the request id (> 0); `then` runs, in a
  /// later event, when the call returns.
  virtual int irecv(int node, int src, int tag, uint32_t bytes, Done then) = 0;
  /// MPI_Isend of `bytes` to rank `dst` with `tag`; returns the request id (> 0); `then` runs when the call returns.
  virtual int isend(int node, int dst, int tag, uint32_t bytes, Done then) = 0;
  /// MPI_Wait: `then` runs once request `req` of `node` is complete and the call has returned (its host cycles
  /// charged); an unknown request returns at once.
  virtual void wait(int node, int req, Done then) = 0;
  /// Frees a request MPI_Wait has returned for (MPI_Wait sets the handle to MPI_REQUEST_NULL).
  virtual void release(int node, int req) = 0;

  // A layer that carries the caller's trace message id on its packets, and can tell which message a receive matched,
  // spares the rank-program driver its own pairing of sends and receives (a record per message in flight).
  /// True when isend_message uses the id given and received_message answers for every completed receive.
  virtual bool reports_received_messages() const { return false; }
  /// MPI_Isend whose packets and records carry trace message id `message` (default: isend, the layer's own ids).
  virtual int isend_message(int node, int dst, int tag, uint32_t bytes, uint32_t message, Done then) {
    (void)message;
    return isend(node, dst, tag, bytes, std::move(then));
  }
  /// The message id a completed receive `req` of `node` matched (before release), or 0 when unknown.
  virtual uint32_t received_message(int node, int req) const {
    (void)node;
    (void)req;
    return 0;
  }
};

}  // namespace hpcsim
