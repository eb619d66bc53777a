// The pipeline in one place: read, parse, compile, run.
//
//   source text --parse--> AST --compile--> statements + games --run--> output
//
// An Interpreter owns one run's state: sources, globals (lets, fns, games),
// game instances with their memo tables, and the reporter that collects
// output and failures. Imports load each file once, definitions only.
#pragma once

#include <cstdio>
#include <functional>
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
    ~Interpreter();
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    // Runs a whole file (or text given a name): definitions and statements.
    Status run_file(const std::string& path);
    Status run_text(const std::string& name, std::string text);
    // Loads a file for its definitions only, as `import` does.
    Status load_file(const std::string& path);
    // Evaluates one expression (for `grundy eval -e`). Errors are reported.
    Status eval(const std::string& text, Value& out) { return eval("<expr>", text, out); }
    // The same under a source name; `where` (if given) receives the
    // expression's location, for errors found later about its value.
    Status eval(const std::string& name, const std::string& text, Value& out, Loc* where = nullptr);
    // One REPL entry: statements and bare expressions (values are shown).
    Status run_entry(const std::string& name, std::string text);
    // The REPL's :load and :reload: a file's definitions, which may replace
    // earlier ones (a plain load_file would skip a file already loaded).
    Status reload_file(const std::string& path);

    // Called before (true) and after (false) each top-level statement runs,
    // before its output is flushed: the CLI's progress line hangs on it.
    std::function<void(bool starting)> on_statement;
    // Called for each error diagnostic as it is reported (`--json`).
    std::function<void(const Diagnostic&)> on_error;

    // Output and failures so far go to these streams (flushed per statement).
    void set_output(std::FILE* out, std::FILE* err) {
        out_ = out;
        err_ = err;
    }
    void set_input(std::FILE* in) { ctx.set_input(in); }
    void report(const DiagnosticError& e);
    void flush();

    // The files read so far, by canonical path (the standard library's as
    // "<stdlib>/NAME"): the command line refuses to write over one.
    const std::vector<std::string>& loaded_files() const { return loaded_; }

    SourceManager sources;
    Context ctx;
    Globals globals;
    Reporter reporter;

private:
    struct Mode {
        bool run_queries = true;   // false: definitions only, as `import` does
        bool repl_syntax = false;  // bare expressions allowed (their values shown)
        bool redefine = false;     // names may be defined again
    };
    Status execute(std::uint32_t source, Mode mode);
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
// The library file an import of `path` names for certain: "nim.game" for
// "std/nim.game" (or "std/" followed by a name the library lacks), else "".
std::string std_import_name(const std::string& path);

}  // namespace grundy
