// Machine-readable output (`grundy eval --json`, `grundy run --json`).
//
// Values map to JSON naturally: ints and bools as themselves, strings as
// strings, tuples, lists and sets as arrays; a position, a ruleset or a
// range (which may be huge) as the text Grundy prints for it.
#pragma once

#include <string>
#include <string_view>

#include "interpreter/compiler/statements.hpp"
#include "interpreter/support/diagnostic.hpp"

namespace grundy {

std::string json_string(std::string_view s);
std::string to_json(const Value& v);

// One line of `run --json`, without the newline. Each is an object whose
// "event" is "print", "table", "assert", "check", "error" or "note".
std::string event_json(const SourceManager& sm, const Event& e);
std::string error_json(const SourceManager& sm, const Diagnostic& d);

}  // namespace grundy
