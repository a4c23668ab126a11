#include "pvfs2/ext3.h"

#include "pvfs2/cpu.h"

namespace hpcsim::pvfs2 {

const std::vector<ParameterSpec>& ext3_parameters() {
  // clang-format off
  static const std::vector<ParameterSpec> kTable = {
  {"os.jiffy_us", "µs", 1000, 100, 10000, false, "One kernel tick: the sleep of jbd's synchronous-handle batching (schedule_timeout(1) in journal_stop).", "[recalled] HZ = 1000, the i386 default of Linux 2.6.0-2.6.12 (250 from 2.6.13); journal_stop in fs/jbd/transaction.c of 2005 (references/pvfs2-config.md §2.5)"},
  {"ext3.write_us", "µs", 5, 0, 10000, false, "ext3's buffered write(2) beyond the system call and the copy (data=ordered): the journal handles of prepare_write and commit_write, the data buffers filed with the transaction, block allocation for new blocks, and the inode's size and mtime journalled (ext3_dirty_inode). A read from the page cache has none of it.", "[estimate] 1-2 us of page-cache and ordered-data journalling per page, 2-3 us for the journalled inode when the write moves i_size (generic_commit_write -> ext3_dirty_inode), block allocation for new blocks; fs/ext3/inode.c and fs/jbd of Linux 2.6.10 on a 3 GHz Xeon"},
  {"ext3.block_bytes", "B", 4096, 1024, 4096, true, "ext3 block size: one journal block.", "[recalled] mke2fs's default for file systems above 512 MB"},
  {"ext3.journal_blocks", "blocks", 5, 1, 64, true, "Blocks a commit writes to the journal before its commit block: the descriptor and the metadata a growing file touched (inode table block, block bitmap, group descriptor, indirect block).", "[S-code] jbd's journal_commit_transaction: descriptor + a copy of each modified metadata block, waited for, then the commit block written synchronously (references/pvfs2-config.md §2.5); the count of blocks is an estimate"},
  };
  // clang-format on
  return kTable;
}

Ext3::Ext3(Simulator& sim, Disk& disk, const ParameterSet& p)
    : sim_(sim),
      disk_(disk),
      jiffy_ps_(us_to_ps(p.get("os.jiffy_us"))),
      write_call_ps_(us_to_ps(p.get("ext3.write_us"))),
      block_bytes_(static_cast<uint64_t>(p.count("ext3.block_bytes"))),
      metadata_blocks_(static_cast<uint64_t>(p.count("ext3.journal_blocks"))) {}

void Ext3::wrote(uint64_t bytes, uint64_t end) {
  dirty_ += bytes;
  if (end > size_) {
    size_ = end;
    inode_dirty_ = true;
  }
  const int64_t second = static_cast<int64_t>(sim_.now() / 1000000000000ull);
  if (second != mtime_s_) {
    mtime_s_ = second;
    inode_dirty_ = true;
  }
}

void Ext3::fsync(std::function<void()> done) {
  ++fsyncs_;
  auto after_data = [this, done = std::move(done)]() mutable {
    if (!inode_dirty_) {  // nothing for the journal: fsync returns with the data written
      done();
      return;
    }
    inode_dirty_ = false;
    if (!running_ || running_->closed) running_ = std::make_shared<Transaction>();
    const auto t = running_;
    ++t->handles;
    batch(t, t->handles, std::move(done));
  };
  if (dirty_ == 0) {
    after_data();
    return;
  }
  const uint64_t bytes = dirty_;
  dirty_ = 0;
  disk_.write(bytes, false, std::move(after_data));
}

void Ext3::batch(std::shared_ptr<Transaction> t, int seen, std::function<void()> done) {
  sim_.after(jiffy_ps_, 0, EventKind::kGeneric, 0, [this, t, seen, done = std::move(done)]() mutable {
    if (!t->closed && t->handles != seen) {  // another handle joined meanwhile: yield again
      batch(t, t->handles, std::move(done));
      return;
    }
    if (t->committed) {
      done();  // its commit has already ended (log_wait_commit returns at once)
      return;
    }
    t->waiters.push_back(std::move(done));
    if (!t->closed) request_commit(t);
  });
}

void Ext3::request_commit(std::shared_ptr<Transaction> t) {
  t->closed = true;
  if (running_ == t) running_ = nullptr;
  to_commit_.push_back(std::move(t));
  commit_next();
}

void Ext3::commit_next() {
  if (committing_ || to_commit_.empty()) return;
  committing_ = true;
  const auto t = to_commit_.front();
  to_commit_.erase(to_commit_.begin());
  ++commits_;
  auto commit_block = [this, t]() {
    disk_.write(block_bytes_, true, [this, t]() {
      committing_ = false;
      t->committed = true;
      std::vector<std::function<void()>> waiters = std::move(t->waiters);
      t->waiters.clear();
      for (auto& w : waiters) w();
      commit_next();
    });
  };
  auto journal = [this, commit_block]() { disk_.write(block_bytes_ * (1 + metadata_blocks_), false, commit_block); };
  // data=ordered: the transaction's data still dirty (written since the last fsync) goes to the disk first.
  if (dirty_ > 0) {
    const uint64_t bytes = dirty_;
    dirty_ = 0;
    disk_.write(bytes, false, journal);
  } else {
    journal();
  }
}

}  // namespace hpcsim::pvfs2
