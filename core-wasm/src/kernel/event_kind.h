// Kinds of kernel events, hashed into the fingerprint. Append only: renumbering changes every fingerprint.
#pragma once
#include <cstdint>

namespace hpcsim {

enum class EventKind : uint32_t {
  kGeneric = 0,
  kPciTransactionEnd = 1,
  kLinkHop = 2,
  kPacketDelivered = 3,
  kHostCpuDone = 4,
  kHostWordWritten = 5,
  kNicThreadWake = 6,
  kNicThreadStepEnd = 7,
  kDmaStart = 8,
  kRdmaPacketRead = 9,
  kEventFired = 10,
  kWorkloadStep = 11,
};

}  // namespace hpcsim
