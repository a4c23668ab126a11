// The "btio" workload kind: NAS BT-IO (NPB 2.4 `full` subtype, BT/full_mpiio.f; REFERENCES §1.7.3) on PVFS2. BT's
// rank programs (workload/npb: computation and messages, over Open MPI on Elan4, or MVAPICH for PVFS2/IBA) with, every
// wr_interval steps, output_timestep: each rank writes its cells of the solution u(5, n, n, n) (doubles, Fortran
// order) at dump (d - 1) * n^3 * 40 B. Each rank's cells are q cells of (n/q)^3 points on a q x q process grid
// (multi-partition: cell c of rank (row, col) at cell coordinates ((col + c) mod q, (row + c) mod q, c)); in the file
// a cell is (n/q)^2 runs of (n/q) * 40 B, in memory rows of a ghost-padded array, so the write is noncontiguous on
// both sides. The write is collective (MPI_File_write_at_all): with ROMIO's default hint romio_cb_write "automatic"
// and the ranks' cells interleaved in the file, ROMIO runs its two-phase write (pvfs2/two_phase.h: an exchange over
// BT's MPI, then one contiguous PVFS2 write per aggregator and cb_buffer_size window); with "disable", each rank
// writes its own regions through ad_pvfs2's list I/O calls of 64 regions. First a run without I/O ("No IO"), then
// one per series; I/O time = duration - the No IO duration, as the seed computes it.
#include <algorithm>
#include <cmath>

#include "catalog/catalog.h"
#include "pvfs2/pvfs2_run.h"
#include "pvfs2/romio.h"
#include "pvfs2/two_phase.h"
#include "scenario/json_fields.h"
#include "workload/npb/npb.h"
#include "workload/npb_run.h"
#include "workload/result_table.h"

namespace hpcsim::pvfs2 {

const std::vector<ParameterSpec>& btio_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"btio.cycles_per_flop", "cycles/flop", 4.001, 0.1, 1000, false, "BT's computation on the seed 000 nodes: host cycles per floating-point operation of the BT skeleton's Compute steps.", "calibrated: seed 000, BT-IO table, No IO duration, 61.71 s (class A on 4 processes of 3.0 GHz Xeons)"},
  };
  // clang-format on
  return kTable;
}

namespace {

struct BtioSpec : Pvfs2Spec {
  npb::NpbClass npb_class = npb::NpbClass::A;
  int wr_interval = 5;
  CbWrite cb_write = CbWrite::kAutomatic;     ///< ROMIO hint romio_cb_write
  uint64_t cb_buffer_size = kRomioCbBufferSize;  ///< ROMIO hint cb_buffer_size, B
  int cb_nodes = 0;                           ///< ROMIO hint cb_nodes (aggregators); 0: one per process
};

std::string parse_btio(WorkloadInput& in) {
  auto spec = std::make_shared<BtioSpec>();
  std::string err = parse_pvfs2_common(in, spec.get());
  if (!err.empty()) return err;
  std::string cls = "A";
  int64_t wr = 5;
  if (!fields::read_string(in.workload, "class", "workload.class", false, &cls, &err)) return err;
  if (!fields::read_int(in.workload, "wr_interval", "workload.wr_interval", false, 1, 200, &wr, &err)) return err;
  if (cls == "S") spec->npb_class = npb::NpbClass::S;
  else if (cls == "W") spec->npb_class = npb::NpbClass::W;
  else if (cls == "A") spec->npb_class = npb::NpbClass::A;
  else if (cls == "B") spec->npb_class = npb::NpbClass::B;
  else return "workload.class: \"" + cls + "\" is not a NAS class (S, W, A or B)";
  const int q = static_cast<int>(std::lround(std::sqrt(static_cast<double>(spec->clients))));
  if (q * q != spec->clients)
    return "workload.clients: BT-IO needs a square number of processes, got " + std::to_string(spec->clients);
  const int n_of[] = {12, 24, 64, 102};
  if (n_of[static_cast<int>(spec->npb_class)] % q != 0)
    return "workload.clients: class " + cls + "'s grid does not split into whole cells on " +
           std::to_string(spec->clients) + " processes";
  spec->wr_interval = static_cast<int>(wr);
  std::string cb = "automatic";
  int64_t cb_buffer = static_cast<int64_t>(kRomioCbBufferSize), cb_nodes = spec->clients;
  if (!fields::read_string(in.workload, "romio_cb_write", "workload.romio_cb_write", false, &cb, &err)) return err;
  if (cb == "automatic") spec->cb_write = CbWrite::kAutomatic;
  else if (cb == "enable") spec->cb_write = CbWrite::kEnable;
  else if (cb == "disable") spec->cb_write = CbWrite::kDisable;
  else return "workload.romio_cb_write: \"" + cb + "\" is not a ROMIO value (automatic, enable or disable)";
  if (!fields::read_int(in.workload, "cb_buffer_size", "workload.cb_buffer_size", false, 65536, 1073741824,
                        &cb_buffer, &err))
    return err;
  if (!fields::read_int(in.workload, "cb_nodes", "workload.cb_nodes", false, 1, spec->clients, &cb_nodes, &err))
    return err;
  spec->cb_buffer_size = static_cast<uint64_t>(cb_buffer);
  spec->cb_nodes = static_cast<int>(cb_nodes);
  in.scenario.workload = spec;
  return in.read_series(true);
}

class BtioRun : public Pvfs2Run {
 public:
  BtioRun(const RunContext& ctx, const BtioSpec& spec) : Pvfs2Run(ctx, spec), spec_(spec) {
    const int n_of[] = {12, 24, 64, 102};
    n_ = n_of[static_cast<int>(spec.npb_class)];
    q_ = static_cast<int>(std::lround(std::sqrt(static_cast<double>(spec.clients))));
  }

  void append_tables(nlohmann::ordered_json& tables) const override {
    const double base = seconds(no_io_ps_);
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    rows.push_back(table_row("No IO", {base, nullptr}));
    for (size_t s = 0; s < durations_.size(); ++s)
      rows.push_back(table_row(ctx().scenario.series[s].label, {seconds(durations_[s]), seconds(durations_[s]) - base}));
    tables.push_back(result_table("btio",
                                  "NAS BT-IO class " + std::string(npb::class_name(spec_.npb_class)) + " on " +
                                      std::to_string(spec_.clients) + " processes, " + std::to_string(spec_.servers) +
                                      " PVFS2 servers",
                                  "s", {"Duration", "IO time"}, std::move(rows)));
    // Paper vs simulated, for the series whose labels name the seed's rows.
    const std::vector<std::pair<std::string, std::pair<double, double>>> paper = {
        {"No IO", {61.71, 0}}, {"Elan4-SG-LIO", {63.83, 2.12}}, {"Elan4 LIO", {67.32, 5.61}}, {"IBA", {69.60, 7.89}}};
    nlohmann::ordered_json cmp = nlohmann::ordered_json::array();
    cmp.push_back(table_row("No IO", {61.71, base, nullptr, nullptr}));
    for (size_t s = 0; s < durations_.size(); ++s)
      for (const auto& p : paper)
        if (p.first == ctx().scenario.series[s].label)
          cmp.push_back(table_row(
              p.first, {p.second.first, seconds(durations_[s]), p.second.second, seconds(durations_[s]) - base}));
    tables.push_back(result_table("btio-paper", "BT-IO: paper (seed 000) vs simulated", "s",
                                  {"paper duration", "simulated duration", "paper IO time", "simulated IO time"},
                                  std::move(cmp)));
  }

  /// A part run's figure (RunContext::part): {"no_io_ps"} of part 0, the run without I/O; {"duration_ps"} of part
  /// s + 1, series s.
  nlohmann::json part_result() const override {
    const int part = ctx().part;
    if (part <= 0) return {{"no_io_ps", no_io_ps_}};
    const size_t s = static_cast<size_t>(part - 1);
    return {{"duration_ps", s < durations_.size() ? durations_[s] : Time{0}}};
  }
  void absorb_part(size_t part, const nlohmann::json& result) override {
    if (part == 0) {
      no_io_ps_ = result.value("no_io_ps", Time{0});
      return;
    }
    if (durations_.size() < part) durations_.resize(part);
    durations_[part - 1] = result.value("duration_ps", Time{0});
  }

 protected:
  bool has_prologue() const override { return true; }
  void prologue(std::function<void()> done) override {
    run_bt(nullptr, -1, [this, done](Time t) {
      no_io_ps_ = t;
      done();
    });
  }

  void drive(size_t series, FileSystem& fs, std::function<void()> done) override {
    run_bt(&fs, static_cast<int32_t>(series), [this, series, done](Time t) {
      durations_.resize(series + 1);
      durations_[series] = t;
      done();
    });
  }

 private:
  static double seconds(Time ps) { return static_cast<double>(ps) * 1e-12; }

  /// File offset of dump `dump` (from 1): the dumps before it, n^3 points of 40 B each.
  uint64_t dump_offset(int64_t dump) const {
    const uint64_t n = static_cast<uint64_t>(n_);
    return static_cast<uint64_t>(dump - 1) * n * n * n * 40;
  }

  /// Rank `rank`'s part of dump `dump` (from 1): file and memory regions in file order.
  void dump_regions(int rank, int dump, std::vector<Extent>* file, std::vector<Extent>* memory) const {
    const uint64_t n = static_cast<uint64_t>(n_), cs = n / static_cast<uint64_t>(q_), point = 5 * 8;
    const uint64_t base = dump_offset(dump);
    const uint64_t padded = cs + 4;  // BT's u(5, -2:cs+1, ...) per cell
    const int row = rank / q_, col = rank % q_;
    struct R {
      uint64_t f, m;
    };
    std::vector<R> rs;
    for (int c = 0; c < q_; ++c) {
      const uint64_t i0 = static_cast<uint64_t>((col + c) % q_) * cs, j0 = static_cast<uint64_t>((row + c) % q_) * cs,
                     k0 = static_cast<uint64_t>(c) * cs;
      const uint64_t cell_mem = static_cast<uint64_t>(c) * padded * padded * padded * point;
      for (uint64_t k = 0; k < cs; ++k)
        for (uint64_t j = 0; j < cs; ++j)
          rs.push_back({base + (((k0 + k) * n + (j0 + j)) * n + i0) * point,
                        cell_mem + (((k + 2) * padded + (j + 2)) * padded + 2) * point});
    }
    std::sort(rs.begin(), rs.end(), [](const R& a, const R& b) { return a.f < b.f; });
    for (const auto& r : rs) {
      file->push_back({r.f, cs * point});
      memory->push_back({r.m, cs * point});
    }
  }

  /// Every rank's file regions of dump `dump`.
  std::vector<std::vector<Extent>> dump_file_regions(int dump) const {
    std::vector<std::vector<Extent>> out(static_cast<size_t>(spec_.clients));
    for (int r = 0; r < spec_.clients; ++r) {
      std::vector<Extent> memory;
      dump_regions(r, dump, &out[static_cast<size_t>(r)], &memory);
    }
    return out;
  }

  /// ROMIO's choice for MPI_File_write_at_all (ADIOI_GEN_WriteStridedColl), given every rank's regions of a dump.
  bool uses_two_phase(const std::vector<std::vector<Extent>>& file_by_rank) const {
    if (spec_.cb_write == CbWrite::kDisable) return false;
    return spec_.cb_write == CbWrite::kEnable || accesses_interleave(file_by_rank);
  }

  /// One Io operation of a two-phase write (pvfs2/two_phase.h): a memcpy on the rank's host, or the aggregator's
  /// contiguous PVFS2 write (or read) of its window of dump op.work.
  void two_phase_step(FileSystem& fs, int rank, const npb::Op& op, std::function<void()> then) {
    const bool write = op.what == kWriteWindow, read = op.what == kReadWindow;
    if (!write && !read) {  // kFillSendBuffer, kUnpackReceived
      fs.thread(rank).copy(Work::kApplication, static_cast<uint64_t>(op.bytes), 0, std::move(then));
      return;
    }
    Extent w = plan_.window[static_cast<size_t>(op.request)][static_cast<size_t>(rank)];
    w.offset += dump_offset(op.work);
    auto calls = std::make_shared<const std::vector<RomioCall>>(romio_calls({w}, {}));
    run_calls(fs, rank, write ? IoType::kWrite : IoType::kRead, calls, std::move(then));
  }

  void run_bt(FileSystem* fs, int32_t series, std::function<void(Time)> done) {
    std::vector<npb::RankProgram> programs;
    npb::build_btio(spec_.npb_class, spec_.clients, fs ? spec_.wr_interval : 1000000, &programs);
    const std::vector<std::vector<Extent>> first_dump = fs ? dump_file_regions(1) : std::vector<std::vector<Extent>>{};
    two_phase_ = fs && uses_two_phase(first_dump);
    if (two_phase_) {
      plan_ = two_phase_plan(first_dump, spec_.cb_nodes > 0 ? spec_.cb_nodes : spec_.clients, spec_.cb_buffer_size);
      expand_two_phase_writes(plan_, &programs);
    }
    npb::lower_collectives(&programs);
    // BT's own messages go over the MPI of the transport's network: Open MPI over Elan4 (seed 001) for the run
    // without I/O and the Elan4 series, MVAPICH over the InfiniBand for PVFS2/IBA.
    const ProtocolEntry* transport = series < 0 ? nullptr : catalog().protocol(ctx().scenario.series[series].protocol);
    const bool ib = transport && transport->nic == "infinihost";
    SeriesSpec mpi;
    mpi.id = "mpi";
    mpi.protocol = ib ? "mvapich" : "ompi";
    mpi.operation = ib ? "send" : "rdma-write";
    EndpointContext x{ctx().sim, ctx().machine, ctx().scenario.parameters, mpi, series < 0 ? 0 : series,
                      ctx().message_ids, {}};
    layers_.push_back(catalog().protocol(mpi.protocol)->make_mpi_layer(x));
    MpiLayer& l = layers_.back();
    auto holder = std::make_shared<std::function<void(Time)>>(std::move(done));
    runs_.push_back(std::make_unique<NpbRun>(ctx().sim, l.host, l.endpoint.get(), std::move(programs),
                                             ctx().scenario.parameters.get("btio.cycles_per_flop"),
                                             series < 0 ? 0 : series, ctx().message_ids, [this]() { bt_finished(); }));
    NpbRun* run = runs_.back().get();
    run->set_io_hook([this, fs](int rank, const npb::Op& op, std::function<void()> then) {
      if (!fs) {
        then();
        return;
      }
      if (two_phase_) {
        two_phase_step(*fs, rank, op, std::move(then));
        return;
      }
      std::vector<Extent> file, memory;
      dump_regions(rank, static_cast<int>(op.work), &file, &memory);
      auto calls = std::make_shared<const std::vector<RomioCall>>(romio_calls(file, memory));
      run_calls(*fs, rank, IoType::kWrite, calls, std::move(then));
    });
    finish_ = [holder, run]() { (*holder)(run->elapsed_ps()); };
    run->start();
  }

 public:
  /// Called by the NpbRun's end (see make_run).
  void bt_finished() {
    if (finish_) {
      auto f = std::move(finish_);
      finish_ = nullptr;
      sim().after(0, 0, EventKind::kWorkloadStep, 0, f);
    }
  }

 private:
  BtioSpec spec_;
  int n_ = 64, q_ = 2;
  bool two_phase_ = false;
  TwoPhasePlan plan_;
  Time no_io_ps_ = 0;
  std::vector<Time> durations_;
  std::vector<MpiLayer> layers_;
  std::vector<std::unique_ptr<NpbRun>> runs_;
  std::function<void()> finish_;
};

}  // namespace

void enrol_btio(Catalog& c) {
  WorkloadEntry w;
  w.id = "btio";
  w.label = "NAS BT-IO over PVFS2";
  w.source = "seed 000 \"Performance of BT-IO\"";
  w.tables_title = "NAS BT-IO over PVFS2: duration and I/O time";
  w.tables_pending = "The BT-IO tables (duration and I/O time in seconds: the run without I/O, then one per transport, "
      "beside the paper's) appear when every run has finished.";
  w.fabrics = {"qsnet2"};
  w.fabrics_rule = "btio runs on the seed 000 Elan4 cluster (fabric qsnet2)";
  w.parameters = {&pvfs2_parameters(), &btio_parameters()};
  w.series_protocols = {"pvfs2-elan4", "pvfs2-ib"};  // the BMI methods (pvfs2_run.cc make_bmi)
  w.protocols = {"ompi", "mvapich"};  // BT's own messages (BtioRun's MPI layers)
  w.parse = parse_btio;
  w.make_run = [](const RunContext& ctx) -> std::unique_ptr<WorkloadRun> {
    return std::make_unique<BtioRun>(ctx, *std::static_pointer_cast<const BtioSpec>(ctx.scenario.workload));
  };
  // The run without I/O and one run per transport, each on a machine of its own: parts (run/session.h).
  w.parts = [](const Scenario& scenario) { return scenario.series.size() + 1; };
  c.add(w);
}

}  // namespace hpcsim::pvfs2
