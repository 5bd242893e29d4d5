// Helpers shared by the tests: paths, file reading, expected.txt comparison, and registering one
// Catch2 test case per data folder so a failure names its vector.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <yaml.h>

#include "validate/validate.h"

namespace fbclens::test {

/// The repository root and ../shared (CI has it beside the clone; a user's clone may not).
std::string source_dir();
std::string shared_dir();
bool shared_available();

/// Whole file, or "" if unreadable.
std::string read_file(const std::string& path);

/// Standard base64 with padding (what olm.bundle.object's "data" holds), for catalogs made in tests.
std::string base64_encode(const std::string& bytes);

/// Sub-folders of `dir`, sorted.
std::vector<std::string> list_dirs(const std::string& dir);

/// opm's output normalised for comparison: tree siblings sorted recursively, "# NOTE" lines
/// dropped, trailing whitespace trimmed. A single-line message is returned as is.
std::string canonical_opm_output(const std::string& text);

/// Validates the fixture catalog folder `catalog` as `fbclens validate` does when given no
/// flags: opm's checks, then the check profiles its own .fbclens.yaml selects (core/profiles;
/// none for most fixtures). A config file that does not parse fails the test.
ValidationReport validate_fixture_catalog(const std::string& catalog);

/// Registers a Catch2 test case named `name` (with `tags`) that runs `body`.
void register_test(const std::string& name, const std::string& tags, std::function<void()> body);

/// One expected.txt verdict check: `expected` is the file's text, `actual` our opm_output.
/// LOAD ERROR vectors compare the verdict line only (opm's text there is Go's decoder message).
void check_opm_output(const std::string& expected, const std::string& actual);

/// Runs libyaml's parser over `text`, handing each event to `visit` (stream end included) until
/// the stream ends or `visit` returns false. Returns false when libyaml reports an error first.
bool each_libyaml_event(const std::string& text, const std::function<bool(const yaml_event_t&)>& visit);

/// The YAML reader against itself with every value read by libyaml from the text as written
/// (read_yaml_stream_as_written, the reference for the stand-ins and the plain scan of
/// core/load/yaml_stream.cpp): every item of `text` the same, down to each recorded field position
/// and each error's texts.
void check_same_as_written(const std::string& text);

}  // namespace fbclens::test
