// libFuzzer target: the parser on any text, as a file and as a REPL entry.
// A syntax error must come out as a diagnostic that can be printed (with
// its source line and caret), and the REPL's "is this entry incomplete?"
// must answer; an accepted program must print back as source.
#include <cstddef>
#include <cstdint>
#include <string>

#include "grammar/parser.hpp"

using namespace grundy;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    for (ParseMode mode : {ParseMode::module, ParseMode::repl}) {
        SourceManager sources;
        std::uint32_t id = sources.add("<fuzz>", text);
        try {
            ast::Module m = parse(sources, id, mode);
            for (const auto& s : m.stmts) (void)ast::to_source(*s);
        } catch (const DiagnosticError& e) {
            for (const Diagnostic& d : e.diagnostics) (void)format_diagnostic(sources, d);
            (void)ends_early(sources, e);
        }
    }
    return 0;
}
