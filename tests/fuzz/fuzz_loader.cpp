// libFuzzer target: arbitrary bytes as a catalog file (and, from the first byte, an .indexignore
// and a file name), through the whole validator and every check profile, and as a .fbclens.yaml
// config file. Any crash, hang, leak or sanitizer report fails.
//   build: scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined)
#include <cstddef>
#include <cstdint>
#include <string>

#include "profiles/profiles.h"
#include "validate/validate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fbclens::MemoryFileSource source;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  // Split the input so .indexignore handling and multi-file walks are fuzzed too.
  const std::size_t cut = size ? data[0] % 16 : 0;
  if (cut && cut < size) {
    source.add(".indexignore", bytes.substr(1, cut));
    source.add("dir/catalog.yaml", bytes.substr(cut + 1));
  } else {
    source.add("catalog.json", bytes);
  }
  fbclens::ValidationReport report = fbclens::validate_catalog(source);
  namespace profiles = fbclens::profiles;
  profiles::ProfileOptions options;
  options.profiles = {profiles::Profile::Konflux, profiles::Profile::OperatorPipelines, profiles::Profile::OperatorHub};
  options.ocp_version = profiles::OcpVersion{4, size % 2 ? 17 : 16};
  options.konflux_registries = profiles::konflux_default_registries();
  options.pipelines_registries = {"quay.io/"};
  options.config_in_catalog = "catalog.json";
  profiles::apply_profiles(report, options);
  profiles::ProfileSettings settings;
  std::string error;
  (void)profiles::parse_settings(bytes, "f.yaml", settings, error);
  return 0;
}
