// Parameters of PVFS2 1.x, its Elan4 BMI method and the servers' disk, declared beside the model (params/parameter.h:
// name, unit, default, range, description, source); registered through the catalog entries that use them.
// "[S-code]" values are constants of the PVFS2 sources quoted in ../shared/references/pvfs2-elan4.md; "[estimate]"
// marks our own, with its reasoning.
#include "pvfs2/bmi_ib.h"
#include "pvfs2/disk.h"
#include "pvfs2/ext3.h"
#include "pvfs2/file_system.h"

namespace hpcsim::pvfs2 {

const std::vector<ParameterSpec>& pvfs2_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kOwn = {
  {"pvfs2.strip_bytes", "B", 65536, 4096, 16777216, true, "Simple-stripe strip size: consecutive strips go to consecutive I/O servers.", "[S-code] dist-simple-stripe.c @1.2.0 (references/pvfs2-elan4.md §2.6)"},
  {"pvfs2.flow_buffer_bytes", "B", 262144, 4096, 16777216, true, "flowproto-multiqueue BUFFER_SIZE: bytes per flow step (one BMI message).", "[S-code] flowproto-multiqueue.c @1.0.1-1.2.0 (references §2.5)"},
  {"pvfs2.flow_buffers", "buffers", 8, 1, 64, true, "BUFFERS_PER_FLOW: server reads prime this many Trove reads; server writes hold at most this many received buffers.", "[S-code] flowproto-multiqueue.c (references §2.5)"},
  {"pvfs2.max_regions", "regions", 64, 1, 1024, true, "MAX_REGIONS: memory segments one client flow step may list before it packs through its intermediate buffer (16 up to 1.0.1, 64 from 1.1.0; workload.pvfs2_version picks the default).", "[S-code] flowproto-multiqueue.c, commit fa6eb7fd9, 2005-05-18 (references/pvfs2-config.md §1.3)"},
  {"pvfs2.aiocb_array", "aiocbs", 64, 1, 1024, true, "AIOCB_ARRAY_SZ: most aiocbs per lio_listio call of Trove/DBPF (8 up to 1.0.1, 64 from 1.1.0). On the flow path it changes nothing: the flow passes one memory region, so dbpf_bstream_listio_convert makes one aiocb per call (fixed only in 1.5.0).", "[S-code] dbpf-bstream.c, dbpf-bstream-aio.c:88-89 @pvfs2-1-0-1 .. 1-2-0; commit 772d27ae8, 2006-05-19 (references/pvfs2-config.md §2.4)"},
  {"pvfs2.dbpf_max_ios", "ops", 16, 1, 1024, true, "DBPF_MAX_IOS_IN_PROGRESS: Trove I/O operations in flight on one server; later ones wait in the ready queue.", "[S-code] dbpf-bstream.c @pvfs2-1-0-1 .. 1-2-0 (references/pvfs2-config.md §2.4)"},
  {"pvfs2.request_fixed_bytes", "B", 144, 16, 8192, true, "Encoded I/O request without its file request: the request header (op, credentials) and PVFS_servreq_io's fixed fields.", "[estimate] PVFS_servreq_io fields (handle, fs_id, io_type, flow_type, server_nr, server_ct, dist, offsets, aggregate size) + header (references §2.4)"},
  {"pvfs2.request_node_bytes", "B", 80, 16, 1024, true, "Encoded size of one PINT_Request node; an hindexed request of n regions travels as n + 1 nodes.", "[S-code, summed] pint-request.h encoding (references §2.4)"},
  {"pvfs2.ioreq_limit_bytes", "B", 8192, 1024, 65536, true, "PVFS_REQ_LIMIT_IOREQ_BYTES: largest encoded file request.", "[S-code] pvfs2-req-proto.h @1.2.0 (references §2.4)"},
  {"pvfs2.response_bytes", "B", 48, 8, 4096, true, "Encoded I/O ack (status, bstream size) or write-completion (total completed).", "[estimate] response header + PVFS_servresp_io / PVFS_servresp_write_completion"},
  {"pvfs2.client_sysio_us", "µs", 25, 0, 10000, false, "Client CPU per PVFS_sys_read/write: sys-io.sm's init, getattr answered by the attribute cache, request processing, analyse and cleanup states.", "[estimate] a 3 GHz Xeon running the client state machine and its job/BMI test loop; HECIOS models 300 µs getattr processing on 1 GHz-class Adenine nodes (bws/HECIOS ini/adenine.ini)"},
  {"pvfs2.client_msgpair_us", "µs", 6, 0, 10000, false, "Client CPU per server a call touches: setting up its message pair (encode the request, post the ack receive and the unexpected send) and its flow descriptor.", "[estimate] request encoding of a few hundred bytes and two BMI posts on a 3 GHz Xeon"},
  {"pvfs2.server_request_us", "µs", 30, 0, 10000, false, "Server CPU per I/O request: decode, io.sm prelude (request scheduler, getattr of the datafile handle from the DBPF cache, permission check), ack encoding, flow setup.", "[estimate] state-machine steps with job-manager handoffs between the server's threads on a 3 GHz Xeon; HECIOS fits 300 µs per getattr on 1 GHz Adenine nodes (bws/HECIOS)"},
  {"pvfs2.dspace_getattr_us", "µs", 25, 0, 10000, false, "A request's prelude getattr when the datafile's attributes are not cached (a write drops them): a queued dbpf op on the Trove thread: fstat of the bstream, an attempt to open its keyval database and a DB->get of its dspace attributes.", "[S-code] dbpf-bstream.c:898-902 (dbpf_attr_cache_remove on every write), dbpf-dspace.c:857-972 @pvfs2-1-0-1; the time is an estimate: a few system calls and a Berkeley DB lookup on a 3 GHz Xeon"},
  {"pvfs2.server_completion_us", "µs", 8, 0, 10000, false, "Server CPU to finish a write: the flow's completion, the write-completion response, the scheduler release.", "[estimate] io.sm send_completion_ack + release states"},
  {"pvfs2.job_test_timeout_ms", "ms", 10, 0, 10000, false, "max_idle_time the job layer hands BMI_testcontext: the server's BMI thread and the client's PVFS_sys_wait. A method may sleep that long when it has nothing (bmi_ib after its spin: bmi_ib.spin_us).", "[S-code] src/io/job/thread-mgr.c THREAD_MGR_TEST_TIMEOUT 10 (the server's BMI thread); src/client/sysint/client-state-machine.c PINT_client_state_machine_test: job_testcontext(..., 10, ...) @pvfs2-1-1-0"},
  {"pvfs2.flow_step_us", "µs", 4, 0, 10000, false, "CPU of flowproto-multiqueue per step on each side: PINT_process_request over the step's regions and the BMI or Trove post that follows.", "[estimate] request processing of at most MAX_REGIONS regions on a 3 GHz Xeon"},
  {"pvfs2.lio_listio_us", "µs", 5, 0, 10000, false, "One lio_listio call of Trove (one round of an op): the aiocb's conversion, glibc's enqueue under its lock and the wake-up of the fd's worker thread.", "[estimate] a mutex, a futex wake (os.futex_wake_cycles) and the worker's switch-in on the other CPU (os.context_switch_ns) on a 3 GHz Xeon"},
  {"pvfs2.aiocb_us", "µs", 3, 0, 10000, false, "Per aiocb: glibc's AIO worker runs one pread/pwrite system call into or out of the page cache (the copy itself is charged at host.memcpy_MBps).", "[estimate] system call and page-cache lookup of a few pages on a 3 GHz Xeon"},
  {"host.processors", "CPUs", 2, 1, 64, true, "Processors of a PVFS2 server node, shared by its threads (the server's main thread, glibc's AIO worker, dbpf's thread and the notification threads).", "seed 000 testbed: 'Dual-SMP Intel Xeon 3.0GHz'"},
  {"os.thread_create_us", "µs", 20, 0, 10000, false, "pthread_create and exit of a detached thread: glibc's SIGEV_THREAD notification of each completed lio_listio.", "[S-page] NPTL announcement (U. Drepper, 2002-09-19): 100,000 threads created and destroyed in no more than 2 s on IA-32, i.e. <= 20 us each (references/pvfs2-config.md §3.2)"},
  {"pvfs2.trove_call_us", "µs", 6, 0, 10000, false, "The end of a Trove op: move_op_to_completion_queue, the Trove thread's wake-up and the flow's callback.", "[estimate] a condition-variable wake-up and the callback on Linux 2.6, 3 GHz Xeon"},
  {"pvfs2.trove_sync_data", "0/1", 0, 0, 1, true, "TroveSyncData: 1 ends every Trove write op with fsync(fd) (ext3.*, disk.*); 0 leaves the data in the page cache. pvfs2-genconfig wrote yes up to 1.0.1 and no from 1.1.0 (workload.pvfs2_version picks the default).", "[S-code] pvfs2-genconfig @pvfs2-1-0-1 and @pvfs2-1-1-0 (commit 98385b467, 2005-04-21); dbpf-bstream.c:145 DBPF_AIO_SYNC_IF_NECESSARY (references/pvfs2-config.md §2.5)"},
  };
  // clang-format on
  // With the storage under the servers: the disk and ext3 (disk.cc, ext3.cc).
  static const std::vector<ParameterSpec> kTable = [] {
    std::vector<ParameterSpec> all = kOwn;
    all.insert(all.end(), disk_parameters().begin(), disk_parameters().end());
    all.insert(all.end(), ext3_parameters().begin(), ext3_parameters().end());
    return all;
  }();
  return kTable;
}

const std::vector<ParameterSpec>& bmi_elan4_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"bmi_elan4.slot_bytes", "B", 2048, 128, 2048, true, "Input-queue slot of each process: the largest QDMA (header + eager data).", "seed 000 (QDMA for messages up to 2 KB); REFERENCES §1.2.1"},
  {"bmi_elan4.queue_slots", "slots", 128, 1, 4096, true, "Slots of each process's QDMA input queue (unexpected, eager, rendezvous, FIN, CONNECT/ACCEPT and CREDIT messages); each connection into it holds queue_slots / (nodes - 1) - 3 of them as credits, 3 per peer kept for uncredited messages.", "[estimate] one queue per process sized for 4 clients x 8 flow buffers and their requests"},
  {"bmi_elan4.header_bytes", "B", 64, 16, 512, true, "BMI/Elan4 message header: type, tag, sizes, sender and rendezvous ids.", "[estimate] a 64-byte header like PTL/Elan4's (REFERENCES §1.3.3)"},
  {"bmi_elan4.list_entry_bytes", "B", 16, 8, 64, true, "Bytes per (address, length) pair of the list a rendezvous request carries.", "references/pvfs2-elan4.md §3.4 (bmi_ib's 8+4+4 B per entry)"},
  {"bmi_elan4.unexpected_bytes", "B", 16384, 2048, 65536, true, "Largest unexpected message; above one slot it is pulled by RDMA into a BMI buffer.", "[estimate] bmi_gm's GM_MODE_UNEXP_LIMIT 16384 (references §2.4); an hindexed request of 64 regions is ~5 KB"},
  {"bmi_elan4.post_cycles", "cycles", 1500, 0, 1000000, false, "Host cycles of a BMI post or a rendezvous step of the method (bookkeeping, descriptor or QDMA setup).", "[estimate] comparable to PTL/Elan4's send path on the same Xeon (protocols/ompi/costs.h)"},
  {"bmi_elan4.poll_cycles", "cycles", 600, 0, 1000000, false, "Host cycles of BMI_testcontext finding one completion (a queue slot or a done word).", "[estimate] a poll loop pass and its dispatch"},
  {"bmi_elan4.descriptor_cycles", "cycles", 150, 0, 100000, false, "Host cycles to fill one 64-byte E4_DMA64 descriptor (and, chained, its COPY event).", "[estimate] eight 64-bit fields and an event"},
  {"bmi_elan4.segment_cycles", "cycles", 40, 0, 100000, false, "Host cycles per list segment walked (pack, unpack, or building the address/length list).", "[estimate] a loop iteration with two stores"},
  {"bmi_elan4.pool_buffers", "buffers", 32, 1, 1024, true, "Bounce buffers of each process's pool for LIO's pack and unpack (mapped for the NIC once, at start-up).", "[S-code] bmi_gm's bmi_gm_bufferpool_init(local_port, 32, GM_MODE_REND_LIMIT) @pvfs2-1-2-0, PVFS2's precedent for list I/O without scatter/gather (references/pvfs2-config.md §2.3)"},
  {"bmi_elan4.pool_buffer_bytes", "B", 524288, 4096, 16777216, true, "One bounce buffer of the LIO pool; a longer message takes several.", "[S-code] bmi_gm's GM_MODE_REND_LIMIT (512 KiB) @pvfs2-1-2-0"},
  {"bmi_elan4.lio_region_us", "µs", 52.5, 0, 10000, false, "LIO's cost per region packed or unpacked besides the copy: the part of the OSU Elan4 method's fallback no source describes.", "calibrated: seed 000, BT-IO table, Elan4 LIO I/O time, 5.61 s"},
  };
  // clang-format on
  return kTable;
}

const std::vector<ParameterSpec>& bmi_ib_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"bmi_ib.eager_buffers", "buffers", 20, 1, 1024, true, "EAGER_BUF_NUM: send buffers (and posted receive buffers) each side of a connection has towards the other; every message takes one until the peer acknowledges it.", "[S-code] waltligon/orangefs src/io/bmi/bmi_ib/ib.h @pvfs2-1-2-0 (references/pvfs2-elan4.md §1.7)"},
  {"bmi_ib.eager_buffer_bytes", "B", 8192, 1024, 65536, true, "EAGER_BUF_SIZE: one eager buffer; a message of at most this less the header goes eagerly (and no unexpected message may be longer).", "[S-code] bmi_ib/ib.h @pvfs2-1-2-0: 8 << 10 (16 KiB only later)"},
  {"bmi_ib.header_bytes", "B", 8, 4, 64, true, "msg_header_t before every message: type and BMI tag.", "[S-code] bmi_ib/ib.h @pvfs2-1-2-0 (msg_type_t + bmi_msg_tag_t, 32 bits each)"},
  {"bmi_ib.rts_bytes", "B", 16, 8, 64, true, "msg_header_rts_t after the header of an RTS: the sender's operation id and total length.", "[S-code] bmi_ib/ib.h @pvfs2-1-2-0 (two u_int64_t)"},
  {"bmi_ib.cts_bytes", "B", 24, 8, 64, true, "msg_header_cts_t after the header of a CTS: the RTS's operation id, total length, entry count and padding.", "[S-code] bmi_ib/ib.h @pvfs2-1-2-0"},
  {"bmi_ib.cts_entry_bytes", "B", 16, 8, 64, true, "MSG_HEADER_CTS_BUFLIST_ENTRY_SIZE: address, length and rkey of one receive segment in a CTS.", "[S-code] bmi_ib/ib.h @pvfs2-1-2-0: 8 + 4 + 4"},
  {"bmi_ib.post_cycles", "cycles", 1500, 0, 1000000, false, "Host cycles of a BMI post or a rendezvous step of bmi_ib besides its VAPI calls (the sq/rq and method_op allocation, id registration, queue walks).", "[estimate] the same bookkeeping as bmi_elan4.post_cycles on the same Xeon"},
  {"bmi_ib.poll_cycles", "cycles", 600, 0, 1000000, false, "Host cycles of check_cq's dispatch of one completion besides VAPI_poll_cq (state lookup, list moves).", "[estimate] as bmi_elan4.poll_cycles"},
  {"bmi_ib.spin_us", "µs", 1000000, 0, 100000000, false, "How long BMI_testcontext spins after the process's last completion; later, a test that finds nothing blocks for pvfs2.job_test_timeout_ms in poll() on the TCP listen socket, which InfiniBand completions do not wake.", "[S-code] bmi_ib/ib.c BMI_ib_testcontext @pvfs2-1-1-0 (the same in 1.0.1 and 1.2.0): 'spin for 1 sec following any activity' (last_action, set when a test returns completions)"},
  {"bmi_ib.segment_cycles", "cycles", 40, 0, 100000, false, "Host cycles per list segment walked (memcpy_to/from_buflist's loop, encoding or decoding a CTS entry, building a gather entry).", "[estimate] as bmi_elan4.segment_cycles"},
  };
  // clang-format on
  return kTable;
}

}  // namespace hpcsim::pvfs2
