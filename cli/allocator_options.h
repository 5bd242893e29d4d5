// How the native programs (the CLI and tests/bench's fbclens_bench) configure mimalloc, in one place
// so the benchmark measures the load as the CLI runs it. Only compiled where mimalloc is linked
// (FBCLENS_WITH_MIMALLOC, CMakeLists.txt); the static release build keeps glibc's malloc.
#pragma once

#ifdef FBCLENS_WITH_MIMALLOC
#include <mimalloc.h>
#include <unistd.h>

#include <cstdlib>

namespace fbclens::cli {

/// Sets mimalloc's options for a one-shot validation process. Call first thing in main() with
/// main's argv. It may not return: the first time, it starts the program again (execv of
/// /proc/self/exe with the same argv) with one environment variable set; if that cannot be done
/// it carries on in this process, with everything but huge pages. No errors.
inline void configure_allocator(char** argv) {
  // Memory in transparent huge pages (2 MB, madvise(MADV_HUGEPAGE); a no-op where the kernel's THP
  // setting is "never"). A catalog's documents are millions of small nodes in fresh memory, and
  // with 4 KB pages the first touch of each page is a page fault: about 9,700 for
  // community-operators v4.21, which on this project's virtual machine cost a third of `validate`'s
  // CPU time. With huge pages it takes about 200, and peak RSS grows 3-6 MB (tests/bench/README.md).
  // mimalloc reads this option from the environment when the process starts: enabled from main()
  // it misses the first 32 MB segment, which the C++ runtime's start-up already opened and which
  // holds most of a catalog (still 8,000 faults). Hence the restart, once; a value the user set
  // (MIMALLOC_LARGE_OS_PAGES=0 too) is kept.
  //
  // Segments committed as they are used, not whole when reserved (mimalloc's eager_commit off, set
  // with it for the same reason): with huge pages, each commit touches whole 2 MB pages, and
  // committing segments whole put 4-11 MB more in peak RSS (community v4.21 37.4 -> 33.6 MB, the
  // union 87.2 -> 81.8 MB, 20,000 findings in one file 68.1 -> 57.3 MB), at a cost in CPU: pages
  // after the first segment are faulted in 4 KB at a time, 8-11% more CPU on community v4.21
  // (tests/bench/README.md, "Segments committed as used" and "what committing segments as used
  // costs"). Kept because the last one's peak is otherwise over issue 21's limit (64.5 MB).
  const bool restart = std::getenv("MIMALLOC_LARGE_OS_PAGES") == nullptr;
  if (restart && setenv("MIMALLOC_LARGE_OS_PAGES", "1", 1) == 0 && setenv("MIMALLOC_EAGER_COMMIT", "0", 0) == 0) {
    execv("/proc/self/exe", argv);  // returns only if it failed
  }
  // Without the restart (the user chose huge pages, or it failed): the segments opened from here on.
  if (std::getenv("MIMALLOC_EAGER_COMMIT") == nullptr) mi_option_set(mi_option_eager_commit, 0);
  // Memory freed is given back to the system after 10 ms instead of mimalloc's 25: a validation
  // frees a file's text and documents as soon as it has decoded them, and with the longer delay
  // the model was built beside them (a 20,000-bundle catalog: peak RSS 77 -> 71 MB). 0 ms saves
  // the same but doubles the system time of a large catalog (madvise per freed page); 10 ms
  // costs none (tests/bench/README.md).
  mi_option_set(mi_option_decommit_delay, 10);
}

}  // namespace fbclens::cli
#endif
