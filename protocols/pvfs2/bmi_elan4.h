// BMI over Quadrics Elan4, after the OSU design of ICS'05 and SNAPI'05 (seed 000; references/pvfs2-elan4.md §2.9,
// §3): small and unexpected messages by QDMA into each process's input queue; larger ones by a rendezvous whose
// request (RTS) carries the sender's address/length list, after which the receiver pulls the data by RDMA read and
// returns a FIN by QDMA. Noncontiguous (list) transfers three ways:
//  - kSgLio: zero-copy scatter/gather: one Elan4 RDMA descriptor per piece (both lists split at every boundary),
//    written into Elan memory, chained by COPY events (each DMA's completion injects the next) and started by one
//    host SET_EVENT; one event counting all N completions (SEAMUR) writes the done word and injects the FIN.
//  - kLio: the sender packs its list into a contiguous buffer by memcpy; the receiver pulls one RDMA into a
//    contiguous buffer and unpacks it by memcpy.
//  - kIterative: the receiver's host posts one RDMA per piece and waits for each done word.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "hw/elan4/input_queue.h"
#include "hw/qsnet_cluster.h"
#include "params/parameter.h"
#include "pvfs2/bmi.h"

namespace hpcsim::pvfs2 {

enum class ListMode { kSgLio, kLio, kIterative };

class BmiElan4 : public BmiMethod {
 public:
  /// Rail 0 of `cluster`; parameters bmi_elan4.*, elan4.*, host.*; `nodes` processes, one per node.
  BmiElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, ListMode mode,
           std::function<Thread&(int)> threads, uint32_t* message_ids, int32_t series);
  const char* name() const override { return "bmi_elan4"; }
  /// Unexpected messages above one slot go by rendezvous into a BMI buffer (bmi_elan4.unexpected_bytes).
  uint64_t unexpected_limit() const override { return unexpected_bytes_; }
  uint64_t eager_limit() const override { return slot_bytes_ - header_bytes_; }
  ListMode mode() const { return mode_; }
  /// RDMA descriptors the method has issued (chained or host-posted), and those started by a COPY event.
  uint64_t descriptors() const { return descriptors_; }
  uint64_t chained_starts() const { return chained_; }
  uint64_t bytes_packed() const { return packed_; }

 protected:
  void transmit(int node, int peer, int tag, const std::vector<uint32_t>& segments, uint64_t total, bool unexpected,
                bool eager, BmiDone sent) override;
  void deliver(int node, const BmiIncoming& in, BmiReceive recv) override;
  void refuse(int node, const BmiIncoming& in, int error) override;

 private:
  enum class Kind { kEager, kRts, kFin };
  struct Header {
    Kind kind = Kind::kEager;
    BmiIncoming in;
    uint64_t send_id = 0;  ///< kRts, kFin: the sender's rendezvous
    int error = 0;         ///< kFin
  };
  struct Pending {
    BmiDone sent;
  };
  void qdma(int node, int peer, uint32_t bytes, uint32_t message, Header h, std::shared_ptr<E4Dma>* out = nullptr);
  void on_slot(int node);
  void finish_pull(int node, const BmiIncoming& in, BmiReceive recv, bool unpack);
  void send_fin(int node, const BmiIncoming& in, int error);
  Time cycles(double c) const { return static_cast<Time>(c * cycle_ps_ + 0.5); }

  QsnetCluster& cluster_;
  ListMode mode_;
  uint32_t* ids_;
  int32_t series_;
  uint32_t slot_bytes_, header_bytes_, entry_bytes_;
  uint64_t unexpected_bytes_;
  double cycle_ps_, post_cycles_, poll_cycles_, descriptor_cycles_, segment_cycles_;
  std::vector<std::unique_ptr<InputQueue>> queues_;
  std::map<uint64_t, Header> headers_;  ///< by QueueSlot::cookie
  uint64_t next_cookie_ = 0;
  std::map<uint64_t, Pending> sends_;  ///< rendezvous sends waiting for their FIN
  uint64_t next_send_ = 0;
  uint64_t descriptors_ = 0, chained_ = 0, packed_ = 0;
};

}  // namespace hpcsim::pvfs2
