// Open MPI's own fields of a workload series (seed 001): the PML/PTL configuration a series measures.
#pragma once
#include <memory>
#include <string>

#include "nlohmann/json.hpp"
#include "ompi/ompi_elan4.h"
#include "scenario/scenario.h"

namespace hpcsim {

/// workload.series/<i> fields of an "ompi" series (scenarios/scenario.schema.json).
struct OmpiSeriesOptions : SeriesOptions {
  std::string progress = "polling";  ///< polling | interrupt | one-thread | two-threads
  int completion_queues = 1;         ///< 0 (done words), 1, 2
  bool chained = true;
  bool inline_rendezvous = false;
  int rails = 1;                     ///< <= cluster.rails
  bool charge_pml = true;
};

/// Reads progress, completion_queues (0 to 2), rails (1 to 2, at most cluster.rails), chained, inline_rendezvous
/// and charge_pml of series `s` at `path`; "" and *out set, or the error naming the field.
std::string parse_ompi_options(const nlohmann::json& s, const std::string& path, const Scenario& scenario,
                               std::shared_ptr<const SeriesOptions>* out);

/// Open MPI's options as a series spells them (path from `operation`, and its fields; defaults when it has none).
OmpiElan4Options ompi_options(const SeriesSpec& spec);

}  // namespace hpcsim
