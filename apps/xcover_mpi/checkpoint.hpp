#pragma once
// The checkpoint file of a distributed count: the parts counted so far, one line each, appended
// as their results come in, so that a run killed at any moment (a node failure, the batch
// system's time limit) can go on where it stopped (--resume FILE). A text file:
//
//   xcover-mpi checkpoint 1
//   problem 9f3a0c21d4e5b677 48213          FNV-1a hash and size of the problem's text
//   parts 256 263                           parts asked of the split, parts it gave
//   done 17 1234 56789 1011121 14 0.25 0 0 0 0
//   ...
//
// A "done" line: index, count, nodes, updates, max depth, seconds, memo lookups, hits, stores,
// evictions. A last line without its newline (the run was killed while writing it) is dropped.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/text_file.hpp"
#include "part_result.hpp"

namespace xcover_mpi {

/// A checkpoint may have 256 MiB (a million parts take about 100 MB), a line 64 KiB.
inline constexpr cli::TextLimits checkpoint_limits{std::size_t(256) << 20, 64 << 10, "a checkpoint"};

/// Which problem and which split a checkpoint belongs to.
struct CheckpointHeader {
  std::uint64_t problem_hash = 0;   ///< fingerprint() of the problem's text
  std::uint64_t problem_bytes = 0;  ///< its size
  std::size_t asked = 0;            ///< the number of parts asked of split_cover
  std::size_t parts = 0;            ///< the number it gave
  friend bool operator==(const CheckpointHeader&, const CheckpointHeader&) = default;
};

struct Checkpoint {
  CheckpointHeader header;
  std::vector<PartResult> done;  ///< in file order, each index once, every one complete
  std::size_t valid_bytes = 0;   ///< the length of the complete lines (what is kept)
  bool dropped_tail = false;     ///< an incomplete last line was dropped
};

/// FNV-1a (64 bits) of a problem's text: a checkpoint of another problem is refused.
std::uint64_t fingerprint(std::string_view text);

/// The first three lines.
std::string format_header(const CheckpointHeader& h);
/// A "done" line (with its newline) for a complete result.
std::string format_done(const PartResult& r);

/// Parses a checkpoint's text; solve::InputError "NAME:LINE: what" when it is not one, a line
/// is malformed, an index is past the parts or given twice.
Checkpoint parse_checkpoint(std::string_view text, const std::string& name);
/// Reads and parses the file (bounded, cli::read_text_file).
Checkpoint read_checkpoint(const std::string& path);

/// Throws cli::WriteError unless a new checkpoint can be made at path: it must not exist (its
/// work would be lost) and its folder must be writable. Meant before a long split; create()
/// checks again.
void check_new_checkpoint(const std::string& path);

/// Appends "done" lines to a checkpoint file: each is written at once (a killed process loses
/// nothing written), and forced to the disk (fdatasync) at most once a second and at the end,
/// so that a crashed machine loses at most the last second. A failed write throws
/// cli::WriteError.
class CheckpointWriter {
 public:
  /// A new file with the header; WriteError when path exists (its work would be lost).
  static CheckpointWriter create(const std::string& path, const CheckpointHeader& header);
  /// An existing file, cut back to valid_bytes (a dropped incomplete line goes).
  static CheckpointWriter reopen(const std::string& path, std::size_t valid_bytes);
  CheckpointWriter(CheckpointWriter&& o) noexcept;
  CheckpointWriter& operator=(CheckpointWriter&&) = delete;
  ~CheckpointWriter();

  void append(const PartResult& r);
  /// Forces what was written to the disk.
  void sync();
  const std::string& path() const { return path_; }

 private:
  CheckpointWriter(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  void write(std::string_view text);
  [[noreturn]] void fail(const char* what) const;

  std::string path_;
  int fd_ = -1;
  double last_sync_ = 0;  // steady-clock seconds
};

}  // namespace xcover_mpi
