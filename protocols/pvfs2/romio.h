// ROMIO's ad_pvfs2 path for a noncontiguous MPI-IO access (references/pvfs2-elan4.md §2.8: ad_pvfs2_read.c,
// MAX_ARRAY_SIZE 64): the access is split into successive blocking PVFS_sys_read / PVFS_sys_write calls of at most
// 64 regions each, the noncontiguous side(s) as PVFS_Request_hindexed.
#pragma once
#include <functional>
#include <vector>

#include "pvfs2/file_system.h"

namespace hpcsim::pvfs2 {

/// ROMIO's MAX_ARRAY_SIZE: regions per PVFS2 call.
constexpr size_t kRomioMaxArray = 64;

/// One call of an access: its file regions and, when memory is noncontiguous, its memory regions.
struct RomioCall {
  std::vector<Extent> file;
  std::vector<Extent> memory;  ///< empty: contiguous memory
};

/// Splits `file` regions (ascending) and `memory` regions (empty: contiguous; else one per file region, the same
/// sizes) into calls of at most `max_array` regions. A contiguous memory buffer is split at the same bytes.
std::vector<RomioCall> romio_calls(const std::vector<Extent>& file, const std::vector<Extent>& memory,
                                   size_t max_array = kRomioMaxArray);

/// Runs `calls` one after another (each blocking) for client `client`, then `done`.
void run_calls(FileSystem& fs, int client, IoType type, std::shared_ptr<const std::vector<RomioCall>> calls,
               std::function<void()> done);

}  // namespace hpcsim::pvfs2
