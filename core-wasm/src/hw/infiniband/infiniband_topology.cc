// An InfiniBand cluster in the topology JSON (core-wasm/app/wasm/README.md): on its own (fabric infiniband) or as the
// second network of a QsNetII testbed (seed 000: the same nodes carry Elan4 and InfiniBand), which the page draws as
// its own layout.
#include <string>

#include "hw/infiniband/infiniband_cluster.h"

namespace hpcsim {

void InfinibandCluster::describe(nlohmann::json& topology) const {
  topology["fabric"] = "infiniband";
  topology["nic"] = "infinihost";
  topology["nodes"] = size();
  topology["levels"] = 1;
  topology["arity"] = 0;
  topology["link_MBps"] = switch_->wire().link_Bps / 1e6;
  topology["switch"] = "8-port InfiniScale 4X cut-through switch";
  topology["bus"] = pcis_.front()->describe("PCI-X");
}

void InfinibandCluster::append_topology(nlohmann::json& components, nlohmann::json& links) const {
  const IbSwitch& sw = *switch_;
  SwitchedTopology t{"infiniband", "ib-host", "ib-pcix", "hca", {}, {}, {},
                     sw.id(), "ib-switch", "InfiniScale", {}, {}, sw.wire().link_Bps / 1e6};
  add_switched_nodes(t, hosts_, pcis_, hcas_, sw);
  append_switched_topology(t, components, links);
}

}  // namespace hpcsim
