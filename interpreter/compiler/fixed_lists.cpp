#include "fixed_lists.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace grundy {

namespace {

using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;
using ast::Op;

// A result's length: a list of `k` ints, the state itself (any), or not a
// list of a length known from the text (none).
constexpr int any_length = 0, no_length = -1, max_length = max_fixed_list;

int merge(int a, int b) {
    if (a == no_length || b == no_length) return no_length;
    if (a == any_length) return b;
    if (b == any_length) return a;
    return a == b ? a : no_length;
}

struct Interval {
    std::int64_t lo, hi;
};

class FixedLists {
public:
    FixedLists(const ast::GameDef& gd, FunctionRef<bool(const std::string&)> is_builtin)
        : gd_(gd), is_builtin_(is_builtin) {}

    // The results' one length; any_length when each keeps its list's.
    int results_length() {
        if (!gd_.position || gd_.position->is_tuple() || gd_.position->name == "_") return no_length;
        h_ = gd_.position->name;
        collect_bound();
        if (std::count(bound_.begin(), bound_.end(), h_)) return no_length;
        int k = any_length;
        for (auto& mv : gd_.moves) k = merge(k, length(*mv.result, true));
        if (gd_.canonical) k = merge(k, length(*gd_.canonical, true));
        if (gd_.start) k = merge(k, length(*gd_.start->body, false));
        return k;
    }

    std::unique_ptr<ast::GameDef> run(int asked) {
        int k = results_length();
        if (k == any_length) k = asked;
        if (k < 1 || k > max_length) return nullptr;
        k_ = k;

        auto out = ast::game_shell(gd_);
        ast::Pattern pos;
        pos.loc = gd_.position->loc;
        pos.length = gd_.position->length;
        pos.brackets = true;
        for (int i = 0; i < k_; ++i) {
            ast::Pattern item = *gd_.position;
            item.name = part(i);
            pos.items.push_back(std::move(item));
        }
        out->position = std::move(pos);
        if (gd_.start) {  // `h` is not the position there: copied as written
            ast::StartDef s;
            s.loc = gd_.start->loc;
            s.pattern = gd_.start->pattern;
            s.body = ast::clone(*gd_.start->body);
            out->start = std::move(s);
        }
        if (gd_.canonical) out->canonical = rewrite(*gd_.canonical);
        if (gd_.terminal) out->terminal = rewrite(*gd_.terminal);
        for (auto& mv : gd_.moves) unroll(mv, 0, *out);
        if (out->moves.size() > max_moves) {  // too many to gain: the moves as written
            for (auto& m : out->moves) {
                graveyard_.push_back(std::move(m.result));
                if (m.gens.where) graveyard_.push_back(std::move(m.gens.where));
                for (auto& gen : m.gens.gens) graveyard_.push_back(std::move(gen.iterable));
            }
            out->moves.clear();
            unrolling_ = false;
            for (auto& mv : gd_.moves) unroll(mv, 0, *out);
        }
        return out;
    }

private:
    std::string part(int i) const { return h_ + "#" + std::to_string(i); }

    // ---- moves ------------------------------------------------------------------
    // A move's leading generators that run over a few constants (`i in
    // 0..len(h) - 1`) become one move per value, in order, so the options
    // come in the order they did and `h[i]` and `update(h, i, v)` read and
    // write one int each. The constants are bound in consts_.
    void unroll(const ast::MoveDef& mv, std::size_t first, ast::GameDef& out) {
        if (first < mv.gens.gens.size() && unrolling_) {
            const ast::Generator& gen = mv.gens.gens[first];
            std::vector<std::string> names;
            bound_in(mv.gens, names);
            bound_in(*mv.result, names);
            std::optional<Interval> lo, hi;
            ExprPtr range;
            if (!gen.pattern.is_tuple() && gen.pattern.name != "_" && gen.iterable->kind == ExprKind::range &&
                std::count(names.begin(), names.end(), gen.pattern.name) == 1) {
                range = rewrite(*gen.iterable);  // `len(h)` is k there
                lo = extent(*range->items[0], consts_);
                hi = extent(*range->items[1], consts_);
            }
            // An upper bound known only within a few values (a condition
            // hoisted into it: `j in i + 1..(if c then 3 else i)`) unrolls
            // to its largest, each move guarded by `j <= bound`: tested
            // before the rest of the move, as the range was.
            if (lo && hi && lo->lo == lo->hi && hi->hi - lo->lo < max_unrolled) {
                const Expr* bound = hi->lo == hi->hi ? nullptr : range->items[1].get();
                for (std::int64_t v = lo->lo; v <= hi->hi; ++v) {
                    consts_.emplace_back(gen.pattern.name, Interval{v, v});
                    if (bound) guards_.emplace_back(v, bound);
                    unroll(mv, first + 1, out);
                    if (bound) guards_.pop_back();
                    consts_.pop_back();
                }
                graveyard_.push_back(std::move(range));
                return;
            }
            if (range) graveyard_.push_back(std::move(range));
        }
        ast::MoveDef m;
        m.loc = mv.loc;
        m.label = mv.label;
        for (std::size_t i = first; i < mv.gens.gens.size(); ++i) {
            const ast::Generator& gen = mv.gens.gens[i];
            m.gens.gens.push_back(ast::Generator{gen.pattern, rewrite(*gen.iterable)});
        }
        ranges_ = generator_ranges(mv, m.gens);
        if (mv.gens.where) m.gens.where = rewrite(*mv.gens.where);
        for (std::size_t g = guards_.size(); g-- > 0;) {
            const auto& [v, bound] = guards_[g];
            auto at_most = std::make_unique<Expr>(ExprKind::compare, bound->loc, bound->length);
            at_most->op = Op::le;
            auto value = std::make_unique<Expr>(ExprKind::int_lit, bound->loc, bound->length);
            value->int_value = v;
            at_most->items.push_back(std::move(value));
            at_most->items.push_back(ast::clone(*bound));
            if (!m.gens.where) {
                m.gens.where = std::move(at_most);
                continue;
            }
            auto both = std::make_unique<Expr>(ExprKind::logic_and, bound->loc, bound->length);
            both->items.push_back(std::move(at_most));
            both->items.push_back(std::move(m.gens.where));
            m.gens.where = std::move(both);
        }
        m.result = rewrite(*mv.result);
        out.moves.push_back(std::move(m));
    }

    // ---- names ------------------------------------------------------------------
    static void pattern_names(const ast::Pattern& p, std::vector<std::string>& out) {
        if (!p.is_tuple()) out.push_back(p.name);
        for (auto& item : p.items) pattern_names(item, out);
    }
    static void bound_in(const Expr& e, std::vector<std::string>& out) {
        for (auto& gen : e.gens.gens) {
            pattern_names(gen.pattern, out);
            bound_in(*gen.iterable, out);
        }
        if (e.gens.where) bound_in(*e.gens.where, out);
        for (auto& item : e.items) bound_in(*item, out);
    }
    static void bound_in(const ast::Generators& g, std::vector<std::string>& out) {
        for (auto& gen : g.gens) {
            pattern_names(gen.pattern, out);
            bound_in(*gen.iterable, out);
        }
        if (g.where) bound_in(*g.where, out);
    }
    // Every name the rules bind, or that a parameter or a local function
    // takes: the rewrite leaves a game alone where one of them is h, or a
    // builtin it relies on.
    void collect_bound() {
        for (auto& p : gd_.params) bound_.push_back(p.name);
        for (auto& f : gd_.fns) bound_.push_back(f.name);
        if (gd_.start && gd_.start->pattern) pattern_names(*gd_.start->pattern, bound_);
        if (gd_.start) bound_in(*gd_.start->body, bound_);
        if (gd_.canonical) bound_in(*gd_.canonical, bound_);
        if (gd_.terminal) bound_in(*gd_.terminal, bound_);
        for (auto& mv : gd_.moves) {
            bound_in(mv.gens, bound_);
            bound_in(*mv.result, bound_);
        }
    }
    bool builtin(const std::string& name) const {
        return is_builtin_(name) && !std::count(bound_.begin(), bound_.end(), name);
    }
    bool call_of(const Expr& e, const char* name, std::size_t args) const {
        return e.kind == ExprKind::call && e.items.size() == args + 1 && e.items[0]->kind == ExprKind::name &&
               e.items[0]->text == name && builtin(name);
    }
    bool is_h(const Expr& e) const { return e.kind == ExprKind::name && e.text == h_; }
    // `[f(x) for x in h]`: one item per item of h.
    bool over_h(const Expr& e) const {
        return e.kind == ExprKind::list_comp && e.gens.gens.size() == 1 && !e.gens.where &&
               !e.gens.gens[0].pattern.is_tuple() && e.gens.gens[0].pattern.name != "_" &&
               is_h(*e.gens.gens[0].iterable);
    }

    // ---- lengths ----------------------------------------------------------------
    // `state`: h is the state (a move's or canonical's result, not start's).
    int length(const Expr& e, bool state) const {
        switch (e.kind) {
            case ExprKind::list: return e.items.empty() ? no_length : static_cast<int>(e.items.size());
            case ExprKind::name: return state && is_h(e) ? any_length : no_length;
            case ExprKind::if_else: return merge(length(*e.items[1], state), length(*e.items[2], state));
            case ExprKind::let_in: return length(*e.items[0], state);
            case ExprKind::list_comp: return over_h(e) ? length(*e.gens.gens[0].iterable, state) : no_length;
            case ExprKind::call:
                if (call_of(e, "update", 3) || call_of(e, "sorted", 1) || call_of(e, "reversed", 1))
                    return length(*e.items[1], state);
                return no_length;
            default: return no_length;
        }
    }

    // ---- generator ranges --------------------------------------------------------
    // The values a move's generator variables take, where they run over
    // ranges with bounds of known extent (`len(h)` read as k: `gens`, the
    // rewritten generators) and are bound nowhere else in the move.
    std::vector<std::pair<std::string, Interval>> generator_ranges(const ast::MoveDef& mv,
                                                                   const ast::Generators& gens) const {
        std::vector<std::string> names;
        bound_in(mv.gens, names);
        bound_in(*mv.result, names);
        std::vector<std::pair<std::string, Interval>> out = consts_;
        for (auto& gen : gens.gens) {
            const Expr& it = *gen.iterable;
            if (gen.pattern.is_tuple() || std::count(names.begin(), names.end(), gen.pattern.name) != 1 ||
                it.kind != ExprKind::range)
                continue;
            auto lo = extent(*it.items[0], out), hi = extent(*it.items[1], out);
            if (lo && hi) out.emplace_back(gen.pattern.name, Interval{lo->lo, hi->hi});
        }
        return out;
    }
    static std::optional<Interval> extent(const Expr& e, const std::vector<std::pair<std::string, Interval>>& known) {
        constexpr std::int64_t limit = std::int64_t{1} << 40;  // sums of these cannot overflow
        auto fits = [&](Interval x) -> std::optional<Interval> {
            if (x.lo < -limit || x.hi > limit) return std::nullopt;
            return x;
        };
        switch (e.kind) {
            case ExprKind::int_lit: return fits({e.int_value, e.int_value});
            case ExprKind::name:
                for (auto& [name, x] : known)
                    if (name == e.text) return x;
                return std::nullopt;
            case ExprKind::binary: {
                if (e.op != Op::add && e.op != Op::sub) return std::nullopt;
                auto a = extent(*e.items[0], known), b = extent(*e.items[1], known);
                if (!a || !b) return std::nullopt;
                return e.op == Op::add ? fits({a->lo + b->lo, a->hi + b->hi}) : fits({a->lo - b->hi, a->hi - b->lo});
            }
            case ExprKind::if_else: {  // either branch, of a condition that cannot fail
                if (!sure(*e.items[0], known)) return std::nullopt;
                auto a = extent(*e.items[1], known), b = extent(*e.items[2], known);
                if (!a || !b) return std::nullopt;
                return Interval{std::min(a->lo, b->lo), std::max(a->hi, b->hi)};
            }
            default: return std::nullopt;
        }
    }

    // Cannot raise an error: names, literals, sums of known extent, and
    // `if`s and comparisons of them.
    static bool sure(const Expr& e, const std::vector<std::pair<std::string, Interval>>& known) {
        switch (e.kind) {
            case ExprKind::int_lit:
            case ExprKind::bool_lit:
            case ExprKind::name: return true;
            case ExprKind::binary: return extent(e, known).has_value();
            case ExprKind::compare:
                if (e.op == Op::in || e.op == Op::not_in) return false;
                [[fallthrough]];
            case ExprKind::if_else:
            case ExprKind::logic_and:
            case ExprKind::logic_or:
            case ExprKind::logic_not:
                return std::all_of(e.items.begin(), e.items.end(), [&](auto& x) { return sure(*x, known); });
            default: return false;
        }
    }

    // ---- the rewrite --------------------------------------------------------------
    ExprPtr name(const std::string& n, const Expr& at) const {
        auto e = std::make_unique<Expr>(ExprKind::name, at.loc, at.length);
        e->text = n;
        return e;
    }
    std::optional<std::int64_t> literal(const Expr& e) const {
        if (e.kind == ExprKind::int_lit) return e.int_value;
        if (auto v = constant(e)) return v;
        if (e.kind == ExprKind::unary && e.op == Op::sub && e.items[0]->kind == ExprKind::int_lit)
            return -e.items[0]->int_value;
        // A sum of unrolled variables and literals (`h[i - 1]`): it cannot fail.
        if (auto x = extent(e, consts_); x && x->lo == x->hi) return x->lo;
        return std::nullopt;
    }
    // Cannot raise an error, nor take long: names, literals, and `if`s,
    // comparisons and sums of them (`sure`, knowing no variable's extent).
    static bool safe(const Expr& e) { return sure(e, {}); }

    // An unrolled generator's variable.
    std::optional<std::int64_t> constant(const Expr& e) const {
        if (e.kind != ExprKind::name) return std::nullopt;
        for (auto& [name, x] : consts_)
            if (name == e.text) return x.lo;
        return std::nullopt;
    }

    ExprPtr rewrite(const Expr& e) {
        if (auto v = constant(e)) {
            auto out = std::make_unique<Expr>(ExprKind::int_lit, e.loc, e.length);
            out->int_value = *v;
            return out;
        }
        if (is_h(e)) {  // the list itself: the display of its ints
            auto list = std::make_unique<Expr>(ExprKind::list, e.loc, e.length);
            for (int i = 0; i < k_; ++i) list->items.push_back(name(part(i), e));
            return list;
        }
        if (e.kind == ExprKind::index && is_h(*e.items[0])) {
            auto c = literal(*e.items[1]);
            if (c && *c >= -k_ && *c < k_) return name(part(static_cast<int>(*c < 0 ? *c + k_ : *c)), e);
            auto out = std::make_unique<Expr>(ExprKind::index, e.loc, e.length);
            out->items.push_back(name(h_ + "#", *e.items[0]));
            out->items.push_back(rewrite(*e.items[1]));
            return out;
        }
        if (call_of(e, "len", 1) && is_h(*e.items[1])) {
            auto out = std::make_unique<Expr>(ExprKind::int_lit, e.loc, e.length);
            out->int_value = k_;
            return out;
        }
        if (call_of(e, "update", 3))
            if (ExprPtr d = update(e)) return d;
        if (over_h(e)) {  // [f(x) for x in h]: the display [let x = h#0 in f(x), ...], in order
            auto list = std::make_unique<Expr>(ExprKind::list, e.loc, e.length);
            for (int i = 0; i < k_; ++i) {
                auto item = std::make_unique<Expr>(ExprKind::let_in, e.loc, e.length);
                item->gens.gens.push_back(ast::Generator{e.gens.gens[0].pattern, name(part(i), e)});
                item->items.push_back(rewrite(*e.items[0]));
                list->items.push_back(std::move(item));
            }
            return list;
        }
        auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
        out->op = e.op;
        out->int_value = e.int_value;
        out->text = e.text;
        for (auto& item : e.items) out->items.push_back(rewrite(*item));
        for (auto& gen : e.gens.gens) out->gens.gens.push_back(ast::Generator{gen.pattern, rewrite(*gen.iterable)});
        if (e.gens.where) out->gens.where = rewrite(*e.gens.where);
        return out;
    }

    // `update(xs, i, v)` where xs is (under lets) a display of safe items
    // and i a literal or a generator variable inside it: `let u = v in`
    // the display with item j `if i == j then u else xs[j]`. The lets keep
    // the order in which update evaluates its values (xs's, then v), and
    // nothing else can fail: i is in range. Null otherwise.
    ExprPtr update(const Expr& e) {
        ExprPtr xs = rewrite(*e.items[1]);
        Expr* core = xs.get();
        for (; core->kind == ExprKind::let_in; core = core->items[0].get())
            if (core->gens.gens[0].pattern.name.rfind(h_ + "#u", 0) != 0) {
                // A let of the rules': the index and value would move inside it.
                graveyard_.push_back(std::move(xs));
                return nullptr;
            }
        if (core->kind != ExprKind::list) {
            graveyard_.push_back(std::move(xs));
            return nullptr;
        }
        // The last item that is an earlier update's value put in place.
        std::int64_t last = -1;  // (its index)
        for (std::size_t j = 0; j < core->items.size(); ++j) {
            const Expr* item = core->items[j].get();
            if (std::count(in_place_.begin(), in_place_.end(), item)) {
                last = static_cast<std::int64_t>(j);
            } else if (!safe(*item)) {
                graveyard_.push_back(std::move(xs));
                return nullptr;
            }
        }
        const auto n = static_cast<std::int64_t>(core->items.size());
        const Expr& i = *e.items[2];
        auto c = literal(i);
        std::optional<Interval> at = c ? Interval{*c, *c} : extent(i, ranges_);
        if (!at || (!c && i.kind != ExprKind::name) || at->lo < (c ? -n : 0) || at->hi >= n) {
            graveyard_.push_back(std::move(xs));
            return nullptr;
        }
        if (c) {
            // The value in place of its item, where the items left of it
            // hold every earlier update's value: evaluated in the order
            // the updates ran (and once, where a let around the list is
            // evaluated for each int of the state).
            const std::int64_t j = *c < 0 ? *c + n : *c;
            if (j > last) {
                core->items[j] = rewrite(*e.items[3]);
                in_place_.push_back(core->items[j].get());
                return xs;
            }
        }
        // A let for this value would run before the values in place: they
        // become lets first, in the order they ran (left to right).
        for (std::int64_t j = 0; j <= last; ++j) {
            ExprPtr& item = core->items[j];
            if (!std::count(in_place_.begin(), in_place_.end(), item.get())) continue;
            const std::string u = h_ + "#u" + std::to_string(fresh_++);
            ExprPtr value = std::move(item);
            item = name(u, *value);
            innermost_let(xs, core, u, std::move(value), e);
        }
        const std::string u = h_ + "#u" + std::to_string(fresh_++);
        for (std::int64_t j = 0; j < n; ++j) {
            ExprPtr& item = core->items[j];
            if (c) {
                if (*c == j || *c + n == j) item = name(u, i);
                continue;
            }
            auto pick = std::make_unique<Expr>(ExprKind::if_else, e.loc, e.length);
            auto test = std::make_unique<Expr>(ExprKind::compare, i.loc, i.length);
            test->op = Op::eq;
            test->items.push_back(ast::clone(i));
            auto lit = std::make_unique<Expr>(ExprKind::int_lit, i.loc, i.length);
            lit->int_value = j;
            test->items.push_back(std::move(lit));
            pick->items.push_back(std::move(test));
            pick->items.push_back(name(u, i));
            pick->items.push_back(std::move(item));
            item = std::move(pick);
        }
        innermost_let(xs, core, u, rewrite(*e.items[3]), e);
        return xs;
    }

    // `let u = value in` around `core`, inside the lets of `root` around it.
    static void innermost_let(ExprPtr& root, Expr* core, const std::string& u, ExprPtr value, const Expr& at) {
        auto let = std::make_unique<Expr>(ExprKind::let_in, at.loc, at.length);
        ast::Pattern p;
        p.loc = at.loc;
        p.name = u;
        let->gens.gens.push_back(ast::Generator{p, std::move(value)});
        if (root.get() == core) {
            let->items.push_back(std::move(root));
            root = std::move(let);
            return;
        }
        Expr* inner = root.get();
        while (inner->items[0].get() != core) inner = inner->items[0].get();
        let->items.push_back(std::move(inner->items[0]));
        inner->items[0] = std::move(let);
    }

    const ast::GameDef& gd_;
    FunctionRef<bool(const std::string&)> is_builtin_;
    std::string h_;
    int k_ = 0;
    std::vector<std::string> bound_;
    std::vector<std::pair<std::string, Interval>> ranges_;
    std::vector<std::pair<std::string, Interval>> consts_;  // unroll()'s bound variables
    std::vector<std::pair<std::int64_t, const Expr*>> guards_;  // and the bounds they must not pass
    std::vector<const Expr*> in_place_;                     // update()'s values put in a list's place
    std::vector<ExprPtr> graveyard_;  // rewrites set aside, kept so no in_place_ address is reused
    static constexpr std::int64_t max_unrolled = 8;
    static constexpr std::size_t max_moves = 64;
    bool unrolling_ = true;
    unsigned fresh_ = 0;
};

}  // namespace

std::unique_ptr<ast::GameDef> fixed_list_rules(const ast::GameDef& gd, FunctionRef<bool(const std::string&)> is_builtin,
                                               int length) {
    return FixedLists(gd, is_builtin).run(length);
}

bool keeps_list_length(const ast::GameDef& gd, FunctionRef<bool(const std::string&)> is_builtin) {
    return FixedLists(gd, is_builtin).results_length() == any_length;
}

}  // namespace grundy
