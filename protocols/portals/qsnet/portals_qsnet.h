// Portals 3.3 over Quadrics QsNet (Elan3) with receive processing on the NIC thread (seed 002 §4).
#pragma once
#include "params/parameter.h"
#include <map>
#include <memory>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "hw/host_inbox.h"
#include "portals/network_interface.h"
#include "portals/qsnet/costs.h"
#include "portals/receive.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// The parameters of Portals 3.3 on Elan3 (seed 002) (parameters.cc).
const std::vector<ParameterSpec>& portals_qsnet_parameters();


/// Portals PUT or GET between the nodes of a QsNet cluster.
/// Short PUT (payload <= elan3.qdma_max_bytes - portals.header_bytes = 288 B): one queued DMA of header and
/// data; a payload of at most 32 B travels with the header as one 64-byte object (seed 002 §5.1), a larger
/// one needs separate PCI transfers. The target's NIC thread matches (REFERENCES §1.1.3) and writes the
/// events and data into the host event queue. Long PUT and every GET (seed 002 §4.3, Fig. 2): a queued DMA
/// carries the header; the NIC thread matches, writes the START event, reserves the END slot and programs
/// the RDMA engine; the END event is posted when the RDMA's target event fires.
/// Unmatched messages are dropped and the initiator is sent a NAK.
class PortalsQsnet : public PingPongEndpoint {
 public:
  enum class Op { kPut, kGet };
  /// `message_ids` is the run's message counter; `series` tags message trace records.
  /// `nodes`: the nodes that run this stack (empty: all); only their NICs get its thread code, so another stack
  /// may run on the others (node groups).
  PortalsQsnet(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, Op op, uint32_t* message_ids,
               int32_t series, const NodeSet& nodes = {});

  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return "Portals"; }

  /// The Portals state of a node (for tests and the inspector).
  portals::NetworkInterface& ni(int node) { return *nodes_[static_cast<size_t>(node)]->ni; }
  uint32_t naks() const { return naks_; }

 private:
  struct InFlight {
    portals::Header header;
    uint32_t bytes;
    Time sent_at;
  };
  struct NodeState {
    std::unique_ptr<portals::NetworkInterface> ni;
    portals::ptl_handle_eq_t eq = 0;
    std::unique_ptr<HostInbox> inbox;
    portals::PendingOp send_pending;  ///< PtlPut awaiting its SEND_END
    portals::Header reply;            ///< PtlGet: REPLY header for begin_reply when the data is in
  };
  void thread_program(int node, const QueueItem& item);
  void deliver_short(int node, uint32_t msg, const InFlight& m, const portals::ReceiveOutcome& out, std::function<void()> next);
  void start_long(int node, uint32_t msg, const InFlight& m, const portals::ReceiveOutcome& out, std::function<void()> next);
  void host_call(int node, const portals_qsnet::HostCall& c, uint32_t message, Done then);
  void nic_write_notice(int node, uint32_t bytes, Notice n);
  void record_match_list(int node);
  /// Records the message's header layers for the page's per-layer view.
  void catalog(int node, int peer, uint32_t msg, const portals::Header& h, uint32_t bytes);

  Simulator& sim_;
  QsnetCluster& cluster_;
  Op op_;
  uint32_t* ids_;
  int32_t series_;
  uint32_t header_bytes_, small_object_bytes_, event_bytes_, short_max_, packet_payload_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
  std::map<uint32_t, InFlight> messages_;  ///< by message id
  uint32_t naks_ = 0;
};

}  // namespace hpcsim
