#include "params/parameter.h"

#include <cmath>
#include <cstdio>

#include "nlohmann/json.hpp"

namespace hpcsim {

namespace {
// clang-format off
const std::vector<ParameterSpec> kRegistry = {
  // PCI bus between host and NIC (seed 002 §5: 64-bit, 66 MHz, 532 MB/s theoretical).
  {"pci.clock_MHz", "MHz", 66, 33, 133, false, "PCI bus clock.", "seed 002 §5 (64-bit/66 MHz slot)"},
  {"pci.width_bytes", "B", 8, 4, 8, true, "PCI data path width; one data phase moves this many bytes.", "seed 002 §5 (64-bit slot, 532 MB/s theoretical)"},
  {"pci.arbitration_cycles", "cycles", 2, 0, 16, true, "REQ#/GNT# arbitration before each transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.address_cycles", "cycles", 1, 1, 4, true, "Address phase(s) of a transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.turnaround_cycles", "cycles", 1, 0, 4, true, "Bus turnaround after each transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.host_read_latency_ns", "ns", 360, 0, 5000, false, "Initial latency of the host bridge when a device reads host DRAM (wait states before the first data phase).", "[estimate] ServerWorks HE-SL class bridge, ~24 PCI clocks; also sets the RDMA read-side bandwidth asymptote (seed 002 §5.2)"},
  // Host (seed 002 §5: Dell 1550, two 1 GHz Pentium III).
  {"host.clock_MHz", "MHz", 1000, 100, 5000, false, "Host CPU clock; library code paths are counted in cycles.", "seed 002 §5 (1 GHz Pentium III)"},
  {"host.uncached_store_ns", "ns", 50, 1, 1000, false, "CPU stall for one 8-byte uncached (PIO) store to NIC memory or command port.", "[estimate] Pentium III front-side bus at 133 MHz, ~7 clocks"},
  {"host.cache_miss_ns", "ns", 150, 1, 1000, false, "Host DRAM access for a cache line invalidated by a NIC DMA write (polling sees the new value).", "[estimate] Pentium III + PC133 SDRAM"},
  {"host.cache_line_bytes", "B", 32, 16, 128, true, "Host cache line size.", "Intel Pentium III datasheet [recalled]"},
  {"host.memcpy_MBps", "MB/s", 600, 10, 20000, false, "Host memory-to-memory copy rate (EQ slot to user buffer).", "[estimate] Pentium III 1 GHz with PC133 SDRAM"},
  // Elan3 NIC (seed 002 §2.3, §4).
  {"elan3.thread_clock_MHz", "MHz", 100, 10, 1000, false, "Clock of the Elan3 thread processor (one simple instruction per cycle).", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]; seed 002 §4 calls it slow relative to the host"},
  {"elan3.sdram_access_ns", "ns", 40, 1, 1000, false, "One load or store by the thread processor to Elan SDRAM.", "[estimate] 4 thread cycles"},
  {"elan3.sdram_MBps", "MB/s", 800, 10, 100000, false, "Burst bandwidth of Elan SDRAM (the inputter writing an arriving packet into its queue slot).", "[estimate] 64-bit SDRAM at 100 MHz"},
  {"elan3.pio_read_latency_ns", "ns", 850, 0, 10000, false, "Elan3 as a PCI target: wait before it returns data for a host read of NIC memory.", "[estimate]; seed 002 §5.1 attributes post-receive cost to PCI accesses"},
  {"elan3.dma_setup_ns", "ns", 200, 0, 10000, false, "DMA engine: fetch a descriptor from the command port and translate addresses in the MMU.", "[estimate]; seed 002 §2.3 (MMU translations done by the Elan)"},
  {"elan3.event_dispatch_ns", "ns", 400, 0, 10000, false, "From a queue event firing to the sleeping NIC thread being runnable.", "[estimate]; seed 002 §4.2 step (2)"},
  {"elan3.qdma_max_bytes", "B", 320, 64, 2048, true, "Largest queued DMA (one input-queue slot).", "REFERENCES §1.2.1 (GASNETC_ELAN_MAX_QUEUEMSG = 320 on Elan3); seed 002 §4.2"},
  {"elan3.input_queue_slots", "slots", 128, 2, 4096, true, "Slots of the NIC input queue that receives queued DMAs.", "[assumption] as REFERENCES §1.3.1 MAX_QSLOTS"},
  // QsNet fabric (seed 002 §2.3).
  {"qsnet.link_MBps", "MB/s", 340, 1, 100000, false, "Link data rate in each direction, after protocol.", "seed 002 §2.3"},
  {"qsnet.switch_latency_ns", "ns", 35, 0, 10000, false, "Wormhole routing latency through one Elite switch.", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]"},
  {"qsnet.cable_ns", "ns", 10, 0, 1000, false, "Propagation delay of one link cable (about 2 m).", "[estimate] ~5 ns/m"},
  {"qsnet.packet_payload_bytes", "B", 320, 32, 4096, true, "Largest data payload of one network packet; RDMA is split into packets of this size.", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]; equals the Elan3 QDMA limit"},
  {"qsnet.ack_bytes", "B", 8, 1, 64, true, "Size of the end-to-end acknowledgement token of a packet.", "[estimate]"},
  // Portals 3.3 on Elan3 (seed 002 §4).
  {"portals.header_bytes", "B", 32, 8, 256, true, "Portals control header carried in each queued DMA.", "seed 002 §4.2"},
  {"portals.small_object_bytes", "B", 64, 32, 320, true, "Header plus up to 32 B of data moved as one 64-byte object.", "seed 002 §5.1"},
  {"portals.event_bytes", "B", 128, 32, 512, true, "Size of a Portals event written into the host event queue.", "seed 002 §5.1"},
  {"portals.thread_context_words", "words", 48, 0, 512, true, "Words the compiled-C Portals NIC thread restores from SDRAM when woken.", "[assumption] seed 002 §4: the thread is a compiled C program"},
  // Elan4 NIC (seed 001; REFERENCES §1.2.3-1.2.5, §1.3.1).
  {"elan4.command_ns", "ns", 50, 0, 10000, false, "Command processor: decode one command written into a command queue and hand it on.", "[estimate] a few Elan4 core clocks per 64-bit command word"},
  {"elan4.dma_setup_ns", "ns", 200, 0, 10000, false, "DMA engine: load an E4_DMA64 descriptor and translate its addresses in the Elan4 MMU.", "[estimate]; REFERENCES §1.2.3 (descriptor fields)"},
  {"elan4.event_ns", "ns", 50, 0, 10000, false, "Event processor: a set-event that reaches the event's count, before its actions run.", "[estimate]; REFERENCES §1.2.4"},
  {"elan4.event_copy_ns", "ns", 80, 0, 10000, false, "COPY action: move 8 x 64-bit words (a prebuilt DMA) from SDRAM into a command queue (chained DMA).", "[estimate] 8 SDRAM reads + 8 command-queue writes; REFERENCES §1.2.4"},
  {"elan4.input_ns", "ns", 150, 0, 10000, false, "Inputter: accept an arriving packet (route check, queue or RDMA address, pointer update) before writing it.", "[estimate]"},
  {"elan4.sdram_access_ns", "ns", 10, 1, 1000, false, "One thread-processor access to Elan4 SDRAM.", "[estimate] thread loads of hot Tports state hit the Elan4 cache in front of its DDR SDRAM"},
  {"elan4.thread_clock_MHz", "MHz", 400, 10, 2000, false, "Elan4 thread processor clock (one simple instruction per cycle); runs Tports matching.", "[estimate] Elan4 core clock (QsNetII generation, 2003)"},
  {"elan4.qdma_retry_ns", "ns", 500, 0, 100000, false, "Back-off before the DMA engine retries a QDMA refused by a full input queue (QDMA_RETRY 16).", "[estimate]; REFERENCES §1.3.1"},
  {"elan4.outstanding_reads", "reads", 4, 1, 32, true, "PCI-X split read requests the Elan4 DMA engine keeps in flight while reading an RDMA source.", "[assumption] PCI-X allows up to 32 outstanding split transactions per device"},
  {"pcix.read_latency_ns", "ns", 900, 0, 10000, false, "PCI-X split read: from the device's read request to the first split-completion data phase (chipset reads host DRAM); the bus is free meanwhile.", "[estimate] Intel E7501 MCH + P64H2 PCI-X bridge"},
  {"pcix.bridge_latency_ns", "ns", 300, 0, 10000, false, "A posted write crossing the memory controller hub and the PCI-X bridge (CPU store to the bus, or device write to visible host memory).", "[estimate] E7501 hub interface 2.0 + P64H2"},
  {"elan4.qdma_max_bytes", "B", 2048, 128, 2048, true, "Largest queued DMA (one input-queue slot) on Elan4.", "REFERENCES §1.2.1 (GASNETC_ELAN_MAX_QUEUEMSG = 2048), §1.3.1 (MAX_QSIZE)"},
  {"elan4.input_queue_slots", "slots", 128, 2, 4096, true, "Usable slots of an Elan4 input queue (one more is allocated and lost to tell full from empty).", "REFERENCES §1.3.1 (MAX_QSLOTS 128, LOST_QSLOTS 1)"},
  // QsNetII fabric (seed 001 testbed: QS-8A, Elite4 switches).
  {"qsnet2.link_MBps", "MB/s", 1300, 1, 100000, false, "QsNetII link data rate in each direction.", "seed 001 issue: 1.3 GB/s per direction"},
  {"qsnet2.switch_latency_ns", "ns", 35, 0, 10000, false, "Routing latency through one Elite4 switch.", "[estimate] as Elite (Petrini et al. 2002) [recalled]"},
  {"qsnet2.cable_ns", "ns", 10, 0, 1000, false, "Propagation delay of one QsNetII cable (about 2 m).", "[estimate] ~5 ns/m"},
  {"qsnet2.packet_payload_bytes", "B", 512, 64, 8192, true, "Largest payload of one QsNetII DMA packet; RDMA is read from PCI-X and sent in packets of this size.", "[assumption] QsNetII DMA packets smaller than a QDMA slot, so reads, link and writes pipeline"},
  {"qsnet2.packet_header_bytes", "B", 32, 0, 256, true, "Route, header and CRC bytes added to every QsNetII packet.", "[estimate]"},
  {"qsnet2.ack_bytes", "B", 8, 1, 64, true, "End-to-end acknowledgement (or NAK) token of a QsNetII packet.", "[estimate]"},
  // Linux 2.6 on a 3.0 GHz Xeon (seed 001 testbed): interrupts and thread wake-ups.
  {"os.irq_entry_ns", "ns", 2000, 0, 100000, false, "From the NIC's interrupt to the driver handler running: IO-APIC delivery, NetBurst interrupt entry and do_IRQ (and the matching exit).", "[estimate] Linux 2.6 on a 3 GHz Pentium 4 Xeon"},
  {"os.irq_handler_cycles", "cycles", 4500, 0, 1000000, false, "Elan4 driver interrupt handler: read the interrupt queue, find the sleeper by its cookie, wake_up.", "[estimate]; REFERENCES §1.3.4 (elan4_pollevent_word sleeps with an interrupt cookie)"},
  {"os.wakeup_cycles", "cycles", 3000, 0, 1000000, false, "try_to_wake_up: run-queue lock, enqueue, need_resched, for a thread sleeping on a wait queue or futex.", "[estimate] Linux 2.6 O(1) scheduler"},
  {"os.context_switch_ns", "ns", 4500, 0, 100000, false, "schedule() switching to the woken thread: switch_mm (CR3 reload flushes the TLB on NetBurst), register state, TLB and cache refill.", "[estimate] lmbench lat_ctx class figure for a 3 GHz Xeon"},
  {"os.syscall_exit_ns", "ns", 800, 0, 100000, false, "Return from the sleeping system call (ioctl or futex) to user space, re-taking the user lock.", "[estimate] int 0x80 exit on NetBurst"},
  {"os.syscall_entry_ns", "ns", 500, 0, 100000, false, "Enter a system call (ioctl, futex) from user space.", "[estimate] int 0x80 entry on NetBurst"},
  {"os.ipi_ns", "ns", 1500, 0, 100000, false, "Reschedule inter-processor interrupt to the other CPU and its exit from the idle loop (HLT).", "[estimate] dual Xeon, Linux 2.6"},
  {"os.futex_wake_cycles", "cycles", 1500, 0, 1000000, false, "Waker side of pthread_cond_signal: futex hash lookup and wake in the kernel (besides entry/exit).", "[estimate] NPTL on Linux 2.6"},
  {"os.poll_before_sleep_us", "us", 50, 0, 10000, false, "How long elan4_pollevent_word polls a done word, while a DMA the thread issued is outstanding, before it sleeps on the interrupt.", "[assumption] long enough for a rendezvous of a few KB to complete; REFERENCES §1.3.4 (polls for usecs, then sleeps)"},
  // Open MPI PML/PTL on Elan4 (seed 001; REFERENCES §1.3). Code-path costs are in protocols/ompi/costs.h.
  {"ompi.header_bytes", "B", 64, 16, 256, true, "mca_ptl_base_header_t of a MATCH/RNDV fragment (common + match + frag parts).", "REFERENCES §1.3.3 [estimate of its size]"},
  {"ompi.ctl_header_bytes", "B", 48, 16, 256, true, "Header of an ACK, FIN or FIN_ACK control fragment.", "REFERENCES §1.3.3-1.3.4 [estimate of its size]"},
  {"ompi.rails_weight_MBps", "MB/s", 900, 1, 100000, false, "Bandwidth each Elan4 PTL reports to the PML scheduler (striping weight).", "[estimate] PCI-X bound RDMA rate"},
  // MPI-2 dynamic processes on Elan4 (seed 001 "Dynamic MPI-2 Process Pool"); code paths in ompi/dynamic_costs.h.
  {"elan4.context_attach_us", "us", 20, 0, 10000, false, "Driver part of attaching a process to a context of the job's capability (elan4_attach ioctl): check the capability, claim a free context, allocate and clear the context's Elan4 MMU hash table, install its fault handler (route entries and page translations are loaded separately, by PIO).", "[estimate] Linux 2.6 ioctl doing a few page allocations and clears; seed 001 (\"Allocate a capability with more contexts\")"},
  {"elan4.context_detach_us", "us", 15, 0, 10000, false, "Driver part of detaching from a context: flush the context's Elan4 TLB entries, drop its command queues, return the context to the capability.", "[estimate] as elan4.context_attach_us, without the clears"},
  {"elan4.command_queue_alloc_us", "us", 8, 0, 10000, false, "Allocating one Elan4 command queue (elan4_alloccq: ioctl, then mmap of its uncached page into the process).", "[estimate] an ioctl plus an mmap of one device page; REFERENCES §1.2.5 (CQ_Size8K, CQ_Size1K queues)"},
  {"os.page_pin_ns", "ns", 400, 0, 100000, false, "Pinning one 4 KiB page of user memory for NIC DMA (get_user_pages: page-table walk, reference count), or releasing it, per page registered or deregistered.", "[estimate] Linux 2.6 on a 3 GHz Xeon"},
  {"os.page_bytes", "B", 4096, 4096, 4194304, true, "Page size of host memory registration and of the Elan4 MMU translations.", "IA-32 base page [recalled]"},
  // MPICH over Tports on Elan4 (seed 001 baseline).
  {"tports4.thread_context_words", "words", 4, 0, 512, true, "Words the Elan4 Tports thread restores when it takes an arrival.", "[assumption] hand-tuned vendor thread, as tports.thread_context_words"},
  {"tports.thread_context_words", "words", 4, 0, 512, true, "Words the vendor's Tports NIC thread restores when woken.", "[assumption] hand-tuned vendor thread"},
  // Dolphin PCI-SCI adapter and SCI ringlet (seed 003; REFERENCES §1.6; IEEE 1596-1992).
  {"sci.link_MBps", "MB/s", 400, 1, 100000, false, "SCI link data rate (each ringlet link, one direction); packets, echoes and bypassed traffic share it.", "[recalled] Dolphin D310/D320-class adapters with the LC-2 link controller (16-bit links)"},
  {"sci.cable_ns", "ns", 10, 0, 1000, false, "Propagation delay of one SCI cable (about 2 m).", "[estimate] ~5 ns/m"},
  {"sci.bypass_ns", "ns", 60, 0, 10000, false, "Delay through the bypass FIFO of a node a packet passes on the ringlet.", "[estimate] LC-2 class link controller"},
  {"sci.request_header_bytes", "B", 18, 8, 64, true, "Header and CRC of an SCI request or response packet (target id, command, source id, control, 48-bit address, CRC).", "IEEE 1596-1992 [recalled]: 16-byte header + 2-byte CRC"},
  {"sci.echo_bytes", "B", 8, 2, 32, true, "SCI echo packet returned by the target for every request.", "IEEE 1596-1992 [recalled]: 4-symbol echo"},
  {"sci.stream_buffers", "buffers", 8, 1, 64, true, "Write-combining stream buffers of 64 B in the PCI-SCI bridge.", "[estimate]; REFERENCES §1.6.2 (64-byte stream buffers)"},
  {"sci.stream_flush_timeout_ns", "ns", 1000, 0, 1000000, false, "A partial stream buffer idle this long leaves on its own.", "[estimate]"},
  {"sci.host_posted_writes", "bursts", 2, 1, 64, true, "Write-combined CPU bursts the host bridge holds before the CPU stalls on the next one.", "[estimate] Intel 440BX CPU-to-PCI posted write buffer"},
  {"sci.adapter_request_ns", "ns", 500, 0, 100000, false, "PCI-SCI bridge: from a stream buffer leaving (or a read request) to the packet entering the link (address translation, packet build, internal B-link to the link controller).", "[estimate] Dolphin PSB + LC-2"},
  {"sci.adapter_receive_ns", "ns", 500, 0, 100000, false, "From a packet accepted by the link controller to the bridge starting its PCI master write (or read) into host memory.", "[estimate] Dolphin LC-2 + PSB"},
  {"sci.register_read_ns", "ns", 800, 0, 100000, false, "PCI delayed read of a bridge register (status for a store barrier, error counter for a sequence check) before the retried read completes.", "[estimate] Dolphin PSB as a PCI target"},
  // Fast Ethernet (seed 003's baselines; REFERENCES §1.5.6): IEEE 802.3 framing, DEC 21140 (Tulip) NIC and its
  // Linux 2.2 driver on a 350 MHz Pentium II, 3Com SuperStack II class store-and-forward switch.
  {"eth.link_Mbps", "Mb/s", 100, 1, 100000, false, "Ethernet line rate (each direction of each cable; full duplex).", "IEEE 802.3u 100BASE-TX"},
  {"eth.preamble_bytes", "B", 8, 0, 64, true, "Preamble (7 B) and start-of-frame delimiter (1 B) before every frame.", "IEEE 802.3 clause 3/4"},
  {"eth.header_bytes", "B", 14, 0, 64, true, "MAC header: destination, source, EtherType/length.", "IEEE 802.3 clause 3"},
  {"eth.fcs_bytes", "B", 4, 0, 16, true, "Frame check sequence (CRC-32).", "IEEE 802.3 clause 3"},
  {"eth.ifg_bytes", "B", 12, 0, 64, true, "Inter-frame gap (96 bit times) after every frame.", "IEEE 802.3 clause 4"},
  {"eth.min_payload_bytes", "B", 46, 0, 1500, true, "Minimum payload; shorter frames are padded (64-byte minimum frame).", "IEEE 802.3 clause 3"},
  {"eth.mtu_bytes", "B", 1500, 64, 9000, true, "Largest payload of one frame (MTU); larger messages are segmented.", "IEEE 802.3 clause 3"},
  {"eth.cable_ns", "ns", 50, 0, 10000, false, "Propagation delay of one Category 5 cable (about 10 m).", "[estimate] ~5 ns/m"},
  {"eth.switch_latency_ns", "ns", 5000, 0, 1000000, false, "Store-and-forward switch: from the last bit of a frame received to its first bit sent on the output port (lookup, forwarding decision, buffer transfer).", "[estimate] 3Com SuperStack II Switch class; no public per-frame figure found"},
  {"eth.nic_dma_burst_bytes", "B", 128, 4, 4096, true, "Largest PCI bus-master burst of the NIC (programmable burst length, CSR0).", "[recalled] DEC 21140: up to 32 longwords per burst"},
  {"eth.descriptor_bytes", "B", 16, 4, 64, true, "Transmit/receive descriptor in a host-memory ring (status, control/length, two buffer addresses).", "[recalled] DEC 21140 descriptor format (4 longwords)"},
  {"eth.nic_tx_start_ns", "ns", 400, 0, 100000, false, "From the transmit-poll-demand write to the NIC's first descriptor fetch.", "[estimate] DEC 21140 transmit process wake-up"},
  {"eth.nic_rx_latency_ns", "ns", 400, 0, 100000, false, "From the end of a received frame to the NIC starting its DMA (address filter, FIFO).", "[estimate] DEC 21140 receive process"},
  {"eth.irq_entry_ns", "ns", 3000, 0, 1000000, false, "NIC interrupt: 8259A PIC delivery, interrupt entry, do_IRQ and the matching exit, once per interrupt.", "[estimate] Linux 2.2 on a 350 MHz Pentium II (uniprocessor, no IO-APIC)"},
  {"eth.tx_driver_cycles", "cycles", 600, 0, 1000000, false, "tulip_start_xmit: fill the transmit descriptor, hand it to the NIC (OWN bit), queue bookkeeping.", "[estimate] Linux 2.2 tulip driver"},
  {"eth.rx_driver_cycles", "cycles", 1200, 0, 1000000, false, "tulip_rx per received frame: check the status, take the buffer, refill the ring (skb allocation), pass it up.", "[estimate] Linux 2.2 tulip driver"},
  {"eth.tx_reap_cycles", "cycles", 300, 0, 1000000, false, "tulip_interrupt per transmitted frame: reap the descriptor, free the buffer.", "[estimate] Linux 2.2 tulip driver"},
  // M-VIA over Fast Ethernet (REFERENCES §1.5.6). Kernel code-path costs are in protocols/mvia/costs.h.
  {"mvia.header_bytes", "B", 32, 0, 256, true, "M-VIA header in every frame after the MAC header (VI id, sequence, offset, length, opcode).", "[estimate] REFERENCES §1.5.6 (no public source)"},
  {"mvia.tx_driver_cycles", "cycles", 300, 0, 1000000, false, "M-VIA's own Tulip driver, per frame sent: fill the descriptor (header buffer + data pages), OWN bit; no skb.", "[estimate] REFERENCES §1.5.6 (per-NIC M-VIA drivers)"},
  {"mvia.rx_driver_cycles", "cycles", 500, 0, 1000000, false, "M-VIA's own Tulip driver, per frame received: check the status, recycle the ring buffer, hand it to vipk; no skb.", "[estimate] REFERENCES §1.5.6 (per-NIC M-VIA drivers)"},
  {"mvia.fast_trap_ns", "ns", 400, 0, 100000, false, "Entry and exit of M-VIA's fast trap (a reserved trap vector straight into vipk, without the system-call dispatcher).", "[estimate] REFERENCES §1.5.6; a 350 MHz Pentium II"},
  // TCP/IP over Fast Ethernet (Linux 2.2). Code-path costs are in protocols/tcp/costs.h.
  {"tcp.ip_header_bytes", "B", 20, 20, 60, true, "IPv4 header without options.", "RFC 791"},
  {"tcp.tcp_header_bytes", "B", 20, 20, 60, true, "TCP header without options (MSS = MTU - IP - TCP headers).", "RFC 793"},
  {"tcp.checksum_MBps", "MB/s", 400, 10, 100000, false, "Internet checksum rate of the host CPU (on top of the copy when folded into it).", "[estimate] Pentium II 350, csum_partial"},
  {"tcp.wakeup_ns", "ns", 6000, 0, 1000000, false, "Waking the process sleeping in recv(): wake_up, schedule() and the switch back into it.", "[estimate] Linux 2.2 on a 350 MHz Pentium II"},
  // Application computation of the NAS skeletons (seed 003's NPB runs): host cycles per floating-point operation
  // of each benchmark's loops on the node CPU (times host.clock_MHz). Defaults: a 350 MHz Pentium II (x87 FPU,
  // one load port, 512 KB half-speed L2, 440BX + PC100 SDRAM streaming about 300 MB/s [recalled]).
  {"npb.lu_cycles_per_flop", "cycles/flop", 4, 0.1, 1000, false, "LU (SSOR: jacld/blts/jacu/buts 5x5 block solves per k-plane, rhs fluxes): cycles per flop.", "[estimate] the k-plane Jacobians (4 x 25 doubles per point, ~870 KB per plane on one node) do not fit the 512 KB L2; x87 issue ~2 cycles/flop, memory doubles it"},
  {"npb.mg_cycles_per_flop", "cycles/flop", 3, 0.1, 1000, false, "MG (resid/psinv/rprj3/interp stencils): cycles per flop.", "[estimate] ~1 load per flop on the P6's single load port and ~1.6 B/flop of streamed arrays at ~300 MB/s"},
  {"npb.cg_cycles_per_flop", "cycles/flop", 7, 0.1, 1000, false, "CG (sparse matrix-vector product and vector updates): cycles per flop.", "[estimate] 12 B streamed per nonzero (value + column index) for 2 flops at ~300 MB/s = 14 cycles per nonzero at 350 MHz"},
  {"npb.ep_cycles_per_flop", "cycles/flop", 7, 0.1, 1000, false, "EP (vranlc and the Gaussian acceptance test, 44 flops per pair): cycles per flop.", "[estimate] ~60 cycles per vranlc number (dependent multiplies, float-integer conversions), and with probability pi/4 FYL2X (~100), FSQRT (~70), FDIV (~38): ~310 cycles per pair [recalled P6 latencies]"},
};
// clang-format on
}  // namespace

const std::vector<ParameterSpec>& parameter_registry() { return kRegistry; }

std::string parameter_registry_json() {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const auto& p : kRegistry) {
    a.push_back({{"name", p.name},
                 {"unit", p.unit},
                 {"default", p.default_value},
                 {"min", p.min},
                 {"max", p.max},
                 {"integer", p.integer},
                 {"description", p.description},
                 {"source", p.source}});
    // The testbeds whose measured machine sets another default (ParameterSet(testbed) applies them).
    nlohmann::ordered_json by_testbed = nlohmann::ordered_json::object();
    for (const auto& t : testbeds())
      for (const auto& kv : t.defaults)
        if (std::string(kv.first) == p.name) by_testbed[t.id] = kv.second;
    if (!by_testbed.empty()) a.back()["testbeds"] = by_testbed;
  }
  return a.dump();
}

const std::vector<Testbed>& testbeds() {
  static const std::vector<Testbed> kTestbeds = {
      {"sandia-elan3-2004",
       "Seed 002 §5: Dell 1550, 2 x 1 GHz Pentium III, 64-bit/66 MHz PCI, QsNet (Elan3, Elite)",
       {}},
      {"osu-elan4-2005",
       "Seed 001: dual 3.0 GHz Xeon, 533 MHz FSB, PCI-X 133 MHz/64-bit, QsNetII Elan4, QS-8A switch",
       {{"pci.clock_MHz", 133},          // seed 001 testbed
        {"pci.width_bytes", 8},          // seed 001 testbed (64-bit)
        {"pci.address_cycles", 2},       // PCI-X: address phase + attribute phase (PCI-X 1.0) [recalled]
        {"pci.host_read_latency_ns", 0},  // PCI-X split reads release the bus: latency is pcix.read_latency_ns
        {"host.clock_MHz", 3000},        // seed 001 testbed (3.0 GHz Xeon)
        {"host.uncached_store_ns", 20},  // [estimate] write-combined 8-byte store on a 533 MHz (133 MHz x4) FSB
        {"host.cache_miss_ns", 170},     // [estimate] NetBurst Xeon + E7501 DDR-266: load-to-use of a line invalidated by DMA
        {"host.cache_line_bytes", 64},   // Intel NetBurst L1/L2 (64-byte lines) [recalled]
        {"host.memcpy_MBps", 1200}}},    // [estimate] memcpy on a 533 MHz FSB Xeon
      {"usc-sci-p2-350",
       "Seed 003: 8 x 350 MHz Pentium II (440BX, 128 MB), 32-bit/33 MHz PCI, Dolphin PCI-SCI adapters on an SCI ringlet, Linux",
       {{"host.clock_MHz", 350},          // seed 003 (350 MHz Pentium II)
        {"pci.clock_MHz", 33},            // seed 003 era PC: 32-bit/33 MHz PCI (PCI 2.1)
        {"pci.width_bytes", 4},           // 32-bit PCI
        {"pci.host_read_latency_ns", 300},  // [estimate] 440BX: ~10 PCI clocks before the first data phase
        {"host.uncached_store_ns", 60},   // [estimate] Pentium II on a 100 MHz front-side bus, ~6 bus clocks
        {"host.cache_miss_ns", 200},      // [estimate] Pentium II + 440BX + PC100 SDRAM
        {"host.cache_line_bytes", 32},    // Pentium II 32-byte lines and write-combining buffer [recalled]
        {"host.memcpy_MBps", 180},        // [estimate] Pentium II 350 copy rate out of L2/SDRAM
        {"os.syscall_entry_ns", 400},     // [estimate] Linux 2.2 int 0x80 entry on a 350 MHz Pentium II
        {"os.syscall_exit_ns", 300}}},    // [estimate]
  };
  return kTestbeds;
}

ParameterSet::ParameterSet() {
  for (const auto& p : kRegistry) values_[p.name] = p.default_value;
}

ParameterSet::ParameterSet(const std::string& testbed) : ParameterSet() {
  for (const auto& t : testbeds())
    if (testbed == t.id)
      for (const auto& kv : t.defaults) values_[kv.first] = kv.second;
}

std::string ParameterSet::set(const std::string& name, double value) {
  for (const auto& p : kRegistry) {
    if (name != p.name) continue;
    char buf[256];
    if (!std::isfinite(value)) return "parameters." + name + ": must be a finite number";
    if (value < p.min || value > p.max) {
      std::snprintf(buf, sizeof buf, "parameters.%s: %g %s is outside the allowed range [%g, %g]", p.name, value,
                    p.unit, p.min, p.max);
      return buf;
    }
    if (p.integer && std::floor(value) != value) return "parameters." + name + ": must be a whole number";
    values_[name] = value;
    return "";
  }
  return "parameters." + name + ": unknown parameter (see `npm run sim -- --parameters`)";
}

double ParameterSet::get(const std::string& name) const {
  auto it = values_.find(name);
  return it == values_.end() ? 0.0 : it->second;
}

}  // namespace hpcsim
