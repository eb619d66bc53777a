// Test helper: runs Grundy source text in a fresh interpreter and returns
// what it printed, what it reported and its status.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "interpreter/driver/interpreter.hpp"

namespace grundy::testing {

struct Result {
    Status status;
    std::string out, err;
};

inline Result run_program(const std::string& text, const std::string& input = "", std::uint64_t max_states = 0) {
    Interpreter in;
    if (max_states) in.ctx.solver.set_max_states(max_states);
    char* out_buf = nullptr;
    char* err_buf = nullptr;
    std::size_t out_size = 0, err_size = 0;
    std::FILE* out = open_memstream(&out_buf, &out_size);
    std::FILE* err = open_memstream(&err_buf, &err_size);
    std::FILE* inp = fmemopen(const_cast<char*>(input.data()), input.size() + 1, "r");
    in.set_output(out, err);
    in.set_input(inp);
    Status s = in.run_text("test.game", text);
    std::fclose(out);
    std::fclose(err);
    std::fclose(inp);
    Result r{s, std::string(out_buf, out_size), std::string(err_buf, err_size)};
    std::free(out_buf);
    std::free(err_buf);
    return r;
}

// The printed output of a program that must succeed.
inline std::string output_of(const std::string& text, const std::string& input = "") {
    Result r = run_program(text, input);
    if (r.status != status_ok) return "<status " + std::to_string(r.status) + ">\n" + r.err;
    return r.out;
}

// Whether `program`'s game `name`, once compiled, satisfies `test`.
template <typename Test> bool compiled_game(const std::string& program, const std::string& name, Test test) {
    Interpreter in;
    std::FILE* out = std::fopen("/dev/null", "w");
    in.set_output(out, out);
    in.run_text("test.game", program);
    std::fclose(out);
    const CompiledGame* g = in.globals.game(name);
    return g && test(*g);
}

inline bool on_int_path(const std::string& program, const std::string& name) {
    return compiled_game(program, name, [](const CompiledGame& g) { return g.fast != nullptr; });
}

// Whether game `name` has int code for positions that are lists of k ints
// where no result fixes the length (CompiledGame::fast_by_length).
inline bool on_int_path_at_length(const std::string& program, const std::string& name, std::size_t k) {
    return compiled_game(program, name,
                         [&](const CompiledGame& g) { return k < g.fast_by_length.size() && g.fast_by_length[k]; });
}

// `program` with game `name` kept off the int path: its `terminal` asks
// the solver first (a condition that never holds), which no int code does.
// The game's rules are otherwise the same, so both must answer alike; the
// copy has two more lines at the top, and one in the game when it had no
// `terminal`. Empty when there is no such game.
inline std::string generic_copy(const std::string& program, const std::string& name) {
    std::string out = "game Never { position n; move k in 1..n => n - k }\nfn never() = sg(Never(1)) == 0\n" + program;
    const auto game = out.find("game " + name);
    const auto at = game == std::string::npos ? game : out.find("{", game);
    if (at == std::string::npos) return "";
    const auto terminal = out.find("terminal when ", at);
    if (terminal != std::string::npos) out.insert(terminal + 14, "never() or ");
    else out.insert(at + 1, "\n    terminal when never() => lose");
    return out;
}

}  // namespace grundy::testing
