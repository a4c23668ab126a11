// Per-call costs of TCP/IP in Linux 2.2 on a 350 MHz Pentium II, in CPU cycles. Every count is an
// [estimate] of the code path named beside it. System-call entry/exit (os.*), wake-up (tcp.wakeup_ns),
// interrupt and driver (eth.*), copies (host.memcpy_MBps) and checksums (tcp.checksum_MBps) are parameters.
#pragma once
#include <cstdint>

namespace hpcsim::tcp {

// send(): sys_socketcall -> sock_sendmsg -> tcp_sendmsg: socket lock, iovec, send-buffer accounting.
constexpr uint64_t kSendCallCycles = 1500;
// Per segment sent: skb allocation, TCP header, tcp_transmit_skb, ip_queue_xmit (cached route, IP header
// and its checksum), dev_queue_xmit and the queueing discipline. (Data: csum_partial_copy_from_user.)
constexpr uint64_t kSendSegmentCycles = 2200;
// Per segment received, after tulip_rx: netif_rx, net_bh, ip_rcv, tcp_v4_rcv (socket lookup, header
// prediction, queue to the socket, data_ready). (The checksum over the segment is charged by rate.)
constexpr uint64_t kRecvSegmentCycles = 2600;
// tcp_send_ack: build and send a pure ACK (every second full segment; otherwise piggybacked).
constexpr uint64_t kAckSendCycles = 1500;
// A pure ACK received at the sender: tcp_ack, clean the retransmit queue, free the skbs.
constexpr uint64_t kAckRecvCycles = 1200;
// recv(): sys_socketcall -> sock_recvmsg -> tcp_recvmsg set-up.
constexpr uint64_t kRecvCallCycles = 1200;
// tcp_recvmsg per queued skb: memcpy_toiovec set-up, cleanup_rbuf, kfree_skb.
constexpr uint64_t kRecvCopySkbCycles = 400;

}  // namespace hpcsim::tcp
