// Native command-line runner:
//   hpcsim-native <scenario.json> [--trace-csv <file>] [--until-us <µs>] [--max-events <n>] [--max-memory-mib <n>]
//                 [--progress]
//   hpcsim-native <scenario.json> --parts | --part <k> [--max-memory-mib <n>] [--progress] | --merge <parts.json>
//   hpcsim-native --parameters | --catalog
// prints the result JSON on stdout and optionally writes every trace record as CSV. --until-us and --max-events stop
// a run early (the result then carries "bounded": {reason, sim_time_us, events} and the figures of what finished;
// with --until-us every event at or before that time has run and none after it); --max-memory-mib stops it, the same
// way, once the process's resident memory reaches that many MiB (reason "memory", with "memory_mib");
// --progress reports simulated time and events on stderr every 2 s of wall time. `--parameters` prints the parameter
// registry, `--catalog` the catalog of fabrics, protocols and workload kinds. A workload with independent parts
// (run/session.h; the NAS campaign's runs) can run them in separate processes: `--parts` prints their count,
// `--part k` runs part k alone and prints its part result, and `--merge` reads a JSON array of every part's result,
// in part order, and prints the run's result JSON, the same as the whole run's. A bad scenario or option prints one
// line on stderr and exits 2. The npm CLI (core-wasm/cli/sim.ts) validates against the schema first and formats
// tables.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "catalog/catalog.h"
#include "enrolment.h"
#include "nlohmann/json.hpp"
#include "params/parameter.h"
#include "run/session.h"

namespace {

void dump(std::FILE* csv, hpcsim::Session& s) {
  size_t n;
  while ((n = s.take_trace(65536)) > 0) {
    const hpcsim::TraceBuffer& t = s.trace_batch();
    for (size_t i = 0; i < n; ++i)
      std::fprintf(csv, "%.0f,%.0f,%u,%u,%u,%u,%d,%u\n", t.batch_t0()[i], t.batch_t1()[i], t.batch_kind()[i],
                   t.batch_component()[i], t.batch_message()[i], t.batch_bytes()[i], t.batch_value()[i],
                   t.batch_cause()[i]);
  }
}

int usage(const std::string& why) {
  std::fprintf(stderr,
               "%s\nusage: hpcsim-native <scenario.json> [--trace-csv <file>] [--until-us <us>] [--max-events <n>] "
               "[--max-memory-mib <n>] [--progress] | --parameters | --catalog\n",
               why.c_str());
  return 2;
}

/// A positive number from `text`, or false.
bool number(const char* text, double* out) {
  char* end = nullptr;
  double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(v > 0) || v > 1e18) return false;
  *out = v;
  return true;
}

/// The process's resident memory (MiB), from /proc/self/statm; 0 where there is none.
double resident_mib() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  const int got = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  return got == 2 ? static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / 1048576.0 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  hpcsim::enrol_all();
  if (argc == 2 && std::string(argv[1]) == "--parameters") {
    std::printf("%s\n", hpcsim::parameter_registry_json().c_str());
    return 0;
  }
  if (argc == 2 && std::string(argv[1]) == "--catalog") {
    std::printf("%s\n", hpcsim::catalog_json(hpcsim::catalog()).c_str());
    return 0;
  }
  std::string file, csv_path, merge_path;
  double until_us = 0, max_events = 0, max_memory_mib = 0, part = -1;
  bool progress = false, count_parts = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* name) -> const char* {
      if (i + 1 >= argc) return nullptr;
      (void)name;
      return argv[++i];
    };
    if (a == "--trace-csv") {
      const char* v = value("--trace-csv");
      if (!v) return usage("--trace-csv: a file name is missing");
      csv_path = v;
    } else if (a == "--until-us") {
      const char* v = value("--until-us");
      if (!v || !number(v, &until_us)) return usage("--until-us: a positive simulated time in us is needed");
    } else if (a == "--max-events") {
      const char* v = value("--max-events");
      if (!v || !number(v, &max_events)) return usage("--max-events: a positive event count is needed");
    } else if (a == "--max-memory-mib") {
      const char* v = value("--max-memory-mib");
      if (!v || !number(v, &max_memory_mib)) return usage("--max-memory-mib: a positive size in MiB is needed");
    } else if (a == "--progress") {
      progress = true;
    } else if (a == "--parts") {
      count_parts = true;
    } else if (a == "--part") {
      const char* v = value("--part");
      char* end = nullptr;
      part = v ? std::strtod(v, &end) : -1;
      if (!v || end == v || *end != '\0' || !(part >= 0) || part > 1e6 || part != static_cast<int>(part))
        return usage("--part: a part number (0, 1, ...) is needed");
    } else if (a == "--merge") {
      const char* v = value("--merge");
      if (!v) return usage("--merge: a file of part results is needed");
      merge_path = v;
    } else if (a.rfind("--", 0) == 0) {
      return usage("unknown option " + a);
    } else if (file.empty()) {
      file = a;
    } else {
      return usage("one scenario file only (also got " + a + ")");
    }
  }
  if (file.empty()) return usage("a scenario file is missing");
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "%s: cannot read the file\n", file.c_str());
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::string error;
  if (part >= 0 && (until_us > 0 || max_events > 0 || !csv_path.empty()))
    return usage("--part: not with --until-us, --max-events or --trace-csv (bound or trace the whole run)");
  if (!merge_path.empty()) {
    std::ifstream m(merge_path, std::ios::binary);
    auto parts = nlohmann::json::parse(m, nullptr, false);
    if (!m || parts.is_discarded() || !parts.is_array()) {
      std::fprintf(stderr, "%s: not a JSON array of part results\n", merge_path.c_str());
      return 2;
    }
    std::vector<std::string> texts;
    for (const auto& p : parts) texts.push_back(p.dump());
    std::string merged = hpcsim::Session::merge(text.str(), texts, &error);
    if (merged.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 2;
    }
    std::printf("%s\n", merged.c_str());
    return 0;
  }
  auto session = hpcsim::Session::create(text.str(), &error, static_cast<int>(part));
  if (session && count_parts) {
    std::printf("%zu\n", session->parts());
    return 0;
  }
  if (!session) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  std::FILE* csv = nullptr;
  if (!csv_path.empty()) {
    csv = std::fopen(csv_path.c_str(), "w");
    if (!csv) {
      std::fprintf(stderr, "%s: cannot write the file\n", csv_path.c_str());
      return 2;
    }
    std::fprintf(csv, "t_start_ps,t_end_ps,kind,component,message,bytes,value,cause\n");
  }
  using clock = std::chrono::steady_clock;
  auto last_report = clock::now();
  const bool bounded_run = until_us > 0 || max_events > 0;
  // --until: every event at or before it runs, none after (0: no bound).
  const hpcsim::Time until_ps = hpcsim::ps_saturating(until_us * 1e6);
  // Bounded runs go in small slices so they stop close to the bound; a memory bound is checked every 65,536 events
  // (a few MB of state even for a 4,096-node collective).
  const uint64_t slice = bounded_run ? (1u << 12) : max_memory_mib > 0 ? (1u << 16) : (1u << 20);
  double memory_mib = 0;
  std::string bound;
  for (;;) {
    uint64_t budget = slice;
    const uint64_t done_events = session->events();
    if (max_events > 0) {
      const uint64_t left = static_cast<uint64_t>(max_events) > done_events ? static_cast<uint64_t>(max_events) - done_events : 0;
      if (left == 0) {
        bound = "max_events";
        break;
      }
      budget = left < budget ? left : budget;
    }
    bool done = until_ps > 0 ? session->run_until(until_ps, budget) : session->run(budget);
    if (csv) dump(csv, *session);
    if (done) break;
    if (until_ps > 0 && session->reached_horizon(until_ps)) {
      bound = "until";
      break;
    }
    if (max_memory_mib > 0 && (memory_mib = resident_mib()) >= max_memory_mib) {
      bound = "memory";
      break;
    }
    if (progress && clock::now() - last_report >= std::chrono::seconds(2)) {
      last_report = clock::now();
      std::fprintf(stderr, "progress: %.3f us simulated, %llu events, %.6f done\n",
                   static_cast<double>(session->now()) / 1e6,
                   static_cast<unsigned long long>(session->events()), session->fraction_done());
    }
  }
  if (csv) std::fclose(csv);
  if (bound.empty()) {
    std::printf("%s\n", (part >= 0 ? session->part_result_json() : session->result_json()).c_str());
    return 0;
  }
  auto result = nlohmann::ordered_json::parse(part >= 0 ? session->part_result_json() : session->result_json(), nullptr, false);
  result["bounded"] = {{"reason", bound},
                       {"sim_time_us", static_cast<double>(session->now()) / 1e6},
                       {"events", session->events()}};
  if (bound == "memory") result["bounded"]["memory_mib"] = static_cast<int64_t>(memory_mib);
  std::printf("%s\n", result.dump().c_str());
  return 0;
}
