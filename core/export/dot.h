// The upgrade graph of a channel or a whole package as Graphviz DOT (graphviz.org/doc/info/lang.html),
// from its layout (core/layout/channel_layout.h), for people who draw graphs with Graphviz or keep
// them in docs. It says what the app's graph says, in DOT's own terms: nodes by version, channel
// heads, deprecations, ghost nodes, and the three edge kinds in the olm-docs legend's vocabulary
// (spec operatorhub-and-ux.md §2.2). Graphviz places the nodes itself (rankdir=LR, older to the
// left as opm alpha render-graph draws them, spec §2.1); the layout's positions are not written.
#pragma once

#include <string>

#include "export/graph_subject.h"
#include "layout/channel_layout.h"

namespace fbclens {

/// `layout` as a DOT digraph, colours from the app's theme (core/layout/palette.h; `light` or dark,
/// with the theme's background). Every catalog string is written as a quoted DOT string (dot_quote),
/// never as an ID or an HTML label, so catalog text cannot become DOT syntax or markup. Node IDs
/// are ours: "n<i>" for layout.nodes[i], "g<i>" for layout.ghosts[i].
///   - an entry: label its version (LayoutNode::label), tooltip its bundle name; a channel head
///     has a double border (peripheries=2) and its theme's head colour, and "(head)" in its
///     tooltip; a deprecated entry is filled with the deprecation colour and its label gains a
///     second line "deprecated" (never colour alone);
///   - a ghost (a name replaces/skips gives that the channel does not list): dashed border,
///     tooltip every name it stands for and where it is listed;
///   - edges from the older entry to the newer one: replaces solid with a normal arrowhead, skips
///     dashed with a tee, skipRange dotted with an odot (its tooltip is the range); edges from a
///     ghost are dashed;
///   - a whole package (subject.channel ""): one `subgraph cluster_<band>` per lane, labelled with
///     its channel, "[default]" and "[deprecated]" (a deprecated lane is also filled).
/// The graph's label names the package and channel ("[deprecated]" when the package is).
/// Deterministic; linear in the layout's size.
std::string graph_dot(const ChannelLayout& layout, const GraphSubject& subject, bool light);

/// `text` as a DOT quoted string, quotes included, safe where Graphviz reads an escString (label,
/// tooltip): `"` → \", `\` → \\ (Graphviz shows one backslash), `&` → &amp; (Graphviz expands
/// HTML entities such as &lt; in every string, so the catalog's own "&lt;" must stay text), a line
/// break → \n (a line break in the drawing), every other control byte and every byte that is not well-formed UTF-8 as the
/// visible text \xNN (written \\xNN), as printable_text (core/load/utf8.h) shows them. So the
/// drawing shows the text as written, and no sequence of it ends the string or becomes an escape
/// (\N, \G, \l ...) Graphviz would expand.
std::string dot_quote(const std::string& text);

}  // namespace fbclens
