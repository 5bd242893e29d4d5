#include <filesystem>
#include <iostream>

#include "commands.h"
#include "export/report_json.h"
#include "profile_options.h"
#include "export/report_text.h"
#include "validate/validate.h"

namespace fbclens::cli {

int validate_command(int argc, char** argv) {
  std::string path, output = "text";
  ProfileFlags profile_flags;
  bool single_catalog = false;
  std::vector<std::string> bundles_from;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::size_t eq = arg.find('=');
    const std::string flag = arg.rfind("--", 0) == 0 && eq != std::string::npos ? arg.substr(0, eq) : arg;
    if (arg == "--output" || arg == "-o") {
      if (i + 1 >= argc) return usage_error("--output needs a value");
      output = argv[++i];
    } else if (arg.rfind("--output=", 0) == 0) {
      output = arg.substr(9);
    } else if (arg == "--single-catalog") {
      single_catalog = true;
    } else if (flag == "--bundles-from") {
      if (flag != arg) {
        bundles_from.push_back(arg.substr(eq + 1));
      } else if (i + 1 < argc) {
        bundles_from.push_back(argv[++i]);
      } else {
        return usage_error("--bundles-from needs a value");
      }
    } else if (is_profile_flag(flag)) {
      std::string value;
      if (flag != arg) {
        value = arg.substr(eq + 1);
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return usage_error(flag + " needs a value");
      }
      std::string error;
      if (!profile_flags.take(flag, value, error)) return usage_error(error);
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
  const std::unique_ptr<FileSource> source = open_catalog(path);
  if (!source) return 2;
  // A folder of several catalogs (one per OpenShift version) and their templates is validated as
  // a repository; a folder that is one catalog exactly as before (and always with --single-catalog).
  std::error_code dir_ec;
  if (!single_catalog && std::filesystem::is_directory(path, dir_ec)) {
    const repo::Discovery discovery = repo::discover_repository(*source);
    if (discovery.repository) return validate_repository(path, *source, discovery, output, profile_flags, bundles_from);
  }
  profiles::ProfileOptions profile_options;
  if (!resolve_profile_options(path, profile_flags, profile_options)) return 2;
  ValidationReport report = validate_catalog(*source);
  // Profiles add findings and gates; opm's own output and verdict stay as they are.
  profiles::apply_profiles(report, profile_options);
  // Files are named as compilers name them: relative to the current directory when the catalog is
  // under it (SARIF's SRCROOT is then that directory), else by their absolute path.
  std::error_code ec;
  const PathStyle paths = path_style_for(path, std::filesystem::is_directory(path, ec), std::filesystem::current_path(ec).string());
  if (output == "opm") {
    std::cout << report.opm_output << "\n";
  } else if (output == "json") {
    std::cout << summary_json(report, paths).dump(2) << "\n";
  } else if (output == "sarif") {
    std::cout << sarif_json(report, paths).dump(2) << "\n";
  } else {
    std::cout << render_text_report(report, source.get(), paths);
  }
  // opm's own output keeps opm's status too (VALID is 0 even for an empty folder; profiles never
  // change it).
  if (output == "opm") return report.verdict == Verdict::Valid ? 0 : 1;
  return exit_status(report);
}

}  // namespace fbclens::cli
