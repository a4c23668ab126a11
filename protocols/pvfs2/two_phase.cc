#include "pvfs2/two_phase.h"

#include <algorithm>

#include "workload/npb/builder.h"

namespace hpcsim::pvfs2 {

const char* const kFillSendBuffer = "ADIOI_Fill_send_buffer (memcpy)";
const char* const kUnpackReceived = "MPI_Irecv into write_buf (hindexed type: unpack)";
const char* const kWriteWindow = "ADIO_WriteContig (PVFS_sys_write)";
const char* const kReadWindow = "ADIO_ReadContig (read-modify-write of a hole)";

bool accesses_interleave(const std::vector<std::vector<Extent>>& file_by_rank) {
  bool have_prev = false;
  uint64_t prev_end = 0;
  for (const auto& regions : file_by_rank) {
    if (regions.empty()) continue;
    const uint64_t start = regions.front().offset, end = regions.back().offset + regions.back().bytes - 1;
    if (have_prev && start < prev_end) return true;
    have_prev = true;
    prev_end = end;
  }
  return false;
}

TwoPhasePlan two_phase_plan(const std::vector<std::vector<Extent>>& file_by_rank, int aggregators,
                            uint64_t cb_buffer_size) {
  TwoPhasePlan plan;
  const int p = static_cast<int>(file_by_rank.size());
  plan.processes = p;
  plan.aggregators = std::clamp(aggregators, 1, std::max(1, p));
  const int na = plan.aggregators;
  plan.regions.assign(static_cast<size_t>(p), std::vector<uint32_t>(static_cast<size_t>(na), 0));
  // ADIOI_Calc_file_domains: [min first, max last] in equal domains, the last ones clipped (or empty).
  bool any = false;
  uint64_t first = 0, last = 0;
  for (const auto& rs : file_by_rank)
    for (const auto& e : rs) {
      if (e.bytes == 0) continue;
      first = any ? std::min(first, e.offset) : e.offset;
      last = any ? std::max(last, e.offset + e.bytes - 1) : e.offset + e.bytes - 1;
      any = true;
    }
  if (!any) return plan;
  const uint64_t fd_size = (last - first + 1 + static_cast<uint64_t>(na) - 1) / static_cast<uint64_t>(na);
  auto domain_of = [&](uint64_t off) { return static_cast<int>((off - first) / fd_size); };
  // Each rank's regions cut at domain boundaries (ADIOI_Calc_my_req), and each aggregator's requests' span.
  struct Cut {
    int rank, agg;
    uint64_t off, bytes;
  };
  std::vector<Cut> cuts;
  std::vector<uint64_t> lo(static_cast<size_t>(na), UINT64_MAX), hi(static_cast<size_t>(na), 0);
  for (int r = 0; r < p; ++r)
    for (const auto& e : file_by_rank[static_cast<size_t>(r)]) {
      uint64_t off = e.offset, left = e.bytes;
      while (left > 0) {
        const int a = domain_of(off);
        const uint64_t end = first + fd_size * static_cast<uint64_t>(a + 1);
        const uint64_t n = std::min(left, end - off);
        cuts.push_back({r, a, off, n});
        ++plan.regions[static_cast<size_t>(r)][static_cast<size_t>(a)];
        lo[static_cast<size_t>(a)] = std::min(lo[static_cast<size_t>(a)], off);
        hi[static_cast<size_t>(a)] = std::max(hi[static_cast<size_t>(a)], off + n - 1);
        off += n;
        left -= n;
      }
    }
  // ADIOI_Exch_and_write: each aggregator's iterations cover [lo, hi] in windows of cb_buffer_size.
  std::vector<int> ntimes(static_cast<size_t>(na), 0);
  for (int a = 0; a < na; ++a)
    if (lo[static_cast<size_t>(a)] != UINT64_MAX)
      ntimes[static_cast<size_t>(a)] =
          static_cast<int>((hi[static_cast<size_t>(a)] - lo[static_cast<size_t>(a)] + cb_buffer_size) / cb_buffer_size);
  plan.iterations = *std::max_element(ntimes.begin(), ntimes.end());
  const size_t m_count = static_cast<size_t>(plan.iterations);
  plan.bytes.assign(m_count, std::vector<std::vector<uint64_t>>(static_cast<size_t>(p),
                                                                std::vector<uint64_t>(static_cast<size_t>(na), 0)));
  plan.window.assign(m_count, std::vector<Extent>(static_cast<size_t>(na)));
  plan.hole.assign(m_count, std::vector<bool>(static_cast<size_t>(na), false));
  std::vector<std::vector<std::vector<Extent>>> covered(m_count, std::vector<std::vector<Extent>>(static_cast<size_t>(na)));
  for (int a = 0; a < na; ++a)
    for (int m = 0; m < ntimes[static_cast<size_t>(a)]; ++m) {
      const uint64_t off = lo[static_cast<size_t>(a)] + cb_buffer_size * static_cast<uint64_t>(m);
      plan.window[static_cast<size_t>(m)][static_cast<size_t>(a)] = {
          off, std::min(cb_buffer_size, hi[static_cast<size_t>(a)] + 1 - off)};
    }
  for (const Cut& c : cuts) {
    // A region may straddle two windows of its aggregator (ROMIO's partial_recv).
    const size_t a = static_cast<size_t>(c.agg);
    uint64_t off = c.off, left = c.bytes;
    while (left > 0) {
      const size_t m = static_cast<size_t>((off - lo[a]) / cb_buffer_size);
      const Extent& w = plan.window[m][a];
      const uint64_t n = std::min(left, w.offset + w.bytes - off);
      plan.bytes[m][static_cast<size_t>(c.rank)][a] += n;
      covered[m][a].push_back({off, n});
      off += n;
      left -= n;
    }
  }
  // A hole: the pieces (merged in file order, ADIOI_Heap_merge) do not cover their window end to end.
  for (size_t m = 0; m < m_count; ++m)
    for (size_t a = 0; a < static_cast<size_t>(na); ++a) {
      auto& cs = covered[m][a];
      std::sort(cs.begin(), cs.end(), [](const Extent& x, const Extent& y) { return x.offset < y.offset; });
      for (size_t i = 0; i + 1 < cs.size(); ++i)
        if (cs[i].offset + cs[i].bytes < cs[i + 1].offset) plan.hole[m][a] = true;
    }
  return plan;
}

namespace {

/// An Io operation of the two-phase write (the workload's hook runs it): `what`, the dump, the iteration, bytes.
void io(npb::Builder& b, npb::RankProgram& p, const char* what, int64_t dump, int iteration, int64_t bytes) {
  b.io(static_cast<int>(dump), what);
  p.ops.back().request = iteration;
  p.ops.back().bytes = bytes;
}

void emit_write(const TwoPhasePlan& plan, int r, int64_t dump, npb::Builder& b, npb::RankProgram& out) {
  const int p = plan.processes, na = plan.aggregators;
  // ROMIO's MPI_Allgather and MPI_Alltoall of a few bytes per rank, as MPICH 1.2's linear exchange.
  const auto exchange = [&](int64_t bytes, int tag, const char* what) { b.linear_exchange(r, p, bytes, tag, what, what); };
  exchange(8, kRomioTag, "MPI_Allgather (start offsets)");
  exchange(8, kRomioTag + 1, "MPI_Allgather (end offsets)");
  // ADIOI_Calc_others_req: counts, then offset and length lists to each aggregator holding some of mine.
  exchange(4, kRomioTag + 2, "MPI_Alltoall (count_my_req_per_proc)");
  std::vector<int> reqs;
  if (r < na)
    for (int i = 0; i < p; ++i)
      if (uint32_t n = plan.regions[static_cast<size_t>(i)][static_cast<size_t>(r)]) {
        reqs.push_back(b.irecv(i, 8 * int64_t{n}, kRomioTag + 3, "ADIOI_Calc_others_req: offsets"));
        reqs.push_back(b.irecv(i, 4 * int64_t{n}, kRomioTag + 4, "ADIOI_Calc_others_req: lengths"));
      }
  for (int a = 0; a < na; ++a)
    if (uint32_t n = plan.regions[static_cast<size_t>(r)][static_cast<size_t>(a)]) {
      reqs.push_back(b.isend(a, 8 * int64_t{n}, kRomioTag + 3, "ADIOI_Calc_others_req: offsets"));
      reqs.push_back(b.isend(a, 4 * int64_t{n}, kRomioTag + 4, "ADIOI_Calc_others_req: lengths"));
    }
  for (int q : reqs) b.wait(q, "ADIOI_Calc_others_req: MPI_Waitall");
  b.allreduce(4, "ADIOI_Exch_and_write: MPI_Allreduce (ntimes)");
  b.barrier("ADIOI_Exch_and_write: MPI_Barrier");
  for (int m = 0; m < plan.iterations; ++m) {
    const auto& bytes = plan.bytes[static_cast<size_t>(m)];
    const int tag = kRomioTag + 5 + 2 * m;
    exchange(4, tag, "ADIOI_W_Exchange_data: MPI_Alltoall (sizes)");
    std::vector<int> data;
    int64_t from_others = 0;
    const bool aggregator = r < na;
    if (aggregator)
      for (int i = 0; i < p; ++i)
        if (uint64_t n = bytes[static_cast<size_t>(i)][static_cast<size_t>(r)]) {
          data.push_back(b.irecv(i, static_cast<int64_t>(n), tag + 1, "ADIOI_W_Exchange_data: MPI_Irecv"));
          if (i != r) from_others += static_cast<int64_t>(n);
        }
    if (aggregator && plan.hole[static_cast<size_t>(m)][static_cast<size_t>(r)])
      io(b, out, kReadWindow, dump, m, static_cast<int64_t>(plan.window[static_cast<size_t>(m)][static_cast<size_t>(r)].bytes));
    // ADIOI_Fill_send_buffer walks this rank's regions in file order, so the aggregators' buffers fill (and are
    // sent) in domain order.
    for (int a = 0; a < na; ++a)
      if (uint64_t n = bytes[static_cast<size_t>(r)][static_cast<size_t>(a)]) {
        io(b, out, kFillSendBuffer, dump, m, static_cast<int64_t>(n));
        data.push_back(b.isend(a, static_cast<int64_t>(n), tag + 1, "ADIOI_W_Exchange_data: MPI_Isend"));
      }
    for (int q : data) b.wait(q, "ADIOI_W_Exchange_data: MPI_Waitall");
    if (from_others > 0) io(b, out, kUnpackReceived, dump, m, from_others);
    if (aggregator && plan.window[static_cast<size_t>(m)][static_cast<size_t>(r)].bytes > 0)
      io(b, out, kWriteWindow, dump, m, static_cast<int64_t>(plan.window[static_cast<size_t>(m)][static_cast<size_t>(r)].bytes));
  }
}

}  // namespace

void expand_two_phase_writes(const TwoPhasePlan& plan, std::vector<npb::RankProgram>* programs) {
  for (auto& program : *programs) {
    std::vector<npb::Op> out;
    out.reserve(program.ops.size());
    // ROMIO's operations are built aside and spliced in; their requests are numbered above every one of the NAS
    // program (a per-rank counter from 0).
    npb::RankProgram romio;
    romio.rank = program.rank;
    npb::Builder b(&romio, 1 << 20);
    for (const npb::Op& op : program.ops) {
      if (op.kind != npb::OpKind::Io) {
        out.push_back(op);
        continue;
      }
      romio.ops.clear();
      b.phase = op.phase;
      emit_write(plan, program.rank, op.work, b, romio);
      out.insert(out.end(), romio.ops.begin(), romio.ops.end());
    }
    program.ops = std::move(out);
  }
}

}  // namespace hpcsim::pvfs2
