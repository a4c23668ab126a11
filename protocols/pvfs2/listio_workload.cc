// The "pvfs2-listio" workload kind: seed 000's concurrent read and write of noncontiguous regions. Every client
// accesses `regions` regions of `region_bytes` per PVFS_sys_io call (an hindexed file request), `calls` calls one
// after another, all clients at once; client c's region i of call k is at file offset ((k * regions + i) * clients
// + c) * region_bytes (the clients' regions interleave) and at memory offset 2 * i * region_bytes (one region's gap
// between regions: noncontiguous on both sides). A write phase, then a read phase of the same regions, for each
// region size. Result: aggregate MB/s per series, and the gains of the first series over the second.
#include <algorithm>
#include <cstdio>

#include "catalog/catalog.h"
#include "pvfs2/pvfs2_run.h"
#include "scenario/json_fields.h"
#include "workload/result_table.h"

namespace hpcsim::pvfs2 {

namespace {

using nlohmann::json;

struct ListIoSpec : Pvfs2Spec {
  std::vector<uint32_t> region_bytes{512, 2048, 8192, 32768};
  int regions = 64;
  int calls = 4;
};

std::string parse_listio(WorkloadInput& in) {
  auto spec = std::make_shared<ListIoSpec>();
  std::string err = parse_pvfs2_common(in, spec.get());
  if (!err.empty()) return err;
  int64_t regions = 64, calls = 4;
  if (!fields::read_int(in.workload, "regions", "workload.regions", false, 1, 100, &regions, &err)) return err;
  if (!fields::read_int(in.workload, "calls", "workload.calls", false, 1, 1000, &calls, &err)) return err;
  spec->regions = static_cast<int>(regions);
  spec->calls = static_cast<int>(calls);
  if (in.workload.contains("region_bytes")) {
    const json& a = in.workload["region_bytes"];
    if (!a.is_array() || a.empty() || a.size() > 16) return "workload.region_bytes: an array of 1 to 16 sizes";
    spec->region_bytes.clear();
    for (size_t i = 0; i < a.size(); ++i) {
      if (!a[i].is_number_integer() || a[i].get<int64_t>() < 1 || a[i].get<int64_t>() > 1048576)
        return "workload.region_bytes/" + std::to_string(i) + ": a size in [1, 1048576] B";
      spec->region_bytes.push_back(static_cast<uint32_t>(a[i].get<int64_t>()));
    }
  }
  in.scenario.workload = spec;
  return in.read_series(true);
}

class ListIoRun : public Pvfs2Run {
 public:
  ListIoRun(const RunContext& ctx, const ListIoSpec& spec) : Pvfs2Run(ctx, spec), spec_(spec) {}

  void append_series(nlohmann::ordered_json& series) const override {
    for (size_t s = 0; s < results_.size(); ++s) {
      nlohmann::ordered_json points = nlohmann::ordered_json::array();
      for (const auto& r : results_[s])
        points.push_back({{"bytes", r.region}, {"latency_us", r.read_call_us}, {"bandwidth_MBps", r.read_MBps}});
      series.push_back({{"id", ctx().scenario.series[s].id}, {"label", ctx().scenario.series[s].label},
                        {"points", points}});
    }
  }

  void append_tables(nlohmann::ordered_json& tables) const override {
    nlohmann::ordered_json cols = nlohmann::ordered_json::array();
    for (const auto& s : ctx().scenario.series) {
      cols.push_back(s.id + " read");
      cols.push_back(s.id + " write");
    }
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (size_t k = 0; k < spec_.region_bytes.size(); ++k) {
      nlohmann::ordered_json v = nlohmann::ordered_json::array();
      for (size_t s = 0; s < results_.size(); ++s) {
        v.push_back(results_[s][k].read_MBps);
        v.push_back(results_[s][k].write_MBps);
      }
      rows.push_back(table_row(std::to_string(spec_.region_bytes[k]) + " B regions", std::move(v)));
    }
    tables.push_back(result_table("listio",
                                  "Concurrent list I/O, aggregate bandwidth (" + std::to_string(spec_.clients) +
                                      " clients, " + std::to_string(spec_.servers) + " servers, " +
                                      std::to_string(spec_.regions) + " regions per call)",
                                  "MB/s", std::move(cols), std::move(rows)));
    if (results_.size() < 2) return;
    double best_read = 0, best_write = 0;
    for (size_t k = 0; k < spec_.region_bytes.size(); ++k) {
      best_read = std::max(best_read, 100.0 * (results_[0][k].read_MBps / results_[1][k].read_MBps - 1));
      best_write = std::max(best_write, 100.0 * (results_[0][k].write_MBps / results_[1][k].write_MBps - 1));
    }
    const auto& a = ctx().scenario.series[0].id;
    const auto& b = ctx().scenario.series[1].id;
    nlohmann::ordered_json gain = nlohmann::ordered_json::array();
    gain.push_back(table_row("concurrent read", {89.0, best_read}));
    gain.push_back(table_row("concurrent write", {52.0, best_write}));
    tables.push_back(result_table("listio-gain",
                                  "Best gain of " + a + " over " + b + " across region sizes (paper: seed 000)", "%",
                                  {"paper", "simulated"}, std::move(gain)));
  }

 protected:
  void drive(size_t series, FileSystem& fs, std::function<void()> done) override {
    results_.resize(series + 1);
    run_size(series, fs, 0, std::move(done));
  }

 private:
  struct Point {
    uint32_t region = 0;
    double read_MBps = 0, write_MBps = 0, read_call_us = 0;
  };

  void phase(FileSystem& fs, IoType type, uint32_t region, std::function<void(Time)> done) {
    const Time t0 = sim().now();
    auto left = std::make_shared<int>(spec_.clients);
    auto fin = std::make_shared<std::function<void(Time)>>(std::move(done));
    for (int c = 0; c < spec_.clients; ++c) {
      auto call = std::make_shared<std::function<void(int)>>();
      *call = [this, &fs, type, region, c, weak_self = std::weak_ptr<std::function<void(int)>>(call), left, fin, t0](int k) {
        auto call = weak_self.lock();  // held by its caller; a capture of itself would be a cycle, never freed
        if (k == spec_.calls) {
          if (--*left == 0) (*fin)(sim().now() - t0);
          sim().after(0, 0, EventKind::kWorkloadStep, 0, [call]() { *call = nullptr; });  // break the cycle later
          return;
        }
        std::vector<Extent> file, mem;
        for (int i = 0; i < spec_.regions; ++i) {
          const uint64_t idx = static_cast<uint64_t>(k) * spec_.regions + i;
          file.push_back({(idx * spec_.clients + c) * region, region});
          mem.push_back({2ull * i * region, region});
        }
        auto self = call;
        const std::string e = fs.io(c, type, file, mem, [self, k]() { (*self)(k + 1); });
        if (!e.empty()) std::fprintf(stderr, "pvfs2-listio: %s\n", e.c_str());
      };
      (*call)(0);
    }
  }

  void run_size(size_t series, FileSystem& fs, size_t k, std::function<void()> done) {
    if (k == spec_.region_bytes.size()) {
      done();
      return;
    }
    const uint32_t region = spec_.region_bytes[k];
    const uint64_t bytes = static_cast<uint64_t>(region) * spec_.regions * spec_.calls * spec_.clients;
    phase(fs, IoType::kWrite, region, [this, series, &fs, k, region, bytes, done](Time w) {
      phase(fs, IoType::kRead, region, [this, series, &fs, k, region, bytes, done, w](Time r) {
        Point p;
        p.region = region;
        p.write_MBps = mbps(bytes, w);
        p.read_MBps = mbps(bytes, r);
        p.read_call_us = static_cast<double>(r) * 1e-6 / spec_.calls;
        results_[series].push_back(p);
        run_size(series, fs, k + 1, done);
      });
    });
  }

  ListIoSpec spec_;
  std::vector<std::vector<Point>> results_;
};

}  // namespace

void enrol_pvfs2_listio(Catalog& c) {
  WorkloadEntry w;
  w.id = "pvfs2-listio";
  w.label = "PVFS2 concurrent list I/O";
  w.source = "seed 000 \"Benefits to Concurrent Read and Write\"";
  w.tables_title = "PVFS2 concurrent list I/O: aggregate bandwidth and the gain of zero-copy scatter/gather";
  w.tables_pending = "The list I/O tables (aggregate MB/s per region size and transport; the best gains of SG-LIO over "
      "LIO beside the paper's) appear when every series has finished.";
  w.fabrics = {"qsnet2"};
  w.fabrics_rule = "pvfs2-listio runs on the seed 000 Elan4 cluster (fabric qsnet2)";
  w.parameters = {&pvfs2_parameters()};
  w.series_protocols = {"pvfs2-elan4", "pvfs2-ib"};  // the BMI methods (pvfs2_run.cc make_bmi)
  w.parse = parse_listio;
  w.make_run = [](const RunContext& ctx) -> std::unique_ptr<WorkloadRun> {
    return std::make_unique<ListIoRun>(ctx, *std::static_pointer_cast<const ListIoSpec>(ctx.scenario.workload));
  };
  c.add(w);
}

}  // namespace hpcsim::pvfs2
