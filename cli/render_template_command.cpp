// render-template: a catalog template rendered as opm alpha render-template prints it, each
// bundle image's content taken from a catalog that holds it (core/template).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "common.h"
#include "findings/format.h"
#include "repository.h"
#include "template/write.h"
#include "verb.h"

namespace fbclens::cli {

namespace fs = std::filesystem;

namespace {

struct RenderTemplateSettings {
  std::string file, output = "json";
  std::vector<std::string> bundles_from;
};

int run_render_template(const RenderTemplateSettings& s) {
  const fs::path file = s.file;
  std::string bytes, error;
  {
    const std::unique_ptr<FileSource> single = open_catalog(file.string());
    if (!single) return 2;
    std::vector<SourceError> ignored;
    const std::vector<std::string> names = single->list_files(ignored);
    if (names.size() != 1 || !single->read(names.front(), bytes, error, std::size_t(512) << 20)) {
      std::fprintf(stderr, "fbclens: %s is not a template file\n", file.string().c_str());
      return 2;
    }
  }
  tmpl::RenderSources sources;
  // The repository the template is in: its folder, else the folders above it (up to the one
  // holding .git), the first where discovery pairs it with a catalog.
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec);
  std::vector<std::string> preferred;
  std::unique_ptr<FileSource> repository;
  for (fs::path dir = absolute.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    auto candidate = std::make_unique<DirectoryFileSource>(dir.string());
    const repo::Discovery discovery = repo::discover_repository(*candidate);
    const std::string relative = absolute.lexically_relative(dir).generic_string();
    const auto t = std::find_if(discovery.templates.begin(), discovery.templates.end(),
                                [&](const repo::TemplateFile& f) { return f.path == relative; });
    if (t != discovery.templates.end() && !t->renders.empty()) {
      preferred = t->renders;
      repository = std::move(candidate);
      sources.add_repository(*repository, discovery, "");
      break;
    }
    if (fs::exists(dir / ".git", ec) || dir == dir.parent_path()) break;
  }
  OpenedSources extra;
  if (!open_bundle_sources(s.bundles_from, extra)) return 2;
  for (const repo::BundleSource& from : extra.list) {
    const repo::Discovery discovery = repo::discover_repository(*from.source);
    if (discovery.repository) {
      sources.add_repository(*from.source, discovery, from.name);
    } else {
      sources.add_catalog(*from.source, from.name);
    }
  }
  const tmpl::Template parsed = tmpl::parse_template(file.string(), bytes);
  const tmpl::Rendering rendering = tmpl::render_template(parsed, sources.index(), preferred);
  int status = 0;
  for (const std::vector<Finding>* list : {&parsed.findings, &rendering.findings}) {
    for (const Finding& f : *list) {
      std::fprintf(stderr, "%s: %s[%s]: %s\n", location_text(f.location).c_str(), severity_name(f.info().severity),
                   std::string(f.info().code).c_str(), f.message().c_str());
      if (f.info().severity == Severity::Error) status = 1;
    }
  }
  if (status || !rendering.complete) return 1;
  std::string text, write_error;
  if (!tmpl::write_rendering(parsed, rendering, sources, s.output == "yaml" ? tmpl::OutputFormat::Yaml : tmpl::OutputFormat::Json, text,
                             write_error)) {
    std::fprintf(stderr, "fbclens: %s\n", write_error.c_str());
    return 1;
  }
  std::cout << text;
  return 0;
}

}  // namespace

Verb add_render_template_verb(CLI::App& fbclens) {
  CLI::App* verb = add_verb(fbclens, "render-template",
      "The template (olm.template.basic, olm.semver, olm.template.substitutes) rendered as opm alpha render-template "
      "prints it, each bundle image's content taken from a catalog that holds it: the repository's catalog beside the "
      "template, or DIR.\n\n"
      "Exit status: 0 rendered, 1 a rule fails or no catalog holds an image, 2 usage or I/O error.");
  auto s = std::make_shared<RenderTemplateSettings>();
  verb->add_option("TEMPLATE", s->file, "The template file.")->required();
  repeatable(verb->add_option("--bundles-from", s->bundles_from, "A catalog or repository folder whose bundles render images."))
      ->type_name("DIR");
  one_of(verb->add_option("-o,--output", s->output, "json or yaml, as opm writes them."), {"json", "yaml"})->capture_default_str();
  return {verb, [s] { return run_render_template(*s); }};
}

}  // namespace fbclens::cli
