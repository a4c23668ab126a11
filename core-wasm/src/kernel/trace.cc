#include "kernel/trace.h"

#include <algorithm>

namespace hpcsim {

size_t TraceBuffer::take(size_t n) {
  size_t k = std::min(n, pending());
  auto cut = [&](auto& src, auto& dst) {
    dst.assign(src.begin() + static_cast<std::ptrdiff_t>(read_), src.begin() + static_cast<std::ptrdiff_t>(read_ + k));
  };
  cut(t0_, b_t0_);
  cut(t1_, b_t1_);
  cut(kind_, b_kind_);
  cut(comp_, b_comp_);
  cut(msg_, b_msg_);
  cut(bytes_, b_bytes_);
  cut(value_, b_value_);
  cut(cause_col_, b_cause_);
  read_ += k;
  return k;
}

}  // namespace hpcsim
