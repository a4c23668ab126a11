// An MPI layer built for a series (catalog ProtocolEntry::make_mpi_layer): the rank programs' MPI and the hosts the
// ranks run on.
#pragma once
#include <functional>
#include <memory>

#include "hw/host.h"
#include "ports/mpi_endpoint.h"

namespace hpcsim {

struct MpiLayer {
  std::unique_ptr<MpiEndpoint> endpoint;
  std::function<Host&(int)> host;  ///< the host model of rank r's node that the layer uses
};

}  // namespace hpcsim
