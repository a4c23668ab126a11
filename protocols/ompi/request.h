// MPI send and receive requests as the PML keeps them (mca_pml_base_send_request_t / recv_request_t).
#pragma once
#include <cstdint>

#include "kernel/time.h"

namespace hpcsim::ompi {

/// A send: MPI_Isend(buffer of `bytes`, dst, tag, comm). Complete when every byte is acknowledged
/// (eager: the QDMA's local completion; rendezvous: FIN's local completion or FIN_ACK).
/// (Fields ordered widest first: 48 bytes, as every posted request of a 4,096-node all-to-all is live at once.)
struct SendRequest {
  uint64_t id = 0;
  uint64_t bytes = 0;
  uint64_t bytes_delivered = 0;  ///< acknowledged so far
  uint32_t first_frag = 0;       ///< bytes carried by the first fragment (at most one QDMA slot)
  int peer = 0;
  int tag = 0;
  uint32_t context = 0;
  uint32_t message = 0;
  uint16_t seq = 0;
  bool rendezvous = false;
  bool complete = false;
};

/// A receive: MPI_Irecv(buffer of `bytes`, src or kAnySource, tag or kAnyTag, comm).
/// (Fields ordered widest first: 64 bytes.)
struct RecvRequest {
  uint64_t id = 0;
  uint64_t bytes = 0;
  uint64_t msg_length = 0;  ///< length of the matched message (0 until matched)
  uint64_t received = 0;
  uint64_t send_ptr = 0;  ///< the sender's request (src_ptr of the match header)
  int peer = 0;
  int tag = 0;
  uint32_t context = 0;
  int matched_src = -1;
  uint32_t message = 0;
  bool matched = false;
  bool complete = false;
};

}  // namespace hpcsim::ompi
