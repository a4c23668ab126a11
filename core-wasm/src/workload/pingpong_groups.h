// cluster.groups of a ping-pong workload: protocol stacks per group of nodes, all at once on one fat tree.
#pragma once
#include <string>

#include "nlohmann/json.hpp"
#include "scenario/scenario.h"
#include "workload/pingpong_spec.h"

namespace hpcsim {

/// Reads cluster.groups (after the workload's pair and series): the groups, the pairs that run and the measured
/// pair of each series, into `pp->groups` and `pp->group_pairs`. "" (also when absent) or the error naming the
/// field, e.g. "cluster.groups/1.series: ompi runs on Elan4 (QsNetII); this cluster's fabric qsnet carries Elan3".
std::string parse_groups(const nlohmann::json& cluster, const Scenario& s, PingPongSpec* pp);

}  // namespace hpcsim
