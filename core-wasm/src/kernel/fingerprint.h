// Run fingerprint: a hash over every executed event (after OMNeT++'s fingerprints).
#pragma once
#include <cstdint>
#include <string>

namespace hpcsim {

/// A 64-bit hash over (time_ps, component, kind, bytes) of each event, in execution order, a word at a time: each
/// event mixes three 64-bit words (time; component and bytes side by side; kind), each by h = ((h ^ w) * P) then
/// h ^= h >> 32 (P the FNV prime). Both steps are bijections of h, so two runs whose events differ in any one field
/// of one event always end with different fingerprints (a later identical suffix cannot map them back together);
/// the xor-shift carries the high bits of each word into the low bits of the next product. Pure integer arithmetic,
/// so native and wasm builds agree bit for bit. It replaced byte-wise FNV-1a (32 multiply rounds an event, about 30%
/// of the kernel's time in PHOLD; issue 39 item 6), so fingerprints before that change differ for the same run.
class Fingerprint {
 public:
  void add(int64_t time_ps, uint32_t component, uint32_t kind, uint32_t bytes) {
    mix(static_cast<uint64_t>(time_ps));
    mix((static_cast<uint64_t>(component) << 32) | bytes);
    mix(kind);
  }
  /// Mixes one word: a run of several parts (run/session.h) mixes each part's fingerprint and event count in order.
  void add_word(uint64_t w) { mix(w); }
  uint64_t value() const { return h_; }
  /// 16 lower-case hex digits.
  std::string hex() const {
    static const char* d = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 0; i < 16; ++i) s[15 - i] = d[(h_ >> (4 * i)) & 0xf];
    return s;
  }

 private:
  void mix(uint64_t w) {
    h_ = (h_ ^ w) * 0x100000001b3ULL;
    h_ ^= h_ >> 32;
  }
  uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace hpcsim
