// The compiler's half of runtime/translation_grid.hpp: which moves are
// translations on a grid, decided on the rewritten rules.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interpreter/ast/ast.hpp"
#include "interpreter/runtime/function_ref.hpp"
#include "interpreter/runtime/translation_grid.hpp"

namespace grundy {

// The int compiler's own tools, in the scope of the move being compiled.
struct GridHooks {
    FunctionRef<intpath::IntPtr(const ast::Expr&)> integer;  // null when it does not compile
    FunctionRef<intpath::BoolPtr(const ast::Expr&)> boolean;  // null when it does not compile
    // 0: reads none of the names; 1: affine in them, without min, max, abs or if.
    FunctionRef<int(const ast::Expr&, const std::vector<std::string>&)> linearity;
    FunctionRef<bool(const ast::Expr&)> pure;  // only pure builtins (hoistable were it constant)
    FunctionRef<bool(const std::string&)> builtin;  // the name, here, means the builtin
};

// The grid form of one move of a game on `names` (its coordinates, in
// order), or null: generators over ranges or lists that read no coordinate,
// a result (x_1 + e_1, ..., x_k + e_k) up to affine rewriting (each part
// affine in the coordinates; the instance checks it is x_i + d_i), and a
// `where` whose conjuncts read no coordinate, or compare (<, <=, >, >=, ==)
// two sides affine in the one coordinate they read (`c <= min(L, e)`, c
// and L literals, c <= L, as `c <= e`: a small range's guard).
// `wrapped`: the position is a tuple pattern (its results are tuples).
// `whole`: a name that reads all the coordinates at once (a list
// position's, fixed_lists.hpp), or empty; a move that reads it is none.
std::unique_ptr<intpath::GridMove> grid_move(const ast::MoveDef& mv, const std::vector<std::string>& names,
                                             const std::string& whole, bool wrapped, GridHooks& hooks);

// Whether `start`'s parts are affine in its pattern's names (no start: true).
bool grid_start_affine(const ast::GameDef& gd, std::size_t arity, bool wrapped, GridHooks& hooks);

// The coordinates' names of a tuple (or one-name) position.
std::vector<std::string> grid_names(const ast::Pattern& position);

}  // namespace grundy
