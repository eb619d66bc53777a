// The game queries: sg, outcome, misere, moves, winning_moves.
#pragma once

#include <span>

#include "context.hpp"

namespace grundy {

Value query_sg(Context& ctx, std::span<const Value> args);
Value query_outcome(Context& ctx, std::span<const Value> args);
Value query_misere(Context& ctx, std::span<const Value> args);
Value query_moves(Context& ctx, std::span<const Value> args);
Value query_winning_moves(Context& ctx, std::span<const Value> args);
Value query_remoteness(Context& ctx, std::span<const Value> args);

// Shared by the queries and the REPL.
const PosObj& expect_position(const Value& v, const char* what);
std::vector<solver::Comp> comps_of(const PosObj& p);
bool is_p_position(Context& ctx, const PosObj& p);  // under p's own convention
const Value& outcome_text(bool p);  // "P" or "N", one shared string each
const Value& outcome_text(solver::Solver::Outcome o);  // "P", "N" or "D"
// A value from the solver: an int, or ∞{K} in a loopy game.
Value sg_value(const solver::Solver& s, std::uint32_t v);
std::string sg_text(const solver::Solver& s, std::uint32_t v);  // `sg 3`, `sg ∞{0}`
solver::Solver::Outcome outcome_of(Context& ctx, const PosObj& p);  // under p's own convention
std::vector<Value> moves_of(Context& ctx, const PosObj& p);

}  // namespace grundy
