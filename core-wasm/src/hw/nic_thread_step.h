// Codes of NIC-thread steps, shown by the page and used for the Table 2 breakdown (seed 002 Table 2).
#pragma once
#include <cstdint>

namespace hpcsim {

enum class ThreadStep : int32_t {
  kWake = 1,
  kTakeLock = 2,
  kInspectHeader = 3,
  kMatch = 4,
  kHousekeeping = 5,
  kWriteCompletionEvent = 6,
  kUnlinkMatchedBuffer = 7,
  kDropLock = 8,
  kProgramRdma = 9,
  kSendNak = 10,
  kPostEnd = 11,
};

/// Row label as in seed 002 Table 2 (or a short name for steps outside the table).
inline const char* thread_step_label(int32_t s) {
  switch (static_cast<ThreadStep>(s)) {
    case ThreadStep::kWake: return "Wake (event dispatch, context restore)";
    case ThreadStep::kTakeLock: return "Take lock";
    case ThreadStep::kInspectHeader: return "Inspect header";
    case ThreadStep::kMatch: return "Match";
    case ThreadStep::kHousekeeping: return "Housekeeping";
    case ThreadStep::kWriteCompletionEvent: return "Write completion event";
    case ThreadStep::kUnlinkMatchedBuffer: return "Unlink matched buffer";
    case ThreadStep::kDropLock: return "Drop lock";
    case ThreadStep::kProgramRdma: return "Program RDMA";
    case ThreadStep::kSendNak: return "Send NAK";
    case ThreadStep::kPostEnd: return "Post END event";
  }
  return "?";
}

}  // namespace hpcsim
