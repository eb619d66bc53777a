#include "commands.hpp"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <memory>

#include "csv_tables.hpp"
#include "graph_file.hpp"
#include "plot_file.hpp"
#include "interpreter/compiler/plot.hpp"
#include "interpreter/driver/interpreter.hpp"
#include "interpreter/driver/json.hpp"
#include "interpreter/driver/state_graph.hpp"
#include "output_file.hpp"
#include "progress.hpp"
#include "repl.hpp"

namespace grundy {

Limits limits_of(const Args& a) {
    Limits l;
    l.max_seconds = a.max_seconds;
    l.max_memory = a.max_memory ? a.max_memory : default_max_memory();
    l.memory_is_default = a.max_memory == 0;
    return l;
}

std::uint64_t stack_budget(const Args& a) {
    if (a.max_stack) return a.max_stack;
    return std::min<std::uint64_t>(std::uint64_t{512} << 20, limits_of(a).max_memory / 4);
}

namespace {

void setup(Interpreter& in, const Args& a) {
    if (a.max_states) in.ctx.solver.set_max_states(a.max_states);
    // A runaway recursion ends with its own message, before the memory limit.
    in.ctx.set_stack_budget(stack_budget(a));
    attach_progress_line(in);
}

void report_error(Interpreter& in, const std::string& message, Loc loc = {}, std::size_t length = 1) {
    in.report(DiagnosticError(Diagnostic{Severity::error, loc, static_cast<std::uint32_t>(length), message}));
}

// Tables also go to the --csv folder as CSV files (table1.csv, table2.csv, ...).
bool use_csv_dir(Interpreter& in, const std::optional<std::string>& dir) {
    if (!dir) return true;
    auto tables = std::make_shared<CsvTables>();
    std::string error = tables->open(*dir);
    if (!error.empty()) {
        report_error(in, error);
        return false;
    }
    in.reporter.write_csv = [tables, &in](const std::string& csv) { return tables->write(csv, in.loaded_files()); };
    return true;
}

// Plot statements go to the --plot folder as SVG files (plot1.svg, plot2.svg, ...).
bool use_plot_dir(Interpreter& in, const std::optional<std::string>& dir) {
    if (!dir) return true;
    auto plots = std::make_shared<CsvTables>("--plot", "plot", ".svg");
    std::string error = plots->open(*dir);
    if (!error.empty()) {
        report_error(in, error);
        return false;
    }
    in.reporter.write_plot = [plots, &in](const std::string& svg, std::string& path) {
        std::string error = plots->write(svg, in.loaded_files());
        if (error.empty()) path = plots->last_path();
        return error;
    };
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
    Watchdog watchdog(limits_of(a));
    watchdog.arm();
    if (a.json) {
        // Only JSON on standard output; diagnostics still go to standard error.
        in.reporter.quiet = true;
        in.reporter.on_event = [&](const Event& e) { json_line(event_json(in.sources, e)); };
        in.on_error = [&](const Diagnostic& d) { json_line(error_json(in.sources, d)); };
    }
    int worst = use_csv_dir(in, a.csv_dir) && use_plot_dir(in, a.plot_dir) ? status_ok : status_error;
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
    Watchdog watchdog(limits_of(a));
    watchdog.arm();
    if (!load_definitions(in, a)) return status_error;
    for (const std::string& e : a.exprs) {
        Value v;
        if (in.eval(e, v) != status_ok) return status_error;
        std::printf("%s\n", (a.json ? to_json(v) : display(v)).c_str());
    }
    return status_ok;
}

namespace {

// Refused before any work: -o naming one of the program's files.
bool output_replaces_input(Interpreter& in, const Args& a) {
    if (!a.output) return false;
    const std::string error = replaces_input(*a.output, a.files);
    if (error.empty()) return false;
    report_error(in, error);
    return true;
}

}  // namespace

int graph_command(const Args& a) {
    Interpreter in;
    if (output_replaces_input(in, a)) return status_error;
    Watchdog watchdog(limits_of(a));
    watchdog.arm();
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
    } catch (const solver::SolveError& e) {  // a limit, a cycle: about the expression's value
        report_error(in, e.what(), where, expr.size());
        return status_error;
    } catch (const std::bad_alloc& e) {
        report_error(in, out_of_memory_message(e), where, expr.size());
        return status_error;
    } catch (const std::exception& e) {  // ValueError: about the expression's value
        report_error(in, e.what(), where, expr.size());
        return status_error;
    }
    watchdog.disarm();  // Graphviz's time is its own
    if (!a.output) {
        std::fputs(dot.c_str(), stdout);
        return status_ok;
    }
    std::string error = write_graph_file(dot, *a.output, in.loaded_files());
    if (!error.empty()) {
        report_error(in, error);
        return status_error;
    }
    return status_ok;
}

// Each expression a nim-sequence (or a list of them), all side by side.
int plot_command(const Args& a) {
    Interpreter in;
    if (output_replaces_input(in, a)) return status_error;
    Watchdog watchdog(limits_of(a));
    watchdog.arm();
    if (!load_definitions(in, a)) return status_error;
    std::vector<PlotSeries> series;
    for (const std::string& expr : a.exprs) {
        Value v;
        Loc where;
        if (in.eval("<expr>", expr, v, &where) != status_ok) return status_error;
        try {
            for (PlotSeries& s : plot_series(v, expr)) series.push_back(std::move(s));
        } catch (const std::exception& e) {
            report_error(in, e.what(), where, expr.size());
            return status_error;
        }
    }
    watchdog.disarm();
    const std::string svg = plot_svg(series);
    if (!a.output) {
        std::fputs(svg.c_str(), stdout);
        return status_ok;
    }
    if (std::string error = write_plot_file(svg, *a.output, in.loaded_files()); !error.empty()) {
        report_error(in, error);
        return status_error;
    }
    return status_ok;
}

int repl_command(const Args& a) {
    Interpreter in;
    setup(in, a);
    if (!use_csv_dir(in, a.csv_dir) || !use_plot_dir(in, a.plot_dir)) return status_error;
    Watchdog watchdog(limits_of(a));
    ReplOptions opts;
    opts.max_nodes = a.max_nodes;
    opts.watchdog = &watchdog;
    return repl(in, a.files, opts);
}

}  // namespace grundy
