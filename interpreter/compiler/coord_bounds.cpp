// IntGame::coord_bounds: which ints of a tuple state stay small. A state
// is its own id when its ints fit 30 bits side by side; split evenly, a
// position `(n, last)` whose `last` is a move's size, 1 to 6, would give
// n only 15 bits and intern every state past n = 32767. Bounding each
// int by what the moves put there lets a small one take only its bits.
// Only a choice of packing: a state that does not fit is interned, so
// the bounds need not hold for positions written by hand.
#include "int_rule_compiler.hpp"

namespace grundy::intcomp {

namespace {

using Upper = IntGame::CoordBound;

bool plain(const Upper& u) { return u.params.empty() && u.limit != INT64_MAX; }

// A bound of whichever of two values is larger: a plain bound below the
// other's arguments becomes its floor.
Upper either(const Upper& a, const Upper& b) {
    if (plain(a) != plain(b)) {
        Upper out = plain(a) ? b : a;
        out.floor = std::max({out.floor, a.floor, b.floor, plain(a) ? a.limit : b.limit});
        return out;
    }
    Upper out;
    out.limit = std::max(a.limit, b.limit);
    out.floor = std::max(a.floor, b.floor);
    for (std::uint32_t p : a.params)
        if (std::find(b.params.begin(), b.params.end(), p) != b.params.end()) out.params.push_back(p);
    return out;
}

}  // namespace

// An upper bound of e (false: none found) from int literals, variables of
// generators over ranges or literal lists (`scope`; a position's ints are
// there, unbounded), rule arguments, values hoisted (a global's), min,
// max, `if`, sums, a literal subtracted, and % and / by a literal.
bool IntCompiler::upper(const Expr& e, const std::vector<std::pair<std::string, Upper>>& scope,
                        const std::vector<ast::Param>& params, Upper& out) {
    out = Upper{};
    switch (e.kind) {
        case ExprKind::int_lit: out.limit = std::max<std::int64_t>(e.int_value, 0); return true;
        case ExprKind::name: {
            for (auto it = scope.rbegin(); it != scope.rend(); ++it)
                if (it->first == e.text) {
                    out = it->second;
                    return out.bounded();
                }
            for (std::size_t i = 0; i < params.size(); ++i)
                if (params[i].name == e.text) {
                    out.params.push_back(static_cast<std::uint32_t>(i));
                    return true;
                }
            if (!constant(e)) return false;
            // A global's value (a name alone: no call), read once per instance.
            intpath::Hoisted h;
            h.code = hoist_(e);
            h.is_list = false;
            h.reg = UINT32_MAX;  // in no register
            h.bound_only = true;
            game_->hoisted.push_back(std::move(h));
            out.params.push_back(Upper::hoisted_bit | static_cast<std::uint32_t>(game_->hoisted.size() - 1));
            return true;
        }
        case ExprKind::call: {
            const Expr& callee = *e.items[0];
            if (callee.kind != ExprKind::name || shadowed(callee.text) || e.items.size() < 3) return false;
            const bool is_min = callee.text == "min";
            if (!is_min && callee.text != "max") return false;
            bool any = false;
            for (std::size_t i = 1; i < e.items.size(); ++i) {
                Upper u;
                const bool known = upper(*e.items[i], scope, params, u);
                if (!is_min && !known) return false;
                if (!known) continue;
                if (!any) out = u;
                else if (is_min) {  // at most each argument's bound, or the larger floor
                    out.limit = std::min(out.limit, u.limit);
                    out.params.insert(out.params.end(), u.params.begin(), u.params.end());
                    out.floor = std::max(out.floor, u.floor);
                } else {
                    out = either(out, u);
                }
                any = true;
            }
            return any && out.bounded();
        }
        case ExprKind::if_else: {
            Upper a, b;
            if (!upper(*e.items[1], scope, params, a) || !upper(*e.items[2], scope, params, b)) return false;
            out = either(a, b);
            return out.bounded();
        }
        case ExprKind::binary: {
            const Expr& y = *e.items[1];
            Upper a, b;
            if ((e.op == Op::mod || e.op == Op::div) && y.kind == ExprKind::int_lit && y.int_value > 0) {
                // x % c is in 0..c-1 (floored); x / c for x in 0..a is at most a / c.
                if (e.op == Op::mod) return out.limit = y.int_value - 1, true;
                if (!upper(*e.items[0], scope, params, a) || !plain(a)) return false;
                return out.limit = a.limit / y.int_value, true;
            }
            if (e.op != Op::add && e.op != Op::sub) return false;
            if (!upper(*e.items[0], scope, params, a) || !plain(a)) return false;
            if (e.op == Op::sub)  // a minus a literal
                return y.kind == ExprKind::int_lit && !__builtin_sub_overflow(a.limit, y.int_value, &out.limit) &&
                       (out.limit = std::max<std::int64_t>(out.limit, 0), true);
            return upper(y, scope, params, b) && plain(b) && !__builtin_add_overflow(a.limit, b.limit, &out.limit) &&
                   out.limit != INT64_MAX;
        }
        default: return false;
    }
}

void IntCompiler::coordinate_bounds(const ast::GameDef& gd, IntGame& g) {
    const ast::Pattern& pos = *gd.position;
    const std::size_t k = pos.items.size();
    if (!pos.is_tuple() || k < 2 || k > 8 || gd.canonical) return;
    for (const ast::Pattern& item : pos.items)
        if (item.is_tuple()) return;
    std::vector<Upper> bound(k);
    std::vector<bool> seen(k, false);  // some move or start gives int i a value of its own
    std::vector<bool> open(k, false);  // ... one that is not bounded
    // The names of the position, unbounded, under the generators'.
    std::vector<std::pair<std::string, Upper>> position;
    for (const ast::Pattern& item : pos.items) position.emplace_back(item.name, Upper{});
    auto add = [&](std::size_t i, const Expr& e, const std::vector<std::pair<std::string, Upper>>& scope, bool move) {
        if (e.kind == ExprKind::name && move) {  // int i kept as it was adds no value
            std::size_t at = scope.size();
            while (at > 0 && scope[at - 1].first != e.text) --at;
            if (at == i + 1) return;
        }
        Upper u;
        if (!upper(e, scope, gd.params, u)) return void(open[i] = true);
        bound[i] = seen[i] ? either(bound[i], u) : u;
        seen[i] = true;
    };
    for (const ast::MoveDef& mv : gd.moves) {
        std::vector<std::pair<std::string, Upper>> scope = position;
        for (const ast::Generator& gen : mv.gens.gens) {
            Upper u;
            bool known = false;
            const Expr& it = *gen.iterable;
            if (it.kind == ExprKind::range) {
                known = upper(*it.items[1], scope, gd.params, u);
            } else if (it.kind == ExprKind::list || it.kind == ExprKind::set || it.kind == ExprKind::tuple) {
                known = !it.items.empty();
                u.limit = 0;
                for (const ast::ExprPtr& x : it.items) {
                    known = known && x->kind == ExprKind::int_lit;
                    if (known) u.limit = std::max(u.limit, x->int_value);
                }
            }
            scope.emplace_back(gen.pattern.is_tuple() ? std::string() : gen.pattern.name, known ? u : Upper{});
        }
        const Expr& r = *mv.result;
        if (r.kind != ExprKind::tuple || r.items.size() != k) return;  // a split, a `let`: no bounds at all
        for (std::size_t i = 0; i < k; ++i) add(i, *r.items[i], scope, true);
    }
    if (gd.start) {
        const Expr& r = *gd.start->body;
        if (r.kind != ExprKind::tuple || r.items.size() != k) return;
        std::vector<std::pair<std::string, Upper>> scope;
        if (gd.start->pattern) {  // the start's arguments shadow rule arguments
            if (gd.start->pattern->is_tuple())
                for (const ast::Pattern& p : gd.start->pattern->items) scope.emplace_back(p.name, Upper{});
            else
                scope.emplace_back(gd.start->pattern->name, Upper{});
        }
        for (std::size_t i = 0; i < k; ++i) add(i, *r.items[i], scope, false);
    }
    std::vector<Upper> out(k);
    bool any = false;
    for (std::size_t i = 0; i < k; ++i)
        if (seen[i] && !open[i]) out[i] = bound[i], any = true;
    if (any) g.coord_bounds = std::move(out);
}

}  // namespace grundy::intcomp
