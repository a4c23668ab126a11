// Native benchmark: simulated events per second for each scenario file given on the command line, and with
// `--phold` the PHOLD micro-benchmark of the kernel alone (bench/phold.h), with `--state-bytes` the heap bytes per
// posted receive, unreceived message and pending event (bench/state_bytes.h); `--max-events <n>` bounds the runs of the
// scenario files after it (0: to the end), for runs too long to finish in a bench. Each line is a JSON object with the
// process's peak resident memory so far (getrusage ru_maxrss, MiB). A scenario's time covers the work its wasm row
// does (CoreBridge.runToEnd): session creation, the run in slices with the trace drained after each, the result JSON
// and the session's destruction. Prints figures; never passes or fails. Used by `npm run bench`.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "phold.h"
#include "state_bytes.h"
#include "run/session.h"

namespace {

double peak_rss_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // Linux: KiB
}

void print(const char* scenario, double events, double secs) {
  std::printf("{\"scenario\":\"%s\",\"build\":\"native\",\"events\":%.0f,\"seconds\":%.3f,\"events_per_s\":%.0f,"
              "\"peak_rss_mib\":%.1f}\n",
              scenario, events, secs, events / secs, peak_rss_mib());
}

/// PHOLD on 1,024 processes with 8 events each (8,192 in flight), mean delay 1 µs, 10 M events.
void phold() {
  hpcsim::Simulator sim(0);
  hpcsim::Phold model(sim, 1024, 42, 1e6);
  model.seed(8);
  auto t0 = std::chrono::steady_clock::now();
  sim.run(10'000'000);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print("phold-1024x8", static_cast<double>(sim.events_executed()), secs);
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t max_events = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--max-events") == 0 && i + 1 < argc) {
      max_events = std::strtoull(argv[++i], nullptr, 10);
      continue;
    }
    if (std::strcmp(argv[i], "--phold") == 0) {
      phold();
      continue;
    }
    if (std::strcmp(argv[i], "--state-bytes") == 0) {
      hpcsim::bench::print_state_bytes();
      continue;
    }
    std::ifstream in(argv[i], std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    std::string err;
    auto t0 = std::chrono::steady_clock::now();
    auto s = hpcsim::Session::create(text.str(), &err);
    if (!s) {
      std::printf("%s: %s\n", argv[i], err.c_str());
      continue;
    }
    // The work the wasm rows do through CoreBridge.runToEnd (core-wasm/js/coreBridge.ts), as the page's worker does
    // it: slices of 2^18 events, the trace drained after each in batches of 65,536 records, then the result JSON and
    // the session's destruction, all timed.
    bool finished = false;
    for (;;) {
      uint64_t budget = 1u << 18;
      if (max_events != 0) {
        const uint64_t done = s->events();
        if (done >= max_events) break;
        if (max_events - done < budget) budget = max_events - done;
      }
      finished = s->run(budget);
      while (s->take_trace(65536) > 0) {
      }
      if (finished) break;
    }
    const std::string id = s->scenario().id;
    const double events = static_cast<double>(s->events());
    size_t result_bytes = 0;
    if (finished) result_bytes = s->result_json().size();
    s.reset();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (finished && result_bytes == 0) std::printf("%s: empty result\n", argv[i]);
    print(id.c_str(), events, secs);
  }
  return 0;
}
