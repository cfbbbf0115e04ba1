#pragma once
// SOLVE_API marks what libsolve exports. A shared libsolve (-DBUILD_SHARED_LIBS=ON) is
// compiled with hidden visibility (-fvisibility=hidden -fvisibility-inlines-hidden), so only
// the declarations marked here are in libsolve.so's dynamic symbol table: the public API of
// these headers, nothing of libsolve/src. In a static libsolve the mark changes nothing.
#if defined(__GNUC__) || defined(__clang__)
#define SOLVE_API __attribute__((visibility("default")))
#else
#define SOLVE_API
#endif
