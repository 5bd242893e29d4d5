// OLM Classic's dependency resolution (deps/resolve.h) as the answer views show: one plain struct
// with its declared JSON mapping (core/view/json_fields.h). The worker's `resolve` and the CLI's
// `resolve --output json` write it, `resolve`'s text (export/resolution_text.h) prints it, and the
// upgrade answer (update/upgrade_view.h) embeds it as Classic's resolution of its first pick.
//
// It differs from deps::Resolution only in what the JSON shows: texts a resolution leaves empty
// (no error, no constraint for the subscription's own pick, no failureMessage) are null, and an
// unmet constraint's location is two flat fields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "deps/resolve.h"
#include "view/json_fields.h"

namespace fbclens::deps {

/// A bundle the resolution installs (deps::Installed). JSON: {package, channel, bundle,
/// requiredBy, constraint, failureMessage, property}; the last four null for the subscription's
/// own pick (and failureMessage null when the constraint has none).
struct InstalledView {
  std::string package, channel, bundle;
  std::optional<std::string> required_by;      ///< the bundle whose dependency pulled it in
  std::optional<std::string> constraint;       ///< OLM's clause, "bundle X requires an operator ..."
  std::optional<std::string> failure_message;  ///< the constraint's failureMessage
  std::optional<std::string> property;         ///< "/properties/N/value" of the dependency in required_by
};

/// A dependency no option could meet (deps::Unmet). JSON: {bundle, constraint, failureMessage
/// (null: none), property (null: none), file, line (where the dependency is declared; "" and 0
/// when unknown), reason}.
struct UnmetView {
  std::string bundle;
  std::string constraint;                      ///< OLM's clause text ("" for a prohibited candidate)
  std::optional<std::string> failure_message;
  std::optional<std::string> property;
  std::string file;                            ///< catalog-relative, as SourceLocation::file
  std::uint32_t line = 0;
  std::string reason;                          ///< "no bundle in the catalog satisfies it", the conflict, ...
};

/// One subscription candidate in Classic's preference order (deps::CandidateOutcome). JSON:
/// {channel, bundle, tried, chosen, unmet: [UnmetView]}; unmet is empty unless it was tried and
/// skipped.
struct CandidateView {
  std::string channel, bundle;
  bool tried = false;   ///< false for candidates after the chosen one
  bool chosen = false;
  std::vector<UnmetView> unmet;
};

/// The whole resolution (deps::Resolution). JSON: {ok, error (null: none; OLM's text when it
/// failed without trying candidates), installs: [InstalledView] (the pick first), notes:
/// [{bundle, constraint, detail}] (deps::Note), candidates: [CandidateView]}.
struct ResolutionView {
  bool ok = false;
  std::optional<std::string> error;
  std::vector<InstalledView> installs;
  std::vector<Note> notes;
  std::vector<CandidateView> candidates;
};

inline auto json_fields(const InstalledView*) {
  using view::field;
  using I = InstalledView;
  return std::make_tuple(field("package", &I::package), field("channel", &I::channel), field("bundle", &I::bundle),
                         field("requiredBy", &I::required_by), field("constraint", &I::constraint),
                         field("failureMessage", &I::failure_message), field("property", &I::property));
}
inline auto json_fields(const UnmetView*) {
  using view::field;
  using U = UnmetView;
  return std::make_tuple(field("bundle", &U::bundle), field("constraint", &U::constraint),
                         field("failureMessage", &U::failure_message), field("property", &U::property),
                         field("file", &U::file), field("line", &U::line), field("reason", &U::reason));
}
inline auto json_fields(const Note*) {
  using view::field;
  return std::make_tuple(field("bundle", &Note::bundle), field("constraint", &Note::constraint),
                         field("detail", &Note::detail));
}
inline auto json_fields(const CandidateView*) {
  using view::field;
  using C = CandidateView;
  return std::make_tuple(field("channel", &C::channel), field("bundle", &C::bundle), field("tried", &C::tried),
                         field("chosen", &C::chosen), field("unmet", &C::unmet));
}
inline auto json_fields(const ResolutionView*) {
  using view::field;
  using R = ResolutionView;
  return std::make_tuple(field("ok", &R::ok), field("error", &R::error), field("installs", &R::installs),
                         field("notes", &R::notes), field("candidates", &R::candidates));
}

/// One install as the view shows it: empty texts become null. Never fails.
InstalledView installed_view(const Installed& installed);

/// One unmet dependency as the view shows it: empty failureMessage and property become null, the
/// location two fields. Never fails.
UnmetView unmet_view(const Unmet& unmet);

/// `resolution` as the view shows it (the order of installs, notes and candidates kept). Never
/// fails.
ResolutionView resolution_view(const Resolution& resolution);

}  // namespace fbclens::deps
