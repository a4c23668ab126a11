// Parameters of the InfiniBand model: 4X SDR links and packet format, an InfiniScale-class switch, a Mellanox
// InfiniHost MT23108 HCA on PCI-X 133 MHz/64-bit and VAPI's host costs (2003-2005), declared beside the model
// (params/parameter.h: name, unit, default, range, description, source); registered through the catalog entries that
// build it, printed by `npm run sim -- --parameters`. The PCI-X bus and chipset are pci.* and pcix.*, shared with
// the Elan4 (pci_bus_parameters.cc); page pinning and system calls are os.* (host_parameters.cc).
//
// Targets to check against, not fitted: OSU's VAPI-level figures for MT23108 HCAs on PCI-X 133 in 2003-2004, about
// 5.5 us small-message RDMA-write latency and 830-870 MB/s unidirectional bandwidth [recalled: Liu et al., SC'03
// "Performance comparison of MPI implementations over InfiniBand, Myrinet and Quadrics"; Liu et al., ICS'03 / IJPP
// 2004 "High performance RDMA-based MPI implementation over InfiniBand"].
#include "hw/infiniband/hca.h"

namespace hpcsim {

const std::vector<ParameterSpec>& infiniband_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  // Links and packets (IBA 1.1, 2002).
  {"ib.link_signal_Gbps", "Gb/s", 10, 2.5, 120, false, "Signalling rate of one link direction: 4X SDR is 4 lanes x 2.5 Gbaud; the data rate is 8/10 of it after the 8b/10b line code (1 GB/s for 4X).", "IBA 1.1 vol. 2 ch. 5-6 (1X/4X/12X at 2.5 Gbaud a lane, 8b/10b) [recalled]; MT23108 ports are 4X [recalled]"},
  {"ib.mtu_bytes", "B", 2048, 256, 4096, true, "Path MTU: the largest payload of one packet; longer messages are split into packets of this size.", "IBA 1.1 vol. 1 §7.7.8 (256-4096 B); 2048 B is the MT23108's largest [recalled]. Note: bmi_ib @pvfs2-1-2-0 setup.c sets MTU1024 (\"1k best here\")"},
  {"ib.lrh_bytes", "B", 8, 0, 64, true, "Local Route Header of every packet (LIDs, virtual lane, service level, length).", "IBA 1.1 vol. 1 §7.7 [recalled]"},
  {"ib.bth_bytes", "B", 12, 0, 64, true, "Base Transport Header of every packet (opcode, destination QP, PSN).", "IBA 1.1 vol. 1 §9.2 [recalled]"},
  {"ib.reth_bytes", "B", 16, 0, 64, true, "RDMA Extended Transport Header (virtual address, rkey, DMA length) on the first packet of an RDMA write.", "IBA 1.1 vol. 1 §9.3.3 [recalled]"},
  {"ib.aeth_bytes", "B", 4, 0, 64, true, "ACK Extended Transport Header (syndrome, MSN) of an acknowledgement.", "IBA 1.1 vol. 1 §9.3.5 [recalled]"},
  {"ib.immdt_bytes", "B", 4, 0, 64, true, "Immediate data on the last packet of a send or RDMA write with immediate.", "IBA 1.1 vol. 1 §9.3.6 [recalled]"},
  {"ib.icrc_bytes", "B", 4, 0, 16, true, "Invariant CRC of every packet.", "IBA 1.1 vol. 1 §7.8.1 [recalled]"},
  {"ib.vcrc_bytes", "B", 2, 0, 16, true, "Variant CRC of every packet (recomputed at each hop).", "IBA 1.1 vol. 1 §7.8.2 [recalled]"},
  {"ib.cable_ns", "ns", 10, 0, 10000, false, "Propagation delay of one 4X copper cable (about 2 m).", "[estimate] ~5 ns/m"},
  {"ib.switch_latency_ns", "ns", 200, 0, 100000, false, "InfiniScale (MT43132) 8-port 4X switch: from a packet's head arriving to it leaving on the output port (routing lookup, crossbar arbitration), cut-through.", "[recalled] Mellanox InfiniScale data: ~200 ns port to port; OSU's 2003-2004 InfiniBand testbeds used an 8-port InfiniScale switch (Liu et al., SC'03)"},
  // The MT23108 HCA and its PCI-X interface.
  {"ib.bridge_latency_ns", "ns", 150, 0, 10000, false, "The MT23108's own PCI-X bridge, which every transaction between the bus and the HCA core crosses (doorbells, DMA read requests and completions, DMA writes).", "[recalled] the MT23108 appears to Linux as a PCI-X bridge (\"MT23108 PCI Bridge\") above the HCA function; latency [estimate]"},
  {"ib.pio_read_latency_ns", "ns", 700, 0, 100000, false, "The HCA as a PCI-X target of a host PIO read (the driver reading the HCR's go bit after a firmware command).", "[estimate] bus turnaround through the MT23108 bridge"},
  {"ib.doorbell_ns", "ns", 100, 0, 100000, false, "HCA: decode a doorbell written into the UAR page (QP number, WQE address, opcode) and schedule the QP's send queue.", "[estimate]; doorbell format: Linux mthca_qp.c (mthca_tavor_post_send)"},
  {"ib.wqe_process_ns", "ns", 300, 0, 100000, false, "HCA send engine, per WQE: load the QP context, decode the WQE, build the transport headers and PSN.", "[estimate]"},
  {"ib.sge_ns", "ns", 60, 0, 100000, false, "HCA, per gather or scatter entry: translate lkey and virtual address through the MPT and MTT (kept in the HCA's attached DDR memory).", "[estimate]"},
  {"ib.outstanding_reads", "reads", 4, 1, 32, true, "PCI-X split read requests the HCA keeps in flight while gathering a message from host memory.", "[estimate] PCI-X allows up to 32 outstanding split transactions per device"},
  {"ib.read_request_bytes", "B", 512, 128, 4096, true, "Largest PCI-X memory read request of the HCA (Maximum Memory Read Byte Count); a gather read never crosses a segment either.", "[recalled] PCI-X 1.0 Command register: MMRBC resets to 512 B; Mellanox's tuning notes raised it by setpci"},
  {"ib.rx_packet_ns", "ns", 150, 0, 100000, false, "HCA, per arriving packet or acknowledgement: QP context lookup, PSN check, rkey and address translation (RDMA) or the receive WQE's place (send).", "[estimate]"},
  {"ib.cqe_bytes", "B", 32, 8, 128, true, "Completion queue entry the HCA writes into host memory.", "Linux drivers/infiniband/hw/mthca/mthca_cq.c (struct mthca_cqe, 32 B), the Tavor format VAPI drove"},
  {"ib.max_sge", "entries", 40, 1, 64, true, "Scatter/gather entries one WQE may hold on the QPs (more: the post is refused).", "waltligon/orangefs src/io/bmi/bmi_ib/setup.c @pvfs2-1-2-0: QPs created with max_sg_size_sq = rq = 40 (VAPI_create_qp refuses more than the HCA offers, so MT23108 takes at least 40)"},
  // VAPI (Mellanox's verbs library of 2003-2005) on the host.
  {"ib.post_send_ns", "ns", 300, 0, 100000, false, "VAPI_post_sr in the user library: check the request, write the WQE (16 B next segment, 16 B remote-address segment for RDMA) into the send queue in host memory, link it to the previous WQE, under the QP lock; then the doorbell.", "[estimate] the path of mthca_tavor_post_send on a 3 GHz Xeon"},
  {"ib.post_sge_ns", "ns", 15, 0, 10000, false, "VAPI posting, per gather or scatter entry: one 16-byte data segment (byte count, lkey, address) written into the WQE.", "[estimate]"},
  {"ib.post_recv_ns", "ns", 200, 0, 100000, false, "VAPI_post_rr: write the receive WQE, link it, then the receive doorbell.", "[estimate] the path of mthca_tavor_post_receive"},
  {"ib.poll_cq_ns", "ns", 150, 0, 100000, false, "VAPI_poll_cq finding a CQE: check ownership, decode it, return it to the HCA (besides the cache miss on the CQE's line and the consumer-index doorbell).", "[estimate] the path of mthca_poll_cq"},
  {"ib.poll_cq_empty_ns", "ns", 50, 0, 100000, false, "VAPI_poll_cq on an empty CQ (the next entry still owned by the HCA, its line cached).", "[estimate]"},
  {"ib.reg_kernel_us", "us", 3, 0, 10000, false, "VAPI_register_mr, the driver's fixed work besides the system call, page pinning and firmware commands: locks, MPT and MTT allocation, mailbox set-up.", "[estimate]; with the commands, about 15 us for one page, as OSU reported registration of small buffers costing tens of us on VAPI [recalled: Wu, Wyckoff, Panda, ICPP'03 and Cluster'03]"},
  {"ib.dereg_kernel_us", "us", 1.5, 0, 10000, false, "VAPI_deregister_mr, the driver's fixed work besides the system call, unpinning and the HW2SW_MPT command.", "[estimate]"},
  {"ib.hca_command_us", "us", 3, 0, 10000, false, "HCA firmware executing one command posted through the HCR (WRITE_MTT, SW2HW_MPT, HW2SW_MPT), from the go bit set to its result.", "[estimate]; the commands of a registration: Linux mthca_mr.c (2005)"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim
