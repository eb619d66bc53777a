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
    // `params`: the game's rule parameters; `global_fn`: a top-level
    // function's definition, or null.
    PureCode(const ast::GameDef& gd, const std::vector<std::string>& params,
             FunctionRef<bool(const std::string&)> is_builtin,
             FunctionRef<const ast::FnDef*(const std::string&)> global_fn)
        : gd_(gd), params_(params), is_builtin_(is_builtin), global_fn_(global_fn) {}

    // e is such code, with `locals` (and the names e binds itself) as
    // values. A global name is taken as a value; calling one is pure when
    // it is a top-level function whose body is (not a game, nor a value).
    bool pure(const ast::Expr& e, std::vector<std::string>& locals);

private:
    bool name_ok(const std::string& name, bool called, const std::vector<std::string>& locals);
    bool fn_pure(const ast::FnDef& fn, bool global);
    const ast::FnDef* game_fn(const std::string& name) const;

    const ast::GameDef& gd_;
    const std::vector<std::string>& params_;
    FunctionRef<bool(const std::string&)> is_builtin_;
    FunctionRef<const ast::FnDef*(const std::string&)> global_fn_;
    bool in_global_ = false;  // checking a top-level function: no rule parameters or game functions
    enum class Verdict { checking, pure, impure };
    std::map<const ast::FnDef*, Verdict> fns_;
};

}  // namespace grundy
