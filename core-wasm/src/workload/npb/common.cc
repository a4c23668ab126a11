// NPB skeletons: argument checks, dispatch, histogram/totals and the symbolic send/receive matcher.
#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <tuple>

#include "workload/npb/builder.h"

namespace hpcsim::npb {

const char* benchmark_name(Benchmark b) {
  switch (b) {
    case Benchmark::LU: return "LU";
    case Benchmark::MG: return "MG";
    case Benchmark::CG: return "CG";
    case Benchmark::EP: return "EP";
    case Benchmark::BT: return "BT";
  }
  return "?";
}

const char* class_name(NpbClass c) {
  switch (c) {
    case NpbClass::S: return "S";
    case NpbClass::W: return "W";
    case NpbClass::A: return "A";
    case NpbClass::B: return "B";
  }
  return "?";
}

constexpr int kMaxProcesses = 1024;

std::string build_program(Benchmark benchmark, NpbClass npb_class, int processes,
                          std::vector<RankProgram>* out) {
  if (out == nullptr) return "out: must not be null";
  out->clear();
  if (static_cast<int>(benchmark) < 0 || static_cast<int>(benchmark) > static_cast<int>(Benchmark::BT)) {
    return "benchmark: unknown value " + std::to_string(static_cast<int>(benchmark));
  }
  if (static_cast<int>(npb_class) < 0 || static_cast<int>(npb_class) > static_cast<int>(NpbClass::B)) {
    return "class: unknown value " + std::to_string(static_cast<int>(npb_class)) + " (S, W, A or B)";
  }
  if (processes < 1 || processes > kMaxProcesses) {
    return "processes: " + std::to_string(processes) + " is outside [1, " + std::to_string(kMaxProcesses) + "]";
  }
  std::vector<RankProgram> programs(static_cast<size_t>(processes));
  for (int r = 0; r < processes; ++r) programs[static_cast<size_t>(r)].rank = r;
  std::string err;
  switch (benchmark) {
    case Benchmark::LU: err = build_lu(npb_class, processes, &programs); break;
    case Benchmark::MG: err = build_mg(npb_class, processes, &programs); break;
    case Benchmark::CG: err = build_cg(npb_class, processes, &programs); break;
    case Benchmark::EP: err = build_ep(npb_class, processes, &programs); break;
    case Benchmark::BT: err = build_bt(npb_class, processes, &programs); break;
  }
  if (!err.empty()) return err;
  *out = std::move(programs);
  return "";
}

int exchange_steps(const Op& x) { return 4 * std::max<int>(0, static_cast<int>(x.work) - 1); }

int exchange_sends(const Op& x) { return std::max<int>(0, static_cast<int>(x.work) - 1); }

Op exchange_step(const Op& x, int rank, int j) {
  const int p = static_cast<int>(x.work), n = p - 1;
  Op op;
  op.phase = x.phase;
  op.bytes = x.bytes;
  op.tag = x.tag;
  op.what = x.what;
  if (j < n) {  // Irecv from rank - 1 - j
    op.kind = OpKind::Irecv;
    op.peer = (rank - (j + 1) + p) % p;
    op.request = x.request + j;
  } else if (j < 2 * n) {  // Isend to rank + 1 + (j - n)
    op.kind = OpKind::Isend;
    op.peer = (rank + (j - n) + 1) % p;
    op.request = x.request + j;
  } else {  // a Wait per request (the receives', then the sends'), in posting order
    op.kind = OpKind::Wait;
    op.bytes = 0;
    op.tag = 0;
    op.request = x.request + (j - 2 * n);
    op.what = x.wait_what;
  }
  return op;
}

RankProgram expanded(const RankProgram& program) {
  RankProgram out;
  out.rank = program.rank;
  for (const Op& op : program.ops) {
    if (op.kind != OpKind::Exchange) {
      out.ops.push_back(op);
      continue;
    }
    for (int j = 0; j < exchange_steps(op); ++j) out.ops.push_back(exchange_step(op, program.rank, j));
  }
  return out;
}

static bool is_message(OpKind k) { return k == OpKind::Send || k == OpKind::Isend; }
static bool is_collective(OpKind k) {
  return k == OpKind::Allreduce || k == OpKind::Reduce || k == OpKind::Bcast || k == OpKind::Barrier;
}

static MessageHistogram histogram_impl(const std::vector<RankProgram>& programs, bool all, Phase phase) {
  std::map<int64_t, int64_t> counts;
  for (const RankProgram& p : programs) {
    for (const Op& op : p.ops) {
      if (is_message(op.kind) && (all || op.phase == phase)) ++counts[op.bytes];
      if (op.kind == OpKind::Exchange && (all || op.phase == phase) && op.work > 1) counts[op.bytes] += op.work - 1;
    }
  }
  return MessageHistogram(counts.begin(), counts.end());
}
MessageHistogram histogram(const std::vector<RankProgram>& programs) {
  return histogram_impl(programs, true, Phase::Timed);
}
MessageHistogram histogram(const std::vector<RankProgram>& programs, Phase phase) {
  return histogram_impl(programs, false, phase);
}

static Totals totals_impl(const std::vector<RankProgram>& programs, bool all, Phase phase) {
  Totals t;
  for (const RankProgram& p : programs) {
    for (const Op& op : p.ops) {
      if (!all && op.phase != phase) continue;
      if (is_message(op.kind)) {
        ++t.messages;
        t.bytes += op.bytes;
        if (op.peer == p.rank) ++t.self_messages;
      } else if (op.kind == OpKind::Exchange && op.work > 1) {  // to every other rank, never itself
        t.messages += op.work - 1;
        t.bytes += (op.work - 1) * op.bytes;
      } else if (is_collective(op.kind) && p.rank == 0) {
        ++t.collectives;
        t.collective_bytes += op.bytes;
      } else if (op.kind == OpKind::Compute) {
        t.flops += op.flops;
      }
    }
  }
  return t;
}
Totals totals(const std::vector<RankProgram>& programs) { return totals_impl(programs, true, Phase::Timed); }
Totals totals(const std::vector<RankProgram>& programs, Phase phase) {
  return totals_impl(programs, false, phase);
}

double official_flops(Benchmark benchmark, NpbClass c) {
  const int ci = static_cast<int>(c);
  switch (benchmark) {
    case Benchmark::LU: {  // lu.f: itmax*(1984.77 n^3 - 10923.3 n^2 + 27770.9 n - 144010)
      const double n[] = {12, 33, 64, 102}, it[] = {50, 300, 250, 250};
      const double x = n[ci];
      return it[ci] * (1984.77 * x * x * x - 10923.3 * x * x + 27770.9 * x - 144010.);
    }
    case Benchmark::MG: {  // mg.f: 58 * nit * N^3
      const double n[] = {32, 64, 256, 256}, it[] = {4, 40, 4, 20};
      return 58. * it[ci] * n[ci] * n[ci] * n[ci];
    }
    case Benchmark::CG: {  // cg.f: 2 niter na (3 + nz(nz+1) + 25 (5 + nz(nz+1)) + 3)
      const double na[] = {1400, 7000, 14000, 75000}, nz[] = {7, 8, 11, 13}, it[] = {15, 15, 15, 75};
      const double q = nz[ci] * (nz[ci] + 1);
      return 2. * it[ci] * na[ci] * (3. + q + 25. * (5. + q) + 3.);
    }
    case Benchmark::EP: {  // ep.f: Mops = 2^(m+1) random numbers
      const int m[] = {24, 25, 28, 30};
      return std::ldexp(1.0, m[ci] + 1);
    }
    case Benchmark::BT: {  // bt.f: niter (3478.8 n^3 - 17655.7 n^2 + 28023.7 n)
      const double n[] = {12, 24, 64, 102}, it[] = {60, 200, 200, 200};
      const double x = n[ci];
      return it[ci] * (3478.8 * x * x * x - 17655.7 * x * x + 28023.7 * x);
    }
  }
  return 0;
}

// ---- symbolic matcher ----------------------------------------------------------------------------
namespace {

struct Msg { int rank; int op; int request; int64_t bytes; };   // request -1: blocking Send
struct Post { int rank; int op; int request; int64_t bytes; };  // request -1: blocking Recv
struct Channel { std::deque<Msg> msgs; std::deque<Post> posts; };

struct RankState {
  size_t pc = 0;
  bool issued = false;     // current blocking Send/Recv has been posted
  bool completed = false;  // ... and matched
  std::vector<char> done;  // per request
};

std::string describe(const std::vector<RankProgram>& programs, int rank, size_t index) {
  const Op& op = programs[static_cast<size_t>(rank)].ops[index];
  static const char* kinds[] = {"Compute", "Send", "Recv", "Isend", "Irecv", "Wait",
                                "Allreduce", "Reduce", "Bcast", "Barrier", "Io"};
  return "rank " + std::to_string(rank) + " op " + std::to_string(index) + " " +
         kinds[static_cast<int>(op.kind)] + "(peer " + std::to_string(op.peer) + ", " +
         std::to_string(op.bytes) + " B, tag " + std::to_string(op.tag) + ", req " +
         std::to_string(op.request) + ") in " + op.what;
}

}  // namespace

std::string check_matching(const std::vector<RankProgram>& given, bool rendezvous) {
  std::vector<RankProgram> programs;
  for (const RankProgram& p : given) programs.push_back(expanded(p));
  const int n = static_cast<int>(programs.size());
  std::vector<RankState> st(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) {
    int requests = 0;
    for (const Op& op : programs[static_cast<size_t>(r)].ops) {
      if (op.kind == OpKind::Isend || op.kind == OpKind::Irecv) requests = std::max(requests, op.request + 1);
    }
    st[static_cast<size_t>(r)].done.assign(static_cast<size_t>(requests), 0);
  }
  std::map<std::tuple<int, int, int>, Channel> channels;  // (source, destination, tag)
  std::string error;

  auto complete = [&](int rank, int request) {
    RankState& s = st[static_cast<size_t>(rank)];
    if (request < 0) s.completed = true; else s.done[static_cast<size_t>(request)] = 1;
  };
  auto match = [&](Channel& ch) {
    while (error.empty() && !ch.msgs.empty() && !ch.posts.empty()) {
      const Msg m = ch.msgs.front();
      const Post p = ch.posts.front();
      ch.msgs.pop_front();
      ch.posts.pop_front();
      if (m.bytes != p.bytes) {
        error = describe(programs, p.rank, static_cast<size_t>(p.op)) + " matched a " + std::to_string(m.bytes) +
                " B message from " + describe(programs, m.rank, static_cast<size_t>(m.op));
        return;
      }
      if (rendezvous || m.request < 0) complete(m.rank, m.request);
      complete(p.rank, p.request);
    }
  };

  // Advances rank r as far as it can; returns whether it moved.
  auto advance = [&](int r) {
    const std::vector<Op>& ops = programs[static_cast<size_t>(r)].ops;
    RankState& s = st[static_cast<size_t>(r)];
    bool moved = false;
    while (error.empty() && s.pc < ops.size()) {
      const Op& op = ops[s.pc];
      const int idx = static_cast<int>(s.pc);
      if (op.kind == OpKind::Compute || op.kind == OpKind::Io) {
        ++s.pc;
      } else if (op.kind == OpKind::Send || op.kind == OpKind::Isend) {
        if (op.peer < 0 || op.peer >= n) { error = describe(programs, r, s.pc) + ": peer out of range"; break; }
        const bool blocking = op.kind == OpKind::Send;
        if (!blocking || !s.issued) {
          Channel& ch = channels[std::make_tuple(r, op.peer, op.tag)];
          ch.msgs.push_back(Msg{r, idx, blocking ? -1 : op.request, op.bytes});
          if (blocking) { s.issued = true; s.completed = !rendezvous; }
          else if (!rendezvous) s.done[static_cast<size_t>(op.request)] = 1;
          match(ch);
        }
        if (blocking && !s.completed) break;
        s.issued = s.completed = false;
        ++s.pc;
      } else if (op.kind == OpKind::Recv || op.kind == OpKind::Irecv) {
        if (op.peer < 0 || op.peer >= n) { error = describe(programs, r, s.pc) + ": peer out of range"; break; }
        const bool blocking = op.kind == OpKind::Recv;
        if (!blocking || !s.issued) {
          Channel& ch = channels[std::make_tuple(op.peer, r, op.tag)];
          ch.posts.push_back(Post{r, idx, blocking ? -1 : op.request, op.bytes});
          if (blocking) { s.issued = true; s.completed = false; }
          match(ch);
        }
        if (blocking && !s.completed) break;
        s.issued = s.completed = false;
        ++s.pc;
      } else if (op.kind == OpKind::Wait) {
        if (op.request < 0 || op.request >= static_cast<int>(s.done.size())) {
          error = describe(programs, r, s.pc) + ": unknown request";
          break;
        }
        if (!s.done[static_cast<size_t>(op.request)]) break;
        ++s.pc;
      } else {
        break;  // collective: handled below once every rank is there
      }
      moved = true;
    }
    return moved;
  };

  bool progress = true;
  while (progress && error.empty()) {
    progress = false;
    for (int r = 0; r < n && error.empty(); ++r) progress = advance(r) || progress;
    if (!error.empty()) break;
    bool all_at_collective = n > 0;
    for (int r = 0; r < n; ++r) {
      const RankState& s = st[static_cast<size_t>(r)];
      const auto& ops = programs[static_cast<size_t>(r)].ops;
      if (s.pc >= ops.size() || !is_collective(ops[s.pc].kind)) { all_at_collective = false; break; }
    }
    if (all_at_collective) {
      const Op& first = programs[0].ops[st[0].pc];
      for (int r = 1; r < n; ++r) {
        const Op& op = programs[static_cast<size_t>(r)].ops[st[static_cast<size_t>(r)].pc];
        if (op.kind != first.kind || op.bytes != first.bytes || op.peer != first.peer) {
          error = "collective mismatch: " + describe(programs, 0, st[0].pc) + " vs " +
                  describe(programs, r, st[static_cast<size_t>(r)].pc);
          break;
        }
      }
      if (!error.empty()) break;
      for (int r = 0; r < n; ++r) ++st[static_cast<size_t>(r)].pc;
      progress = true;
    }
  }
  if (!error.empty()) return error;
  std::string blocked;
  int shown = 0;
  for (int r = 0; r < n; ++r) {
    const RankState& s = st[static_cast<size_t>(r)];
    if (s.pc < programs[static_cast<size_t>(r)].ops.size()) {
      if (shown++ < 4) blocked += (blocked.empty() ? "" : "; ") + describe(programs, r, s.pc);
    }
  }
  if (shown > 0) return "deadlock: " + std::to_string(shown) + " rank(s) blocked: " + blocked;
  for (const auto& entry : channels) {
    const Channel& ch = entry.second;
    if (!ch.msgs.empty()) return "unreceived message: " + describe(programs, ch.msgs.front().rank, static_cast<size_t>(ch.msgs.front().op));
    if (!ch.posts.empty()) return "unmatched receive: " + describe(programs, ch.posts.front().rank, static_cast<size_t>(ch.posts.front().op));
  }
  for (int r = 0; r < n; ++r) {
    for (char d : st[static_cast<size_t>(r)].done) {
      if (!d) return "rank " + std::to_string(r) + ": a request never completed";
    }
  }
  return "";
}

}  // namespace hpcsim::npb
