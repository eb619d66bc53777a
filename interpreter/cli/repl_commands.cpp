// The REPL's `:` commands.
#include <algorithm>
#include <array>
#include <filesystem>
#include <fmt/format.h>

#include <malloc.h>

#include "grammar/parser.hpp"
#include "graph_file.hpp"
#include "plot_file.hpp"
#include "interpreter/compiler/plot.hpp"
#include "interpreter/driver/source_file.hpp"
#include "interpreter/driver/state_graph.hpp"
#include "interpreter/runtime/builtins.hpp"
#include "interpreter/runtime/instance.hpp"
#include "repl_session.hpp"

namespace grundy {

namespace {

struct CommandHelp {
    const char* name;
    const char* args;
    const char* needs;  // what a missing argument is, for the error
    const char* what;
};

const CommandHelp commands[] = {
    {":help", "", "", "this list"},
    {":load", "FILE", "a file name", "load a file's definitions (they may replace earlier ones)"},
    {":reload", "", "", "load the files loaded so far again, after you edit them"},
    {":games", "", "", "the games defined so far"},
    {":show", "NAME", "a name", "the definition of a game or function, the value of a let"},
    {":moves", "P", "a position, e.g. :moves Nim(3) + Nim(4)", "each move from position P, with the value it leads to"},
    {":win", "P", "a position, e.g. :win Nim(3) + Nim(4)", "the winning moves from P"},
    {":table", "EXPR for x in a..b", "a table, e.g. :table sg(Nim(n)) for n in 0..20",
     "a table of values, and any period (as `table`)"},
    {":graph", "P [FILE]", "a position, e.g. :graph Nim(3) nim.svg",
     "P's state graph as Graphviz DOT; FILE: .dot, .svg, .png, .pdf"},
    {":plot", "EXPR [FILE]", "a sequence, e.g. :plot [sg(Kayles(n)) for n in 0..200] kayles.svg",
     "a plot of the nim-sequence EXPR (a list of ints, or a list of them); FILE: .svg, .png"},
    {":play", "P [engine]", "a position, e.g. :play Nim(3) + Nim(4)",
     "play P against the engine; with `engine`, it moves first"},
    {":time", "on|off", "on or off", "show how long each entry takes"},
    {":stats", "", "", "states solved and memory in use"},
    {":clear", "", "", "forget every value solved so far (the memo tables)"},
    {":quit", "", "", "leave (Ctrl-D does too)"},
};

std::string trim(std::string_view s) {
    std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

std::string bytes(std::uint64_t n) {
    if (n < 1024 * 1024) return fmt::format("{:.1f} KB", n / 1024.0);
    if (n < 1024ull * 1024 * 1024) return fmt::format("{:.1f} MB", n / 1048576.0);
    return fmt::format("{:.2f} GB", n / 1073741824.0);
}

}  // namespace

std::vector<std::string> repl_command_names() {
    std::vector<std::string> out;
    for (const CommandHelp& c : commands) out.push_back(c.name);
    return out;
}

void ReplSession::command_error(const std::string& line, std::size_t col, std::size_t len, const std::string& message) {
    std::uint32_t id = in_.sources.add(next_source_name(), line);
    in_.report(DiagnosticError(Diagnostic{Severity::error, Loc{id, static_cast<std::uint32_t>(col)},
                                          static_cast<std::uint32_t>(std::max<std::size_t>(len, 1)), message}));
}

bool ReplSession::eval_position(const std::string& expr, Value& out, Loc& where) {
    solver::Solver::interrupt_flag = 0;
    if (in_.eval(next_source_name(), expr, out, &where) != status_ok) return false;
    if (out.is(Kind::position)) return true;
    std::string hint = out.is(Kind::rules) ? "; call it with a position's arguments first" : "";
    in_.report(DiagnosticError(Diagnostic{Severity::error, where, static_cast<std::uint32_t>(expr.size()),
                                          fmt::format("expected a position, not {}: {}{}", kind_name(out.kind()),
                                                      repr(out), hint)}));
    return false;
}

bool ReplSession::command(const std::string& line) {
    solver::Solver::interrupt_flag = 0;  // a Ctrl-C at the prompt must not stop this command
    std::size_t end = line.find_first_of(" \t");
    std::string name = line.substr(0, end);
    std::size_t at = end == std::string::npos ? line.size() : line.find_first_not_of(" \t", end);
    if (at == std::string::npos) at = line.size();
    std::string arg = trim(line.substr(at));

    // A unique prefix will do: `:w` is `:win`.
    std::vector<std::string> found;
    for (const CommandHelp& c : commands)
        if (std::string_view(c.name).starts_with(name)) found.push_back(c.name);
    if (std::find(found.begin(), found.end(), name) != found.end()) found = {name};
    if (found.size() != 1) {
        std::string msg = found.empty() ? fmt::format("unknown command `{}` (:help lists them)", name)
                                        : fmt::format("`{}` could be {}", name, fmt::join(found, " or "));
        command_error(line, 0, name.size(), msg);
        return true;
    }
    name = found[0];
    const CommandHelp& info = *std::find_if(std::begin(commands), std::end(commands),
                                            [&](const CommandHelp& c) { return name == c.name; });
    bool needs_arg = info.args[0] && info.args[0] != '[';
    if (needs_arg && arg.empty()) {
        command_error(line, line.size(), 1, fmt::format("{} needs {}", name, info.needs));
        return true;
    }
    if (name == ":help") help();
    else if (name == ":load") {
        std::error_code ec;
        std::string problem = std::filesystem::exists(arg, ec) ? source_file_problem(arg) : "";
        if (!problem.empty())  // a directory, a device
            command_error(line, at, arg.size(), fmt::format("cannot load '{}': {}", arg, problem));
        else if (std::filesystem::exists(arg, ec) || stdlib_file(arg) || !std_import_name(arg).empty()) {
            if (load(arg)) std::printf("loaded %s\n", arg.c_str());
        }
        else command_error(line, at, arg.size(), fmt::format("cannot find '{}' (nor in the standard library)", arg));
    }
    else if (name == ":reload") reload();
    else if (name == ":games") games();
    else if (name == ":show") show(line, at);
    else if (name == ":moves") moves(arg, false);
    else if (name == ":win") moves(arg, true);
    else if (name == ":table") in_.run_entry(next_source_name(), "table " + arg + "\n");
    else if (name == ":graph") graph(line, at);
    else if (name == ":plot") plot(line, at);
    else if (name == ":play") play(arg);
    else if (name == ":stats") stats();
    else if (name == ":clear") clear();
    else if (name == ":quit") return false;
    else if (name == ":time") {
        if (arg == "on" || arg == "off") timing_ = arg == "on";
        else command_error(line, at, arg.size(), ":time takes on or off");
    }
    std::fflush(stdout);
    return true;
}

void ReplSession::help() {
    std::string out =
        "Type a definition (game, fn, let), a statement, or an expression to see its value.\n"
        "An entry goes on over several lines while a bracket or a game's body is open;\n"
        "a blank line ends it early. Ctrl-C stops a long solve; Ctrl-D or quit leaves.\n\n";
    for (const CommandHelp& c : commands)
        out += fmt::format("  {:<28} {}\n", fmt::format("{} {}", c.name, c.args), c.what);
    out += "\nA command may be shortened to a unique prefix (:w for :win).\n";
    std::fputs(out.c_str(), stdout);
}

bool ReplSession::load(const std::string& path) {
    // The standard library (or "std/NAME.game"): as `import` would load it.
    if (!std_import_name(path).empty() || (!std::filesystem::exists(path) && stdlib_file(path)))
        return in_.run_entry(next_source_name(), "import \"" + path + "\"\n") == status_ok;
    if (in_.reload_file(path) == status_error) return false;
    if (std::find(files_.begin(), files_.end(), path) == files_.end()) files_.push_back(path);
    return true;
}

void ReplSession::reload() {
    if (files_.empty()) {
        std::puts("nothing to reload: :load a file first");
        return;
    }
    for (const std::string& f : files_) in_.reload_file(f);
    std::printf("reloaded %s\n", fmt::format("{}", fmt::join(files_, ", ")).c_str());
}

void ReplSession::games() {
    std::vector<std::pair<std::uint32_t, std::string>> current;  // by index: the order of definition
    for (const auto& [name, g] : in_.globals.names)
        if (g.kind == Global::Kind::game) current.emplace_back(g.index, name);
    std::sort(current.begin(), current.end());
    if (current.empty()) {
        std::puts("no games yet: define one with `game Name { ... }`, or :load a file");
        return;
    }
    std::vector<std::array<std::string, 3>> rows;
    std::size_t w0 = 0, w1 = 0;
    for (auto& [index, name] : current) {
        const CompiledGame& g = *in_.globals.games[index];
        std::string head = g.has_params ? fmt::format("{}({})", g.name, fmt::join(g.params, ", ")) : g.name;
        std::string pos = "position " + g.position.text;
        const Source& src = in_.sources.get(g.loc.source);
        rows.push_back({head, pos, fmt::format("{}:{}", src.name(), src.line_col(g.loc.offset).line)});
        w0 = std::max(w0, head.size());
        w1 = std::max(w1, pos.size());
    }
    for (auto& r : rows) std::printf("%s\n", fmt::format("{:<{}}  {:<{}}  {}", r[0], w0, r[1], w1, r[2]).c_str());
}

void ReplSession::show(const std::string& line, std::size_t at) {
    std::string name = trim(line.substr(at));
    auto it = in_.globals.names.find(name);
    if (it == in_.globals.names.end()) {
        if (const Builtin* b = find_builtin(name)) {
            std::printf("%s: a builtin; %s\n", b->signature, b->summary);
            return;
        }
        command_error(line, at, name.size(), fmt::format("no game, function or let is named `{}`", name));
        return;
    }
    const Global& g = it->second;
    switch (g.kind) {
        case Global::Kind::game: {
            std::string text = in_.globals.games[g.index]->source_text;
            if (!text.empty() && text.back() != '\n') text += '\n';
            std::fputs(text.c_str(), stdout);
            break;
        }
        case Global::Kind::let:
            std::printf("let %s = %s\n", name.c_str(), repr(in_.globals.lets[g.index]).c_str());
            break;
        case Global::Kind::fn: {
            // Functions keep no text: print the definition back from its source.
            try {
                ast::Module m = parse(in_.sources, g.loc.source, ParseMode::repl);
                for (const auto& s : m.stmts)
                    if (s->kind == ast::StmtKind::fn && s->fn->loc.offset == g.loc.offset)
                        std::printf("%s\n", ast::to_source(*s).c_str());
            } catch (const DiagnosticError&) {
                // It parsed when it was defined; nothing to show otherwise.
            }
            break;
        }
    }
}

void ReplSession::moves(const std::string& expr, bool winning_only) {
    Value pos;
    Loc where;
    if (!eval_position(expr, pos, where)) return;
    guarded(where, expr.size(), [&] {
        Context& ctx = in_.ctx;
        const PosObj& p = pos.pos();
        auto value_of = [&](const PosObj& q) {
            if (q.misere) return outcome_text(outcome_of(ctx, q)).str().text;
            const std::uint32_t v = ctx.solver.grundy(comps_of(q));
            return sg_text(ctx.solver, v) + (ctx.solver.outcome(v) == solver::Solver::Outcome::draw ? " (draw)" : "");
        };
        std::vector<Value> options = moves_of(ctx, p);
        const auto outcome = outcome_of(ctx, p);
        const bool p_position = outcome == solver::Solver::Outcome::p;
        if (winning_only) {
            std::string out;
            for (const Value& m : options)
                if (is_p_position(ctx, m.pos())) out += repr(m) + "\n";
            if (out.empty() && outcome == solver::Solver::Outcome::draw) {
                // Keeping the draw: a move to a drawn position.
                std::string keep;
                for (const Value& m : options)
                    if (outcome_of(ctx, m.pos()) == solver::Solver::Outcome::draw) keep += (keep.empty() ? "" : ", ") + repr(m);
                out = fmt::format("none: {} is a draw; no winning move; these keep the draw: {}\n", repr(pos), keep);
            } else if (out.empty() && p_position) out = fmt::format("none: {} is a P-position\n", repr(pos));
            else if (out.empty()) out = fmt::format("none: {} has no moves, and under misère play that wins\n", repr(pos));
            std::fputs(out.c_str(), stdout);
            return;
        }
        std::string count = options.empty()        ? "no moves"
                            : options.size() == 1 ? "1 move"
                                                  : fmt::format("{} moves", options.size());
        std::string out = fmt::format("{}: {}, {}\n", repr(pos), value_of(p), count);
        std::size_t w = 0;
        for (const Value& m : options) w = std::max(w, repr(m).size());
        for (const Value& m : options) {
            bool wins = is_p_position(ctx, m.pos());
            std::string row = fmt::format("  {:<{}}  {}{}", repr(m), w, value_of(m.pos()), wins ? "  wins" : "");
            out += row + "\n";
        }
        std::fputs(out.c_str(), stdout);
    });
}

// The last word of a command's argument when it names a file (`out.svg`):
// no expression ends so. Takes it off `rest`.
static std::string trailing_file(std::string& rest) {
    std::string file;
    std::size_t space = rest.find_last_of(" \t");
    if (space != std::string::npos) {
        std::string last = rest.substr(space + 1);
        std::string ext = std::filesystem::path(last).extension().string();
        bool letters = ext.size() > 1 && std::all_of(ext.begin() + 1, ext.end(), ::isalpha);
        if (letters && last.find_first_of("()[]{},\"") == std::string::npos) {
            file = last;
            rest = trim(rest.substr(0, space));
        }
    }
    return file;
}

void ReplSession::plot(const std::string& line, std::size_t at) {
    std::string rest = trim(line.substr(at));
    std::string file = trailing_file(rest);
    solver::Solver::interrupt_flag = 0;
    Value v;
    Loc where;
    if (in_.eval(next_source_name(), rest, v, &where) != status_ok) return;
    guarded(where, rest.size(), [&] {
        std::string svg = plot_svg(plot_series(v, rest));
        if (file.empty()) {
            std::fputs(svg.c_str(), stdout);
            return;
        }
        std::vector<std::string> inputs = in_.loaded_files();
        inputs.insert(inputs.end(), files_.begin(), files_.end());
        std::string error = write_plot_file(svg, file, inputs);
        if (error.empty()) std::printf("wrote %s\n", file.c_str());
        else command_error(line, line.rfind(file), file.size(), error);
    });
}

void ReplSession::graph(const std::string& line, std::size_t at) {
    std::string rest = trim(line.substr(at));
    std::string file = trailing_file(rest);
    Value pos;
    Loc where;
    if (!eval_position(rest, pos, where)) return;
    guarded(where, rest.size(), [&] {
        std::string dot = to_dot(explore(in_.ctx, pos, opts_.max_nodes));
        if (file.empty()) {
            std::fputs(dot.c_str(), stdout);
            return;
        }
        std::vector<std::string> inputs = in_.loaded_files();
        inputs.insert(inputs.end(), files_.begin(), files_.end());
        std::string error = write_graph_file(dot, file, inputs);
        if (error.empty()) std::printf("wrote %s\n", file.c_str());
        else command_error(line, line.rfind(file), file.size(), error);
    });
}

void ReplSession::stats() {
    const solver::Solver& solver = in_.ctx.solver;
    const solver::Stats& s = solver.stats();
    std::uint64_t states = 0, state_bytes = 0;
    auto instances = in_.ctx.all_instances();
    for (Instance* i : instances) {
        states += i->state_count();
        state_bytes += i->memory_bytes();
    }
    std::uint64_t value_bytes = solver.memory_bytes();
    std::string out = fmt::format("values solved: {} normal play, {} misère sums\n", s.solved, s.misere_solved);
    out += fmt::format("states counted: {} (the limit is {})\n", s.states, solver.max_states());
    out += fmt::format("game instances: {}, with {} states in their tables\n", instances.size(), states);
    out += fmt::format("memory in use: {} (values {}, game instances {})\n", bytes(value_bytes + state_bytes),
                       bytes(value_bytes), bytes(state_bytes));
    std::fputs(out.c_str(), stdout);
}

void ReplSession::clear() {
    std::uint64_t forgotten = in_.ctx.solver.stats().solved + in_.ctx.solver.stats().misere_solved;
    in_.ctx.solver.clear();
    malloc_trim(0);  // give the memory back, so that --max-memory sees it gone
    std::printf("forgot %llu solved values\n", static_cast<unsigned long long>(forgotten));
}

}  // namespace grundy
