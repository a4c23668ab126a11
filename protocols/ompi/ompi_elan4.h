// Open MPI (PML + PTL/Elan4) as a ping-pong endpoint: MPI_Irecv, MPI_Isend, MPI_Wait (seed 001).
#pragma once
#include "params/parameter.h"
#include <cstdint>
#include <memory>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "hw/elan4/elan4_driver.h"
#include "hw/elan4/linux_wake.h"
#include "ompi/pml.h"
#include "ompi/progress.h"
#include "ompi/ptl_elan4.h"
#include "ports/mpi_endpoint.h"
#include "ports/pingpong_endpoint.h"

namespace hpcsim {

/// The parameters of Open MPI's PML/PTL on Elan4 (seed 001) (parameters.cc).
const std::vector<ParameterSpec>& ompi_parameters();


/// Options of one Open MPI configuration (seed 001 figures and the thread-progress table).
struct OmpiElan4Options {
  ompi::RdmaPath path = ompi::RdmaPath::kWrite;              ///< rdma-write (default) | rdma-read
  ompi::ProgressMode progress = ompi::ProgressMode::kPolling;  ///< polling | interrupt | one-thread | two-threads
  int completion_queues = 1;      ///< 0 (done words; polling only), 1 (ONE_QUEUE), 2; one-thread runs
                                  ///< ONE_QUEUE and two-threads two queues, as ptl_elan does
  bool chained = true;            ///< FIN / FIN_ACK chained to the RDMA (one doorbell)
  bool inline_rendezvous = false; ///< first rendezvous fragment carries eager-limit bytes
  int rails = 1;                  ///< PTLs (Elan4 rails) the PML stripes over; <= cluster.rails()
  bool charge_pml = true;         ///< false: PTL-level latency (the PML's code costs nothing)
  bool trace_messages = true;     ///< write a `message` record per completed receive (off when a rank-program
                                  ///< driver such as NpbRun writes its own)
};

/// Open MPI on every node of an Elan4 cluster. post_receive = MPI_Irecv, send = MPI_Isend,
/// wait_send_complete / wait_arrival = MPI_Wait on the last send / receive. Messages use tag 7 on
/// context 0 (MPI_COMM_WORLD). The cluster must be built with NicFamily::kElan4 and >= `rails` rails.
class OmpiElan4 : public PingPongEndpoint, public MpiEndpoint {
 public:
  using Done = PingPongEndpoint::Done;
  OmpiElan4(Simulator& sim, QsnetCluster& cluster, const ParameterSet& p, const OmpiElan4Options& o,
            uint32_t* message_ids, int32_t series);
  ~OmpiElan4() override;

  void post_receive(int node, int peer, uint32_t bytes, Done then) override;
  void send(int node, int peer, uint32_t bytes, Done then) override;
  void wait_send_complete(int node, Done then) override;
  void wait_arrival(int node, Done then) override;
  const char* table_column() const override { return "Open MPI"; }

  // --- MpiEndpoint (rank programs: all-to-all, NAS), context MPI_COMM_WORLD ---
  int irecv(int node, int src, int tag, uint32_t bytes, Done then) override;
  int isend(int node, int dst, int tag, uint32_t bytes, Done then) override;
  void wait(int node, int req, Done then) override;
  void release(int node, int req) override;
  bool reports_received_messages() const override { return true; }
  int isend_message(int node, int dst, int tag, uint32_t bytes, uint32_t message, Done then) override;
  uint32_t received_message(int node, int req) const override;

  ompi::Pml& pml(int node) { return *nodes_[static_cast<size_t>(node)]->pml; }
  ompi::Progress& progress(int node) { return *nodes_[static_cast<size_t>(node)]->progress; }
  Elan4Driver& driver(int node) { return *nodes_[static_cast<size_t>(node)]->driver; }
  ompi::PtlElan4& ptl(int node, int rail) { return *ptls_[static_cast<size_t>(rail)][static_cast<size_t>(node)]; }
  /// The options after the rules of the seed were applied (e.g. threads need completion queues).
  const OmpiElan4Options& options() const { return o_; }

 private:
  struct NodeState {
    std::unique_ptr<Elan4Driver> driver;  ///< the node's elan4 driver (interrupt cookies, IRQ, BKL)
    std::unique_ptr<ompi::Progress> progress;
    std::unique_ptr<ompi::Pml> pml;
    uint64_t last_send = 0, last_recv = 0;
  };
  Simulator& sim_;
  OmpiElan4Options o_;
  uint32_t* ids_;
  int32_t series_;
  LinuxWake wake_;
  ompi::HeaderStore store_;
  std::vector<std::vector<ompi::PtlElan4*>> ptls_;  ///< [rail][node]
  std::vector<std::unique_ptr<ompi::PtlElan4>> owned_;
  std::vector<std::unique_ptr<NodeState>> nodes_;
};

}  // namespace hpcsim
