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

// Shared by the queries and the REPL.
const PosObj& expect_position(const Value& v, const char* what);
std::vector<solver::Comp> comps_of(const PosObj& p);
bool is_p_position(Context& ctx, const PosObj& p);  // under p's own convention
Value outcome_text(bool p);  // "P" or "N", one shared string each
std::vector<Value> moves_of(Context& ctx, const PosObj& p);

}  // namespace grundy
