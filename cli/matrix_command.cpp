// matrix: per package and catalog (OpenShift version) of a repository, what each version has, and
// what each catalog changed against the one before it (core/repo/matrix.h).
#include <iostream>

#include "common.h"
#include "repo/discover.h"
#include "repo/repository.h"
#include "repo/repository_json.h"
#include "verb.h"

namespace fbclens::cli {

namespace {

struct MatrixSettings {
  std::string path, output = "text";
};

int run_matrix(const MatrixSettings& s) {
  const std::string& path = s.path;
  const std::string& output = s.output;
  const std::unique_ptr<FileSource> source = open_catalog(path);
  if (!source) return 2;
  const repo::Discovery discovery = repo::discover_repository(*source);
  const repo::RepositoryReport report = repo::validate_repository(*source, discovery);
  if (output == "json") {
    std::cout << repo::matrix_json(report.matrix).dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  } else {
    std::cout << repo::matrix_text(report.matrix);
  }
  return 0;
}

}  // namespace

Verb add_matrix_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "matrix",
      "Per package and catalog (OpenShift version) of a repository: present, default channel, channels and heads, "
      "deprecations, maxOpenShiftVersion, the bundle format the version needs; and what each catalog changed against "
      "the one before it.\n\n"
      "Exit status: 0, or 2 for usage and I/O errors.");
  auto s = std::make_shared<MatrixSettings>();
  verb->add_option("REPO", s->path, "A catalog repository: catalogs per OpenShift version, with or without templates.")->required();
  one_of(verb->add_option("-o,--output", s->output, "text for people, or json."), {"text", "json"})->capture_default_str();
  return {verb, [s] { return run_matrix(*s); }};
}

}  // namespace fbclens::cli
