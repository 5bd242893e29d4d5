// Benchmark (not a test): loading and validating real catalogs natively, each figure also as a ratio
// to a reference parse of the same bytes measured in the same run, so runs on different machines
// (and on a loaded one) compare:
//   - reference: libyaml's bare event loop over the YAML files (the same libyaml build the loader
//     uses; every event parsed and freed, nothing else) plus a plain nlohmann::json::parse of each
//     object of the JSON files (the objects found by a brace scan);
//   - load: load_catalog (documents with positions, every object of every file), the files in
//     memory (no disk time in either);
//   - validate: validate_catalog as the CLI runs it (load, decode, model, opm's rules, the analyses
//     beyond opm), with its stages; opm-only: without the analyses (`validate --output opm`);
//   - with libfyaml (Debian libfyaml-dev; built in when pkg-config finds it): its event loop over
//     the same YAML files, bare and reading each scalar's text.
// Best of N runs each (the measurements interleaved, a round of each at a time), in CPU seconds of
// the process. Prints a table, or JSON lines with --json
// (scripts/bench.sh reads them).
//   build/native/fbclens_bench [--runs N] [--json] CATALOG_DIR...
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <yaml.h>
#ifdef FBCLENS_BENCH_LIBFYAML
#include <libfyaml.h>
#endif

#include "load/indexignore.h"
#include "load/json_stream.h"
#include "load/loader.h"
#include "validate/validate.h"

#include "allocator_options.h"  // cli/: the CLI's mimalloc options

namespace {

using fbclens::MemoryFileSource;

struct CatalogFiles {
  std::vector<std::pair<std::string, std::string>> files;  // every file the loader reads
  std::size_t yaml_bytes = 0, json_bytes = 0;
};

// The files load_catalog reads (not ignored), with their bytes: a FileSource that records reads.
class Recorder final : public fbclens::FileSource {
 public:
  explicit Recorder(const fbclens::FileSource& inner) : inner_(inner) {}
  std::vector<std::string> list_files(std::vector<fbclens::SourceError>& errors) const override { return inner_.list_files(errors); }
  bool read(const std::string& path, std::string& bytes, std::string& error, std::size_t max) const override {
    if (!inner_.read(path, bytes, error, max)) return false;
    if (path.size() < 12 || path.compare(path.size() - 12, 12, ".indexignore") != 0) read_.emplace_back(path, bytes);
    return true;
  }
  mutable std::vector<std::pair<std::string, std::string>> read_;

 private:
  const fbclens::FileSource& inner_;
};

// The best of `runs` runs of `fn`, in seconds of this process's CPU time (on a machine others load,
// CPU time varies far less than wall time; the benchmark is single-threaded, so they agree when idle).
double seconds_of(const std::function<void()>& fn, int runs) {
  const auto cpu = [] {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + t.tv_nsec / 1e9;
  };
  double best = 1e9;
  for (int r = 0; r < runs; ++r) {
    const double start = cpu();
    fn();
    best = std::min(best, cpu() - start);
  }
  return best;
}

// libyaml's bare event loop over one file: every event parsed and freed.
std::size_t libyaml_events(const std::string& text) {
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  std::size_t events = 0;
  yaml_event_t event;
  while (yaml_parser_parse(&parser, &event)) {
    const bool end = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
    ++events;
    if (end) break;
  }
  yaml_parser_delete(&parser);
  return events;
}

#ifdef FBCLENS_BENCH_LIBFYAML
// libfyaml's event loop over one file; with `text`, each scalar's text is asked for (libfyaml builds it
// lazily, libyaml always copies it, so the bare loops do not do the same work).
std::size_t libfyaml_events(const std::string& text, bool with_text) {
  fy_parse_cfg cfg{};
  cfg.flags = static_cast<fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_DEFAULT_VERSION_1_1);
  fy_parser* parser = fy_parser_create(&cfg);
  fy_parser_set_string(parser, text.data(), text.size());
  std::size_t events = 0, bytes = 0;
  while (fy_event* event = fy_parser_parse(parser)) {
    if (with_text && event->type == FYET_SCALAR) {
      std::size_t len = 0;
      if (const char* s = fy_token_get_text(event->scalar.value, &len)) bytes += len + (s[0] == 0);
    }
    fy_parser_event_free(parser, event);
    ++events;
  }
  fy_parser_destroy(parser);
  return events + (bytes & 1);
}
#endif

// A plain nlohmann parse of every object of a JSON stream (objects found by a brace scan that skips strings).
std::size_t nlohmann_objects(const std::string& text) {
  std::size_t objects = 0, i = 0, depth = 0, start = 0;
  const std::size_t n = text.size();
  while (i < n) {
    const char c = text[i];
    if (c == '"') {
      for (++i; i < n && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
      }
    } else if (c == '{' || c == '[') {
      if (depth++ == 0) start = i;
    } else if ((c == '}' || c == ']') && depth > 0 && --depth == 0) {
      const fbclens::Json value = fbclens::Json::parse(text.data() + start, text.data() + i + 1, nullptr, false);
      objects += value.is_discarded() ? 0 : 1;
    }
    ++i;
  }
  return objects;
}

}  // namespace

int main(int argc, char** argv) {
#ifdef FBCLENS_WITH_MIMALLOC
  fbclens::cli::configure_allocator(argv);  // as the CLI runs
#endif
#ifdef FBCLENS_BENCH_MALLOC
  const char* allocator = FBCLENS_BENCH_MALLOC;  // the references run under it too
#else
  const char* allocator = "glibc";
#endif
  int runs = 3;
  bool json = false;
  std::vector<std::string> dirs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--json") == 0) json = true;
    else dirs.push_back(argv[i]);
  }
  if (!json) {
    std::printf("%-46s %7s %7s %7s %8s %8s %8s %8s %8s %8s\n", "catalog (CPU s, best of N)", "MB", "ref", "load",
                "validate", "opm-only", "load/ref", "val/ref", "fy/yaml", "fy+text");
  }
  for (const std::string& dir : dirs) {
    std::string error;
    const std::unique_ptr<fbclens::FileSource> disk = fbclens::open_catalog_path(dir, error);
    if (!disk) {
      std::fprintf(stderr, "fbclens_bench: %s\n", error.c_str());
      return 2;
    }
    Recorder recorder(*disk);
    fbclens::load_catalog(recorder);
    MemoryFileSource source;
    std::size_t yaml_bytes = 0, json_bytes = 0;
    for (auto& [path, bytes] : recorder.read_) {
      (fbclens::looks_like_json(bytes) ? json_bytes : yaml_bytes) += bytes.size();
      source.add(path, bytes);
    }
    const auto& files = recorder.read_;
    std::size_t sink = 0;
    // Every measurement once per round, rounds repeated, best of each kept: on a machine whose speed
    // drifts (other jobs, a VM's neighbours), a reference and the load it is compared with are
    // measured minutes apart otherwise, and their ratio follows the drift.
    double ref_yaml = 1e9, ref_json = 1e9, fy_bare = 0, fy_text = 0, load = 1e9, validate = 1e9, opm = 1e9;
    fbclens::ValidationTimings stages;
    std::string verdict;
    fbclens::ValidateOptions opm_only;
    opm_only.analyses = false;
#ifdef FBCLENS_BENCH_LIBFYAML
    fy_bare = fy_text = 1e9;
#endif
    for (int round = 0; round < runs; ++round) {
      ref_yaml = std::min(ref_yaml, seconds_of([&] {
        for (const auto& f : files) if (!fbclens::looks_like_json(f.second)) sink += libyaml_events(f.second);
      }, 1));
      ref_json = std::min(ref_json, seconds_of([&] {
        for (const auto& f : files) if (fbclens::looks_like_json(f.second)) sink += nlohmann_objects(f.second);
      }, 1));
#ifdef FBCLENS_BENCH_LIBFYAML
      fy_bare = std::min(fy_bare, seconds_of([&] {
        for (const auto& f : files) if (!fbclens::looks_like_json(f.second)) sink += libfyaml_events(f.second, false);
      }, 1));
      fy_text = std::min(fy_text, seconds_of([&] {
        for (const auto& f : files) if (!fbclens::looks_like_json(f.second)) sink += libfyaml_events(f.second, true);
      }, 1));
#endif
      load = std::min(load, seconds_of([&] { sink += fbclens::load_catalog(source).blobs.size(); }, 1));
      validate = std::min(validate, seconds_of([&] {
        const fbclens::ValidationReport report = fbclens::validate_catalog(source);
        stages = report.timings;
        verdict = fbclens::verdict_name(report.verdict);
      }, 1));
      opm = std::min(opm, seconds_of([&] { sink += fbclens::validate_catalog(source, opm_only).findings.size(); }, 1));
    }
    const double ref = ref_yaml + ref_json;
    const double mb = (yaml_bytes + json_bytes) / 1e6;
    if (json) {
      std::printf("{\"catalog\": \"%s\", \"allocator\": \"%s\", \"bytes\": %zu, \"yamlBytes\": %zu, \"jsonBytes\": %zu, \"verdict\": \"%s\", "
                  "\"refYaml\": %.4f, \"refJson\": %.4f, \"libfyaml\": %.4f, \"libfyamlText\": %.4f, \"load\": %.4f, "
                  "\"validate\": %.4f, \"opmOnly\": %.4f, \"stagesMs\": {\"read\": %.1f, \"parse\": %.1f, \"decode\": %.1f, "
                  "\"model\": %.1f, \"validate\": %.1f, \"analyses\": %.1f}}\n",
                  dir.c_str(), allocator, yaml_bytes + json_bytes, yaml_bytes, json_bytes, verdict.c_str(), ref_yaml, ref_json, fy_bare,
                  fy_text, load, validate, opm, stages.read, stages.parse, stages.decode, stages.model, stages.validate,
                  stages.analyses);
    } else {
      std::string name = dir.size() > 46 ? "…" + dir.substr(dir.size() - 45) : dir;
      const auto ratio = [](double a, double b) { return a > 0 && b > 0 ? std::to_string(a / b).substr(0, 4) + "x" : std::string("-"); };
      std::printf("%-46s %7.1f %7.3f %7.3f %8.3f %8.3f %7.2fx %7.2fx %8s %8s\n", name.c_str(), mb, ref, load, validate, opm,
                  load / ref, validate / ref, ratio(fy_bare, ref_yaml).c_str(), ratio(fy_text, ref_yaml).c_str());
      std::printf("%-46s stages ms: read %.1f, parse %.1f, decode %.1f, model %.1f, validate %.1f, analyses %.1f (%s)\n", "",
                  stages.read, stages.parse, stages.decode, stages.model, stages.validate, stages.analyses, verdict.c_str());
    }
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  if (!json) std::printf("peak RSS of this process: %.1f MB; allocator (the references' too): %s\n", usage.ru_maxrss / 1024.0, allocator);
  return 0;
}
