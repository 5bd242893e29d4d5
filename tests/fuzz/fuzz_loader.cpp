// libFuzzer target: arbitrary bytes as a catalog file (and, from the first byte, an .indexignore
// and a file name), through the whole validator and every check profile, and as a .fbclens.yaml
// config file; and, where the plain scan (core/load/yaml_plain_scan.h) takes the bytes as YAML,
// its events against libyaml's. Any crash, hang, leak, sanitizer report or difference fails.
//   build: scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined)
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <yaml.h>

#include "load/yaml_plain_scan.h"
#include "profiles/profiles.h"
#include "validate/validate.h"

namespace {

// Traps unless libyaml reports exactly `scanned` for `text`: type, style, value, tag, anchor and
// the start mark of every scalar and collection start.
void check_against_libyaml(const std::string& text, const std::vector<yaml_event_t>& scanned) {
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  std::size_t i = 0;
  for (bool done = false; !done; ++i) {
    yaml_event_t e;
    if (!yaml_parser_parse(&parser, &e) || i >= scanned.size()) __builtin_trap();  // libyaml rejects it, or has more
    const yaml_event_t& s = scanned[i];
    bool same = e.type == s.type;
    if (same && e.type == YAML_SCALAR_EVENT) {
      same = e.data.scalar.style == s.data.scalar.style && e.data.scalar.length == s.data.scalar.length &&
             std::string(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length) ==
                 std::string(reinterpret_cast<const char*>(s.data.scalar.value), s.data.scalar.length) &&
             !e.data.scalar.tag && !e.data.scalar.anchor;
    } else if (same && e.type == YAML_MAPPING_START_EVENT) {
      same = e.data.mapping_start.style == s.data.mapping_start.style && !e.data.mapping_start.anchor && !e.data.mapping_start.tag;
    } else if (same && e.type == YAML_SEQUENCE_START_EVENT) {
      same = e.data.sequence_start.style == s.data.sequence_start.style && !e.data.sequence_start.anchor && !e.data.sequence_start.tag;
    }
    if (same && (e.type == YAML_SCALAR_EVENT || e.type == YAML_MAPPING_START_EVENT || e.type == YAML_SEQUENCE_START_EVENT)) {
      same = e.start_mark.line == s.start_mark.line && e.start_mark.column == s.start_mark.column;
    }
    done = e.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&e);
    if (!same) __builtin_trap();
  }
  yaml_parser_delete(&parser);
  if (i != scanned.size()) __builtin_trap();
}

}  // namespace

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
  std::vector<yaml_event_t> events;
  std::string storage;
  if (fbclens::scan_plain_yaml(bytes, events, storage)) check_against_libyaml(bytes, events);
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
