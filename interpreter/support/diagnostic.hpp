// One diagnostic type for syntax, semantic and runtime errors.
//
// Printed as `file:line:col: error: message`, then the source line and a
// caret under the offending text (`^~~` as wide as `length`).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "source.hpp"

namespace grundy {

enum class Severity { error, warning, note };

struct Diagnostic {
    Severity severity = Severity::error;
    Loc loc;
    std::uint32_t length = 1;  // code points to underline
    std::string message;
};

// Thrown for an error that ends the current statement (syntax, runtime).
struct DiagnosticError : std::runtime_error {
    std::vector<Diagnostic> diagnostics;
    explicit DiagnosticError(Diagnostic d);
    explicit DiagnosticError(std::vector<Diagnostic> ds);
};

// Shorthand used all over the compiler and runtime.
[[noreturn]] void fail(Loc loc, std::string message, std::uint32_t length = 1);

std::string format_diagnostic(const SourceManager& sm, const Diagnostic& d);

}  // namespace grundy
