// How flowproto-multiqueue cuts one server's share of an access into BMI messages (references/pvfs2-elan4.md §2.5:
// flowproto-multiqueue.c @1.0.1, @1.2.0, commit fa6eb7fd9).
#pragma once
#include <cstdint>
#include <vector>

#include "pvfs2/layout.h"

namespace hpcsim::pvfs2 {

/// One flow step: one BMI message between the client and one server.
struct FlowStep {
  uint64_t bytes = 0;
  /// The client's memory segments for the message (sizes, in order): the list BMI_post_send_list /
  /// BMI_post_recv_list gets on user memory; one segment when the client packs (`packed`).
  std::vector<uint32_t> memory_segments;
  /// The client packed (write) or will unpack (read) the step through its 256 KiB intermediate buffer by memcpy,
  /// because its memory segments exceed MAX_REGIONS before the step is full.
  bool packed = false;
  /// Segments of the server's datafile the step covers (Trove's list: one lio_listio round each).
  uint32_t file_segments = 0;
  /// Datafile offset just past the step's last byte (a write there extends the bstream if beyond its end).
  uint64_t file_end = 0;
};

/// Steps of at most `buffer_bytes` (BUFFER_SIZE, 256 KiB) in file order. When more than `max_regions`
/// (MAX_REGIONS: 16 up to PVFS2 1.0.1, 64 from 1.1.0) memory segments are needed before the step is full and
/// the access has not ended, the client packs the whole step into its intermediate buffer.
std::vector<FlowStep> flow_steps(const std::vector<Piece>& pieces, uint64_t buffer_bytes, uint32_t max_regions);

}  // namespace hpcsim::pvfs2
