#include "pvfs2/layout.h"

#include <algorithm>

namespace hpcsim::pvfs2 {

int SimpleStripe::server_of(uint64_t logical) const {
  return static_cast<int>((logical / strip_bytes) % static_cast<uint64_t>(servers));
}

uint64_t SimpleStripe::physical_of(uint64_t logical) const {
  const uint64_t stripe = strip_bytes * static_cast<uint64_t>(servers);
  return (logical / stripe) * strip_bytes + logical % strip_bytes;
}

std::string split_access(const SimpleStripe& stripe, const std::vector<Extent>& file,
                         const std::vector<Extent>& memory, std::vector<Piece>* out) {
  out->clear();
  uint64_t file_total = 0, mem_total = 0;
  for (const auto& e : file) file_total += e.bytes;
  for (const auto& e : memory) mem_total += e.bytes;
  if (!memory.empty() && mem_total != file_total)
    return "memory regions total " + std::to_string(mem_total) + " B, file regions " + std::to_string(file_total) +
           " B";
  std::vector<Extent> mem = memory;
  if (mem.empty()) mem.push_back({0, file_total});
  size_t mi = 0;
  uint64_t mused = 0;  // bytes of mem[mi] already mapped
  for (const auto& f : file) {
    uint64_t at = f.offset, left = f.bytes;
    while (left > 0) {
      const uint64_t to_strip_end = stripe.strip_bytes - at % stripe.strip_bytes;
      const uint64_t mem_left = mem[mi].bytes - mused;
      const uint64_t n = std::min({left, to_strip_end, mem_left});
      Piece p{stripe.server_of(at), stripe.physical_of(at), mem[mi].offset + mused, n};
      // Merge with the previous piece when contiguous everywhere (same server, datafile and memory).
      if (!out->empty()) {
        Piece& q = out->back();
        if (q.server == p.server && q.physical + q.bytes == p.physical && q.memory + q.bytes == p.memory) {
          q.bytes += n;
          p.bytes = 0;
        }
      }
      if (p.bytes) out->push_back(p);
      at += n;
      left -= n;
      mused += n;
      if (mused == mem[mi].bytes) {
        ++mi;
        mused = 0;
      }
    }
  }
  return "";
}

std::vector<Piece> pieces_of(const std::vector<Piece>& all, int server) {
  std::vector<Piece> out;
  for (const auto& p : all)
    if (p.server == server) out.push_back(p);
  return out;
}

uint32_t segments(const std::vector<Piece>& pieces, bool by_memory) {
  uint32_t n = 0;
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (i > 0) {
      const Piece& a = pieces[i - 1];
      const Piece& b = pieces[i];
      const bool joined = by_memory ? a.memory + a.bytes == b.memory : a.physical + a.bytes == b.physical;
      if (joined) continue;
    }
    ++n;
  }
  return n;
}

}  // namespace hpcsim::pvfs2
