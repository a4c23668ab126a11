// Run fingerprint: a hash over every executed event (after OMNeT++'s fingerprints).
#pragma once
#include <cstdint>
#include <string>

namespace hpcsim {

/// 64-bit FNV-1a over (time_ps, component, kind, bytes) of each event, in execution order.
/// Pure integer arithmetic, so native and wasm builds agree bit for bit.
class Fingerprint {
 public:
  void add(int64_t time_ps, uint32_t component, uint32_t kind, uint32_t bytes) {
    mix(static_cast<uint64_t>(time_ps));
    mix(component);
    mix(kind);
    mix(bytes);
  }
  uint64_t value() const { return h_; }
  /// 16 lower-case hex digits.
  std::string hex() const {
    static const char* d = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 0; i < 16; ++i) s[15 - i] = d[(h_ >> (4 * i)) & 0xf];
    return s;
  }

 private:
  void mix(uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h_ ^= (v >> (8 * i)) & 0xff;
      h_ *= 0x100000001b3ULL;
    }
  }
  uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace hpcsim
