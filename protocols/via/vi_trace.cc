#include "via/vi_trace.h"

namespace hpcsim {
namespace via {

int32_t descriptor_value(const QueueChange& c) {
  uint32_t v = (c.state & 0xFu) | ((static_cast<uint32_t>(c.queue) & 0x3u) << 4) |
               ((static_cast<uint32_t>(c.vi) & 0x3FFu) << 6) | ((c.number & 0x7FFFu) << 16);
  return static_cast<int32_t>(v);
}

int32_t vi_state_value(int vi, ViState state, bool created, int async_error) {
  uint32_t v = (static_cast<uint32_t>(state) & 0x7u) | (created ? 0x8u : 0u) |
               ((static_cast<uint32_t>(vi) & 0x3FFu) << 4) |
               ((static_cast<uint32_t>(async_error + 1) & 0xFFu) << 16);
  return static_cast<int32_t>(v);
}

ViTrace trace_recorder(Simulator& sim, ComponentId host, int peer) {
  ViTrace t;
  Simulator* s = &sim;
  t.queue = [s, host](const QueueChange& c) {
    s->trace().record_state(s->now(), s->now(), TraceKind::kViDescriptor, host, c.message, c.bytes, descriptor_value(c));
  };
  t.state = [s, host, peer](int vi, ViState state, bool created, int async_error) {
    s->trace().record_state(s->now(), s->now(), TraceKind::kViState, host, 0, static_cast<uint32_t>(peer),
                      vi_state_value(vi, state, created, async_error));
  };
  return t;
}

}  // namespace via
}  // namespace hpcsim
