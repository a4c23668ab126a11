#include "pvfs2/flow_steps.h"

#include <algorithm>

namespace hpcsim::pvfs2 {

std::vector<FlowStep> flow_steps(const std::vector<Piece>& pieces, uint64_t buffer_bytes, uint32_t max_regions) {
  std::vector<FlowStep> steps;
  size_t i = 0;
  uint64_t used = 0;  // bytes of pieces[i] already in earlier steps
  while (i < pieces.size()) {
    FlowStep s;
    std::vector<Piece> part;
    while (i < pieces.size() && s.bytes < buffer_bytes) {
      const uint64_t n = std::min(pieces[i].bytes - used, buffer_bytes - s.bytes);
      Piece p = pieces[i];
      p.physical += used;
      p.memory += used;
      p.bytes = n;
      part.push_back(p);
      s.bytes += n;
      used += n;
      if (used == pieces[i].bytes) {
        ++i;
        used = 0;
      }
    }
    // Memory segments: neighbours contiguous in memory merge.
    for (size_t k = 0; k < part.size(); ++k) {
      if (k > 0 && part[k - 1].memory + part[k - 1].bytes == part[k].memory)
        s.memory_segments.back() += static_cast<uint32_t>(part[k].bytes);
      else
        s.memory_segments.push_back(static_cast<uint32_t>(part[k].bytes));
    }
    s.file_segments = segments(part, false);
    for (const auto& p : part) s.file_end = std::max(s.file_end, p.physical + p.bytes);
    if (s.memory_segments.size() > max_regions) {
      s.packed = true;
      s.memory_segments = {static_cast<uint32_t>(s.bytes)};
    }
    steps.push_back(std::move(s));
  }
  return steps;
}

}  // namespace hpcsim::pvfs2
