// Tool (not a test): the OperatorHub preview of every package of every real catalog root, one JSON
// line per root, package, console version and channel selection, so that two revisions can be
// compared on real packages (issue 24; scripts/hub-corpus-diff.mjs compares two dumps).
//   build/native/fbclens_hub_corpus SHARED_CATALOGS_DIR > previews.jsonl
// The roots are the keys of SHARED_CATALOGS_DIR/expected.json (every expanded root of roots.json).
// Each package is previewed on every console of hub/consoles.h with the console's defaults
// ("channel": null) and then with each channel its channel dropdown offers selected; lifecycle
// support phases are judged on a fixed day. (The first version of this tool, at the commit that
// added it, is the one that builds against the preview before issue 24.)
#include <fstream>
#include <iostream>
#include <string>

#include "export/hub_json.h"
#include "hub/hub_preview.h"
#include "load/file_source.h"
#include "validate/validate.h"

namespace {

// A fixed day for the lifecycle support phase, so that a dump does not change with the clock.
const char* const kDate = "2026-06-01";

void dump_root(const std::string& dir, const std::string& root) {
  std::string error;
  const std::unique_ptr<fbclens::FileSource> source = fbclens::open_catalog_path(dir + "/" + root, error);
  if (!source) {
    std::cerr << root << ": " << error << "\n";
    return;
  }
  const fbclens::ValidationReport report = fbclens::validate_catalog(*source);
  for (const auto& [name, package] : report.model.packages) {
    for (const fbclens::hub::ConsoleVersion& console : fbclens::hub::kConsoles) {
      const auto line = [&](const std::string& channel) {
        const std::optional<fbclens::hub::HubPreview> p =
            fbclens::hub::hub_preview(report.model, {name, channel, "", console.name, kDate}, error);
        fbclens::Json row{{"root", root}, {"package", name}, {"console", console.name},
                          {"channel", channel.empty() ? fbclens::Json(nullptr) : fbclens::Json(channel)}};
        row["preview"] = p ? fbclens::hub_preview_json(*p) : fbclens::Json{{"error", error}};
        std::cout << row.dump(-1, ' ', false, fbclens::Json::error_handler_t::replace) << "\n";
        return p;
      };
      const std::optional<fbclens::hub::HubPreview> preview = line("");
      if (!preview) continue;
      for (const fbclens::hub::ChannelOption& c : preview->channels) line(c.name);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fbclens_hub_corpus SHARED_CATALOGS_DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  std::ifstream in(dir + "/expected.json");
  const fbclens::Json expected = fbclens::Json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!expected.is_object()) {
    std::cerr << dir << "/expected.json does not parse\n";
    return 2;
  }
  for (const auto& [root, outcome] : expected.items()) dump_root(dir, root);
  return 0;
}
