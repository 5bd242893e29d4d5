// Findings are data: what is wrong, where, and what opm would say about it.
// Nothing in core/ prints; renderers (export/) turn findings into text, JSON, SARIF or UI rows.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fbclens {

/// Severity of a finding. Every rule `opm validate` enforces is an Error; Warning and Info are
/// for fbclens's own advice (never counted in the verdict).
enum class Severity : std::uint8_t { Error, Warning, Info };

/// Where `opm validate` reports a finding (spec validation.md §0.2).
enum class Phase : std::uint8_t {
  Load,     ///< reading and decoding files: opm stops at the first one ("LOAD ERROR")
  Convert,  ///< declcfg → model, phases A–E: opm stops at the first one (one line)
  Model,    ///< Model.Validate(), phase F: opm collects all into the "invalid index:" tree
  Advice,   ///< fbclens's own, beyond opm (core/advice): opm never reports it; Warning or Info only
  Profile,  ///< a check profile's rule beyond opm (core/profiles, `validate --profile`): never opm's
  Diff,     ///< a difference between two catalogs (core/diff, `diff --output sarif`): never opm's
  Repository,  ///< a catalog repository (core/repo, core/template): opm render-template's rules for its
               ///< templates, drift between a template and the catalog committed beside it, its layout;
               ///< never `opm validate`'s
};

/// Stable identifier of a kind of finding; the table is core/findings/codes.def.
enum class FindingId : std::uint16_t {
#define FBC_FINDING(id, code, severity, phase, explanation, message_format, opm_format) id,
#include "findings/codes.def"
#undef FBC_FINDING
};

/// Static facts about a FindingId, from the table.
struct FindingInfo {
  std::string_view code;         ///< e.g. "FBC3103"
  std::string_view name;         ///< e.g. "ChannelMultipleHeads"
  Severity severity;
  Phase phase;
  std::string_view explanation;  ///< one line for people
  std::string_view message_format;  ///< our message, in codes.def's format language ({0}, {0:q})
  std::string_view opm_format;      ///< opm's text (the tree leaf for Phase::Model), same language
};

/// "error", "warning" or "info": the word JSON, SARIF and the text report use.
const char* severity_name(Severity severity);

/// "load", "convert", "model", "advice", "profile", "diff" or "repository": the word JSON and SARIF use.
const char* phase_name(Phase phase);

/// Returns the table row of `id`. Never fails.
const FindingInfo& finding_info(FindingId id);

/// All table rows, in table order (for docs, SARIF rule lists and the UI legend).
const std::vector<FindingInfo>& all_finding_infos();

/// A position in a catalog file. Lines and columns are 1-based; 0 means unknown.
/// Columns count bytes (UTF-8), like most compilers.
struct SourceLocation {
  std::string file;  ///< path relative to the catalog root, '/'-separated
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

/// Arguments of a finding's message formats, by position ({0} is the first). The emission site
/// turns numbers and lists into text; quoting is the format's job ({N:q}).
using FindingArgs = std::vector<std::string>;

/// Renders `format` (codes.def's language: "{N}" as is, "{N:q}" as Go's %q, "{{" and "}}" for
/// literal braces) with `args`. A placeholder without an argument renders as "%!{N}(MISSING)",
/// after Go's fmt, so a mistake shows in the text instead of crashing. Never fails.
std::string render_message(std::string_view format, const FindingArgs& args);

/// Which catalog object a finding is about. Empty members mean "not applicable".
struct ObjectPath {
  std::string package;
  std::string channel;
  std::string bundle;  ///< a bundle, or a channel entry's name when `channel` is set
};

/// A secondary place that explains a finding, like clang's "note: previous definition is here":
/// the first declaration of a duplicate, each head of a channel with several.
struct FindingNote {
  std::string message;  ///< e.g. "package \"a\" is first declared here"
  SourceLocation location;
};

/// One problem found in a catalog. Its two texts are rendered from the table's formats when
/// asked for (a catalog may have tens of thousands of findings; most are never shown).
struct Finding {
  FindingId id{};
  FindingArgs args;         ///< the arguments of its table row's two formats
  SourceLocation location;  ///< the most precise place we know (object or field)
  ObjectPath object;
  /// True when this is (part of) what `opm validate` prints for the catalog. False for findings
  /// that fbclens reports in addition, past opm's fail-fast points.
  bool reported_by_opm = false;
  /// Other places that explain it, in the order a reader should visit them. Never part of opm's text.
  std::vector<FindingNote> notes;

  const FindingInfo& info() const { return finding_info(id); }
  /// Ours: says what is wrong and how to fix it (the row's message format with `args`).
  std::string message() const { return render_message(info().message_format, args); }
  /// Exactly what opm prints for it (a tree leaf for Phase::Model; the row's opm format with `args`).
  std::string opm_message() const { return render_message(info().opm_format, args); }
};

/// The finding `id` at `where` about `object`, with `args` for its texts (Finding::message and
/// opm_message render the table's two formats with them). reported_by_opm is false and there are
/// no notes; the caller decides those.
Finding make_finding(FindingId id, FindingArgs args, SourceLocation where, ObjectPath object);

/// opm's text for `id` with `args` alone: a phase-F tree leaf, or a convert/load message.
std::string opm_text(FindingId id, const FindingArgs& args);

}  // namespace fbclens
