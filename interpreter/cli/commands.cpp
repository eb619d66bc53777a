#include "commands.hpp"

#include <cstdio>
#include <filesystem>
#include <fmt/format.h>

#include "graph_file.hpp"
#include "interpreter/driver/interpreter.hpp"
#include "interpreter/driver/json.hpp"
#include "interpreter/driver/state_graph.hpp"
#include "progress.hpp"
#include "repl.hpp"

namespace grundy {

namespace {

void setup(Interpreter& in, const Args& a) {
    if (a.max_states) in.ctx.solver.set_max_states(a.max_states);
    attach_progress_line(in);
}

void report_error(Interpreter& in, const std::string& message, Loc loc = {}, std::size_t length = 1) {
    in.report(DiagnosticError(Diagnostic{Severity::error, loc, static_cast<std::uint32_t>(length), message}));
}

// Tables also go to `dir` as CSV files (table1.csv, table2.csv, ...).
bool use_csv_dir(Interpreter& in, const std::string& dir) {
    if (dir.empty()) return true;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (!std::filesystem::is_directory(dir)) {
        report_error(in, fmt::format("cannot create the directory '{}' for --csv", dir));
        return false;
    }
    in.reporter.csv_dir = dir;
    return true;
}

void json_line(const std::string& s) {
    std::fputs(s.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

}  // namespace

int run_command(const Args& a) {
    Interpreter in;
    setup(in, a);
    if (a.json) {
        // Only JSON on standard output; diagnostics still go to standard error.
        in.reporter.quiet = true;
        in.reporter.on_event = [&](const Event& e) { json_line(event_json(in.sources, e)); };
        in.on_error = [&](const Diagnostic& d) { json_line(error_json(in.sources, d)); };
    }
    int worst = use_csv_dir(in, a.csv_dir) ? status_ok : status_error;
    for (const std::string& f : a.files) {
        if (worst == status_error) break;
        worst = std::max<int>(worst, in.run_file(f));
    }
    if (a.json)
        json_line(fmt::format(R"({{"event": "summary", "passed": {}, "failed": {}, "status": {}}})",
                              in.reporter.passed, in.reporter.failed, worst));
    return worst;
}

// Loads the files' definitions, as `eval` and `graph` take them.
static bool load_definitions(Interpreter& in, const Args& a) {
    setup(in, a);
    for (const std::string& f : a.files)
        if (in.load_file(f) != status_ok) return false;
    return true;
}

int eval_command(const Args& a) {
    Interpreter in;
    // Under --json an error is a JSON object too (as `run --json` prints
    // it); its text still goes to standard error.
    if (a.json) in.on_error = [&](const Diagnostic& d) { json_line(error_json(in.sources, d)); };
    if (!load_definitions(in, a)) return status_error;
    for (const std::string& e : a.exprs) {
        Value v;
        if (in.eval(e, v) != status_ok) return status_error;
        std::printf("%s\n", (a.json ? to_json(v) : display(v)).c_str());
    }
    return status_ok;
}

int graph_command(const Args& a) {
    Interpreter in;
    if (!load_definitions(in, a)) return status_error;
    Value pos;
    Loc where;
    const std::string& expr = a.exprs.front();
    if (in.eval("<expr>", expr, pos, &where) != status_ok) return status_error;
    std::string dot;
    try {
        dot = to_dot(explore(in.ctx, pos, a.max_nodes));
    } catch (const DiagnosticError& e) {
        in.report(e);
        return status_error;
    } catch (const std::exception& e) {  // ValueError, SolveError: about the expression's value
        report_error(in, e.what(), where, expr.size());
        return status_error;
    }
    if (a.output.empty()) {
        std::fputs(dot.c_str(), stdout);
        return status_ok;
    }
    std::string error = write_graph_file(dot, a.output);
    if (!error.empty()) {
        report_error(in, error);
        return status_error;
    }
    return status_ok;
}

int repl_command(const Args& a) {
    Interpreter in;
    setup(in, a);
    if (!use_csv_dir(in, a.csv_dir)) return status_error;
    ReplOptions opts;
    opts.max_nodes = a.max_nodes;
    return repl(in, a.files, opts);
}

}  // namespace grundy
