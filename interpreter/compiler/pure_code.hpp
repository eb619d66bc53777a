// Which rule code may run once and have its value kept for later uses with
// the same inputs (the int path's tabulated expressions): code that reads
// no input, asks the solver nothing, makes no positions, and calls only
// builtins and game functions that are such code themselves.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "interpreter/ast/ast.hpp"
#include "interpreter/runtime/function_ref.hpp"

namespace grundy {

// Calls `each` with every name e reads that e does not bind itself.
void free_names(const ast::Expr& e, FunctionRef<void(const std::string&)> each);

class PureCode {
public:
    // `is_builtin`: whether a name, in this game, means the builtin;
    // `params`: the game's rule parameters.
    PureCode(const ast::GameDef& gd, const std::vector<std::string>& params,
             FunctionRef<bool(const std::string&)> is_builtin)
        : gd_(gd), params_(params), is_builtin_(is_builtin) {}

    // e is such code, with `locals` (and the names e binds itself) as
    // values. A global name is taken as a value; calling one is not pure
    // (it may be any function, or a game).
    bool pure(const ast::Expr& e, std::vector<std::string>& locals);

private:
    bool name_ok(const std::string& name, bool called, const std::vector<std::string>& locals);
    bool fn_pure(const ast::FnDef& fn);
    const ast::FnDef* game_fn(const std::string& name) const;

    const ast::GameDef& gd_;
    const std::vector<std::string>& params_;
    FunctionRef<bool(const std::string&)> is_builtin_;
    enum class Verdict { checking, pure, impure };
    std::map<std::string, Verdict> fns_;
};

}  // namespace grundy
