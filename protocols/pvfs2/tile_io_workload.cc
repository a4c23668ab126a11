// The "mpi-tile-io" workload kind: ANL's MPI-Tile-IO (REFERENCES §1.7.4) on PVFS2 through ROMIO's ad_pvfs2. The
// dataset is a tiles_x x tiles_y grid of tiles of tile_width x tile_height elements of element_bytes, row-major
// (MPI_ORDER_C); process (x, y) reads or writes its tile: tile_height file regions of tile_width * element_bytes,
// strided by the dataset's row, from or to a contiguous buffer, in ROMIO calls of 64 regions. Independent I/O (no
// --collective). A write phase, then a read phase; aggregate MB/s per series and the first series' gain over the
// second.
#include "catalog/catalog.h"
#include "pvfs2/pvfs2_run.h"
#include "pvfs2/romio.h"
#include "scenario/json_fields.h"
#include "workload/result_table.h"

namespace hpcsim::pvfs2 {

namespace {

struct TileSpec : Pvfs2Spec {
  int tiles_x = 2, tiles_y = 2;
  int tile_width = 1024, tile_height = 1024;
  int element_bytes = 8;
};

std::string parse_tile(WorkloadInput& in) {
  auto spec = std::make_shared<TileSpec>();
  std::string err = parse_pvfs2_common(in, spec.get());
  if (!err.empty()) return err;
  int64_t tx = 2, ty = 2, w = 1024, h = 1024, e = 8;
  const auto& o = in.workload;
  if (!fields::read_int(o, "tiles_x", "workload.tiles_x", false, 1, 64, &tx, &err)) return err;
  if (!fields::read_int(o, "tiles_y", "workload.tiles_y", false, 1, 64, &ty, &err)) return err;
  if (!fields::read_int(o, "tile_width", "workload.tile_width", false, 1, 65536, &w, &err)) return err;
  if (!fields::read_int(o, "tile_height", "workload.tile_height", false, 1, 65536, &h, &err)) return err;
  if (!fields::read_int(o, "element_bytes", "workload.element_bytes", false, 1, 1024, &e, &err)) return err;
  if (tx * ty != spec->clients)
    return "workload.tiles_x: " + std::to_string(tx) + " x " + std::to_string(ty) + " tiles need " +
           std::to_string(tx * ty) + " clients (one process per tile), workload.clients is " +
           std::to_string(spec->clients);
  if (w * h * e > (int64_t{1} << 31)) return "workload.tile_width: a tile above 2 GiB";
  spec->tiles_x = static_cast<int>(tx);
  spec->tiles_y = static_cast<int>(ty);
  spec->tile_width = static_cast<int>(w);
  spec->tile_height = static_cast<int>(h);
  spec->element_bytes = static_cast<int>(e);
  in.scenario.workload = spec;
  return in.read_series(true);
}

class TileRun : public Pvfs2Run {
 public:
  TileRun(const RunContext& ctx, const TileSpec& spec) : Pvfs2Run(ctx, spec), spec_(spec) {}

  void append_tables(nlohmann::ordered_json& tables) const override {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (size_t s = 0; s < results_.size(); ++s)
      rows.push_back(table_row(ctx().scenario.series[s].label, {results_[s].first, results_[s].second}));
    tables.push_back(result_table("mpi-tile-io",
                                  "MPI-Tile-IO aggregate bandwidth (" + std::to_string(spec_.tiles_x) + "x" +
                                      std::to_string(spec_.tiles_y) + " tiles of " + std::to_string(spec_.tile_width) +
                                      "x" + std::to_string(spec_.tile_height) + " x " +
                                      std::to_string(spec_.element_bytes) + " B)",
                                  "MB/s", {"read", "write"}, std::move(rows)));
    if (results_.size() < 2) return;
    const double r = 100.0 * (results_[0].first / results_[1].first - 1);
    const double w = 100.0 * (results_[0].second / results_[1].second - 1);
    nlohmann::ordered_json gain = nlohmann::ordered_json::array();
    gain.push_back(table_row("read", {113.0, r}));
    gain.push_back(table_row("write", {66.0, w}));
    tables.push_back(result_table(
        "mpi-tile-io-gain",
        "Gain of " + ctx().scenario.series[0].id + " over " + ctx().scenario.series[1].id + " (paper: seed 000)", "%",
        {"paper", "simulated"}, std::move(gain)));
  }

 protected:
  void drive(size_t series, FileSystem& fs, std::function<void()> done) override {
    results_.resize(series + 1);
    phase(fs, IoType::kWrite, [this, series, &fs, done](Time w) {
      results_[series].second = mbps(total(), w);
      phase(fs, IoType::kRead, [this, series, done](Time r) {
        results_[series].first = mbps(total(), r);
        done();
      });
    });
  }

 private:
  uint64_t total() const {
    return static_cast<uint64_t>(spec_.tile_width) * spec_.tile_height * spec_.element_bytes * spec_.clients;
  }
  void phase(FileSystem& fs, IoType type, std::function<void(Time)> done) {
    const Time t0 = sim().now();
    auto left = std::make_shared<int>(spec_.clients);
    auto fin = std::make_shared<std::function<void(Time)>>(std::move(done));
    const uint64_t row = static_cast<uint64_t>(spec_.tiles_x) * spec_.tile_width * spec_.element_bytes;
    const uint64_t run = static_cast<uint64_t>(spec_.tile_width) * spec_.element_bytes;
    for (int c = 0; c < spec_.clients; ++c) {
      const int x = c % spec_.tiles_x, y = c / spec_.tiles_x;
      std::vector<Extent> file;
      for (int r = 0; r < spec_.tile_height; ++r)
        file.push_back({(static_cast<uint64_t>(y) * spec_.tile_height + r) * row + x * run, run});
      auto calls = std::make_shared<const std::vector<RomioCall>>(romio_calls(file, {}));
      run_calls(fs, c, type, calls, [this, left, fin, t0]() {
        if (--*left == 0) (*fin)(sim().now() - t0);
      });
    }
  }
  TileSpec spec_;
  std::vector<std::pair<double, double>> results_;  ///< (read, write) MB/s per series
};

}  // namespace

void enrol_mpi_tile_io(Catalog& c) {
  WorkloadEntry w;
  w.id = "mpi-tile-io";
  w.label = "MPI-Tile-IO over PVFS2";
  w.source = "seed 000 \"Performance of MPI-tile-IO\"";
  w.tables_title = "MPI-Tile-IO over PVFS2: aggregate bandwidth by transport";
  w.tables_pending = "The MPI-Tile-IO tables (aggregate read and write MB/s per transport; the gains of SG-LIO over "
      "LIO beside the paper's) appear when every series has finished.";
  w.fabrics = {"qsnet2"};
  w.fabrics_rule = "mpi-tile-io runs on the seed 000 Elan4 cluster (fabric qsnet2)";
  w.parameters = {&pvfs2_parameters()};
  w.series_protocols = {"pvfs2-elan4", "pvfs2-ib"};  // the BMI methods (pvfs2_run.cc make_bmi)
  w.parse = parse_tile;
  w.make_run = [](const RunContext& ctx) -> std::unique_ptr<WorkloadRun> {
    return std::make_unique<TileRun>(ctx, *std::static_pointer_cast<const TileSpec>(ctx.scenario.workload));
  };
  c.add(w);
}

}  // namespace hpcsim::pvfs2
