// Lists that a generator runs over, built by `+`, `if`, `let` and calls of
// user functions (recursive ones included) as well as written out or
// comprehended: `move d in digits(n)` with
//     fn digits(n) = if n < 10 then [n] else digits(n / 10) + [n % 10]
// compiles to int code (ListResult kinds concat, choice, let, call), so a
// helper that builds the moves is no slower than the moves written inline.
#include <algorithm>

#include "int_rule_compiler.hpp"
#include "interpreter/runtime/int_gen.hpp"
#include "pure_code.hpp"

namespace grundy::intcomp {

// A top-level function that e calls, when the call means it here (no
// register, rule parameter or game function of that name), else null.
const ast::FnDef* IntCompiler::called_global_fn(const Expr& e) const {
    if (e.kind != ExprKind::call || e.items[0]->kind != ExprKind::name) return nullptr;
    const std::string& name = e.items[0]->text;
    if (find(name) || cg_fn(name) || std::find(cg_.params.begin(), cg_.params.end(), name) != cg_.params.end())
        return nullptr;
    const ast::FnDef* fn = global_fn_(name);
    return fn && fn->body && fn->params.size() + 1 == e.items.size() ? fn : nullptr;
}

// Whether e reads a list parameter of the function compiled (which only
// list forms and folds of them can read: it is in no register, and the
// generic code that hoisted, tabulated and called-out code runs on would
// not find it).
bool IntCompiler::reads_list_param(const Expr& e) const {
    if (list_scope_.empty()) return false;
    bool reads = false;
    free_names(e, [&](const std::string& n) {
        reads = reads || (!find(n) && std::find(list_scope_.begin(), list_scope_.end(), n) != list_scope_.end());
    });
    return reads;
}

// Which of a call's arguments are lists by their form (`lists`: the list
// names in scope; `visiting` as list_form's).
std::vector<bool> IntCompiler::list_args(const Expr& call, const std::vector<std::string>& lists,
                                         std::vector<Visit>& visiting) const {
    std::vector<bool> out;
    for (std::size_t i = 1; i < call.items.size(); ++i) out.push_back(list_form(*call.items[i], visiting, lists));
    return out;
}

// Whether e is a list by its form: written out, comprehended, a list
// name in scope, or `+`, `if` or `let` of such, or a call of a function
// whose body is one (`visiting`: the functions, with their arguments'
// kinds, whose bodies are being looked at, taken to be).
bool IntCompiler::list_form(const Expr& e, std::vector<Visit>& visiting, const std::vector<std::string>& lists) const {
    switch (e.kind) {
        case ExprKind::list:
        case ExprKind::list_comp: return true;
        case ExprKind::name: return std::find(lists.begin(), lists.end(), e.text) != lists.end();
        case ExprKind::binary:
            return e.op == Op::add && list_form(*e.items[0], visiting, lists) && list_form(*e.items[1], visiting, lists);
        case ExprKind::if_else:
            return list_form(*e.items[1], visiting, lists) && list_form(*e.items[2], visiting, lists);
        case ExprKind::let_in: return list_form(*e.items[0], visiting, lists);
        case ExprKind::call: {
            const ast::FnDef* fn = called_global_fn(e);
            if (!fn) return false;
            Visit v{fn, list_args(e, lists, visiting)};
            if (std::find(visiting.begin(), visiting.end(), v) != visiting.end()) return true;
            // Each function's answer once: calls in both arms of an `if`
            // would otherwise double the walk at every function of a chain.
            // (One found while a caller is taken to be a list may be true
            // where it is not; compiling it then gives up, as it would.)
            for (const auto& [known, is] : list_forms_)
                if (known == v) return is;
            std::vector<std::string> inner;
            for (std::size_t i = 0; i < fn->params.size(); ++i)
                if (v.lists[i]) inner.push_back(fn->params[i].name);
            visiting.push_back(v);
            const bool body = list_form(*fn->body, visiting, inner);
            visiting.pop_back();
            list_forms_.emplace_back(std::move(v), body);
            return body;
        }
        default: return false;
    }
}

// Such a list other than one written out or comprehended, whose functions
// are pure (compiler/pure_code.hpp): how often a call runs does not matter.
bool IntCompiler::is_list_form(const Expr& e) const {
    std::vector<Visit> visiting;
    if (e.kind == ExprKind::list || e.kind == ExprKind::list_comp || !list_form(e, visiting, list_scope_)) return false;
    std::vector<std::string> locals = list_scope_;
    free_names(e, [&](const std::string& n) {
        if (find(n) && std::find(locals.begin(), locals.end(), n) == locals.end()) locals.push_back(n);
    });
    return PureCode(*gd_, cg_.params, is_builtin_, global_fn_).pure(e, locals);
}

ListResult IntCompiler::list_form_result(const Expr& e) {
    using K = ListResult::Kind;
    ListResult out;
    switch (e.kind) {
        case ExprKind::list:
        case ExprKind::list_comp: return computed_list(e);
        case ExprKind::name: {
            const auto at = std::find(list_scope_.begin(), list_scope_.end(), e.text);
            if (find(e.text) || at == list_scope_.end()) throw GiveUp{};  // an int of that name hides the list
            out.kind = K::list_param;
            out.let_reg = static_cast<std::uint32_t>(at - list_scope_.begin());
            return out;
        }
        case ExprKind::binary:
            out.kind = K::concat;
            out.a = std::make_unique<ListResult>(list_form_result(*e.items[0]));
            out.b = std::make_unique<ListResult>(list_form_result(*e.items[1]));
            return out;
        case ExprKind::if_else:
            out.kind = K::choice;
            out.where = boolean(*e.items[0]);
            out.a = std::make_unique<ListResult>(list_form_result(*e.items[1]));
            out.b = std::make_unique<ListResult>(list_form_result(*e.items[2]));
            return out;
        case ExprKind::let_in: {
            const ast::Generator& g = e.gens.gens[0];
            if (e.gens.gens.size() != 1 || g.pattern.is_tuple()) throw GiveUp{};
            out.kind = K::let;
            out.element = integer(*g.iterable);  // before the name is bound: it is not in scope there
            const auto mark = regs_.size();
            out.let_reg = declare(g.pattern.name);
            out.a = std::make_unique<ListResult>(list_form_result(*e.items[0]));
            regs_.resize(mark);
            return out;
        }
        case ExprKind::call: {
            const ast::FnDef* fn = called_global_fn(e);
            if (!fn) throw GiveUp{};
            out.kind = K::call;
            std::vector<Visit> visiting;
            const std::vector<bool> lists = list_args(e, list_scope_, visiting);
            for (std::size_t i = 1; i < e.items.size(); ++i) {
                if (lists[i - 1]) out.list_args.push_back(list_form_result(*e.items[i]));
                else out.items.push_back(integer(*e.items[i]));
            }
            out.callee = list_fn(*fn, lists);
            return out;
        }
        default: throw GiveUp{};
    }
}

// The rules' scope set aside while a function compiles (no name of the
// rules visible in its body), given back however that ends. A function
// that does not compile is not found by a later try, nor is any made
// while it compiled (which may call it).
struct IntCompiler::FnScope {
    IntCompiler& c;
    std::vector<std::pair<std::string, std::uint32_t>> regs;
    bool lists;
    std::string list;
    std::vector<std::string> list_scope;
    std::size_t list_fns, fns;
    bool done = false;
    explicit FnScope(IntCompiler& compiler)
        : c(compiler), regs(std::move(c.regs_)), lists(c.lists_), list(std::move(c.list_)),
          list_scope(std::move(c.list_scope_)), list_fns(c.list_fns_.size()), fns(c.fns_.size()) {
        c.regs_.clear();
        c.lists_ = false;
        c.list_.clear();
        c.list_scope_.clear();
        ++c.fn_depth_;
    }
    ~FnScope() {
        --c.fn_depth_;
        c.regs_ = std::move(regs);
        c.lists_ = lists;
        c.list_ = std::move(list);
        c.list_scope_ = std::move(list_scope);
        if (!done) c.list_fns_.resize(list_fns), c.fns_.resize(fns);
    }
};

// Whether fn's body reads a name of the rules (a register, a rule
// parameter or a game function) that it does not bind: hoisted values
// are evaluated where the rules are, so a name the body takes for a
// global must mean the global there too.
bool IntCompiler::reads_rules_names(const ast::FnDef& fn) const {
    bool outside = false;
    free_names(*fn.body, [&](const std::string& n) {
        if (std::any_of(fn.params.begin(), fn.params.end(), [&](const ast::Param& p) { return p.name == n; })) return;
        outside = outside || find(n) || cg_fn(n) ||
                  std::find(cg_.params.begin(), cg_.params.end(), n) != cg_.params.end();
    });
    return outside;
}

// fn compiled once for each kinds of its arguments, in a scope of its own:
// its int parameters in new registers, its list parameters in
// Frame::list_args, no name of the rules visible. A name it reads that is
// not its own must mean a global there and here: not a rule parameter, a
// game function or a register of the rules (hoisted values are evaluated
// where the rules are).
const ListFn* IntCompiler::list_fn(const ast::FnDef& fn, const std::vector<bool>& lists) {
    for (const auto& [visit, made] : list_fns_)
        if (visit.fn == &fn && visit.lists == lists) return made;
    if (reads_rules_names(fn)) throw GiveUp{};
    game_->list_fns.push_back(std::make_unique<ListFn>());
    ListFn& made = *game_->list_fns.back();
    FnScope scope(*this);
    list_fns_.emplace_back(Visit{&fn, lists}, &made);
    made.first_reg = next_reg_;
    made.list_params = lists;
    for (std::size_t i = 0; i < fn.params.size(); ++i) {
        if (lists[i]) list_scope_.push_back(fn.params[i].name);
        else made.params.push_back(declare(fn.params[i].name));
    }
    made.body = list_form_result(*fn.body);
    made.end_reg = next_reg_;
    scope.done = true;
    return &made;
}

// A call of a pure top-level function whose body is int (or, `test`,
// bool) code in a scope of its own, its arguments int code: an IntCall
// (BoolCall), the function compiled once per game, recursion included.
// Null when it is not one, with what a failed try made taken back (a
// call-out may take e instead).
template <typename Node> std::unique_ptr<Node> IntCompiler::fn_call(const Expr& e, bool test) {
    const ast::FnDef* fn = called_global_fn(e);
    if (!fn || e.items.size() > 9 || reads_list_param(e) || reads_rules_names(*fn)) return nullptr;
    std::vector<Visit> visiting;
    if (list_form(*fn->body, visiting, {})) return nullptr;  // a list, not an int
    std::vector<std::string> locals = list_scope_;
    free_names(e, [&](const std::string& n) {
        if (find(n) && std::find(locals.begin(), locals.end(), n) == locals.end()) locals.push_back(n);
    });
    if (!PureCode(*gd_, cg_.params, is_builtin_, global_fn_).pure(e, locals)) return nullptr;
    const Checkpoint before = checkpoint();
    try {
        FnCall call;
        for (std::size_t i = 1; i < e.items.size(); ++i) call.args.push_back(integer(*e.items[i]));
        call.fn = fn_code(*fn, test);
        if (fn_depth_ == 0 && call.args.size() <= 4) call.memo = game_->call_memos++;
        if constexpr (std::is_same_v<Node, IntCall>) return std::make_unique<IntCall>(e.loc, e.length, std::move(call));
        else return std::make_unique<BoolCall>(std::move(call));
    } catch (const GiveUp&) {
        roll_back(before);
        return nullptr;
    }
}
template std::unique_ptr<IntCall> IntCompiler::fn_call<IntCall>(const Expr&, bool);
template std::unique_ptr<BoolCall> IntCompiler::fn_call<BoolCall>(const Expr&, bool);

const FnCode* IntCompiler::fn_code(const ast::FnDef& fn, bool test) {
    for (const auto& [key, made] : fns_)
        if (key.first == &fn && key.second == test) return made;
    game_->fns.push_back(std::make_unique<FnCode>());
    FnCode& made = *game_->fns.back();
    FnScope scope(*this);
    fns_.emplace_back(std::make_pair(&fn, test), &made);
    made.first_reg = next_reg_;
    for (const ast::Param& p : fn.params) made.params.push_back(declare(p.name));
    if (test) made.test = boolean(*fn.body);
    else made.value = integer(*fn.body);
    made.end_reg = next_reg_;
    scope.done = true;
    return &made;
}

// sum, len, min or max of such a list, or of one written out or
// comprehended (ListFold); null when e is not one that compiles, with
// what a failed try made taken back (a call-out may take e instead).
IntPtr IntCompiler::list_fold(const Expr& e) {
    if (e.kind != ExprKind::call || e.items.size() != 2 || e.items[0]->kind != ExprKind::name) return nullptr;
    const std::string& name = e.items[0]->text;
    using F = ListFold::Op;
    F op;
    if (name == "sum") op = F::sum;
    else if (name == "len") op = F::len;
    else if (name == "min") op = F::min;
    else if (name == "max") op = F::max;
    else return nullptr;
    const Expr& xs = *e.items[1];
    const bool listed = xs.kind == ExprKind::list || xs.kind == ExprKind::list_comp;
    if (shadowed(name) || (lists_ && is_pos(xs)) || (!listed && !is_list_form(xs))) return nullptr;
    const Checkpoint before = checkpoint();
    try {
        auto list = std::make_shared<const ListResult>(listed ? computed_list(xs) : list_form_result(xs));
        return std::make_unique<ListFold>(e.loc, e.length, op, std::move(list));
    } catch (const GiveUp&) {
        roll_back(before);
        return nullptr;
    }
}

}  // namespace grundy::intcomp

namespace grundy::intpath {

std::int64_t ListFold::eval(const Frame& f) const {
    ComputedList xs;
    make_computed(list, f, xs);
    const std::span<const std::int64_t> all = xs.span();
    switch (op) {
        case Op::len: return static_cast<std::int64_t>(all.size());
        case Op::sum: {
            std::int64_t total = 0;
            for (std::int64_t x : all)
                if (__builtin_add_overflow(total, x, &total)) throw Unfit{};
            return total;
        }
        case Op::min:
        case Op::max:
            if (all.empty()) throw Unfit{};
            return op == Op::min ? *std::min_element(all.begin(), all.end()) : *std::max_element(all.begin(), all.end());
    }
    return 0;
}

}  // namespace grundy::intpath
