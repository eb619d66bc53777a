// Test helpers: an int-path game against the same rules kept off the int
// path, and the message of a reported error.
#pragma once

#include <string>

#include "run_program.hpp"

namespace grundy::testing {

// The first error's message, without its location.
inline std::string error_line(const std::string& err) {
    return err.substr(err.find("error:"), err.find('\n') - err.find("error:"));
}

// `rules` uses `n` for the position and `S(e)` for "the state e"; checks
// n in 0..top, ascending and then on a fresh pair of instances from the top.
inline std::string agree(const std::string& rules, int top, const std::string& params = "") {
    auto fill = [&](std::string text, const std::string& state, const std::string& n) {
        for (std::size_t at; (at = text.find("S(")) != std::string::npos;) {
            std::size_t close = at + 2;
            for (int depth = 1; depth; ++close) depth += text[close] == '(' ? 1 : text[close] == ')' ? -1 : 0;
            std::string inner = text.substr(at + 2, close - at - 3);
            text.replace(at, close - at, state == "n" ? "(" + inner + ")" : "[" + inner + "]");
        }
        for (std::size_t at = 0; (at = text.find("$n", at)) != std::string::npos;) text.replace(at, 2, n);
        return text;
    };
    // L: the same rules kept off the int path by a `terminal` that asks the
    // solver (and never holds), so L is the generic path's answer.
    std::string program = "game Never { position n; move k in 1..n => n - k }\nfn never() = sg(Never(1)) == 0\n";
    program += "game I" + params + " { position n; " + fill(rules, "n", "n") + " }\n" + "game L" + params +
               " { position n; terminal when never() => lose; " + fill(rules, "n", "n") + " }\n";
    std::string args = params.empty() ? "" : "(3)";
    std::string t = std::to_string(top);
    program += "let i = I" + args + "\nlet l = L" + args + "\n";
    program += "check sg(i(n)) == sg(l(n)) for n in 0.." + t + "\n";
    program += "let j = I" + (params.empty() ? std::string("") : "(3)") + "\n";
    program += "print sg(j(" + t + ")) == sg(l(" + t + ")), sum([sg(i(n)) for n in 0.." + t + "])\n";
    return output_of(program);
}

}  // namespace grundy::testing
