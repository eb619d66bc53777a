// Piecewise-affine move families (Move::affine, Move::shifted, Move::sparse)
// and the bounds a `where` puts on a move's variable.
#include "expr_edits.hpp"
#include "int_rule_compiler.hpp"

namespace grundy::intcomp {

void IntCompiler::piecewise(const ast::GameDef& gd, const ast::MoveDef& mv, Move& m) {
    if (set_coords_) return;  // a set's mask is not affine in anything
    const std::vector<std::string> var{mv.gens.gens.back().pattern.name};
    const Expr& r = *mv.result;
    // Every coordinate of every part, under the `let`s around it.
    std::vector<const Expr*> parts;
    if (m.split) {
        for (const Expr* part : split_parts(r, *split_call(r)))
            for (const Expr* c : tuple_parts(*part)) parts.push_back(c);
    } else {
        parts = tuple_parts(r);
    }
    m.affine = std::all_of(parts.begin(), parts.end(), [&](auto* p) { return linearity(*p, var) < 2; });
    if (gd.canonical && !game_->sorted_all) {  // a sort is min and max: piecewise affine
        std::vector<std::string> names;
        collect(*gd.position, names);
        for (const Expr* c : tuple_parts(*gd.canonical)) m.affine = m.affine && linearity(*c, names) < 2;
    }
    m.shifted = !m.affine && shifted(gd, mv, m);
    if (!m.affine) return;
    std::vector<const Expr*> rest;
    if (mv.gens.where) bounds(mv, var[0], one_name_, m, rest);
    m.sparse = m.split && m.result.size() == 2 && game_->arity == 1 && !gd.canonical && m.gens.back().lo &&
               std::all_of(rest.begin(), rest.end(), [&](const Expr* c) { return safe_order(*c); });
    // Every option n + offset(k), offsets fixed per instance (checked there).
    std::vector<std::string> both{one_name_, var[0]};
    m.translation = !m.split && game_->arity == 1 && !gd.canonical && m.gens.size() == 1 && m.gens[0].list >= 0 &&
                    m.rest.empty() && linearity(*parts[0], both, false) < 2;  // (n - k,) as n - k
}

// Move::shifted: `move k in a..b => n - e` (or n + e, e + n), e free of n.
bool IntCompiler::shifted(const ast::GameDef& gd, const ast::MoveDef& mv, const Move& m) const {
    if (m.split || game_->arity != 1 || gd.canonical || mv.gens.where || m.gens.size() != 1 ||
        !m.gens[0].ranged() || mv.gens.gens[0].pattern.name == gd.position->name)
        return false;
    const Expr& r = *mv.result;
    const std::string& n = gd.position->name;
    if (r.kind != ExprKind::binary || (r.op != Op::add && r.op != Op::sub)) return false;
    if (is_var(*r.items[0], n) && !mentions(*r.items[1], n)) return true;
    return r.op == Op::add && is_var(*r.items[1], n) && !mentions(*r.items[0], n);
}

// `position`: a one-int game's position name, for Bound::linear.
void IntCompiler::bounds(const ast::MoveDef& mv, const std::string& var, const std::string& position, Move& m,
            std::vector<const Expr*>& rest) {
    std::vector<const Expr*> conjuncts;
    split_and(*mv.gens.where, conjuncts);
    // Only a leading run of bounds: `and` tests left to right, so a bound
    // after another conjunct does not keep that conjunct from running
    // (and raising an error) for the values it excludes.
    bool leading = true;
    for (const Expr* c : conjuncts) {
        // `k in lo..hi` (ints): lo <= k and k <= hi, the ends in that order.
        if (leading && c->kind == ExprKind::compare && c->op == Op::in && is_var(*c->items[0], var) &&
            c->items[1]->kind == ExprKind::range && !mentions(*c->items[1], var)) {
            using Side = Move::Bound::Side;
            for (int end = 0; end < 2; ++end) {
                Move::Bound bound;
                bound.side = end == 0 ? Side::at_least : Side::at_most;
                const Expr& e = *c->items[1]->items[end];
                bound.e = integer(e);
                bound.linear = !position.empty() && linearity(e, {position}, false) < 2;
                m.bounds.push_back(std::move(bound));
            }
            continue;
        }
        if (leading && c->kind == ExprKind::compare && c->op != Op::in && c->op != Op::not_in && c->op != Op::ne) {
            // x, or x * s or s * x with s free of x (Bound::scale)
            const Expr* scale[2] = {nullptr, nullptr};
            auto of_var = [&](const Expr& side, const Expr*& s) {
                if (is_var(side, var)) return true;
                if (side.kind != ExprKind::binary || side.op != Op::mul) return false;
                for (int i = 0; i < 2; ++i)
                    if (is_var(*side.items[i], var) && !mentions(*side.items[1 - i], var)) {
                        s = side.items[1 - i].get();
                        return true;
                    }
                return false;
            };
            bool left = of_var(*c->items[0], scale[0]) && !mentions(*c->items[1], var);
            bool right = !left && of_var(*c->items[1], scale[1]) && !mentions(*c->items[0], var);
            if (left || right) {
                using Side = Move::Bound::Side;
                Op op = c->op;
                if (right) op = op == Op::lt ? Op::gt : op == Op::gt ? Op::lt : op == Op::le ? Op::ge : op == Op::ge ? Op::le : op;
                Move::Bound bound;
                bound.side = op == Op::eq ? Side::exactly : op == Op::lt || op == Op::le ? Side::at_most : Side::at_least;
                bound.shift = op == Op::lt ? -1 : op == Op::gt ? 1 : 0;
                const Expr& e = *c->items[left ? 1 : 0];
                bound.e = integer(e);
                if (const Expr* sc = scale[left ? 0 : 1]) bound.scale = integer(*sc);
                bound.linear = !bound.scale && !position.empty() && linearity(e, {position}, false) < 2;
                m.bounds.push_back(std::move(bound));
                continue;
            }
            // Both sides affine in x with literal coefficients (`a + b - x > 0`,
            // `n - x >= x`): L - R = c x + d, which the instance reads off the
            // sides at the range's ends (Bound::coef).
            std::int64_t cl, cr, c_total;
            if (coefficient(*c->items[0], var, cl) && coefficient(*c->items[1], var, cr) &&
                !__builtin_sub_overflow(cl, cr, &c_total) && c_total != 0 && c_total != INT64_MIN) {
                using Side = Move::Bound::Side;
                Move::Bound bound;
                bound.side = c->op == Op::eq                         ? Side::exactly
                             : c->op == Op::lt || c->op == Op::le ? Side::at_most
                                                                  : Side::at_least;
                bound.shift = c->op == Op::lt ? -1 : c->op == Op::gt ? 1 : 0;
                bound.coef = c_total;
                bound.sides[0] = integer(*c->items[0]);
                bound.sides[1] = integer(*c->items[1]);
                bound.reg = m.gens.back().reg;
                m.bounds.push_back(std::move(bound));
                continue;
            }
        }
        leading = false;
        m.rest.push_back(boolean(*c));
        rest.push_back(c);
    }
}

// The coefficient c of x in e, when e is c * x plus terms free of x made
// with +, -, unary minus and products by an int literal: then every value
// computed on the way is affine in x too. False otherwise, or on overflow.
bool IntCompiler::coefficient(const Expr& e, const std::string& x, std::int64_t& c) {
    switch (e.kind) {
        case ExprKind::name:
            if (e.text != x) break;
            c = 1;
            return true;
        case ExprKind::unary:
            if (e.op != Op::neg || !mentions(e, x)) break;
            return coefficient(*e.items[0], x, c) && c != INT64_MIN && (c = -c, true);
        case ExprKind::binary: {
            if (!mentions(e, x)) break;
            std::int64_t a, b;
            if (e.op == Op::add || e.op == Op::sub)
                return coefficient(*e.items[0], x, a) && coefficient(*e.items[1], x, b) &&
                       !(e.op == Op::add ? __builtin_add_overflow(a, b, &c) : __builtin_sub_overflow(a, b, &c));
            if (e.op != Op::mul) return false;
            for (int i = 0; i < 2; ++i) {
                const Expr& f = *e.items[i];  // a literal, or a negated one
                const bool negated = f.kind == ExprKind::unary && f.op == Op::neg && f.items[0]->kind == ExprKind::int_lit;
                if (f.kind != ExprKind::int_lit && !negated) continue;
                const std::int64_t k = negated ? f.items[0]->int_value : f.int_value;
                if (negated && k == INT64_MIN) return false;
                return coefficient(*e.items[1 - i], x, a) && !__builtin_mul_overflow(a, negated ? -k : k, &c);
            }
            return false;
        }
        default: break;
    }
    if (mentions(e, x)) return false;
    c = 0;
    return true;
}

// Move::row_bounds: every conjunct of `where` compares y, y + s, s + y
// or y - s with t (s and t registers or int literals); else none.
void IntCompiler::row_bounds(const Expr& where, const std::string& y, Move& m) const {
    std::vector<const Expr*> conjuncts;
    split_and(where, conjuncts);
    std::vector<Move::RowBound> out;
    for (const Expr* c : conjuncts) {
        if (c->kind != ExprKind::compare ||
            (c->op != Op::lt && c->op != Op::le && c->op != Op::gt && c->op != Op::ge && c->op != Op::eq))
            return;
        Move::RowBound b;
        bool matched = false;
        for (int side = 0; side < 2 && !matched; ++side) {
            const Expr& a = *c->items[side];
            if (!operand(*c->items[1 - side], y, b.t_reg, b.t_value)) continue;
            if (is_var(a, y)) {
                matched = true;
            } else if (a.kind == ExprKind::binary && (a.op == Op::add || a.op == Op::sub)) {
                const bool first = is_var(*a.items[0], y), second = a.op == Op::add && is_var(*a.items[1], y);
                if ((first || second) && operand(*a.items[first ? 1 : 0], y, b.s_reg, b.s_value)) {
                    b.s_sign = a.op == Op::add ? 1 : -1;
                    matched = true;
                }
            }
            if (matched) {
                using R = Move::RowBound::Op;
                // t op y (side 1) is y op' t.
                const Op op = side == 0 ? c->op
                              : c->op == Op::lt ? Op::gt : c->op == Op::gt ? Op::lt : c->op == Op::le ? Op::ge
                              : c->op == Op::ge ? Op::le : c->op;
                b.op = op == Op::lt ? R::lt : op == Op::le ? R::le : op == Op::gt ? R::gt : op == Op::ge ? R::ge : R::eq;
            }
        }
        if (!matched) return;
        out.push_back(b);
    }
    m.row_bounds = std::move(out);
}

// A register other than y's, or an int literal.
bool IntCompiler::operand(const Expr& e, const std::string& y, int& reg, std::int64_t& value) const {
    if (e.kind == ExprKind::int_lit) {
        reg = -1;
        value = e.int_value;
        return true;
    }
    if (e.kind != ExprKind::name || e.text == y || (lists_ && is_pos(e))) return false;
    const std::uint32_t* r = find(e.text);
    if (!r) return false;
    reg = static_cast<int>(*r);
    return true;
}

// An order comparison of piecewise-affine ints of the registers: it
// cannot raise an error (Move::sparse).
bool IntCompiler::safe_order(const Expr& c) const {
    if (c.kind != ExprKind::compare || c.op == Op::in || c.op == Op::not_in) return false;
    std::vector<std::string> names;
    for (const auto& r : regs_) names.push_back(r.first);
    std::vector<std::string> none;
    for (int i = 0; i < 2; ++i) {
        const Expr& side = *c.items[i];
        if (linearity(side, names) == 2 || (!reads_registers(side, none) && !constant(side))) return false;
    }
    return true;
}

void IntCompiler::split_and(const Expr& e, std::vector<const Expr*>& out) {
    if (e.kind == ExprKind::logic_and) {
        split_and(*e.items[0], out);
        split_and(*e.items[1], out);
    } else {
        out.push_back(&e);
    }
}

// 0: e reads none of `vars`; 1: e is piecewise affine in them (sums,
// multiples, and with `extremes` min, max, abs); 2: anything else. Each
// of `vars` is bound innermost where e is compiled, so a plain name
// among them is one.
int IntCompiler::linearity(const Expr& e, const std::vector<std::string>& vars, bool extremes) const {
    switch (e.kind) {
        case ExprKind::int_lit: return 0;
        case ExprKind::name: return std::find(vars.begin(), vars.end(), e.text) != vars.end() ? 1 : 0;
        case ExprKind::unary: return linearity(*e.items[0], vars, extremes);
        case ExprKind::binary: {
            if (e.op != Op::add && e.op != Op::sub && e.op != Op::mul) break;
            int a = linearity(*e.items[0], vars, extremes), b = linearity(*e.items[1], vars, extremes);
            if (e.op == Op::mul) return a == 0 ? b : b == 0 ? a : 2;
            return std::max(a, b);
        }
        case ExprKind::if_else: {
            if (!extremes) break;
            const int c = condition(*e.items[0], vars);
            if (c == 2) return 2;
            return std::max({c, linearity(*e.items[1], vars), linearity(*e.items[2], vars)});
        }
        case ExprKind::let_in: {
            const ast::Generator& b = e.gens.gens[0];
            const int v = linearity(*b.iterable, vars, extremes);
            if (v == 2 || b.pattern.is_tuple()) break;
            // The bound name is one of vars in the body exactly when its value reads them.
            std::vector<std::string> inner;
            for (const std::string& x : vars)
                if (x != b.pattern.name) inner.push_back(x);
            if (v == 1) inner.push_back(b.pattern.name);
            return std::max(v, linearity(*e.items[0], inner, extremes));
        }
        case ExprKind::call: {
            const Expr& callee = *e.items[0];
            bool extreme = (callee.text == "min" || callee.text == "max") && e.items.size() >= 3;
            bool abs = callee.text == "abs" && e.items.size() == 2;
            if (!extremes || callee.kind != ExprKind::name || shadowed(callee.text) || !(extreme || abs)) break;
            int worst = 0;
            for (std::size_t i = 1; i < e.items.size(); ++i)
                worst = std::max(worst, linearity(*e.items[i], vars));
            return worst;
        }
        default: break;
    }
    for (const std::string& v : vars)
        if (mentions(e, v)) return 2;
    return 0;
}

// The same for a condition of `if`: 1 when it is made of order
// comparisons (<, <=, >, >=) of piecewise-affine ints, each a sign test
// that IfInt records as a choice.
int IntCompiler::condition(const Expr& c, const std::vector<std::string>& vars) const {
    switch (c.kind) {
        case ExprKind::bool_lit: return 0;
        case ExprKind::compare:
            if (c.op == Op::lt || c.op == Op::le || c.op == Op::gt || c.op == Op::ge)
                return std::max(linearity(*c.items[0], vars), linearity(*c.items[1], vars));
            break;
        case ExprKind::logic_and:
        case ExprKind::logic_or: return std::max(condition(*c.items[0], vars), condition(*c.items[1], vars));
        case ExprKind::logic_not: return condition(*c.items[0], vars);
        default: break;
    }
    for (const std::string& v : vars)
        if (mentions(c, v)) return 2;
    return 0;
}

bool IntCompiler::mentions(const Expr& e, const std::string& var) { return expr_edits::mentions_any(e, {var}); }

}  // namespace grundy::intcomp
