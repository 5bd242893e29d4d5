// The help and usage of the fbclens CLI, generated from the CLI11 definitions of its verbs
// (verb.h): synopses, option lists, and the top-level overview.
#include "verb.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace fbclens::cli {

namespace {

constexpr std::size_t kWidth = 100;       // help text is wrapped to this many columns
constexpr std::size_t kOptionColumn = 32;  // where an option's description starts

// `text`'s words laid out in lines of at most kWidth columns (a longer word gets a line of its
// own); a "\n" in `text` starts a new line. Every line starts with `indent`, except the first when
// the caller has already written `first_column` columns of it.
std::string wrap(const std::string& text, const std::string& indent, std::size_t first_column = 0) {
  std::string out = first_column > 0 ? "" : indent;
  std::size_t column = first_column > 0 ? first_column : indent.size();
  std::istringstream lines(text);
  bool first_line = true;
  for (std::string source_line; std::getline(lines, source_line);) {
    if (!first_line) {
      out += "\n" + indent;
      column = indent.size();
    }
    first_line = false;
    bool line_empty = true;
    std::istringstream words(source_line);
    for (std::string word; words >> word;) {
      if (!line_empty && column + 1 + word.size() > kWidth) {
        out += "\n" + indent;
        column = indent.size();
        line_empty = true;
      }
      if (!line_empty) {
        out += " ";
        ++column;
      }
      out += word;
      column += word.size();
      line_empty = false;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + "\n";
}

// An option's names as the synopsis shows them: long names first ("--package-name|-p").
std::string names_of(const CLI::Option& o) {
  std::string names;
  for (const std::string& l : o.get_lnames()) names += (names.empty() ? "--" : "|--") + l;
  for (const std::string& s : o.get_snames()) names += (names.empty() ? "-" : "|-") + s;
  return names;
}

bool is_repeatable(const CLI::Option& o) { return o.get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll; }

// One argument or option without brackets: "CATALOG", "VERSION...", "--package PKG", "--explain".
std::string bare_usage(const CLI::Option& o) {
  if (o.get_positional()) {
    return o.get_name(true, false) + (o.get_expected_max() >= CLI::detail::expected_max_vector_size ? "..." : "");
  }
  return names_of(o) + (takes_value(o) ? " " + o.get_type_name() : "");
}

// The options of `verb` that the synopsis and help list (all but -h/--help).
std::vector<const CLI::Option*> listed_options(const CLI::App& verb) {
  return verb.get_options([&verb](const CLI::Option* o) { return o != verb.get_help_ptr() && o != verb.get_help_all_ptr(); });
}

// The synopsis as tokens, in definition order: "OLD", "[--output text|json]", "[--channel CH]...".
std::vector<std::string> synopsis_tokens(const CLI::App& verb) {
  std::vector<std::string> tokens;
  for (const CLI::Option* o : listed_options(verb)) {
    std::string token = o->get_required() ? bare_usage(*o) : "[" + bare_usage(*o) + "]";
    if (is_repeatable(*o) && !o->get_positional()) token += "...";
    tokens.push_back(token);
  }
  return tokens;
}

// "fbclens VERB ARGS...", wrapped: the first line starts with `prefix`, the others with
// `continuation`.
std::string synopsis(const CLI::App& verb, const std::string& prefix, const std::string& continuation) {
  std::string out = prefix + "fbclens " + verb.get_name();
  std::size_t column = out.size();
  for (const std::string& token : synopsis_tokens(verb)) {
    if (column + 1 + token.size() > kWidth) {
      out += "\n" + continuation + token;
      column = continuation.size() + token.size();
    } else {
      out += " " + token;
      column += 1 + token.size();
    }
  }
  return out + "\n";
}

std::string first_paragraph(const std::string& text) { return text.substr(0, text.find("\n\n")); }

// One entry of an argument or option list: the name column, then the description at
// kOptionColumn (on the next line when the name is longer).
std::string list_entry(const std::string& name, const std::string& description) {
  std::string out = "  " + name;
  const std::string indent(kOptionColumn, ' ');
  if (out.size() + 2 > kOptionColumn) return out + "\n" + wrap(description, indent);
  return out + std::string(kOptionColumn - out.size(), ' ') + wrap(description, indent, kOptionColumn);
}

std::string option_entry(const CLI::Option& o) {
  std::string name;
  if (o.get_positional()) {
    name = bare_usage(o);
  } else {
    for (const std::string& s : o.get_snames()) name += "-" + s + ", ";
    for (const std::string& l : o.get_lnames()) name += "--" + l + ", ";
    name.resize(name.size() - 2);
    if (takes_value(o)) name += " " + o.get_type_name();
  }
  std::string description = o.get_description();
  if (!o.get_default_str().empty()) description += " (default " + o.get_default_str() + ")";
  if (is_repeatable(o) && !o.get_positional()) description += " (repeatable)";
  return list_entry(name, description);
}

std::string top_level_help(const CLI::App& fbclens) {
  std::string out = "usage: fbclens VERB ...   (fbclens VERB --help: the verb's arguments and options)\n";
  for (const CLI::App* verb : fbclens.get_subcommands([](const CLI::App*) { return true; })) {
    // Synopsis lines go on at 8 columns, its summary at 6.
    out += synopsis(*verb, "  ", "        ");
    out += wrap(first_paragraph(verb->get_description()), "      ");
  }
  if (const CLI::Option* version = fbclens.get_version_ptr()) {
    out += "  fbclens " + names_of(*version) + "\n" + wrap(version->get_description(), "      ");
  }
  return out + fbclens.get_footer();
}

class HelpFormatter : public CLI::FormatterBase {
 public:
  std::string make_help(const CLI::App* app, std::string, CLI::AppFormatMode) const override {
    return app->get_parent() == nullptr ? top_level_help(*app) : verb_help(*app);
  }
};

}  // namespace

CLI::App* add_verb(CLI::App& fbclens, const std::string& name, const std::string& description) {
  return fbclens.add_subcommand(name, description);
}

CLI::Option* one_of(CLI::Option* option, const std::vector<std::string>& values, bool empty_is_default) {
  std::string list;
  for (const std::string& v : values) list += (list.empty() ? "" : "|") + v;
  option->type_name(list);
  // The validator's description is left empty so that the value name stays "a|b|c".
  option->check(CLI::Validator(
      [values, list, empty_is_default](std::string& value) {
        const bool known = std::find(values.begin(), values.end(), value) != values.end() || (value.empty() && empty_is_default);
        return known ? std::string() : "unknown value " + value + " (" + list + ")";
      },
      ""));
  return option;
}

bool takes_value(const CLI::Option& option) { return option.get_expected_max() != 0; }

CLI::Option* repeatable(CLI::Option* option) {
  return option->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

std::string verb_help(const CLI::App& verb) {
  std::string out = synopsis(verb, "usage: ", "    ");
  std::string description = verb.get_description();
  for (std::size_t start = 0; start <= description.size();) {
    const std::size_t end = std::min(description.find("\n\n", start), description.size());
    out += "\n" + wrap(description.substr(start, end - start), "");
    start = end + 2;
  }
  std::string arguments, options;
  for (const CLI::Option* o : listed_options(verb)) (o->get_positional() ? arguments : options) += option_entry(*o);
  if (const CLI::Option* help = verb.get_help_ptr()) options += option_entry(*help);
  if (!arguments.empty()) out += "\narguments:\n" + arguments;
  out += "\noptions:\n" + options;
  return out;
}

int usage_error(const CLI::App& verb, const std::string& message) {
  std::fprintf(stderr, "fbclens: %s\n%s", message.c_str(), verb.help().c_str());
  return 2;
}

std::shared_ptr<CLI::FormatterBase> make_help_formatter() { return std::make_shared<HelpFormatter>(); }

}  // namespace fbclens::cli
