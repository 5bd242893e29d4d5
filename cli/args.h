// Helpers the CLI's commands share: "--flag value" parsing, loading a catalog with its report,
// joining names for text output.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "validate/validate.h"

namespace fbclens::cli {

// Parses "--flag value" pairs (repeatable flags collect every value), value-less `switches`
// ("--report-only"), and positional arguments.
struct Args {
  std::map<std::string, std::vector<std::string>> flags;
  std::vector<std::string> positional;
  std::string error;

  Args(int argc, char** argv, const std::vector<std::string>& known, const std::vector<std::string>& switches = {}) {
    for (int i = 0; i < argc; ++i) {
      std::string arg = argv[i];
      if (arg.rfind("--", 0) != 0) {
        positional.push_back(arg);
        continue;
      }
      if (std::find(switches.begin(), switches.end(), arg) != switches.end()) {
        flags[arg].push_back("");
        continue;
      }
      std::string value;
      const auto eq = arg.find('=');
      if (eq != std::string::npos) {
        value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        error = arg + " needs a value";
        return;
      }
      if (std::find(known.begin(), known.end(), arg) == known.end()) {
        error = "unknown option " + arg;
        return;
      }
      flags[arg].push_back(value);
    }
  }
  std::string get(const std::string& flag, const std::string& fallback = "") const {
    auto it = flags.find(flag);
    return it == flags.end() ? fallback : it->second.back();
  }
  bool has(const std::string& flag) const { return flags.count(flag) > 0; }
};

// Loads CATALOG and returns its validation report (the update logic needs only the loader, but a
// report also gives opm's verdict and findings, which some commands warn about). The analyses beyond
// opm are not run: no command but validate prints them.
inline std::unique_ptr<ValidationReport> load(const std::string& path) {
  const std::unique_ptr<FileSource> source = open_catalog(path);
  if (!source) return nullptr;
  ValidateOptions options;
  options.analyses = false;
  return std::make_unique<ValidationReport>(validate_catalog(*source, options));
}

inline std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

}  // namespace fbclens::cli
