#pragma once
// Writing the answer files (--svg, square -o): a path is checked before a long search, and a
// write that fails (disk full, /dev/full, an I/O error) is an error, never silent.
#include <string>

namespace carcassonne {

/// Throws solve::InputError unless `path` can be opened for writing (checked before a long
/// search, so that a bad path fails before anything is printed).
void check_writable(const std::string& path);
/// Replaces the file's contents by `text`. Throws solve::InputError when it cannot be opened
/// or when writing or closing it fails.
void write_text_file(const std::string& path, const std::string& text);

}  // namespace carcassonne
