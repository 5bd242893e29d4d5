// Benchmark (not a test): load + validate real catalogs natively; prints wall time (best of N),
// throughput and the process's peak RSS. Targets (issue 3): ≤ 0.25× opm's time, peak ≤ 3× input.
//   build/native/fbclens_bench [--runs N] CATALOG_DIR...
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "validate/validate.h"

int main(int argc, char** argv) {
  int runs = 3;
  std::vector<std::string> dirs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::atoi(argv[++i]);
    else dirs.push_back(argv[i]);
  }
  std::printf("%-70s %10s %9s %9s %12s\n", "catalog", "bytes", "best s", "MB/s", "verdict");
  for (const std::string& dir : dirs) {
    double best = 1e9;
    std::size_t bytes = 0;
    std::string verdict;
    for (int r = 0; r < runs; ++r) {
      fbclens::DirectoryFileSource source(dir);
      const auto start = std::chrono::steady_clock::now();
      const fbclens::ValidationReport report = fbclens::validate_catalog(source);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      best = std::min(best, s);
      bytes = report.load.total_bytes;
      verdict = fbclens::verdict_name(report.verdict);
    }
    std::printf("%-70s %10zu %9.3f %9.1f %12s\n", dir.c_str(), bytes, best, bytes / 1e6 / best, verdict.c_str());
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("peak RSS of this process: %.1f MB\n", usage.ru_maxrss / 1024.0);
  return 0;
}
