// A PVFS2 file system for the tests: `clients` clients (nodes 0 .. clients-1) and one server (the next node) over
// Elan4 SG-LIO on the seed 000/001 testbed, `overrides` applied to its parameters.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hw/qsnet_cluster.h"
#include "pvfs2/bmi_elan4.h"
#include "pvfs2/file_system.h"

namespace hpcsim::pvfs2::test {

struct FsRig {
  explicit FsRig(std::vector<std::pair<std::string, double>> overrides = {}, int clients = 1)
      : p(with(overrides)), cluster(sim, p, clients + 1, NicFamily::kElan4), fs(sim, p, 1, clients, [this](int n) -> Host& {
          return cluster.host(n);
        }) {
    bmi = std::make_unique<BmiElan4>(sim, cluster, p, ListMode::kSgLio,
                                     [this](int n) -> Thread& { return fs.thread(n); }, &ids, 0);
    fs.attach(bmi.get());
  }
  static ParameterSet with(const std::vector<std::pair<std::string, double>>& overrides) {
    ParameterSet p("osu-elan4-2005");
    for (const auto& [name, value] : overrides) p.set(name, value);
    return p;
  }
  Simulator sim;
  ParameterSet p;
  QsnetCluster cluster;
  FileSystem fs;
  uint32_t ids = 0;
  std::unique_ptr<BmiElan4> bmi;
};

}  // namespace hpcsim::pvfs2::test
