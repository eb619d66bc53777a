#include "heap_rules.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "expr_edits.hpp"

namespace grundy {

namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Op;

class HeapRules {
public:
    explicit HeapRules(const std::string& n) : n_(n) {}

    bool move(const ast::MoveDef& m) {
        for (auto& g : m.gens.gens) {
            if (g.pattern.is_tuple() || g.pattern.name == n_) return false;
            const Expr& it = *g.iterable;
            if (!reads_n(it) && free_of_parts(it)) {
                removals_.push_back(g.pattern.name);
                continue;
            }
            if (it.kind != ExprKind::range || reads_n(*it.items[0])) return false;
            if (saturates(*it.items[1])) removals_.push_back(g.pattern.name);
            else if (remainder_bound(*it.items[1])) parts_.push_back(g.pattern.name);
            else return false;
        }
        if (m.gens.where && !condition(*m.gens.where)) return false;
        return result(*m.result);
    }

private:
    bool is_n(const Expr& e) const { return e.kind == ExprKind::name && e.text == n_; }
    bool reads_n(const Expr& e) const { return mentions(e, {n_}); }
    bool free_of_parts(const Expr& e) const { return !mentions(e, parts_); }
    static bool mentions(const Expr& e, const std::vector<std::string>& names) { return expr_edits::mentions_any(e, names); }
    bool removal(const Expr& e) const {
        return e.kind == ExprKind::name && std::find(removals_.begin(), removals_.end(), e.text) != removals_.end();
    }
    // An expression of removals and constants only.
    bool removal_only(const Expr& e) const { return !reads_n(e) && free_of_parts(e); }
    // `n - e`, `n - e - f`, ...: what is left once e (and f) are removed;
    // with `parts`, e and f may be parts too (`n - k - a`).
    bool remainder(const Expr& e, bool parts = false) const {
        if (e.kind != ExprKind::binary || e.op != Op::sub || reads_n(*e.items[1]) ||
            (!parts && !free_of_parts(*e.items[1])))
            return false;
        return is_n(*e.items[0]) || remainder(*e.items[0], parts);
    }
    // `min(n, e)`, `min(n - e, f)`: equal to e (f) once n is large.
    bool saturates(const Expr& e) const {
        if (e.kind != ExprKind::call || e.items[0]->kind != ExprKind::name || e.items[0]->text != "min") return false;
        bool heap = false;
        for (std::size_t i = 1; i < e.items.size(); ++i) {
            const Expr& x = *e.items[i];
            if (is_n(x) || remainder(x)) heap = true;
            else if (!removal_only(x)) return false;
        }
        return heap && e.items.size() >= 3;
    }
    // `n`, `n - e`, `(n - e) / c`: grows with n, by a fixed rate.
    bool heapish(const Expr& e, bool parts = false) const {
        if (is_n(e) || remainder(e, parts)) return true;
        return e.kind == ExprKind::binary && e.op == Op::div && e.items[1]->kind == ExprKind::int_lit &&
               e.items[1]->int_value > 0 && heapish(*e.items[0], parts);
    }
    // A part's range end: such (less parts before it), or an `if` of such
    // on a condition as below.
    bool remainder_bound(const Expr& e) const {
        if (heapish(e, true) || !reads_n(e)) return true;
        if (e.kind == ExprKind::if_else)
            return condition(*e.items[0]) && remainder_bound(*e.items[1]) && remainder_bound(*e.items[2]);
        return false;
    }
    bool condition(const Expr& e) const {
        if (removal_only(e)) return true;
        switch (e.kind) {
            case ExprKind::logic_and:
            case ExprKind::logic_or: return condition(*e.items[0]) && condition(*e.items[1]);
            case ExprKind::logic_not: return condition(*e.items[0]);
            case ExprKind::compare:  // constant once n passes the largest k (HeapEngine::removal_bound)
                if (e.op == Op::in || e.op == Op::not_in) return false;
                return (is_n(*e.items[0]) && removal(*e.items[1])) || (is_n(*e.items[1]) && removal(*e.items[0]));
            default: return false;
        }
    }
    // A result: the remainder, parts, `split` of them, a constant. (How
    // much a move removes is HeapEngine::removal_bound's to find.)
    bool result(const Expr& e) const {
        if (remainder(e, true) || (!reads_n(e) && e.kind != ExprKind::call)) return true;
        if (e.kind == ExprKind::call && e.items[0]->kind == ExprKind::name && e.items[0]->text == "split") {
            for (std::size_t i = 1; i < e.items.size(); ++i)
                if (!part(*e.items[i])) return false;
            return true;
        }
        return false;
    }
    // `a`, `n - k - a`: a part, or what is left of the heap past parts.
    bool part(const Expr& e) const {
        if (!reads_n(e)) return true;
        if (e.kind != ExprKind::binary || e.op != Op::sub || reads_n(*e.items[1])) return false;
        return is_n(*e.items[0]) || part(*e.items[0]);
    }

    std::string n_;
    std::vector<std::string> removals_, parts_;
};

}  // namespace

bool uniform_heap_rules(const ast::GameDef& gd) {
    if (!gd.position || gd.position->is_tuple() || gd.terminal || gd.canonical || gd.start) return false;
    for (auto& mv : gd.moves)
        if (!HeapRules(gd.position->name).move(mv)) return false;
    return true;
}

}  // namespace grundy
