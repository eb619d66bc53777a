// Positions that are int lists or sets: the new position of a move
// (ListResult), its stretches, filters and removals.
#include <algorithm>
#include <set>

#include "expr_edits.hpp"
#include "int_rule_compiler.hpp"
#include "pure_code.hpp"

namespace grundy::intcomp {

// A name that means the position of a game on int lists.
bool IntCompiler::is_pos(const Expr& e) const {
    const std::uint32_t* r = e.kind == ExprKind::name ? find(e.text) : nullptr;
    return lists_ && r && *r == pos_reg_;
}

// A set that cannot fail: the position, a set of registers and literals
// written out, or `-`, `+`, `|` and `&` of such sets (a set position).
bool IntCompiler::plain_set(const Expr& e) const {
    switch (e.kind) {
        case ExprKind::name: return is_pos(e);
        case ExprKind::set:
            return std::all_of(e.items.begin(), e.items.end(), [&](const ast::ExprPtr& x) { return plain_int(*x); });
        case ExprKind::binary:
            return (e.op == Op::sub || e.op == Op::add || e.op == Op::bit_or || e.op == Op::bit_and) &&
                   plain_set(*e.items[0]) && plain_set(*e.items[1]);
        default: return false;
    }
}

bool IntCompiler::plain_int(const Expr& e) const {
    if (expr_edits::int_literal(e)) return true;
    const std::uint32_t* r = e.kind == ExprKind::name ? find(e.text) : nullptr;
    return r && *r != pos_reg_ && !(set_regs_ >> *r & 1);
}

// `y in e` for e a plain set and y a plain int: the same test made of `y
// in` the position and comparisons, none of which can fail (`y in s - {x}`
// is `y in s and not y == x`); null when they are not so.
ast::ExprPtr IntCompiler::membership(const Expr& y, const Expr& e) const {
    if (!plain_int(y) || !plain_set(e) || shape_ != IntGame::Shape::sets) return nullptr;
    auto node = [&](ExprKind k, Op op, ast::ExprPtr a, ast::ExprPtr b) {
        auto out = std::make_unique<Expr>(k, e.loc, e.length);
        out->op = op;
        out->items.push_back(std::move(a));
        if (b) out->items.push_back(std::move(b));
        return out;
    };
    switch (e.kind) {
        case ExprKind::name: return node(ExprKind::compare, Op::in, ast::clone(y), ast::clone(e));
        case ExprKind::set: {
            ast::ExprPtr out = std::make_unique<Expr>(ExprKind::bool_lit, e.loc, e.length);  // false
            for (auto& item : e.items) {
                ast::ExprPtr eq = node(ExprKind::compare, Op::eq, ast::clone(y), ast::clone(*item));
                out = out->kind == ExprKind::bool_lit ? std::move(eq)
                                                      : node(ExprKind::logic_or, Op::eq, std::move(out), std::move(eq));
            }
            return out;
        }
        default: {
            ast::ExprPtr a = membership(y, *e.items[0]), b = membership(y, *e.items[1]);
            if (e.op == Op::sub) b = node(ExprKind::logic_not, Op::eq, std::move(b), nullptr);
            return node(e.op == Op::sub || e.op == Op::bit_and ? ExprKind::logic_and : ExprKind::logic_or, Op::eq,
                        std::move(a), std::move(b));
        }
    }
}

ListResult IntCompiler::list_result(const Expr& e) {
    using K = ListResult::Kind;
    const bool sets = shape_ == IntGame::Shape::sets;
    ListResult out;
    if (is_pos(e)) {
        out.kind = K::position;
        return out;
    }
    if (e.kind == (sets ? ExprKind::set : ExprKind::list)) {
        for (auto& item : e.items) out.items.push_back(integer(*item));
        return out;
    }
    // `let t = v in body`, v a set of the plain kind (plain_set): body with
    // v at each use of t (a flip through a helper function: `let s#1 = s -
    // {x} in if y in s#1 then s#1 - {y} else s#1 + {y}`); v cannot fail, so
    // making it at each use tells nothing.
    if (sets && e.kind == ExprKind::let_in && !e.gens.gens[0].pattern.is_tuple() &&
        plain_set(*e.gens.gens[0].iterable)) {
        const Expr& v = *e.gens.gens[0].iterable;
        std::set<std::string> bound, free;
        std::vector<std::string> none;
        expr_edits::binders(*e.items[0], bound);
        expr_edits::free_names(v, none, free);
        if (std::none_of(free.begin(), free.end(), [&](const std::string& n) { return bound.count(n) > 0; })) {
            owned_.push_back(expr_edits::substitute(*e.items[0], {{e.gens.gens[0].pattern.name, &v}}));
            return list_result(*owned_.back());
        }
    }
    if (e.kind == ExprKind::if_else) {
        out.kind = K::choice;
        out.where = boolean(*e.items[0]);
        out.a = std::make_unique<ListResult>(list_result(*e.items[1]));
        out.b = std::make_unique<ListResult>(list_result(*e.items[2]));
        return out;
    }
    // Sets: `+` is `|`, the union.
    if (sets && e.kind == ExprKind::binary &&
        (e.op == Op::sub || e.op == Op::bit_or || e.op == Op::add || e.op == Op::bit_and)) {
        out.kind = e.op == Op::sub ? K::minus : e.op == Op::bit_and ? K::intersect : K::union_;
        out.a = std::make_unique<ListResult>(list_result(*e.items[0]));
        out.b = std::make_unique<ListResult>(list_result(*e.items[1]));
        if (out.kind == K::minus) removal(*e.items[1], out);
        return out;
    }
    if (sets && set_table(e, out)) return out;
    if (e.kind != (sets ? ExprKind::set_comp : ExprKind::list_comp)) throw GiveUp{};
    out.kind = K::comprehension;
    auto mark = regs_.size();
    for (auto& gen : e.gens.gens) out.gens.push_back(generator(gen));
    if (e.gens.where) out.where = boolean(*e.gens.where);
    if (out.gens.size() != 1 || !out.gens[0].lo || !runs(e, out)) out.element = integer(*e.items[0]);
    // `{d for d in s ...}` over a set position or `[x for x in a..b ...]`:
    // the elements come ascending and distinct, so a set needs no sort.
    const bool element_is_var = out.gens.size() == 1 && e.items[0]->kind == ExprKind::name &&
                                e.items[0]->text == e.gens.gens[0].pattern.name;
    out.ascending = element_is_var && ((sets && out.gens[0].over_position) || out.gens[0].lo);
    if (sets && out.ascending && out.gens[0].over_position && out.where) out.filter = filter_of(*e.gens.where, out);
    regs_.resize(mark);
    return out;
}

// ListResult::arms, when every condition of comprehension e that reads
// its variable c is `c op x` with x a register or a constant.
bool IntCompiler::runs(const Expr& e, ListResult& out) {
    const std::string& c = e.gens.gens[0].pattern.name;
    std::vector<ListResult::Cut> cuts;
    if ((e.gens.where && !cuts_of(*e.gens.where, c, cuts)) || !cuts_of(*e.items[0], c, cuts) ||
        cuts.size() > ListResult::max_cuts)
        return false;
    out.cuts = std::move(cuts);
    PlanInputs plan;
    arm(*e.items[0], c, out.arms, plan);
    if (plan.ok && plan_inputs(*e.gens.gens[0].iterable, c, plan.regs) &&
        (!e.gens.where || plan_inputs(*e.gens.where, c, plan.regs)) &&
        plan.regs.size() <= ListResult::max_plan_regs) {
        out.plan_slot = game_->plans++;
        out.plan_count = static_cast<std::uint32_t>(plan.regs.size());
        std::copy(plan.regs.begin(), plan.regs.end(), out.plan_regs.begin());
        for (std::size_t k = plan.regs.size(); k < ListResult::max_plan_regs && !plan.regs.empty(); ++k)
            out.plan_regs[k] = plan.regs[0];  // plan_key reads four
    }
    return true;
}

bool IntCompiler::plan_inputs(const Expr& e, const std::string& c, std::vector<std::uint32_t>& regs) const {
    if (!e.gens.gens.empty() || !pure(e)) return false;
    if (e.kind == ExprKind::call && e.items.size() == 2 && e.items[0]->kind == ExprKind::name &&
        e.items[0]->text == "len" && !shadowed("len") && is_pos(*e.items[1]))
        return true;  // the length is always part of the key
    if (e.kind == ExprKind::name) {
        if (is_pos(e)) return false;
        const std::uint32_t* r = find(e.text);
        if (r && e.text != c && std::find(regs.begin(), regs.end(), *r) == regs.end()) regs.push_back(*r);
        return true;
    }
    for (auto& item : e.items)
        if (!plan_inputs(*item, c, regs)) return false;
    return true;
}

// Collects e's cuts on c; false when a condition reads c otherwise.
bool IntCompiler::cuts_of(const Expr& e, const std::string& c, std::vector<ListResult::Cut>& cuts) {
    if (!e.gens.gens.empty()) return !mentions(e, c);
    if (e.kind == ExprKind::compare && mentions(e, c)) {
        if (e.op == Op::in || e.op == Op::not_in) return false;
        const bool left = is_var(*e.items[0], c);
        const Expr& x = *e.items[left ? 1 : 0];
        if (!left && !is_var(*e.items[1], c)) return false;
        if (x.kind != ExprKind::int_lit && !(x.kind == ExprKind::name && find(x.text) && !is_pos(x) && x.text != c))
            return false;
        Op op = e.op;
        if (!left) op = op == Op::lt ? Op::gt : op == Op::gt ? Op::lt : op == Op::le ? Op::ge : op == Op::ge ? Op::le : op;
        ListResult::Cut cut{integer(x), op == Op::le || op == Op::gt ? 1 : 0, op == Op::eq || op == Op::ne};
        auto same = [&](const ListResult::Cut& o) {
            auto *r = dynamic_cast<const Reg*>(cut.at.get()), *s = dynamic_cast<const Reg*>(o.at.get());
            auto *k = dynamic_cast<const Const*>(cut.at.get()), *l = dynamic_cast<const Const*>(o.at.get());
            bool at = (r && s && r->reg == s->reg) || (k && l && k->value == l->value);
            return at && o.shift == cut.shift && o.point == cut.point;
        };
        if (std::none_of(cuts.begin(), cuts.end(), same)) cuts.push_back(std::move(cut));
        return true;
    }
    for (auto& item : e.items)
        if (!cuts_of(*item, c, cuts)) return false;
    return true;
}

// Appends e's arm (and those under it) to `arms`; returns its index.
std::uint32_t IntCompiler::arm(const Expr& e, const std::string& c, std::vector<ListResult::Arm>& arms, PlanInputs& plan) {
    using Leaf = ListResult::Arm::Leaf;
    const auto at = static_cast<std::uint32_t>(arms.size());
    arms.emplace_back();
    if (e.kind == ExprKind::if_else && !constant(e)) {
        arms[at].cond = boolean(*e.items[0]);
        plan.ok = plan.ok && plan_inputs(*e.items[0], c, plan.regs);
        std::uint32_t a = arm(*e.items[1], c, arms, plan);
        std::uint32_t b = arm(*e.items[2], c, arms, plan);
        arms[at].then_arm = a;
        arms[at].else_arm = b;
        return at;
    }
    auto read_at_c = [&](const Expr& x) {
        return x.kind == ExprKind::index && is_pos(*x.items[0]) && is_var(*x.items[1], c);
    };
    ListResult::Arm& leaf = arms[at];
    if (read_at_c(e)) {
        leaf.leaf = Leaf::copy;
    } else if (e.kind == ExprKind::call && e.items.size() == 3 && e.items[0]->kind == ExprKind::name &&
               (e.items[0]->text == "min" || e.items[0]->text == "max") && !shadowed(e.items[0]->text)) {
        for (int side = 1; side <= 2; ++side) {
            const Expr& x = *e.items[3 - side];
            bool plain = x.kind == ExprKind::int_lit || (x.kind == ExprKind::name && find(x.text) && !is_pos(x) && x.text != c);
            if (read_at_c(*e.items[side]) && plain) {
                leaf.leaf = e.items[0]->text == "min" ? Leaf::min : Leaf::max;
                leaf.bound = integer(x);
                plan.ok = plan.ok && plan_inputs(x, c, plan.regs);
                break;
            }
        }
    }
    plan.ok = plan.ok && leaf.leaf != Leaf::other;
    leaf.node = integer(e);
    return at;
}

// `{d for d in s where c}` with c reading no register but d and at most
// one other (the move's variable): a mask per value of that one
// (ListResult::filter).
int IntCompiler::filter_of(const Expr& where, ListResult& out) {
    std::vector<std::uint32_t> read;
    if (!registers_read(where, read)) return ListResult::no_filter;
    int key = ListResult::constant_filter;
    for (std::uint32_t r : read) {
        if (r == out.gens[0].reg) continue;
        if (r == pos_reg_ || key != ListResult::constant_filter) return ListResult::no_filter;
        key = static_cast<int>(r);
    }
    out.filter_slot = game_->filters++;
    return key;
}

// The registers e reads by name; false when e binds names of its own.
bool IntCompiler::registers_read(const Expr& e, std::vector<std::uint32_t>& out) const {
    if (!e.gens.gens.empty()) return false;
    if (e.kind == ExprKind::name) {
        if (const std::uint32_t* r = find(e.text)) {
            if (std::find(out.begin(), out.end(), *r) == out.end()) out.push_back(*r);
        } else if (std::find(list_scope_.begin(), list_scope_.end(), e.text) != list_scope_.end()) {
            return false;  // a function's list parameter: in no register
        }
        return true;
    }
    for (auto& item : e.items)
        if (!registers_read(*item, out)) return false;
    return true;
}

// A set that a pure expression of one register gives (`adj[v]`, `{w for
// w in 0..n where f(w, v)}`): a table of its masks (ListResult::table).
bool IntCompiler::set_table(const Expr& e, ListResult& out) {
    if (e.kind == ExprKind::name || e.kind == ExprKind::set) return false;
    IntPtr t = tabulated(e, true);
    if (!t) return false;
    out.kind = ListResult::Kind::table;
    out.element = std::move(t);
    return true;
}

bool IntCompiler::set_tabulable(const Expr& e, std::vector<std::uint32_t>& read) const {
    registers_in(e, read);
    if (read.size() != 1 || read[0] == pos_reg_ || (set_regs_ >> read[0] & 1)) return false;
    std::vector<std::string> locals;
    for (const auto& r : regs_) locals.push_back(r.first);
    return PureCode(*gd_, cg_.params, is_builtin_, global_fn_).pure(e, locals);
}

void IntCompiler::registers_in(const Expr& e, std::vector<std::uint32_t>& out) const {
    free_names(e, [&](const std::string& n) {
        const std::uint32_t* r = find(n);
        if (r && std::find(out.begin(), out.end(), *r) == out.end()) out.push_back(*r);
    });
}

// ListResult::removal for `a - b` (out) when a is the position or such
// a removal, and b is read from the same one register.
void IntCompiler::removal(const Expr& b, ListResult& out) {
    const ListResult& a = *out.a;
    if ((a.kind != ListResult::Kind::position && a.removal == ListResult::no_filter) ||
        out.b->kind == ListResult::Kind::comprehension)
        return;
    std::vector<std::uint32_t> read;
    registers_in(b, read);
    if (read.size() != 1 || read[0] == pos_reg_ || (a.removal != ListResult::no_filter && a.removal != static_cast<int>(read[0])))
        return;
    out.removed = a.removed;
    out.removed.push_back(out.b.get());
    out.removal = static_cast<int>(read[0]);
    out.filter_slot = game_->filters++;
}

}  // namespace grundy::intcomp
