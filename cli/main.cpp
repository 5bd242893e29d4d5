// fbclens command-line interface: the same core as the browser app, for CI and scripts.
//   fbclens validate PATH [--output text|json|sarif|opm]
// Exit codes: 0 valid, 1 invalid (or load error), 2 usage or I/O error.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "export/report_json.h"
#include "export/report_text.h"
#include "validate/validate.h"

namespace {

constexpr const char* kUsage =
    "usage: fbclens validate PATH [--output text|json|sarif|opm]\n"
    "  PATH is a catalog folder, or a single file (validated as a folder holding just it).\n"
    "  --output text   findings for people, grouped, with file:line and source (default)\n"
    "  --output json   every finding and the summary, as JSON\n"
    "  --output sarif  SARIF 2.1.0 for code-scanning tools\n"
    "  --output opm    exactly opm's verdict and text: VALID, INVALID:..., LOAD ERROR:...\n"
    "exit status: 0 valid, 1 invalid, 2 usage or I/O error\n";

int usage_error(const std::string& message) {
  std::fprintf(stderr, "fbclens: %s\n%s", message.c_str(), kUsage);
  return 2;
}

int validate_command(int argc, char** argv) {
  std::string path, output = "text";
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--output" || arg == "-o") {
      if (i + 1 >= argc) return usage_error("--output needs a value");
      output = argv[++i];
    } else if (arg.rfind("--output=", 0) == 0) {
      output = arg.substr(9);
    } else if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (path.empty() && (arg.empty() || arg[0] != '-')) {
      path = arg;
    } else {
      return usage_error("unexpected argument " + arg);
    }
  }
  if (path.empty()) return usage_error("validate needs a PATH");
  if (output != "text" && output != "json" && output != "sarif" && output != "opm") {
    return usage_error("unknown --output " + output);
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    std::fprintf(stderr, "fbclens: stat %s: %s\n", path.c_str(), ec ? ec.message().c_str() : "no such file or directory");
    return 2;
  }
  std::unique_ptr<fbclens::FileSource> source;
  if (fs::is_directory(status)) {
    source = std::make_unique<fbclens::DirectoryFileSource>(path);
  } else {
    source = std::make_unique<fbclens::DirectoryFileSource>(fs::path(path).parent_path().empty()
                                                                ? std::string(".")
                                                                : fs::path(path).parent_path().string());
    // A single file is a folder holding just it.
    auto single = std::make_unique<fbclens::MemoryFileSource>();
    std::string bytes, error;
    if (!source->read(fs::path(path).filename().string(), bytes, error, std::size_t(1) << 31)) {
      std::fprintf(stderr, "fbclens: %s\n", error.c_str());
      return 2;
    }
    single->add(fs::path(path).filename().string(), std::move(bytes));
    source = std::move(single);
  }
  const fbclens::ValidationReport report = fbclens::validate_catalog(*source);
  if (output == "opm") {
    std::cout << report.opm_output << "\n";
  } else if (output == "json") {
    std::cout << fbclens::summary_json(report).dump(2) << "\n";
  } else if (output == "sarif") {
    std::cout << fbclens::sarif_json(report).dump(2) << "\n";
  } else {
    std::cout << fbclens::render_text_report(report, source.get());
  }
  return report.verdict == fbclens::Verdict::Valid ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage_error("missing command");
  const std::string command = argv[1];
  if (command == "validate") return validate_command(argc - 2, argv + 2);
  if (command == "-h" || command == "--help" || command == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  return usage_error("unknown command " + command);
}
