// SCI-MPICH's rendezvous (REFERENCES §1.6.3): the receiver grants its 256 KiB pool, the sender writes 16 KiB
// blocks by remote write, each followed by a store barrier and its flag; the receiver copies a block out and
// returns it with a counter write.
#include "sci_mpich/layout.h"
#include "sci_mpich/sci_mpich.h"

namespace hpcsim {

using namespace sci_mpich;

// The receiver reserves its pool (one transfer at a time) and answers with CTS.
void SciMpich::rndv_start(int node, const RndvRecv& r) {
  NodeState& n = st(node);
  if (n.pool_busy) {
    n.pool_queue.push_back(r);
    return;
  }
  n.pool_busy = true;
  n.rndv = r;
  n.rndv_blocks = blocks_of(r.bytes);
  n.rndv_done = 0;
  for (uint32_t b = 0; b < n.rndv_blocks && b < kRndvBlocks; ++b)
    cluster_.adapter(node).watch(block_flag(b), [this, node, b]() { rndv_block_landed(node, b); });
  cluster_.host(node).compute(kRndvSetupCycles, [this, node, r]() {
    Slot cts{kSlotCts, node, 0, r.bytes, r.sreq, r.rreq, 0, r.message};
    write_slot(node, r.src, cts, []() {});
  });
}

// Block b is in the pool: copy it to the user buffer and give the pool block back by a counter write.
void SciMpich::rndv_block_landed(int node, uint32_t b) {
  NodeState& n = st(node);
  if (b + kRndvBlocks < n.rndv_blocks)
    cluster_.adapter(node).watch(block_flag(b), [this, node, nb = b + kRndvBlocks]() { rndv_block_landed(node, nb); });
  run(node, [this, node, b](Done d) {
    NodeState& n = st(node);
    Host& h = cluster_.host(node);
    h.read_dma_written(block_len(n.rndv.bytes, b), [this, node, &h, d = std::move(d)]() mutable {
      h.compute(kBlockCycles, [this, node, d = std::move(d)]() mutable {
        NodeState& n = st(node);
        remote_word(node, n.rndv.src, block_line(node), n.rndv.message);
        if (++n.rndv_done == n.rndv_blocks) {
          complete(node, n.rndv.rreq);
          n.pool_busy = false;
          if (!n.pool_queue.empty()) {
            RndvRecv next = n.pool_queue.front();
            n.pool_queue.pop_front();
            rndv_start(node, next);
          }
        }
        d();
      });
    });
  });
}

// The sender writes block after block into the receiver's pool while pool blocks are free.
void SciMpich::rndv_write(int node, int dst) {
  PairState& p = pr(node, dst);
  if (p.rndv_writing || p.rndv_next >= p.rndv_blocks || p.rndv_next - p.rndv_freed >= kRndvBlocks) return;
  p.rndv_writing = true;
  uint32_t b = p.rndv_next;
  uint32_t len = block_len(p.rndv_bytes, b);
  uint32_t msg = p.rndv_message;
  SciAdapter& a = cluster_.adapter(node);
  cluster_.host(node).compute(kBlockCycles, [this, node, dst, b, len, msg, &a]() {
    a.store(dst, pool_addr(b), len, msg, [this, node, dst, b, msg, &a]() {
      a.store_barrier(msg, [this, node, dst, b, msg, &a]() {
        a.store(dst, block_flag(b), 8, msg, [this, node, dst, msg, &a]() {
          a.flush(msg, [this, node, dst, msg]() {
            PairState& p = pr(node, dst);
            ++p.rndv_next;
            p.rndv_writing = false;
            if (p.rndv_next == p.rndv_blocks)
              complete_send(node, p.rndv_sreq, msg, nullptr);
            else
              rndv_write(node, dst);
          });
        });
      });
    });
  });
}

}  // namespace hpcsim
