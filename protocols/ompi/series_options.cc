#include "ompi/series_options.h"

#include "scenario/json_fields.h"

namespace hpcsim {

std::string parse_ompi_options(const nlohmann::json& s, const std::string& p, const Scenario& scenario,
                               std::shared_ptr<const SeriesOptions>* out) {
  using namespace fields;
  auto o = std::make_shared<OmpiSeriesOptions>();
  std::string err;
  if (!read_string(s, "progress", p + ".progress", false, &o->progress, &err)) return err;
  if (o->progress != "polling" && o->progress != "interrupt" && o->progress != "one-thread" &&
      o->progress != "two-threads")
    return p + ".progress: \"" + o->progress + "\" is not a progress mode (polling, interrupt, one-thread, two-threads)";
  int64_t cq = 1, rails = 1;
  if (!read_int(s, "completion_queues", p + ".completion_queues", false, 0, 2, &cq, &err)) return err;
  if (!read_int(s, "rails", p + ".rails", false, 1, 2, &rails, &err)) return err;
  if (rails > scenario.rails)
    return p + ".rails: " + std::to_string(rails) + " rails on a " + std::to_string(scenario.rails) + "-rail cluster";
  o->completion_queues = static_cast<int>(cq);
  o->rails = static_cast<int>(rails);
  if (!read_bool(s, "chained", p + ".chained", &o->chained, &err)) return err;
  if (!read_bool(s, "inline_rendezvous", p + ".inline_rendezvous", &o->inline_rendezvous, &err)) return err;
  if (!read_bool(s, "charge_pml", p + ".charge_pml", &o->charge_pml, &err)) return err;
  *out = o;
  return "";
}

OmpiElan4Options ompi_options(const SeriesSpec& spec) {
  OmpiSeriesOptions defaults;
  const OmpiSeriesOptions* s = spec.options_as<OmpiSeriesOptions>();
  if (!s) s = &defaults;
  OmpiElan4Options o;
  o.path = spec.operation == "rdma-read" ? ompi::RdmaPath::kRead : ompi::RdmaPath::kWrite;
  o.progress = s->progress == "interrupt"     ? ompi::ProgressMode::kInterrupt
               : s->progress == "one-thread"  ? ompi::ProgressMode::kOneThread
               : s->progress == "two-threads" ? ompi::ProgressMode::kTwoThreads
                                              : ompi::ProgressMode::kPolling;
  o.completion_queues = s->completion_queues;
  o.chained = s->chained;
  o.inline_rendezvous = s->inline_rendezvous;
  o.rails = s->rails;
  o.charge_pml = s->charge_pml;
  return o;
}

}  // namespace hpcsim
