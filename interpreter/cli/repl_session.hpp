// The REPL's state and its parts: reading entries (repl.cpp), the `:`
// commands (repl_commands.cpp) and playing against the engine (play.cpp).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/runtime/queries.hpp"
#include "line_reader.hpp"
#include "repl.hpp"

namespace grundy {

// The commands' names, for completion.
std::vector<std::string> repl_command_names();

class ReplSession {
public:
    ReplSession(Interpreter& in, const ReplOptions& opts);
    int run(const std::vector<std::string>& files);

private:
    // repl.cpp
    void run_entry(const std::string& text);
    void timed(const std::function<void()>& f);  // with :time on, then says how long f took
    Completion complete(std::string_view before_cursor) const;
    std::string next_source_name() { return "<repl:" + std::to_string(++entries_) + ">"; }

    // repl_commands.cpp. `line` is the whole command; its argument starts at `at`.
    bool command(const std::string& line);  // false: leave the REPL
    void help();
    bool load(const std::string& path);  // false after an error (reported)
    void reload();
    void games();
    void show(const std::string& line, std::size_t at);
    void moves(const std::string& expr, bool winning_only);
    void graph(const std::string& line, std::size_t at);
    void plot(const std::string& line, std::size_t at);
    void stats();
    void clear();
    // Reports an error in a command line, underlining `len` characters from `col` (0-based).
    void command_error(const std::string& line, std::size_t col, std::size_t len, const std::string& message);
    // Evaluates a command's expression; false (error reported) unless it is a position.
    bool eval_position(const std::string& expr, Value& out, Loc& where);
    // Runs `f`, reporting its errors at `where` (an expression of `length`);
    // false after an error.
    template <typename F> bool guarded(Loc where, std::size_t length, F&& f);

    // play.cpp. `arg`: a position, then optionally `engine` or `you` (who moves first).
    void play(const std::string& arg);
    Value without_spent_parts(const Value& pos);
    std::vector<Value> play_options(const Value& pos);  // moves, spent parts dropped

    Interpreter& in_;
    ReplOptions opts_;
    std::unique_ptr<LineReader> reader_;
    std::vector<std::string> files_;  // loaded so far, for :reload
    int entries_ = 0;
    bool timing_ = false;
};

template <typename F> bool ReplSession::guarded(Loc where, std::size_t length, F&& f) {
    auto at = [&](const char* message) {
        return DiagnosticError(Diagnostic{Severity::error, where, static_cast<std::uint32_t>(length), message});
    };
    if (in_.on_statement) in_.on_statement(true);  // the progress line, as for a statement
    if (opts_.watchdog) opts_.watchdog->arm();     // :play's time waiting for a move is not counted
    bool ok = false;
    try {
        f();
        ok = true;
    } catch (const DiagnosticError& e) {
        in_.report(e);
    } catch (const ValueError& e) {
        in_.report(at(e.what()));
    } catch (const solver::SolveError& e) {
        in_.report(at(e.what()));
    } catch (const std::bad_alloc& e) {
        in_.report(at(out_of_memory_message(e).c_str()));
    }
    if (in_.on_statement) in_.on_statement(false);
    in_.flush();
    return ok;
}

}  // namespace grundy
