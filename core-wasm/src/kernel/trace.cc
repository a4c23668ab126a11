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
  if (off_time_ != 0)
    for (size_t i = 0; i < k; ++i) {
      b_t0_[i] += off_time_;
      b_t1_[i] += off_time_;
    }
  if (off_message_ != 0)
    for (auto& m : b_msg_) m += m != 0 ? off_message_ : 0;
  if (off_record_ != 0)
    for (auto& c : b_cause_) c += c != 0 ? off_record_ : 0;
  return k;
}

}  // namespace hpcsim
