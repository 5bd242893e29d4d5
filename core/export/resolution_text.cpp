#include "export/resolution_text.h"

#include <sstream>

namespace fbclens {

std::string render_resolution_text(const deps::ResolutionView& r, const std::string& package,
                                   const std::string& installed) {
  std::ostringstream out;
  if (r.error) {
    out << "resolution of " << package << " fails: " << *r.error << "\n";
    return out.str();
  }
  if (r.ok) {
    out << "OLM Classic installs " << r.installs.size() << (r.installs.size() == 1 ? " bundle" : " bundles") << ":\n";
    for (const deps::InstalledView& i : r.installs) {
      out << "  " << i.bundle << " (package " << i.package << ", channel " << i.channel << ")";
      if (!i.required_by) {
        out << ": the subscription's pick\n";
      } else {
        out << ": pulled in by " << *i.required_by << " " << i.property.value_or("") << "\n      "
            << i.constraint.value_or("") << "\n";
        if (i.failure_message) out << "      failureMessage: " << *i.failure_message << "\n";
      }
    }
    for (const deps::Note& n : r.notes) out << "  note: " << n.constraint << ": " << n.detail << "\n";
  } else if (!installed.empty()) {
    out << "OLM Classic stays on " << installed << ": "
        << (r.candidates.empty() ? "no entry of its channel order replaces, skips or skipRanges it"
                                 : "no candidate has all its dependencies met")
        << "\n";
  } else {
    out << "OLM Classic cannot resolve package " << package << ": no candidate has all its dependencies met\n";
  }
  bool header = false;
  for (const deps::CandidateView& c : r.candidates) {
    if (!c.tried || c.chosen) continue;
    if (!header) out << "skipped candidates, in Classic's preference order:\n";
    header = true;
    out << "  " << c.bundle << " (channel " << c.channel << ")\n";
    for (const deps::UnmetView& u : c.unmet) {
      out << "    " << (u.constraint.empty() ? c.bundle : u.constraint) << ": " << u.reason;
      if (!u.file.empty()) out << " [" << u.file << ":" << u.line << " " << u.property.value_or("") << "]";
      out << "\n";
      if (u.failure_message) out << "      failureMessage: " << *u.failure_message << "\n";
    }
  }
  return out.str();
}

}  // namespace fbclens
