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
};

}  // namespace hpcsim
