#include "pure_code.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace grundy {

namespace {

using ast::Expr;
using ast::ExprKind;

// Builtins whose value depends on their arguments alone.
bool pure_builtin(const std::string& name) {
    static const char* const names[] = {"len",  "min",   "max",       "sum",  "abs",   "sorted", "reversed",
                                        "mex",  "nim_sum", "fib",     "is_fib", "update", "str",  "join",
                                        "zip",  "enumerate", "fold",  "add",  "mul",   "xor",    "int",
                                        "isqrt", "any",  "all",       "list", "set",   "tuple",  "count",
                                        "code_digits"};
    return std::any_of(std::begin(names), std::end(names), [&](const char* n) { return name == n; });
}

void bind(const ast::Pattern& p, std::vector<std::string>& out) {
    if (!p.is_tuple()) out.push_back(p.name);
    for (const ast::Pattern& item : p.items) bind(item, out);
}

void free_names(const Expr& e, std::vector<std::string>& bound, FunctionRef<void(const std::string&)> each) {
    if (e.kind == ExprKind::name) {
        if (std::find(bound.begin(), bound.end(), e.text) == bound.end()) each(e.text);
        return;
    }
    const std::size_t mark = bound.size();
    for (const ast::Generator& g : e.gens.gens) {
        free_names(*g.iterable, bound, each);
        bind(g.pattern, bound);
    }
    if (e.gens.where) free_names(*e.gens.where, bound, each);
    for (const ast::ExprPtr& item : e.items) free_names(*item, bound, each);
    bound.resize(mark);
}

}  // namespace

void free_names(const Expr& e, FunctionRef<void(const std::string&)> each) {
    std::vector<std::string> bound;
    free_names(e, bound, each);
}

const ast::FnDef* PureCode::game_fn(const std::string& name) const {
    for (const ast::FnDef& f : gd_.fns)
        if (f.name == name) return &f;
    return nullptr;
}

// A name not bound in the code: a rule parameter or a global is a value;
// a game function must be pure; a builtin must be one of pure_builtin.
bool PureCode::name_ok(const std::string& name, bool called, const std::vector<std::string>& locals) {
    if (std::find(locals.begin(), locals.end(), name) != locals.end()) return !called;
    if (!in_global_) {
        if (std::find(params_.begin(), params_.end(), name) != params_.end()) return !called;
        if (const ast::FnDef* f = game_fn(name)) return fn_pure(*f, false);
    }
    if (const ast::FnDef* f = called ? global_fn_(name) : nullptr) return fn_pure(*f, true);
    if (is_builtin_(name)) return pure_builtin(name);
    return !called;
}

bool PureCode::fn_pure(const ast::FnDef& fn, bool global) {
    auto [it, fresh] = fns_.emplace(&fn, Verdict::checking);
    if (!fresh) return it->second != Verdict::impure;  // a recursive call is as pure as the rest of the body
    std::vector<std::string> locals;
    for (const ast::Param& p : fn.params) locals.push_back(p.name);
    const bool outer = std::exchange(in_global_, in_global_ || global);
    const bool ok = pure(*fn.body, locals);
    in_global_ = outer;
    fns_[&fn] = ok ? Verdict::pure : Verdict::impure;
    return ok;
}

bool PureCode::pure(const Expr& e, std::vector<std::string>& locals) {
    switch (e.kind) {
        case ExprKind::name: return name_ok(e.text, false, locals);
        case ExprKind::call: {
            const Expr& callee = *e.items[0];
            if (callee.kind != ExprKind::name || !name_ok(callee.text, true, locals)) return false;
            // fold's function is named, and resolved as a call would be.
            if (callee.text == "fold" && is_builtin_("fold") && e.items.size() > 1 &&
                e.items[1]->kind == ExprKind::name && !name_ok(e.items[1]->text, true, locals))
                return false;
            for (std::size_t i = 1; i < e.items.size(); ++i)
                if (!pure(*e.items[i], locals)) return false;
            return true;
        }
        case ExprKind::list_comp:
        case ExprKind::set_comp:
        case ExprKind::let_in: {
            const std::size_t mark = locals.size();
            bool ok = true;
            for (const ast::Generator& g : e.gens.gens) {
                ok = ok && pure(*g.iterable, locals);  // sees the names bound before it
                bind(g.pattern, locals);
            }
            ok = ok && (!e.gens.where || pure(*e.gens.where, locals)) && pure(*e.items[0], locals);
            locals.resize(mark);
            return ok;
        }
        default:
            for (const ast::ExprPtr& item : e.items)
                if (!pure(*item, locals)) return false;
            return true;
    }
}

}  // namespace grundy
