#include "diagnostic.hpp"

#include <fmt/format.h>

namespace grundy {

DiagnosticError::DiagnosticError(Diagnostic d)
    : std::runtime_error(d.message), diagnostics{std::move(d)} {}

DiagnosticError::DiagnosticError(std::vector<Diagnostic> ds)
    : std::runtime_error(ds.empty() ? "error" : ds.front().message), diagnostics(std::move(ds)) {}

void fail(Loc loc, std::string message, std::uint32_t length) {
    throw DiagnosticError(Diagnostic{Severity::error, loc, length, std::move(message)});
}

std::string format_diagnostic(const SourceManager& sm, const Diagnostic& d) {
    const char* kind = d.severity == Severity::error ? "error" : d.severity == Severity::warning ? "warning" : "note";
    if (!d.loc.valid()) return fmt::format("grundy: {}: {}\n", kind, d.message);
    const Source& src = sm.get(d.loc.source);
    LineCol lc = src.line_col(d.loc.offset);
    std::string out = fmt::format("{}:{}:{}: {}: {}\n", src.name(), lc.line, lc.column, kind, d.message);
    std::string_view line = src.line_text(lc.line);
    out += line;
    out += '\n';
    // Keep tabs so the caret lines up under tab-indented text.
    std::uint32_t col = 1;
    for (char c : line) {
        if (col >= lc.column) break;
        if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;
        out += c == '\t' ? '\t' : ' ';
        ++col;
    }
    out += '^';
    for (std::uint32_t i = 1; i < d.length; ++i) out += '~';
    out += '\n';
    return out;
}

}  // namespace grundy
