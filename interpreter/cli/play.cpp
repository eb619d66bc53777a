// :play — a game against the engine. Either side may move first; the
// engine answers with a winning move when it has one (else its first
// move), and the side left without a move loses (wins, under misère play).
// At your turn: a move's number, h (a hint), u (undo your last move and
// the engine's answer), q (stop).
#include <algorithm>
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

// `P engine` or `P you`: who moves first, said after the position.
bool split_first_mover(std::string& expr, bool& engine_first) {
    std::size_t space = expr.find_last_of(" \t");
    if (space == std::string::npos) return false;
    std::string word = expr.substr(space + 1);
    if (word != "engine" && word != "you") return false;
    std::size_t end = expr.find_last_not_of(" \t", space);
    if (end == std::string::npos) return false;
    // After an operator or an opening bracket the word is part of the expression.
    if (std::string_view("+-*/%^&|<>=([{,.").find(expr[end]) != std::string_view::npos) return false;
    engine_first = word == "engine";
    expr = expr.substr(0, end + 1);
    return true;
}

}  // namespace

// The position without its components that have no moves left (a heap of
// 0 in a sum changes nothing); one is kept when all are spent.
Value ReplSession::without_spent_parts(const Value& pos) {
    const PosObj& p = pos.pos();
    if (p.parts.size() < 2) return pos;
    Components live;
    for (const Component& c : p.parts)
        if (!in_.ctx.solver.options(solver::make_comp(c.game->index(), c.state)).empty()) live.push_back(c);
    if (live.size() == p.parts.size()) return pos;
    if (live.empty()) live.push_back(p.parts.front());
    return make_position(std::move(live), p.misere);
}

std::vector<Value> ReplSession::play_options(const Value& pos) {
    std::vector<Value> out;
    for (const Value& m : moves_of(in_.ctx, pos.pos())) {
        Value tidy = without_spent_parts(m);
        if (std::find(out.begin(), out.end(), tidy) == out.end()) out.push_back(std::move(tidy));
    }
    return out;
}

void ReplSession::play(const std::string& arg) {
    std::string expr = arg;
    bool engine_first = false;
    split_first_mover(expr, engine_first);
    Value start;
    Loc where;
    if (!eval_position(expr, start, where)) return;
    const bool misere = start.pos().misere;
    say(fmt::format("{} first{}. Type a move's number; h: a hint, u: undo, q: stop.\n",
                    engine_first ? "The engine moves" : "You move",
                    misere ? " (misère play: whoever moves last loses)" : ""));
    Value pos;
    bool ok = guarded(where, expr.size(), [&] { pos = without_spent_parts(start); });
    if (!ok) return;

    // How the engine ranks a move (lower first): a win, else a draw, else
    // a loss. In a loopy game it wins soonest and loses latest by
    // remoteness, so that it does not go round.
    auto rank = [&](const Value& option) -> std::pair<int, std::int64_t> {
        const PosObj& q = option.pos();
        const auto o = outcome_of(in_.ctx, q);
        std::int64_t r = 0;
        const bool loopy = std::any_of(q.parts.begin(), q.parts.end(),
                                       [&](const Component& c) { return in_.ctx.solver.loopy(c.game->index()); });
        if (!q.misere && loopy && o != solver::Solver::Outcome::draw)
            r = static_cast<std::int64_t>(std::min<std::uint64_t>(in_.ctx.solver.remoteness(comps_of(q)), INT64_MAX));
        if (o == solver::Solver::Outcome::p) return {0, r};
        if (o == solver::Solver::Outcome::draw) return {1, 0};
        return {2, -r};
    };
    // Positions met after each move, for the draw by repetition.
    std::vector<Value> seen;
    auto repeated = [&](const Value& p) {
        seen.push_back(p);
        if (std::count(seen.begin(), seen.end(), p) < 3) return false;
        say(fmt::format("{} has occurred three times: the game is a draw\n", repr(p)));
        return true;
    };

    // The engine's move from `pos`; false when it has none (the game is over).
    auto engine_moves = [&](bool& over) {
        Value reply;
        int kind = 2;
        over = false;
        bool done = guarded(where, expr.size(), [&] {
            std::vector<Value> answers = play_options(pos);
            if (answers.empty()) {
                over = true;
                return;
            }
            std::size_t best = 0;
            auto best_rank = rank(answers[0]);
            for (std::size_t i = 1; i < answers.size(); ++i) {
                auto r = rank(answers[i]);
                if (r < best_rank) best_rank = r, best = i;
            }
            reply = answers[best];
            kind = best_rank.first;
        });
        if (!done) return false;
        if (over) {
            say(game_over(false, misere));
            return false;
        }
        pos = reply;
        say(fmt::format("engine: {}{}\n", repr(pos),
                        kind == 0 ? "" : kind == 1 ? "  (it keeps the draw)" : "  (it has no winning move)"));
        return !repeated(pos);
    };

    bool over = false;
    if (engine_first) {
        say(repr(pos) + "\n");
        if (!engine_moves(over)) return;
    }
    std::vector<Value> before;  // the positions at your earlier turns, for undo
    for (;;) {
        std::vector<Value> options;
        std::vector<bool> wins, draws;
        if (!guarded(where, expr.size(), [&] {
                options = play_options(pos);
                for (const Value& o : options) {
                    const auto outcome = outcome_of(in_.ctx, o.pos());
                    wins.push_back(outcome == solver::Solver::Outcome::p);
                    draws.push_back(outcome == solver::Solver::Outcome::draw);
                }
            }))
            return;
        if (options.empty()) {
            say(fmt::format("{}\n{}", repr(pos), game_over(true, misere)));
            return;
        }
        std::string menu = repr(pos) + "\n";
        for (std::size_t i = 0; i < options.size(); ++i) menu += fmt::format("  {}. {}\n", i + 1, repr(options[i]));
        say(menu);
        std::size_t winning = std::find(wins.begin(), wins.end(), true) - wins.begin();  // the first, if any
        std::size_t drawing = std::find(draws.begin(), draws.end(), true) - draws.begin();
        std::size_t choice = 0;
        bool undone = false;
        while (choice == 0 && !undone) {
            std::string line;
            // Moves are not worth recalling with Up: they stay out of the history.
            if (reader_->read("your move> ", line, false) != LineReader::Result::line) {
                say("game stopped\n");
                return;
            }
            std::size_t first = line.find_first_not_of(" \t");
            if (first == std::string::npos) continue;
            std::string word = line.substr(first, line.find_last_not_of(" \t") + 1 - first);
            if (word == "q" || word == "quit") {
                say("game stopped\n");
                return;
            }
            if (word == "h" || word == "hint") {
                if (winning < options.size())
                    say(fmt::format("hint: {}. {} wins\n", winning + 1, repr(options[winning])));
                else if (drawing < options.size())
                    say(fmt::format("hint: no move wins here; {}. {} keeps the draw\n", drawing + 1,
                                    repr(options[drawing])));
                else
                    say("hint: no move wins here; the engine can answer any move with a win\n");
                continue;
            }
            if (word == "u" || word == "undo") {
                if (before.empty()) {
                    say("nothing to undo\n");
                    continue;
                }
                pos = before.back();
                before.pop_back();
                // Your move and the engine's reply are taken back.
                seen.resize(seen.size() >= 2 ? seen.size() - 2 : 0);
                say("undone: back to your last turn\n");
                undone = true;
                continue;
            }
            char* end = nullptr;
            unsigned long n = std::strtoul(word.c_str(), &end, 10);
            if (end && *end == '\0' && end != word.c_str() && n >= 1 && n <= options.size())
                choice = n;
            else
                say(fmt::format("type a number from 1 to {}, h for a hint, u to undo, or q to stop\n",
                                options.size()));
        }
        if (undone) continue;
        before.push_back(pos);
        pos = options[choice - 1];
        std::string comment;
        if (winning < options.size() && !wins[choice - 1])
            comment = fmt::format("  (that gives the win away: move {} would have won)", winning + 1);
        else if (drawing < options.size() && !draws[choice - 1] && !wins[choice - 1])
            comment = fmt::format("  (that gives the draw away: move {} would have kept it)", drawing + 1);
        say(fmt::format("you: {}{}\n", repr(pos), comment));
        if (repeated(pos)) return;
        if (!engine_moves(over)) return;
    }
}

}  // namespace grundy
