#include "progress.hpp"

#include <chrono>
#include <cstdio>
#include <fmt/format.h>
#include <memory>
#include <unistd.h>

namespace grundy {

namespace {

using Clock = std::chrono::steady_clock;

std::string grouped(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

struct ProgressLine {
    int depth = 0;               // statements nest (an import runs while one compiles)
    Clock::time_point start, last_drawn;
    std::uint64_t base = 0;      // states solved before this statement
    bool shown = false;

    static std::uint64_t solved(const solver::Stats& s) { return s.solved + s.misere_solved; }

    void statement(bool starting, const solver::Solver& solver) {
        if (starting) {
            if (depth++ == 0) {
                start = Clock::now();
                base = solved(solver.stats());
                shown = false;
            }
            return;
        }
        if (--depth == 0 && shown) {
            std::fputs("\r\033[K", stderr);
            std::fflush(stderr);
            shown = false;
        }
    }

    void tick(const solver::Stats& stats) {
        if (depth == 0) return;
        Clock::time_point now = Clock::now();
        double elapsed = std::chrono::duration<double>(now - start).count();
        if (elapsed < 1.0 || (shown && now - last_drawn < std::chrono::milliseconds(200))) return;
        std::uint64_t n = solved(stats) >= base ? solved(stats) - base : solved(stats);  // :clear resets stats
        std::fprintf(stderr, "\r\033[Ksolving: %s states, %s states/s, %.0f s", grouped(n).c_str(),
                     grouped(static_cast<std::uint64_t>(n / elapsed)).c_str(), elapsed);
        std::fflush(stderr);
        last_drawn = now;
        shown = true;
    }
};

}  // namespace

void attach_progress_line(Interpreter& in) {
    if (!isatty(STDERR_FILENO)) return;
    auto line = std::make_shared<ProgressLine>();
    solver::Solver& solver = in.ctx.solver;
    in.on_statement = [line, &solver](bool starting) { line->statement(starting, solver); };
    solver.progress = [line](const solver::Stats& s) { line->tick(s); };
}

}  // namespace grundy
