#include "export/upgrade_text.h"

#include <sstream>

namespace fbclens {

namespace {

std::string join(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}

// One explained walk as indented text: each step's summary, then every bundle considered with its
// verdict, the edges that made it a candidate and why.
void write_steps(std::ostream& out, const std::vector<update::StepView>& steps) {
  int number = 0;
  for (const update::StepView& step : steps) {
    out << "  " << ++number << ". " << step.summary << "\n";
    // The summary usually quotes the error already.
    if (step.error && step.summary.find(*step.error) == std::string::npos) out << "     error: " << *step.error << "\n";
    for (const update::ConsideredView& c : step.considered) {
      out << "     " << (c.verdict == update::Verdict::Chosen ? "* " : "- ") << c.bundle;
      if (!c.version.empty()) out << " (" << c.version << ")";
      out << " [" << update::verdict_name(c.verdict) << "] " << c.reason << "\n";
      for (const std::string& e : c.edges) out << "         via " << e << "\n";
    }
    if (step.more > 0) out << "     ... and " << step.more << " more\n";
    if (step.max_openshift) {
      out << "     note: " << step.to.value_or("") << " declares olm.maxOpenShiftVersion " << *step.max_openshift
          << "; it does not change this pick, but blocks cluster upgrades past that OpenShift version\n";
    }
  }
}

// Classic's dependency view of its first pick: what installs along, and why candidates were skipped.
void write_dependencies(std::ostream& out, const update::ClassicUpgradeView& classic) {
  if (!classic.dependencies) {
    out << "  dependencies: ignored (--ignore-dependencies)\n";
    return;
  }
  if (!classic.resolution) return;
  for (const deps::InstalledView& i : classic.resolution->installs) {
    if (!i.required_by) continue;  // the pick itself
    out << "  installs along: " << i.bundle << " (package " << i.package << "), required by " << *i.required_by << "\n";
  }
  for (const deps::CandidateView& c : classic.resolution->candidates) {
    if (!c.tried || c.chosen) continue;
    out << "  skipped " << c.bundle << ":\n";
    for (const deps::UnmetView& u : c.unmet) {
      out << "    " << (u.constraint.empty() ? "" : u.constraint + ": ") << u.reason << "\n";
      if (u.failure_message) out << "      failureMessage: " << *u.failure_message << "\n";
    }
  }
}

}  // namespace

std::string render_upgrade_text(const update::UpgradeView& answer) {
  std::ostringstream out;
  const update::ClassicUpgradeView& c = answer.classic;
  const update::V1UpgradeView& v = answer.v1;
  out << "OLM Classic: " << (c.error ? "error: " + *c.error : c.next ? "next " + *c.next : std::string("stays"))
      << "\n  candidates (head first): " << join(c.candidates, ", ") << "\n  walk: " << join(c.walk, " -> ") << "\n";
  write_dependencies(out, c);
  out << "OLM v1:      " << (v.error ? "error: " + *v.error : "resolves to " + v.next.value_or("-"))
      << "\n  successors: " << join(v.successors, ", ") << "\n  walk: " << join(v.walk, " -> ") << "\n";
  // Said only when OLM v1 would refuse to install what it resolved (install/olm_v1_install.h).
  if (v.next_installable && v.next_installable->installable == false) {
    out << "  but OLM v1 cannot install " << v.next.value_or("-") << ": " << join(v.next_installable->reasons, "; ") << "\n";
  }
  if (c.steps) {
    out << "\nWhy, step by step (OLM Classic):\n";
    write_steps(out, *c.steps);
  }
  if (v.steps) {
    out << "\nWhy, step by step (OLM v1):\n";
    write_steps(out, *v.steps);
  }
  return out.str();
}

std::string render_divergence_text(const update::DivergenceView& report) {
  std::ostringstream out;
  out << "package " << report.package << ": " << report.rows.size() << " installed bundles checked, " << report.differing
      << " where Classic and v1 differ, " << report.stranded << " stranded by Classic\n";
  for (const update::DivergenceRowView& r : report.rows) {
    if (!r.differs && !r.classic_stranded) continue;
    out << "  " << r.channel << " / " << r.installed << ":" << (r.classic_stranded ? " [stranded by Classic]" : "") << "\n"
        << "    Classic: " << join(r.classic.walk, " -> ") << (r.classic.error ? "  (" + *r.classic.error + ")" : "") << "\n"
        << "    v1:      " << join(r.v1.walk, " -> ") << (r.v1.error ? "  (" + *r.v1.error + ")" : "") << "\n";
  }
  return out.str();
}

}  // namespace fbclens
