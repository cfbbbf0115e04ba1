// Anchors the precompiled catch.hpp (tests/CMakeLists.txt: catch_pch) that every test reuses.
