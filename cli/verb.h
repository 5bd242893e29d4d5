// What a verb of the fbclens CLI is, and the pieces every verb's file uses to define one.
//
// A verb is one file in cli/ defining `Verb add_<name>_verb(CLI::App& fbclens)` (registered by one
// line in main.cpp's FBCLENS_VERBS). It adds its subcommand with add_verb(), binds every argument
// and option to its own settings (a struct it keeps alive in a shared_ptr captured by `run`), and
// returns how to run once the command line has parsed. The help (`fbclens VERB --help`), the
// synopsis in `fbclens --help` and the usage printed on a usage error are all generated from that
// definition (verb.cpp): names, value names, allowed values, defaults, repeatable options, help
// texts. The README's synopses are checked against them (tests/wasm/cli-usage.test.mjs).
//
// The arguments are parsed by CLI11 (Debian's libcli11-dev 2.1.2): a well-kept, header-only
// library Debian ships, whose option definitions are data we can print the usage from, so the
// usage can no longer drift from the parser as the hand-kept text did.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace fbclens::cli {

/// A defined verb: its subcommand (options bound) and what runs it after a successful parse,
/// returning the exit status (0 success or valid, 1 invalid, 2 usage or I/O error, 3 see validate).
struct Verb {
  CLI::App* command = nullptr;
  std::function<int()> run;
};

/// Adds the subcommand `name` to `fbclens`. `description` is its help text: paragraphs separated
/// by "\n\n", the first of which `fbclens --help` shows under the synopsis (so it should say what
/// the verb answers and what its exit status means); words are wrapped when printed.
CLI::App* add_verb(CLI::App& fbclens, const std::string& name, const std::string& description);

/// Restricts `option`'s value to `values` (shown as "a|b|c" in the synopsis and help; any other
/// value is a usage error naming them), and to "" too when `empty_is_default` (an empty value
/// meaning the default, as `--policy=` always has). Returns `option`.
CLI::Option* one_of(CLI::Option* option, const std::vector<std::string>& values, bool empty_is_default = false);

/// Makes a std::vector<std::string> option repeatable: each occurrence takes exactly one value
/// (`--channel a b` leaves b a positional argument) and all are kept in command-line order; the
/// synopsis marks it "[--channel CH]...". Returns `option`.
CLI::Option* repeatable(CLI::Option* option);

/// Whether `option` takes a value (an option, an argument), unlike a flag (--explain).
bool takes_value(const CLI::Option& option);

/// `verb`'s help: its synopsis, description, arguments and options.
std::string verb_help(const CLI::App& verb);

/// Prints "fbclens: MESSAGE" and then `verb`'s help to stderr; returns 2 (a usage error). For
/// errors a verb finds after parsing (a value its parser in core rejects).
int usage_error(const CLI::App& verb, const std::string& message);

/// The formatter every fbclens command uses for --help (installed by main.cpp): for the top
/// level, every verb's synopsis and summary; for a verb, verb_help().
std::shared_ptr<CLI::FormatterBase> make_help_formatter();

}  // namespace fbclens::cli
