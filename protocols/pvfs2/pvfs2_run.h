// The shared run of the PVFS2 workload kinds (list I/O, MPI-Tile-IO, BT-IO): one series after another, each on a
// fresh PVFS2 file system (clients on nodes [0, clients), servers after them) over the series' BMI method: Elan4
// with SG-LIO, LIO or iterative list transfers (protocol pvfs2-elan4) or InfiniBand's bmi_ib (protocol pvfs2-ib).
// A kind whose runs are parts (BT-IO: RunContext::part) runs its prologue alone as part 0 and series s alone as part
// s + 1, each on a machine of its own (run/session.h).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catalog/workload_entry.h"
#include "ports/workload_run.h"
#include "pvfs2/bmi.h"
#include "pvfs2/file_system.h"

namespace hpcsim::pvfs2 {

/// The fields every PVFS2 workload reads (workload.servers, workload.clients, workload.pvfs2_version).
struct Pvfs2Spec : WorkloadSpec {
  int servers = 4;
  int clients = 4;
  /// PVFS2 up to 1.0.1: Trove leaks its I/O slots on lists (trove.h).
  bool leak_slots = false;
};

/// The PVFS2 releases whose defaults workload.pvfs2_version picks, oldest first: the version, what pvfs2-genconfig
/// wrote for TroveSyncData, MAX_REGIONS, AIOCB_ARRAY_SZ and whether Trove leaks its slots (references/pvfs2-config.md
/// §1.3; the 1.0.1 leak: dbpf-bstream.c, fixed in e3bd1fd5c).
struct Pvfs2Version {
  const char* id;
  int trove_sync_data, max_regions, aiocb_array;
  bool leak_slots;
};
const std::vector<Pvfs2Version>& pvfs2_versions();
/// The release a scenario without workload.pvfs2_version runs.
constexpr const char* kDefaultPvfs2Version = "1.1.0";

/// Reads workload.servers and workload.clients (their sum at most cluster.nodes) and workload.pvfs2_version (its
/// defaults go into the scenario's parameters; the scenario's own `parameters` are applied after, so they win) into
/// `spec`; "" or the error.
std::string parse_pvfs2_common(WorkloadInput& in, Pvfs2Spec* spec);

/// The BMI method of a series: protocol pvfs2-elan4 (operation sg-lio, lio or iterative) or pvfs2-ib (bmi_ib on the
/// InfiniBand beside the QsNetII). Null if unknown.
std::unique_ptr<BmiMethod> make_bmi(const RunContext& ctx, const SeriesSpec& spec, int32_t series, FileSystem& fs);
/// The host of node `n` on the network the series' protocol runs on.
std::function<Host&(int)> series_hosts(const RunContext& ctx, const SeriesSpec& spec);

class Pvfs2Run : public WorkloadRun {
 public:
  Pvfs2Run(const RunContext& ctx, const Pvfs2Spec& spec);
  void start() override;
  void append_histograms(nlohmann::ordered_json& histograms) const override { (void)histograms; }
  std::string stalled() const override;

 protected:
  /// Runs the workload of series `series` on `fs`; calls `done` at its end.
  virtual void drive(size_t series, FileSystem& fs, std::function<void()> done) = 0;
  /// Called once before the first series (e.g. a run without I/O); calls `done` at its end.
  virtual void prologue(std::function<void()> done) { done(); }
  /// Whether prologue() runs anything: then it is part 0 of a run with parts, and series s is part s + 1.
  virtual bool has_prologue() const { return false; }
  const RunContext& ctx() const { return ctx_; }
  Simulator& sim() { return ctx_.sim; }
  const Pvfs2Spec& common() const { return spec_; }
  /// Counters of each series' file system, after it ran.
  std::vector<FsCounters> counters;

 private:
  /// Runs series `i` on a fresh file system; then the next series, or (`last`) the run's end.
  void run_series(size_t i, bool last = false);
  /// The run's end: its `finished`.
  void finish();
  RunContext ctx_;
  Pvfs2Spec spec_;
  size_t current_ = 0;
  bool finished_ = false;
  // Every series' file system and method stay alive to the end (late NIC callbacks of a finished series).
  std::vector<std::unique_ptr<FileSystem>> fs_;
  std::vector<std::unique_ptr<BmiMethod>> bmi_;
};

/// Aggregate bandwidth (MB/s, 10^6 B/s) of `bytes` moved in `ps`.
inline double mbps(uint64_t bytes, Time ps) { return ps > 0 ? static_cast<double>(bytes) / (static_cast<double>(ps) * 1e-12) / 1e6 : 0; }

}  // namespace hpcsim::pvfs2
