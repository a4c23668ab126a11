// Per-message header layers for the page's per-layer packet view (after Packet Tracer's PDU details).
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hpcsim {

/// One protocol layer of a message, top (API) to bottom (wire): a name and (field, value) pairs as text.
struct HeaderLayer {
  std::string name;
  std::vector<std::pair<std::string, std::string>> fields;
};

/// What the protocols recorded about each message they sent, by message id (the trace's `message`).
class MessageCatalog {
 public:
  /// `envelope_limit`: envelopes kept, the first ones (the trace's max_records: a message past the trace's cap has
  /// no record anyone could select, so its envelope would only take memory).
  explicit MessageCatalog(size_t envelope_limit = 1000000) : envelope_limit_(envelope_limit) {}
  void set_envelope_limit(size_t n) { envelope_limit_ = n; }
  struct Entry {
    int32_t series = 0;
    uint32_t bytes = 0;
    int src = 0;
    int dst = 0;
    std::vector<HeaderLayer> layers;
    /// Builds the layers when asked (json()), for protocols that send many messages: a run then pays for the text
    /// only of the messages someone opens. It must hold copies of what it reads (the protocol may be gone by then;
    /// the machine's fabrics live as long as the catalog). When set, it comes after any `layers`.
    std::function<std::vector<HeaderLayer>()> describe;
  };
  void add(uint32_t message, Entry e) {
    last_from_[e.src] = message;
    entries_[message] = std::move(e);
  }
  /// An MPI message's envelope, for workloads that send millions of messages (the NAS skeletons, MPI_Alltoall):
  /// 24 bytes a message, its one layer (`layer`: "source rank", "destination rank", "tag", "bytes" and, first,
  /// "routine") built as text only when json() asks. `layer` and `routine` are interned (a handful per run).
  void add_envelope(uint32_t message, int32_t series, uint32_t bytes, int src, int dst, int tag,
                    const std::string& layer, const std::string& routine, int64_t sent_ps = 0);
  /// An envelope as add_envelope stored it (`sent_ps`: when the send was called, ps).
  struct Envelope {
    int64_t sent_ps = 0;
    int32_t series = 0;
    uint32_t bytes = 0;
    int32_t src = -1;  ///< -1: no envelope for this id
    int32_t dst = 0;
    int32_t tag = 0;
    uint16_t layer = 0, routine = 0;  ///< indexes of the interned names
  };
  /// The envelope of `message`, or nullptr (none, or past the limit).
  const Envelope* envelope(uint32_t message) const;
  /// The last message registered with `src` as its sender, or 0.
  uint32_t last_from(int src) const {
    auto it = last_from_.find(src);
    return it == last_from_.end() ? 0 : it->second;
  }
  /// The entry add() registered (an envelope is not an Entry: json() gives both).
  const Entry* find(uint32_t message) const {
    auto it = entries_.find(message);
    return it == entries_.end() ? nullptr : &it->second;
  }
  size_t size() const { return entries_.size() + envelopes_count_; }
  /// {"message","series","bytes","src","dst","layers":[{"name","fields":[[k,v],...]}]} or "{}" if unknown.
  std::string json(uint32_t message) const;

 private:
  uint16_t intern(const std::string& name);
  std::map<uint32_t, Entry> entries_;
  std::deque<Envelope> envelopes_;  ///< by message id - envelope_base_ (ids are issued in order); a deque grows by
                                    ///< blocks, without a vector's doubling (16.8 M a call at 4,096 nodes)
  uint32_t envelope_base_ = 0;
  size_t envelopes_count_ = 0;
  size_t envelope_limit_;
  std::vector<std::string> names_;
  std::map<int, uint32_t> last_from_;
};

/// Lower-case hex of a 64-bit value with a 0x prefix (match bits and handles in header views).
std::string hex64(uint64_t v);

}  // namespace hpcsim
