// Findings beyond opm: what `opm validate` passes but a catalog author wants to know before
// publishing (issue 11 §5): where OLM Classic strands a cluster or disagrees with OLM v1, packages
// OperatorHub would not list, deprecations that users will meet in surprising ways, the legacy
// deprecation conventions, the icon OperatorHub would show, and what installing takes
// (core/install/install_findings.h, FBC46xx). Model in, findings out: every
// finding has Phase::Advice, severity Warning or Info (codes.def rows FBC4xxx), reported_by_opm
// false, so opm's verdict and "only what opm reports" are untouched.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "analyses/analyses.h"
#include "findings/finding.h"
#include "model/model.h"

namespace fbclens::advice {

/// The rows of the analyses table (analyses/analyses.h), each appending its findings to `out`:
/// `updates` (FBC4001 Classic strands an installed bundle, FBC4002 Classic and v1 differ; one
/// divergence pass over the package's upgrade graph, update/divergence.h: O(entries) resolutions
/// per channel), `operatorhub` (FBC41xx, FBC4203–FBC4205, FBC43xx; one OperatorHub preview,
/// hub/hub_preview.h), `deprecations` (FBC4201, FBC4202, FBC44xx), `dependencies` (FBC4501–FBC4503,
/// against every bundle of the catalog as a provider) for one package; `dependency_cycles` (FBC4504,
/// none through a package in `skipped`) and `catalog_content` (FBC4000 for a catalog with no package
/// and no package opm rejects) for the catalog. Never fail.
void updates(analyses::Context& context, const model::Package& package, std::vector<Finding>& out);
void operatorhub(analyses::Context& context, const model::Package& package, std::vector<Finding>& out);
void deprecations(analyses::Context& context, const model::Package& package, std::vector<Finding>& out);
void dependencies(analyses::Context& context, const model::Package& package, std::vector<Finding>& out);
/// FBC46xx: what installing the package takes (install/install_findings.h, against the APIs every
/// package of the catalog owns).
void install(analyses::Context& context, const model::Package& package, std::vector<Finding>& out);
/// FBC47xx: the findings validation made about the catalog's lifecycle objects (context's
/// lifecycle_findings), as they are.
void lifecycles(analyses::Context& context, const std::set<std::string>& skipped, std::vector<Finding>& out);
void dependency_cycles(analyses::Context& context, const std::set<std::string>& skipped, std::vector<Finding>& out);
void catalog_content(analyses::Context& context, const std::set<std::string>& skipped, std::vector<Finding>& out);

/// Every advice finding for `model`, package by package (name order), each located at the object
/// that causes it (the channel entry, the bundle, the deprecation entry or the package).
/// Advice is only sound where opm's rules hold, so it is given for no package that has an Error
/// finding in `findings` (opm's, already computed), and for none at all when an Error belongs to
/// no package (a file that did not load may hold what the advice would miss). Never fails. Costs
/// one divergence pass per package (update/divergence.h: O(entries) resolutions per channel) and
/// one OperatorHub preview (hub/hub_preview.h).
/// A catalog with no package at all and no error (an empty folder, or only objects of other
/// schemas, which `other_objects` says) gets the one warning NoCatalogContent instead. All rows of
/// analyses::table() at once (analyses::Cache::all).
std::vector<Finding> advise(const model::Model& model, const std::vector<Finding>& findings, bool other_objects);

/// Whether `text` looks like Markdown, and if so which construct ("a heading", "a list item",
/// "emphasis", "code", "a link"); "" when it does not. The console renders deprecation messages as
/// plain text (operatorhub-and-ux.md §1.4). Heuristic: line-leading "# ", "- ", "* ", "1. ", "> ";
/// "**" or "__" pairs; backticks; "[text](url)".
std::string markdown_construct(const std::string& text);

}  // namespace fbclens::advice
