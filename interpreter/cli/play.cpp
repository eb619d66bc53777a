// :play — a game against the engine. The user moves first; the engine
// answers with a winning move when it has one (else its first move), and
// the side left without a move loses (wins, under misère play).
#include <fmt/format.h>

#include "repl_session.hpp"

namespace grundy {

namespace {

void say(const std::string& s) {
    std::fputs(s.c_str(), stdout);
    std::fflush(stdout);
}

// The end, when the user or the engine has no move left.
std::string game_over(bool user_stuck, bool misere) {
    if (!misere) return user_stuck ? "You have no move: the engine wins.\n" : "The engine has no move: you win.\n";
    return user_stuck ? "You have no move, and under misère play that wins: you win.\n"
                      : "The engine has no move, and under misère play that wins: the engine wins.\n";
}

}  // namespace

void ReplSession::play(const std::string& expr) {
    Value pos;
    Loc where;
    if (!eval_position(expr, pos, where)) return;
    const bool misere = pos.pos().misere;
    say(fmt::format("You move first{}. Type a move's number; q stops the game.\n",
                    misere ? " (misère play: whoever moves last loses)" : ""));
    for (;;) {
        std::vector<Value> options;
        if (!guarded(where, expr.size(), [&] { options = moves_of(in_.ctx, pos.pos()); })) return;
        if (options.empty()) {
            say(fmt::format("{}\n{}", repr(pos), game_over(true, misere)));
            return;
        }
        std::string menu = repr(pos) + "\n";
        for (std::size_t i = 0; i < options.size(); ++i) menu += fmt::format("  {}. {}\n", i + 1, repr(options[i]));
        say(menu);
        std::size_t choice = 0;
        while (choice == 0) {
            std::string line;
            if (reader_->read("your move> ", line) != LineReader::Result::line) {
                say("game stopped\n");
                return;
            }
            std::size_t first = line.find_first_not_of(" \t");
            if (first == std::string::npos) continue;
            if (line[first] == 'q') {
                say("game stopped\n");
                return;
            }
            char* end = nullptr;
            unsigned long n = std::strtoul(line.c_str(), &end, 10);
            if (end && end != line.c_str() && n >= 1 && n <= options.size() &&
                line.find_first_not_of(" \t", end - line.c_str()) == std::string::npos)
                choice = n;
            else
                say(fmt::format("type a number from 1 to {}, or q to stop\n", options.size()));
        }
        pos = options[choice - 1];
        say(fmt::format("you: {}\n", repr(pos)));

        // The engine's reply.
        Value reply;
        bool won = false, over = false;
        bool ok = guarded(where, expr.size(), [&] {
            std::vector<Value> answers = moves_of(in_.ctx, pos.pos());
            if (answers.empty()) {
                over = true;
                return;
            }
            reply = answers.front();
            for (const Value& a : answers)
                if (is_p_position(in_.ctx, a.pos())) {
                    reply = a;
                    won = true;
                    break;
                }
        });
        if (!ok) return;
        if (over) {
            say(game_over(false, misere));
            return;
        }
        pos = reply;
        say(fmt::format("engine: {}{}\n", repr(pos), won ? "" : "  (it has no winning move)"));
    }
}

}  // namespace grundy
