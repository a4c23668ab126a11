// ROMIO's two-phase collective write (Thakur, Gropp and Lusk's "data sieving and collective I/O in ROMIO", 1999),
// as ad_pvfs2 runs it for MPI_File_write_all / write_at_all: ADIOI_GEN_WriteStridedColl in
// romio/adio/common/ad_write_coll.c (MPICH2 1.0.x, the 2005 ROMIO the seed's testbed ran; references/pvfs2-elan4.md
// §2.8). With romio_cb_write "automatic" (ROMIO's default, ad_hints.c) it is used when the processes' accesses
// interleave; "enable" forces it and "disable" leaves each process to its own noncontiguous (list I/O) write.
//  1. MPI_Allgather of every process's first and last file offset; the interleave test (rank i starts before rank
//     i - 1 ends).
//  2. ADIOI_Calc_file_domains: [first, last] cut into cb_nodes equal file domains, one per aggregator (ranks
//     0 ... cb_nodes - 1; cb_nodes defaults to the number of processes).
//  3. ADIOI_Calc_others_req: MPI_Alltoall of region counts, then each process sends each aggregator the offsets
//     (8 B) and lengths (4 B) of its regions in that domain.
//  4. ADIOI_Exch_and_write: MPI_Allreduce of the iteration count, MPI_Barrier, then per iteration (at most
//     cb_buffer_size bytes of each domain): MPI_Alltoall of sizes, ADIOI_W_Exchange_data (each process packs what it
//     owes each aggregator into send buffers by memcpy when its memory is noncontiguous, ADIOI_Fill_send_buffer,
//     and sends it; each aggregator receives into its write buffer through an hindexed type, which the MPI library
//     unpacks), a read of the window first if the pieces leave a hole (read-modify-write), then one ADIO_WriteContig
//     of the window: for ad_pvfs2 one PVFS_sys_write, contiguous in memory and in the file.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "pvfs2/layout.h"
#include "workload/npb/npb.h"

namespace hpcsim::pvfs2 {

/// The romio_cb_write hint.
enum class CbWrite { kAutomatic, kEnable, kDisable };

/// ROMIO's default cb_buffer_size (ADIOI_CB_BUFFER_SIZE_DFLT), B.
constexpr uint64_t kRomioCbBufferSize = 4194304;

/// ROMIO's interleave test over each process's first and last byte: some rank i starts before rank i - 1 ends.
/// `file_by_rank[r]`: rank r's file regions, ascending; a rank with none takes no part.
bool accesses_interleave(const std::vector<std::vector<Extent>>& file_by_rank);

/// What a two-phase write moves, by iteration m, sending rank r and aggregator a.
struct TwoPhasePlan {
  int processes = 0, aggregators = 0;
  int iterations = 0;  ///< max over the aggregators of ceil((last - first + 1) / cb_buffer_size) of their requests
  /// bytes[m][r][a]: bytes rank r sends aggregator a in iteration m; regions[r][a]: rank r's regions (after cutting
  /// at domain boundaries) in a's domain, all iterations together (the offset/length lists of step 3).
  std::vector<std::vector<std::vector<uint64_t>>> bytes;
  std::vector<std::vector<uint32_t>> regions;
  /// window[m][a]: the file extent aggregator a writes in iteration m (bytes 0: none); hole[m][a]: its pieces leave
  /// a gap, so ROMIO reads the window first.
  std::vector<std::vector<Extent>> window;
  std::vector<std::vector<bool>> hole;
};

/// The plan of one collective write. `aggregators` in [1, processes]; `cb_buffer_size` >= 1.
TwoPhasePlan two_phase_plan(const std::vector<std::vector<Extent>>& file_by_rank, int aggregators,
                            uint64_t cb_buffer_size);

/// Io operations of a two-phase write carry one of these in `what`; the workload's Io hook runs them. Each has
/// `work` = the dump (BT-IO's output_timestep number) and `request` = the iteration.
extern const char* const kFillSendBuffer;  ///< bytes: memcpy into one aggregator's send buffer
extern const char* const kUnpackReceived;  ///< bytes: the MPI library's unpack of received data into write_buf
extern const char* const kWriteWindow;     ///< the aggregator's ADIO_WriteContig of window[request][rank]
extern const char* const kReadWindow;      ///< its ADIO_ReadContig of the same window first (a hole)

/// Replaces every Io operation of `programs` (one per rank, BT-IO's output_timestep) by the collective write's
/// messages and Io operations above, per `plan` (the same for every dump: dumps differ by file offset only), as
/// MPI operations the NAS rank programs run (collectives as Allreduce / Barrier, lowered later; MPI_Allgather and
/// MPI_Alltoall as MPICH 1.2's linear exchange: receives from every rank, sends to every rank, wait for all).
void expand_two_phase_writes(const TwoPhasePlan& plan, std::vector<npb::RankProgram>* programs);

/// Tag of ROMIO's messages (above the NAS and all-to-all tags; ROMIO uses its own communicator).
constexpr int kRomioTag = (1 << 24) + 64;

}  // namespace hpcsim::pvfs2
