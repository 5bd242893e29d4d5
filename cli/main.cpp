// fbclens command-line interface: the same core as the browser app, for CI and scripts.
//
// Each verb is one file in cli/ that defines `Verb add_<name>_verb(CLI::App& fbclens)` (verb.h):
// it adds its CLI11 subcommand with every argument and option (value names, allowed values,
// defaults, repeatable options, help texts) and returns how to run it. Adding a verb is that file
// plus one line in FBCLENS_VERBS below; its synopsis in `fbclens --help`, its `fbclens VERB --help`
// and the usage printed on its usage errors are generated from the definition (verb.cpp). Then add
// its synopsis to the README's CLI block, which tests/wasm/cli-usage.test.mjs compares with
// `fbclens VERB --help`.
//
// The arguments are parsed by CLI11 (Debian's libcli11-dev): a well-kept, header-only library
// Debian ships, and the help is generated from the same definitions the parser uses, where the
// usage text used to be kept by hand in three places.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "allocator_options.h"
#include "verb.h"
#include "version.h"

// The verbs, in the order `fbclens --help` lists them. VERB(x) declares and registers
// `Verb add_x_verb(CLI::App&)`, defined in x's file in cli/.
#define FBCLENS_VERBS(VERB) \
  VERB(validate)            \
  VERB(upgrade_path)        \
  VERB(semver)              \
  VERB(divergence)          \
  VERB(hub_preview)         \
  VERB(render_graph)        \
  VERB(export_graph)        \
  VERB(diff)                \
  VERB(resolve)             \
  VERB(matrix)              \
  VERB(render_template)     \
  VERB(install_preview)     \
  /* new verbs above this line */

namespace fbclens::cli {

#define FBCLENS_DECLARE_VERB(x) Verb add_##x##_verb(CLI::App& fbclens);
FBCLENS_VERBS(FBCLENS_DECLARE_VERB)
#undef FBCLENS_DECLARE_VERB

namespace {

constexpr const char* kExitStatus =
    "exit status: 0 valid/success, 1 invalid (or a selected profile failed), 2 usage or I/O error, 3 (validate) valid "
    "but no catalog content\n"
    "      (with --output opm the status is opm's: 0 for that case)\n";

// The command line as CLI11 should read it, where it reads two spellings differently from the
// parser fbclens had before (and from Go's pflag, which opm's flags follow):
//   --name=   (an empty value, e.g. --channel="$CH") stays an empty value; CLI11 would take the
//             next argument as the value;
//   -X=value  (a short option, e.g. -p=etcd) is the value "value"; CLI11 would read "=value".
// Both are split into two arguments, for options of `verb` that take a value.
std::vector<std::string> normalize(const CLI::App& verb, int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
  std::vector<std::string> out;
  for (const std::string& arg : args) {
    const std::size_t eq = arg.find('=');
    const bool long_empty = arg.size() > 3 && arg.rfind("--", 0) == 0 && eq == arg.size() - 1;
    const bool short_eq = arg.size() > 2 && arg[0] == '-' && arg[1] != '-' && eq == 2;
    if (long_empty || short_eq) {
      const std::string name = arg.substr(0, eq);
      const CLI::Option* option = verb.get_option_no_throw(name);
      if (option && takes_value(*option)) {
        out.push_back(name);
        out.push_back(arg.substr(eq + 1));
        continue;
      }
    }
    out.push_back(arg);
  }
  return out;
}

}  // namespace

}  // namespace fbclens::cli

int main(int argc, char** argv) {
#ifdef FBCLENS_WITH_MIMALLOC
  fbclens::cli::configure_allocator(argv);
#endif
  using namespace fbclens::cli;
  CLI::App fbclens("fbclens validates and explores OLM File-Based Catalogs.", "fbclens");
  fbclens.formatter(make_help_formatter());
  fbclens.set_help_flag("-h,--help", "Print this help and exit 0.");
  fbclens.footer(kExitStatus);
  // Every option given twice keeps the last value, as before (verbs mark the repeatable ones);
  // subcommands take these defaults when they are added.
  fbclens.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  fbclens.set_version_flag("--version",
                           std::string("fbclens ") + fbclens::kFbclensVersion + " (follows opm " + fbclens::kOpmVersion + ")",
                           "The fbclens version and the opm version whose behaviour it follows.");
  fbclens.require_subcommand(1);
  std::vector<Verb> verbs;
#define FBCLENS_ADD_VERB(x) verbs.push_back(add_##x##_verb(fbclens));
  FBCLENS_VERBS(FBCLENS_ADD_VERB)
#undef FBCLENS_ADD_VERB

  const auto top_level_error = [&](const std::string& message) {
    std::fprintf(stderr, "fbclens: %s\n%s", message.c_str(), fbclens.help().c_str());
    return 2;
  };
  if (argc < 2) return top_level_error("missing command");
  std::string command = argv[1];
  // `fbclens help` and `fbclens version` as the words they were before --help and --version.
  if (command == "help") command = "--help";
  if (command == "version") command = "--version";
  const Verb* verb = nullptr;
  for (const Verb& v : verbs) {
    if (v.command->get_name() == command) verb = &v;
  }
  if (!verb && command != "--help" && command != "-h" && command != "--version") {
    return top_level_error("unknown command " + command);
  }

  std::vector<std::string> args = verb ? normalize(*verb->command, argc - 2, argv + 2) : std::vector<std::string>{};
  args.insert(args.begin(), command);
  if (!verb) args.insert(args.end(), argv + 2, argv + argc);
  // CLI11 takes the arguments last first.
  std::reverse(args.begin(), args.end());
  try {
    fbclens.parse(args);
  } catch (const CLI::CallForHelp&) {
    std::fputs(fbclens.help().c_str(), stdout);
    return 0;
  } catch (const CLI::CallForVersion& e) {
    std::printf("%s\n", e.what());
    return 0;
  } catch (const CLI::ParseError& e) {
    // The verb's usage when the error is in its arguments, else the overview.
    std::fprintf(stderr, "fbclens: %s\n%s", e.what(), fbclens.help().c_str());
    return 2;
  }
  return verb ? verb->run() : top_level_error("missing command");
}
