// Reading JSON without building it: whether a text is a JSON value exactly as nlohmann::json::parse
// accepts it, and the members of an object, as views into the text. For large JSON of which little
// is needed (a bundle object's ClusterServiceVersion manifest, of which OperatorHub's fields are a few
// kilobytes of often hundreds), so only the needed members are parsed into values.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace fbclens {

/// Whether `text` is what nlohmann::json::parse(text) accepts (strict: one value, then only
/// whitespace): RFC 8259's grammar (numbers, the three literals, no trailing commas), strings of
/// valid UTF-8 (RFC 3629's byte ranges, as nlohmann's lexer checks them) without unescaped control
/// characters, escapes \" \\ \/ \b \f \n \r \t and \uXXXX with surrogates paired, whitespace space,
/// tab, CR and LF, and a UTF-8 byte order mark skipped at the very start. Iterative (any depth);
/// O(n), a few instructions a byte inside strings.
bool json_valid(std::string_view text);

/// One member of an object: its key as written (without the quotes; escapes not decoded) and its
/// value's text.
struct JsonMember {
  std::string_view key;
  std::string_view value;
  bool key_escaped = false;  ///< the key holds a backslash escape (`key` is then not its value)
};

/// The members of `object`, the text of a JSON object that json_valid accepts, in order (repeated
/// keys included). Not for other text.
std::vector<JsonMember> json_members(std::string_view object);

/// The elements of `array`, the text of a JSON array that json_valid accepts, in order, each as its
/// value's text. Not for other text.
std::vector<std::string_view> json_elements(std::string_view array);

}  // namespace fbclens
