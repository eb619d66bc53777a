// Builds the int fast path of a game (runtime/int_game.hpp), or nothing
// when the game's positions or rules are not plain int arithmetic.
#pragma once

#include <memory>

#include "interpreter/ast/ast.hpp"
#include "interpreter/runtime/function_ref.hpp"
#include "interpreter/runtime/int_game.hpp"

namespace grundy {

// `hoist` compiles an expression that does not depend on the position with
// the game's generic scope (rule parameters, globals, local functions);
// `tabulate` compiles one that reads the names `vars` besides, each in a
// frame slot of its own (returned in `slots`);
// `is_builtin` says whether a name, in this game, means the builtin;
// `global_fn` gives the definition of a top-level function, or null;
// `by_length` gets the rules by position length of a game on lists whose
// moves keep the length (CompiledGame::fast_by_length), else stays empty.
std::shared_ptr<const IntGame> compile_int_game(const ast::GameDef& gd, const CompiledGame& cg,
                                                FunctionRef<CodePtr(const ast::Expr&)> hoist,
                                                FunctionRef<CodePtr(const ast::Expr&, const std::vector<std::string>& vars,
                                                                    std::vector<std::uint32_t>& slots)> tabulate,
                                                FunctionRef<bool(const std::string&)> is_builtin,
                                                FunctionRef<const ast::FnDef*(const std::string&)> global_fn,
                                                std::vector<std::shared_ptr<const IntGame>>& by_length);

}  // namespace grundy
