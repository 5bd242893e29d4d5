#include "findings/finding.h"

#include "findings/go_format.h"

namespace fbclens {

const std::vector<FindingInfo>& all_finding_infos() {
  static const std::vector<FindingInfo> table = {
#define FBC_FINDING(id, code, severity, phase, explanation, message_format, opm_format) \
  FindingInfo{code, #id, Severity::severity, Phase::phase, explanation, message_format, opm_format},
#include "findings/codes.def"
#undef FBC_FINDING
  };
  return table;
}

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
  }
  return "error";
}

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Load: return "load";
    case Phase::Convert: return "convert";
    case Phase::Model: return "model";
    case Phase::Advice: return "advice";
    case Phase::Profile: return "profile";
    case Phase::Diff: return "diff";
    case Phase::Repository: return "repository";
  }
  return "load";
}

const FindingInfo& finding_info(FindingId id) { return all_finding_infos()[static_cast<std::size_t>(id)]; }

std::string render_message(std::string_view format, const FindingArgs& args) {
  std::string out;
  out.reserve(format.size() + 32);
  for (std::size_t i = 0; i < format.size(); ++i) {
    const char c = format[i];
    if ((c == '{' || c == '}') && i + 1 < format.size() && format[i + 1] == c) {
      out += c;  // "{{" or "}}"
      ++i;
      continue;
    }
    const std::size_t close = c == '{' ? format.find('}', i) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += c;
      continue;
    }
    // "{N}" or "{N:q}"
    const std::string_view spec = format.substr(i + 1, close - i - 1);
    const std::size_t colon = spec.find(':');
    const std::string_view digits = spec.substr(0, colon);
    const std::string_view verb = colon == std::string_view::npos ? std::string_view() : spec.substr(colon + 1);
    std::size_t index = 0;
    bool number = !digits.empty();
    for (char d : digits) {
      number = number && d >= '0' && d <= '9';
      index = index * 10 + static_cast<std::size_t>(d - '0');
    }
    if (!number || (!verb.empty() && verb != "q")) {
      out += c;  // not a placeholder: keep the text
      continue;
    }
    if (index >= args.size()) {
      out += "%!{" + std::string(spec) + "}(MISSING)";
    } else {
      out += verb == "q" ? go_quote(args[index]) : args[index];
    }
    i = close;
  }
  return out;
}

Finding make_finding(FindingId id, FindingArgs args, SourceLocation where, ObjectPath object) {
  Finding f;
  f.id = id;
  f.args = std::move(args);
  f.location = std::move(where);
  f.object = std::move(object);
  return f;
}

std::string opm_text(FindingId id, const FindingArgs& args) { return render_message(finding_info(id).opm_format, args); }

}  // namespace fbclens
