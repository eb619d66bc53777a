// Machine-readable output (`grundy eval --json`, `grundy run --json`).
//
// Values map to JSON without loss (docs/json.md): ints, bools and strings
// as themselves, lists as arrays, and every other kind as an object whose
// one key (or first key) names it: {"tuple": [...]}, {"set": [...]},
// {"range": [lo, hi]}, {"position": text, "misere": bool,
// "parts": [{"game": name, "rules": [...], "state": ...}]},
// {"ruleset": text, "game": name, "rules": [...]}.
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
