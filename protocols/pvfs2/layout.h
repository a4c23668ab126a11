// PVFS2's simple-stripe distribution and the pieces an access leaves on each server (REFERENCES §1.4.3;
// references/pvfs2-elan4.md §2.6: dist-simple-stripe.c @1.2.0).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace hpcsim::pvfs2 {

/// A contiguous extent: a file region (logical offset) or a memory region (offset in the process's buffer), bytes.
struct Extent {
  uint64_t offset = 0;
  uint64_t bytes = 0;
};

/// A part of an access that is contiguous in memory, in the logical file and on one server's datafile.
struct Piece {
  int server = 0;
  uint64_t physical = 0;  ///< offset in the server's datafile (bstream)
  uint64_t memory = 0;    ///< offset in the client's memory
  uint64_t bytes = 0;
};

/// Simple-stripe: strip `strip_bytes` (PVFS2 default 65,536), `servers` datafiles starting at datafile 0.
struct SimpleStripe {
  uint64_t strip_bytes = 65536;
  int servers = 1;
  /// The server holding logical offset `logical`: floor(L / strip) mod servers.
  int server_of(uint64_t logical) const;
  /// The datafile offset of logical offset `logical` on its server: full stripes before it times the strip, plus
  /// its offset within its strip.
  uint64_t physical_of(uint64_t logical) const;
};

/// Splits an access into pieces, in file order: `file` regions (ascending, non-overlapping) and `memory` regions
/// (the same total bytes; empty = one contiguous buffer from offset 0). A piece ends at every strip boundary and at
/// every file or memory region boundary. Returns "" or the error ("memory regions total X B, file regions Y B").
std::string split_access(const SimpleStripe& stripe, const std::vector<Extent>& file,
                         const std::vector<Extent>& memory, std::vector<Piece>* out);

/// The pieces of server `server`, in file order.
std::vector<Piece> pieces_of(const std::vector<Piece>& all, int server);

/// Number of extents left after merging neighbours contiguous in memory (`by_memory`) or on the datafile.
uint32_t segments(const std::vector<Piece>& pieces, bool by_memory);

}  // namespace hpcsim::pvfs2
