#pragma once
// What `--version` prints: the project's version (CMake's project()) and, when the build was
// made from a git checkout, the commit it was made from (read at build time, not configure
// time, so a rebuild after a commit says the new one).
#include <string>
#include <string_view>

namespace cli {

/// "futoshiki 0.1.0 (libsolve, commit 1a2b3c4d5e6f)", or without the commit part outside a
/// checkout; "+changes" after the commit when the tree differed from it.
std::string version_text(std::string_view program);

}  // namespace cli
