// The one protocol between the page, the catalog's Web Worker and the ImGui app: every operation
// the worker answers, declared once in the table in protocol.cpp (its name, its arguments and its
// answer). The worker dispatches through it (fbclens_call in api.cpp), the page's client builds
// its methods from it (fbclens_protocol → FbclensClient), and the app asks for it by name.
//
// An answer is serialised once, here, and travels as text: the worker does not parse it, the page
// parses it once when JavaScript wants the value, the app parses it once when it draws it. A
// failed operation is a typed answer (Failure + a message), never a special JSON shape.
#pragma once

#include <string>

#include "load/document.h"  // Json
#include "wasm/session.h"

namespace fbclens::wasm {

/// Why an operation has no answer. The numbers cross to JavaScript (FbclensError.kind names them,
/// in this order: see failure_name) and to the app (fbclens_app_receive).
enum class Failure : int {
  None = 0,        ///< the answer is there
  BadRequest = 1,  ///< unknown operation, or arguments missing or of the wrong type
  NoCatalog = 2,   ///< the operation needs a loaded catalog and there is none
  NotFound = 3,    ///< a package, channel, bundle or file named in the arguments is not in the catalog
};

/// "none", "badRequest", "noCatalog", "notFound".
const char* failure_name(Failure failure);

/// What an operation gives back: on success `text` is the answer's JSON text; on failure it is a
/// message for people ("package x is not in the catalog").
struct Answer {
  Failure failure = Failure::None;
  std::string text;
};

/// One row of the protocol table.
struct Op {
  const char* name;    ///< what JavaScript and the app call it ("layout")
  const char* args;    ///< its arguments, as documentation: "{package, channel}"
  const char* answer;  ///< its answer, as documentation, with the core header that defines it
  bool loads;          ///< it replaces the catalog (the client runs these in a fresh worker)
  /// Runs the operation on `session` with the parsed `args` (always an object).
  Answer (*run)(Session& session, const Json& args);
};

/// Runs operation `op` with `args_json` (a JSON object's text; "" counts as {}). An unknown
/// operation or arguments that are not an object give Failure::BadRequest.
Answer call(Session& session, const std::string& op, const std::string& args_json);

/// The table as JSON, for JavaScript to build its methods from and the README to list:
/// {"ops": [{"name", "args", "answer", "loads"}], "failures": ["none", "badRequest", ...]}.
Json protocol_json();

}  // namespace fbclens::wasm
