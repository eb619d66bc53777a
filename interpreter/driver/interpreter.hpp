// The pipeline in one place: read, parse, compile, run.
//
//   source text --parse--> AST --compile--> statements + games --run--> output
//
// An Interpreter owns one run's state: sources, globals (lets, fns, games),
// game instances with their memo tables, and the reporter that collects
// output and failures. Imports load each file once, definitions only.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "interpreter/compiler/compiler.hpp"
#include "interpreter/runtime/context.hpp"
#include "interpreter/support/diagnostic.hpp"

namespace grundy {

enum Status { status_ok = 0, status_failed = 1, status_error = 2 };

class Interpreter {
public:
    Interpreter();

    // Runs a whole file (or text given a name): definitions and statements.
    Status run_file(const std::string& path);
    Status run_text(const std::string& name, std::string text);
    // Loads a file for its definitions only, as `import` does.
    Status load_file(const std::string& path);
    // Evaluates one expression (for `grundy eval -e`). Errors are reported.
    Status eval(const std::string& text, Value& out);
    // One REPL entry: statements and bare expressions (values are shown).
    Status run_entry(const std::string& name, std::string text);

    // Output and failures so far go to these streams (flushed per statement).
    void set_output(std::FILE* out, std::FILE* err) {
        out_ = out;
        err_ = err;
    }
    void set_input(std::FILE* in) { ctx.set_input(in); }
    void report(const DiagnosticError& e);
    void flush();

    SourceManager sources;
    Context ctx;
    Globals globals;
    Reporter reporter;

private:
    Status execute(std::uint32_t source, bool run_queries, bool repl);
    void import(const std::string& path, Loc loc);
    std::string resolve_import(const std::string& path, Loc loc, bool& embedded);

    std::vector<std::string> loading_;   // the import chain, to report cycles
    std::vector<std::string> loaded_;
    std::FILE* out_ = stdout;
    std::FILE* err_ = stderr;
};

// The standard library, embedded at build time: the text of `name`
// (e.g. "nim.game"), or null.
const std::string* stdlib_file(const std::string& name);
std::vector<std::string> stdlib_names();

}  // namespace grundy
