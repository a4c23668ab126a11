// PHOLD (Fujimoto 1990), the standard synthetic load for discrete-event kernels: `lps` logical processes hold
// `population` events in total; each event, when it runs, schedules one new event on a uniformly chosen process
// after 1 ps plus an exponential delay of mean `mean_delay_ps`. The work per event is nothing but the kernel's own
// (schedule, order, dispatch), so events per second measure the kernel alone. Deterministic (fixed seed).
#pragma once
#include <cstdint>
#include <random>

#include "kernel/simulator.h"

namespace hpcsim {

struct PholdResult {
  uint64_t events;
  double seconds;
};

class Phold {
 public:
  Phold(Simulator& sim, uint32_t lps, uint64_t seed, double mean_delay_ps)
      : sim_(sim), lps_(lps), rng_(seed), delay_(1.0 / mean_delay_ps), pick_(0, lps - 1) {}

  /// Schedules `per_lp` initial events on every process.
  void seed(uint32_t per_lp) {
    for (uint32_t lp = 0; lp < lps_; ++lp)
      for (uint32_t k = 0; k < per_lp; ++k) schedule(lp);
  }

 private:
  void schedule(uint32_t from) {
    const uint32_t to = pick_(rng_);
    const Time delay = 1 + static_cast<Time>(delay_(rng_));
    // Two words of capture (the model and a process id): the action fits std::function's inline buffer.
    sim_.after(delay, from, EventKind::kGeneric, 0, [this, to]() { schedule(to); });
  }

  Simulator& sim_;
  uint32_t lps_;
  std::mt19937_64 rng_;
  std::exponential_distribution<double> delay_;
  std::uniform_int_distribution<uint32_t> pick_;
};

}  // namespace hpcsim
