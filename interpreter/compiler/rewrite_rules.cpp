#include "rewrite_rules.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "expr_edits.hpp"

namespace grundy {

namespace {

using namespace expr_edits;

// A body of more nodes stays a call; past the budget a game stops expanding.
constexpr std::size_t max_body_nodes = 64;
constexpr std::size_t max_game_nodes = 8192;
// A move over more step tuples than this stays one move.
constexpr std::size_t max_steps = 64;
// A move over small ranges: at most this many values a range, choices in all.
constexpr std::int64_t max_range_values = 4;
constexpr std::size_t max_choices = 32;
// A sort of more items written out stays a call.
constexpr std::size_t max_sorted = 6;

class RuleRewriter {
public:
    RuleRewriter(const ast::GameDef& gd, FunctionRef<const ast::FnDef*(const std::string&)> global_fn,
                 FunctionRef<bool(const std::string&)> is_builtin)
        : gd_(gd), global_fn_(global_fn), is_builtin_(is_builtin) {
        for (auto& f : gd.fns) game_fns_.push_back(&f);
        for (auto& p : gd.params) params_.push_back(p.name);
    }

    std::unique_ptr<ast::GameDef> run() {
        auto out = ast::game_shell(gd_);
        out->position = gd_.position;
        for (auto& f : gd_.fns) out->fns.push_back({f.loc, f.name, f.params, ast::clone(*f.body)});  // as written
        if (gd_.start) {
            out->start.emplace();
            out->start->loc = gd_.start->loc;
            out->start->pattern = gd_.start->pattern;
            if (gd_.start->pattern) pattern_names(*gd_.start->pattern, locals_);
            out->start->body = rewrite(*gd_.start->body);
            locals_.clear();
        }
        if (gd_.position) pattern_names(*gd_.position, locals_);
        if (gd_.canonical) out->canonical = rewrite(*gd_.canonical);
        if (gd_.terminal) out->terminal = rewrite(*gd_.terminal);
        for (auto& mv : gd_.moves) {
            std::vector<ast::MoveDef> steps = over_steps(mv);
            if (steps.empty()) steps = over_small_ranges(mv);
            if (steps.empty()) steps = as_translation(mv);
            if (steps.empty()) add_move(mv, *out);
            for (auto& s : steps) add_move(s, *out);
        }
        return out;
    }

private:
    void add_move(const ast::MoveDef& mv, ast::GameDef& out) {
        const std::size_t mark = locals_.size();
        ast::MoveDef m;
        m.loc = mv.loc;
        m.label = mv.label;
        m.gens = rewrite_gens(mv.gens);
        hoist_invariant(m.gens);
        m.result = as_split(rewrite(*mv.result));
        locals_.resize(mark);
        // A move of no generators whose condition folds to a literal
        // computes nothing else before it: `false` never moves.
        if (m.gens.gens.empty() && m.gens.where && m.gens.where->kind == ExprKind::bool_lit) {
            if (!m.gens.where->int_value) return;
            m.gens.where.reset();
        }
        out.moves.push_back(std::move(m));
    }

    // `move dx in 0..min(1, x), dy in 0..min(1, y) where c => r`: a move
    // whose generators are all ranges of a few values, from a literal to a
    // literal L or to `min(L, e)`, is one move per choice of values, in
    // the order the loops take them, with the names replaced by the ints
    // and each range that reads e guarded in turn:
    // `move where 1 <= min(1, x) and 0 <= min(1, y) and c' => r'`.
    // A guard computes the range's end again (pure: an end that may read
    // input keeps the move), and fails where it fails, except that an end
    // that is not an int fails as a comparison there. A move of one
    // generator stays a loop, which the int path takes as a whole.
    std::vector<ast::MoveDef> over_small_ranges(const ast::MoveDef& mv) const {
        std::vector<ast::MoveDef> out;
        const auto& gens = mv.gens.gens;
        if (gens.size() < 2) return out;
        struct Small {
            std::string name;
            std::int64_t lo, hi;
            const Expr* end;  // the range's end, when the guard needs it
        };
        std::vector<Small> smalls;
        std::size_t choices = 1;
        std::vector<std::string> bound;
        for (auto& g : gens) {
            const Expr& r = *g.iterable;
            if (g.pattern.is_tuple() || r.kind != ExprKind::range) return out;
            const Expr& end = *r.items[1];
            const auto lo = literal_value(*r.items[0]);
            auto hi = literal_value(end);
            const bool clipped = !hi && end.kind == ExprKind::call && end.items.size() == 3 &&
                                 end.items[0]->kind == ExprKind::name && end.items[0]->text == "min" &&
                                 builtin("min") && std::count(bound.begin(), bound.end(), "min") == 0 && no_input(end);
            if (clipped) hi = literal_value(*end.items[1]) ? literal_value(*end.items[1]) : literal_value(*end.items[2]);
            if (!lo || !hi || *hi < *lo || static_cast<__int128>(*hi) - *lo >= max_range_values) return out;
            choices *= static_cast<std::size_t>(*hi - *lo + 1);
            if (choices > max_choices) return out;
            smalls.push_back({g.pattern.name, *lo, *hi, clipped ? &end : nullptr});
            bound.push_back(g.pattern.name);
        }
        std::vector<std::int64_t> at;
        for (auto& v : smalls) at.push_back(v.lo);
        for (;;) {
            std::vector<ExprPtr> literals, conjuncts;
            std::vector<std::pair<std::string, const Expr*>> map;
            for (std::size_t i = 0; i < smalls.size(); ++i) {
                const Small& v = smalls[i];
                auto literal = [&](const Expr& where) {
                    auto x = std::make_unique<Expr>(ExprKind::int_lit, where.loc, where.length);
                    x->int_value = at[i];
                    return x;
                };
                if (v.end) {
                    auto guard = std::make_unique<Expr>(ExprKind::compare, v.end->loc, v.end->length);
                    guard->op = ast::Op::le;
                    guard->items.push_back(literal(*v.end));
                    guard->items.push_back(substitute(*v.end, map, true));
                    conjuncts.push_back(std::move(guard));
                }
                if (v.name == "_") continue;
                std::erase_if(map, [&](auto& m) { return m.first == v.name; });
                literals.push_back(literal(*gens[i].iterable));
                map.emplace_back(v.name, literals.back().get());
            }
            if (mv.gens.where) conjuncts.push_back(substitute(*mv.gens.where, map, true));
            ast::MoveDef m;
            m.loc = mv.loc;
            m.label = mv.label;
            m.gens.where = join_and(conjuncts, 0, conjuncts.size());
            m.result = substitute(*mv.result, map, true);
            out.push_back(std::move(m));
            std::size_t k = smalls.size();
            while (k > 0 && at[k - 1] == smalls[k - 1].hi) {
                at[k - 1] = smalls[k - 1].lo;
                --k;
            }
            if (k == 0) return out;
            ++at[k - 1];
        }
    }

    // `move (dx, dy) in [(1, 0), (0, 1)], ... where c => r`: a first
    // generator over a list or tuple, written out, of tuples of int
    // literals is one move per tuple with its names replaced by the ints,
    // in order, so the options come as they did; each move then has a step
    // known to the code. Empty when the move is not of that form.
    static std::vector<ast::MoveDef> over_steps(const ast::MoveDef& mv) {
        std::vector<ast::MoveDef> out;
        if (mv.gens.gens.empty()) return out;
        const ast::Pattern& p = mv.gens.gens[0].pattern;
        const Expr& steps = *mv.gens.gens[0].iterable;
        if (!p.is_tuple() || !is_display(steps) || steps.items.empty() || steps.items.size() > max_steps) return out;
        std::vector<std::string> names;
        for (auto& item : p.items) {
            if (item.is_tuple() || std::count(names.begin(), names.end(), item.name)) return out;
            if (item.name != "_") names.push_back(item.name);
        }
        for (auto& step : steps.items) {
            if (!is_display(*step) || step->items.size() != p.items.size()) return out;
            for (auto& x : step->items)
                if (!int_literal(*x)) return out;
        }
        // The rest of the move as one comprehension, which substitute()
        // reads as the rules bind: each generator's names in what follows.
        Expr rest(ExprKind::list_comp, mv.loc);
        for (std::size_t i = 1; i < mv.gens.gens.size(); ++i)
            rest.gens.gens.push_back(ast::Generator{mv.gens.gens[i].pattern, ast::clone(*mv.gens.gens[i].iterable)});
        if (mv.gens.where) rest.gens.where = ast::clone(*mv.gens.where);
        rest.items.push_back(ast::clone(*mv.result));
        for (auto& step : steps.items) {
            std::vector<std::pair<std::string, const Expr*>> map;
            for (std::size_t i = 0; i < p.items.size(); ++i)
                if (p.items[i].name != "_") map.emplace_back(p.items[i].name, step->items[i].get());
            ExprPtr e = substitute(rest, map, true);
            ast::MoveDef m;
            m.loc = mv.loc;
            m.label = mv.label;
            m.gens.gens = std::move(e->gens.gens);
            m.gens.where = std::move(e->gens.where);
            m.result = std::move(e->items[0]);
            out.push_back(std::move(m));
        }
        return out;
    }

    // `move where n >= 2 => n - 2` on a position that is one name: the
    // literal the result adds or takes away is a name bound once, as in
    // `move k#1 in [2] where n >= k#1 => n - k#1` (every literal of that
    // value in the condition too): the same options in the same order,
    // nothing new that can fail, and a move the int path reads as a
    // translation, as it reads `move k in [2, 5, 7] where n >= k => n - k`.
    std::vector<ast::MoveDef> as_translation(const ast::MoveDef& mv) {
        std::vector<ast::MoveDef> out;
        if (!mv.gens.gens.empty() || !gd_.position || gd_.position->is_tuple()) return out;
        const Expr& r = *mv.result;
        const std::string& n = gd_.position->name;
        auto is_n = [&](const Expr& e) { return e.kind == ExprKind::name && e.text == n; };
        if (r.kind != ExprKind::binary || (r.op != ast::Op::add && r.op != ast::Op::sub)) return out;
        const Expr* literal = is_n(*r.items[0]) ? r.items[1].get() : r.op == ast::Op::add && is_n(*r.items[1]) ? r.items[0].get() : nullptr;
        if (!literal || literal->kind != ExprKind::int_lit) return out;
        ast::Pattern p;
        p.loc = literal->loc;
        p.name = "k#" + std::to_string(++fresh_);  // no user name has '#'
        auto value = std::make_unique<Expr>(ExprKind::list, literal->loc, literal->length);
        value->items.push_back(ast::clone(*literal));
        // In the condition, only a literal compared as a whole (`n >= 2`).
        auto named = [&](auto& self, const Expr& e, bool compared) -> ExprPtr {
            if (e.kind == ExprKind::int_lit && e.int_value == literal->int_value && (compared || &e == literal)) {
                auto name = std::make_unique<Expr>(ExprKind::name, e.loc, e.length);
                name->text = p.name;
                return name;
            }
            auto copy = std::make_unique<Expr>(e.kind, e.loc, e.length);
            copy->op = e.op;
            copy->int_value = e.int_value;
            copy->text = e.text;
            for (auto& g : e.gens.gens)
                copy->gens.gens.push_back(ast::Generator{g.pattern, self(self, *g.iterable, false)});
            if (e.gens.where) copy->gens.where = self(self, *e.gens.where, false);
            const bool order = e.kind == ExprKind::compare && e.op != ast::Op::in && e.op != ast::Op::not_in;
            const bool logic = e.kind == ExprKind::logic_and || e.kind == ExprKind::logic_or;
            for (auto& item : e.items) copy->items.push_back(self(self, *item, order || (logic && compared)));
            return copy;
        };
        ast::MoveDef m;
        m.loc = mv.loc;
        m.label = mv.label;
        m.gens.gens.push_back(ast::Generator{p, std::move(value)});
        if (mv.gens.where) m.gens.where = named(named, *mv.gens.where, true);
        m.result = named(named, r, false);
        out.push_back(std::move(m));
        return out;
    }

    // `let (x, y) = (e1, e2) in body` is `let x = e1 in let y = e2 in
    // body` when e2 does not read x (which in the tuple it reads from
    // outside): the same values, computed in the same order, with no tuple
    // built. `value` is rewritten, so a helper that returns a tuple written
    // out unpacks too; binds gets the lets in order.
    static void unpack(const ast::Pattern& p, ExprPtr value, std::vector<ast::Generator>& binds) {
        std::vector<ExprPtr> lets;
        if (p.is_tuple()) peel(value, lets);
        if (!is_display(*value)) rewrap(value, lets);
        for (auto& let : lets) binds.push_back(std::move(let->gens.gens[0]));
        bool flat = p.is_tuple() && is_display(*value) && value->items.size() == p.items.size();
        std::vector<std::string> before;
        for (std::size_t i = 0; flat && i < p.items.size(); ++i) {
            flat = !mentions_any(*value->items[i], before);
            pattern_names(p.items[i], before);
        }
        if (!flat) {
            binds.push_back(ast::Generator{p, std::move(value)});
            return;
        }
        for (std::size_t i = 0; i < p.items.size(); ++i) unpack(p.items[i], std::move(value->items[i]), binds);
    }
    // `let [x, y, z] = sorted([a, b, c]) in (x, y, z)` is `tuple(sorted([a,
    // b, c]))` (a list in brackets): the sort of three items has three, and
    // the body builds nothing else. Null when that is not the let.
    ExprPtr repacked(const Expr& let, ExprPtr& value) {
        const ast::Pattern& p = let.gens.gens[0].pattern;
        const Expr& body = *let.items[0];
        const bool sorts = value->kind == ExprKind::call && value->items.size() == 2 &&
                           value->items[0]->kind == ExprKind::name && value->items[0]->text == "sorted" &&
                           builtin("sorted") && is_display(*value->items[1]);
        if (!p.is_tuple() || !sorts || value->items[1]->items.size() != p.items.size() || !is_display(body) ||
            body.items.size() != p.items.size())
            return nullptr;
        for (std::size_t i = 0; i < p.items.size(); ++i) {
            const Expr& x = *body.items[i];
            if (p.items[i].is_tuple() || x.kind != ExprKind::name || x.text != p.items[i].name) return nullptr;
            for (std::size_t j = 0; j < i; ++j)
                if (p.items[j].name == p.items[i].name) return nullptr;
        }
        if (body.kind == ExprKind::list) return std::move(value);
        if (!builtin("tuple")) return nullptr;
        auto call = std::make_unique<Expr>(ExprKind::call, body.loc, body.length);
        auto callee = std::make_unique<Expr>(ExprKind::name, body.loc, body.length);
        callee->text = "tuple";
        call->items.push_back(std::move(callee));
        call->items.push_back(std::move(value));
        return call;
    }
    ExprPtr rewrite_let(const Expr& let) {
        std::vector<ast::Generator> binds;
        ExprPtr value = rewrite(*let.gens.gens[0].iterable);
        if (ExprPtr whole = repacked(let, value)) return whole;
        if (let.gens.gens[0].pattern.is_tuple() && value->kind == ExprKind::call)
            if (ExprPtr sorted = sorted_display(*value, true)) value = std::move(sorted);
        unpack(let.gens.gens[0].pattern, std::move(value), binds);
        const std::size_t mark = locals_.size();
        for (auto& b : binds) pattern_names(b.pattern, locals_);
        ExprPtr body = rewrite(*let.items[0]);
        locals_.resize(mark);
        for (auto it = binds.rbegin(); it != binds.rend(); ++it) {
            auto out = std::make_unique<Expr>(ExprKind::let_in, let.loc, let.length);
            out->gens.gens.push_back(std::move(*it));
            out->items.push_back(std::move(body));
            body = std::move(out);
        }
        return body;
    }

    // Whether a name, here, means the builtin.
    bool builtin(const std::string& n) const { return !local(n) && !param(n) && !game_fn(n) && is_builtin_(n); }
    bool local(const std::string& n) const { return std::find(locals_.begin(), locals_.end(), n) != locals_.end(); }
    bool param(const std::string& n) const { return std::find(params_.begin(), params_.end(), n) != params_.end(); }
    const ast::FnDef* game_fn(const std::string& n) const {
        for (auto* f : game_fns_)
            if (f->name == n) return f;
        return nullptr;
    }

    // Binds the generators' names in order, as the compiler does; the
    // caller resets locals_.
    ast::Generators rewrite_gens(const ast::Generators& gs) {
        ast::Generators out;
        for (auto& g : gs.gens) {
            out.gens.push_back(ast::Generator{g.pattern, rewrite(*g.iterable)});
            pattern_names(g.pattern, locals_);
        }
        if (gs.where) out.where = rewrite(*gs.where);
        return out;
    }

    ExprPtr rewrite(const Expr& e) {
        if (e.kind == ExprKind::let_in) return rewrite_let(e);
        if (e.kind == ExprKind::list_comp || e.kind == ExprKind::set_comp) {
            auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
            const std::size_t mark = locals_.size();
            out->gens = rewrite_gens(e.gens);
            out->items.push_back(rewrite(*e.items[0]));
            locals_.resize(mark);
            return out;
        }
        auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
        out->op = e.op;
        out->int_value = e.int_value;
        out->text = e.text;
        for (auto& item : e.items) out->items.push_back(rewrite(*item));
        switch (e.kind) {
            case ExprKind::call:
                if (updated(*out)) return std::move(out->items[1]);
                if (ExprPtr sorted = sorted_display(*out, false)) return sorted;
                if (retagged(*out) || reversed(*out)) return std::move(out->items[1]);
                return expand(std::move(out));
            case ExprKind::index: return picked(*out) ? std::move(out->items[0]) : std::move(out);
            case ExprKind::compare: return compared(std::move(out));
            case ExprKind::binary: return computed(std::move(out));
            case ExprKind::if_else:
                if (out->items[0]->kind != ExprKind::bool_lit) return out;
                return std::move(out->items[out->items[0]->int_value ? 1 : 2]);
            case ExprKind::logic_and:
            case ExprKind::logic_or: return logic(std::move(out));
            default: return out;
        }
    }

    // `sorted([e1, e2, e3])` of at most max_sorted items is a list of
    // them in order, written as a network of min and max: `let s#1 = e1 in
    // ... let l#4 = min(s#1, s#2) in let h#5 = max(s#1, s#2) in ... in [l#8,
    // h#9, h#7]`. The items run once, in order, before any comparison, as
    // they do for the call; min and max order values as sorted() does and
    // never fail, and values that order as equal are equal. Without
    // `names_too`, not for items that are all names and literals, whose
    // sort the int path reads as it is (a canonical form that sorts the
    // position).
    ExprPtr sorted_display(const Expr& call, bool names_too) {
        if (call.items.size() != 2 || call.items[0]->kind != ExprKind::name || call.items[0]->text != "sorted" ||
            !builtin("sorted") || !builtin("min") || !builtin("max"))
            return nullptr;
        const Expr& d = *call.items[1];
        if (!is_display(d) || d.items.size() < 2 || d.items.size() > max_sorted) return nullptr;
        auto plain = [](const ExprPtr& x) { return x->kind == ExprKind::name || int_literal(*x); };
        if (!names_too && std::all_of(d.items.begin(), d.items.end(), plain)) return nullptr;
        std::vector<ExprPtr> lets;
        auto bind = [&](ExprPtr value, const char* stem) {
            ast::Pattern p;
            p.loc = call.loc;
            p.name = stem + std::to_string(++fresh_);  // no user name has '#'
            auto let = std::make_unique<Expr>(ExprKind::let_in, call.loc, call.length);
            let->gens.gens.push_back(ast::Generator{p, std::move(value)});
            lets.push_back(std::move(let));
            return p.name;
        };
        auto name = [&](const std::string& n) {
            auto out = std::make_unique<Expr>(ExprKind::name, call.loc, call.length);
            out->text = n;
            return out;
        };
        std::vector<std::string> wires;
        for (auto& item : d.items) wires.push_back(bind(ast::clone(*item), "s#"));
        for (std::size_t pass = 0; pass + 1 < wires.size(); ++pass)
            for (std::size_t j = 0; j + 1 + pass < wires.size(); ++j) {
                std::string pair[2];
                for (int hi = 0; hi < 2; ++hi) {
                    auto c = std::make_unique<Expr>(ExprKind::call, call.loc, call.length);
                    c->items.push_back(name(hi ? "max" : "min"));
                    c->items.push_back(name(wires[j]));
                    c->items.push_back(name(wires[j + 1]));
                    pair[hi] = bind(std::move(c), hi ? "h#" : "l#");
                }
                wires[j] = pair[0];
                wires[j + 1] = pair[1];
            }
        auto list = std::make_unique<Expr>(ExprKind::list, call.loc, call.length);  // where the call's value is
        for (auto& w : wires) list->items.push_back(name(w));
        rewrap(list, lets);
        return list;
    }
    // `tuple([a, b])` is `(a, b)` and `list((a, b))` is `[a, b]`, also
    // under the lets a sort leaves; left in items[1].
    bool retagged(Expr& call) {
        const Expr& c = *call.items[0];
        if (call.items.size() != 2 || c.kind != ExprKind::name || (c.text != "tuple" && c.text != "list") ||
            !builtin(c.text))
            return false;
        std::vector<ExprPtr> lets;
        peel(call.items[1], lets);
        const bool to_tuple = c.text == "tuple";
        Expr& d = *call.items[1];
        const bool ok = is_display(d);
        if (ok) d.kind = to_tuple ? ExprKind::tuple : ExprKind::list, d.loc = call.loc, d.length = call.length;
        rewrap(call.items[1], lets);
        return ok;
    }

    // `reversed(d)` of a display is a list of its items in the other order,
    // left in items[1], where the order they run in cannot tell: literals, names
    // bound in the rules, or names of the lets the display sits under (a
    // sort's network: `tuple(reversed(sorted([a - k, b, c])))`).
    bool reversed(Expr& call) {
        const Expr& c = *call.items[0];
        if (call.items.size() != 2 || c.kind != ExprKind::name || c.text != "reversed" || !builtin(c.text))
            return false;
        std::vector<ExprPtr> lets;
        peel(call.items[1], lets);
        std::vector<std::string> wires;
        for (const ExprPtr& let : lets) pattern_names(let->gens.gens[0].pattern, wires);
        Expr& d = *call.items[1];
        const bool ok = is_display(d) && std::all_of(d.items.begin(), d.items.end(), [&](const ExprPtr& x) {
            return inert(*x) ||
                   (x->kind == ExprKind::name && std::find(wires.begin(), wires.end(), x->text) != wires.end());
        });
        if (ok) {
            std::reverse(d.items.begin(), d.items.end());
            d.kind = ExprKind::list, d.loc = call.loc, d.length = call.length;
        }
        rewrap(call.items[1], lets);
        return ok;
    }

    // ---- displays ---------------------------------------------------------------
    // What an expanded helper leaves (`t[0]` and `update(t, i, v)` with t a
    // tuple written out and i a literal, `if 0 == 0`) folds to the part
    // it means, where the parts left out compute nothing that can fail: a
    // literal or a name bound in the rules. Both the step unrolling and the
    // expansion make such forms from spellings that never write them.

    // A literal, or a local name or rule parameter that `captured` (the
    // names an expanded body binds) does not hide.
    bool inert(const Expr& e, const std::set<std::string>* captured = nullptr) const {
        if (e.kind == ExprKind::int_lit || e.kind == ExprKind::bool_lit || e.kind == ExprKind::str_lit ||
            int_literal(e))
            return true;
        return e.kind == ExprKind::name && (local(e.text) || param(e.text)) && !(captured && captured->count(e.text));
    }
    // The item of display `d` that a literal index names; when `alone`,
    // only if every other item is inert.
    std::optional<std::size_t> item_at(const Expr& d, const Expr& index, bool alone) const {
        auto i = literal_value(index);
        const auto n = static_cast<std::int64_t>(d.items.size());
        if (!is_display(d) || !i || *i < -n || *i >= n) return std::nullopt;
        const auto at = static_cast<std::size_t>(*i < 0 ? *i + n : *i);
        for (std::size_t j = 0; j < d.items.size(); ++j)
            if (alone && j != at && !inert(*d.items[j])) return std::nullopt;
        return at;
    }
    // `(a, b, c)[1]` is b: the index moves into items[0].
    bool picked(Expr& e) const {
        std::vector<ExprPtr> lets;
        peel(e.items[0], lets);
        auto at = item_at(*e.items[0], *e.items[1], true);
        if (at) e.items[0] = std::move(e.items[0]->items[*at]);
        rewrap(e.items[0], lets);
        return at.has_value();
    }
    // `update((a, b, c), 1, v)` is `(a, v, c)`, left in items[1]. v is
    // then computed before the items after it: where one of those (or b)
    // may fail, the items are first bound in order (`let u#1 = b - k in
    // (v, u#1, c)`), so the same error comes first.
    bool updated(Expr& call) {
        const Expr& c = *call.items[0];
        if (call.items.size() != 4 || c.kind != ExprKind::name || c.text != "update" || !builtin(c.text)) return false;
        std::vector<ExprPtr> lets;
        peel(call.items[1], lets);
        Expr& d = *call.items[1];
        auto at = item_at(d, *call.items[2], false);
        if (!at) {
            rewrap(call.items[1], lets);
            return false;
        }
        bool in_place = true;
        for (std::size_t j = *at; j < d.items.size(); ++j) in_place = in_place && inert(*d.items[j]);
        for (std::size_t j = 0; j < d.items.size() && !in_place; ++j) {
            if (inert(*d.items[j])) continue;
            ast::Pattern p;
            p.loc = d.items[j]->loc;
            p.name = j == *at ? "_" : "u#" + std::to_string(++fresh_);
            auto let = std::make_unique<Expr>(ExprKind::let_in, d.loc, d.length);
            let->gens.gens.push_back(ast::Generator{p, std::move(d.items[j])});
            d.items[j] = std::make_unique<Expr>(ExprKind::name, p.loc);
            d.items[j]->text = p.name;
            lets.push_back(std::move(let));
        }
        d.items[*at] = std::move(call.items[3]);
        rewrap(call.items[1], lets);
        return true;
    }

    // `x in X, y in lo..hi where c and rest`, with c the leading conjuncts
    // that do not read y: c holds for all y of one x or for none, so it is
    // tested once per x, as a bound of y's range, `y in lo..(if lo > hi
    // then hi else if c then hi else lo - 1) where rest`. c still runs only
    // when y's range is not empty, after lo and hi, and before anything
    // else of the binding, as in the rules; lo and hi run twice, which an
    // int expression cannot tell. Not when c may read input (`read_int`, a
    // function left a call), which would then run fewer times. With y the
    // only generator, c is a condition of the position alone (a terminal
    // test written as a condition): tested once per state, not per option.
    // lo and hi must not read a name y shadows, as they are cloned into
    // the bound beside c.
    void hoist_invariant(ast::Generators& gs) const {
        if (gs.gens.empty() || !gs.where || gs.gens.back().iterable->kind != ExprKind::range) return;
        std::vector<std::string> inner;
        pattern_names(gs.gens.back().pattern, inner);
        const Expr& iterable = *gs.gens.back().iterable;
        if (mentions_any(*iterable.items[0], inner) || mentions_any(*iterable.items[1], inner)) return;
        std::vector<ExprPtr> conjuncts;
        take_conjuncts(std::move(gs.where), conjuncts);
        std::size_t lead = 0;
        while (lead < conjuncts.size() && !mentions_any(*conjuncts[lead], inner) && no_input(*conjuncts[lead]) &&
               surely_bool(*conjuncts[lead]))
            ++lead;
        if (lead == 0) {
            gs.where = join_and(conjuncts, 0, conjuncts.size());
            return;
        }
        ExprPtr cond = join_and(conjuncts, 0, lead);
        gs.where = join_and(conjuncts, lead, conjuncts.size());
        Expr& range = *gs.gens.back().iterable;
        const Expr& lo = *range.items[0];
        ExprPtr hi = std::move(range.items[1]);
        const Loc at = hi->loc;
        const std::uint32_t len = hi->length;
        auto node = [&](ExprKind k) { return std::make_unique<Expr>(k, at, len); };
        auto empty = node(ExprKind::binary);
        empty->op = ast::Op::sub;
        empty->items.push_back(ast::clone(lo));
        auto one = node(ExprKind::int_lit);
        one->int_value = 1;
        empty->items.push_back(std::move(one));
        auto pick = node(ExprKind::if_else);
        pick->items.push_back(std::move(cond));
        pick->items.push_back(ast::clone(*hi));
        pick->items.push_back(std::move(empty));
        auto none = node(ExprKind::compare);
        none->op = ast::Op::gt;
        none->items.push_back(ast::clone(lo));
        none->items.push_back(ast::clone(*hi));
        auto bound = node(ExprKind::if_else);
        bound->items.push_back(std::move(none));
        bound->items.push_back(std::move(hi));
        bound->items.push_back(std::move(pick));
        range.items[1] = std::move(bound);
    }
    bool no_input(const Expr& e) const {
        if (e.kind == ExprKind::call) {
            const Expr& c = *e.items[0];
            if (c.kind != ExprKind::name || c.text == "read_int" || c.text == "read_ints" ||
                (!local(c.text) && (game_fn(c.text) || global_fn_(c.text))))
                return false;
        }
        for (auto& item : e.items)
            if (!no_input(*item)) return false;
        for (auto& g : e.gens.gens)
            if (!no_input(*g.iterable)) return false;
        return !e.gens.where || no_input(*e.gens.where);
    }

    // A position of this very game instance from its state's parts: `G(x)`,
    // `G(a, b)` for a position pattern `(a, b)` or `[a, b]` (a pattern of
    // names), or `G(p, q)(x)` with the game's rule parameters in order. Not
    // when the game has a `start`, which makes `G(x)` something other than
    // state x. The call itself: its arguments are the state's parts.
    const Expr* own_position(const Expr& e) const {
        if (e.kind != ExprKind::call || gd_.start || !gd_.position) return nullptr;
        const ast::Pattern& pos = *gd_.position;
        const std::size_t parts = pos.is_tuple() ? pos.items.size() : 1;
        if (e.items.size() != parts + 1 || parts == 0) return nullptr;
        for (auto& item : pos.items)
            if (item.is_tuple()) return nullptr;
        auto names_game = [&](const Expr& c) {
            return c.kind == ExprKind::name && c.text == gd_.name && !local(c.text) && !param(c.text) &&
                   !game_fn(c.text);
        };
        const Expr& c = *e.items[0];
        if (!gd_.has_params) return names_game(c) ? &e : nullptr;
        if (c.kind != ExprKind::call || !names_game(*c.items[0]) || c.items.size() != params_.size() + 1)
            return nullptr;
        for (std::size_t i = 0; i < params_.size(); ++i) {
            const Expr& a = *c.items[i + 1];
            if (a.kind != ExprKind::name || a.text != params_[i] || local(a.text)) return nullptr;
        }
        return &e;
    }

    // A result that is a sum of the game's own positions (`G(a) + G(b)`)
    // is `split(a, b)`, and one alone (`G(a)`) the state a: no position
    // value made per option.
    ExprPtr as_split(ExprPtr result) {
        std::vector<Expr*> operands;
        std::vector<Expr*> sums{result.get()};
        while (!sums.empty()) {
            Expr* e = sums.back();
            sums.pop_back();
            if (e->kind == ExprKind::binary && e->op == ast::Op::add) {
                sums.push_back(e->items[1].get());  // popped after the left operand
                sums.push_back(e->items[0].get());
            } else {
                operands.push_back(e);
            }
        }
        if (operands.size() == 1 && own_position(*operands[0])) {
            // `G(x)` alone is the state x, as the position pattern spells it.
            Expr& o = *operands[0];
            if (!gd_.position->is_tuple()) return std::move(o.items[1]);
            auto state = std::make_unique<Expr>(gd_.position->brackets ? ExprKind::list : ExprKind::tuple, o.loc, o.length);
            for (std::size_t i = 1; i < o.items.size(); ++i) state->items.push_back(std::move(o.items[i]));
            return state;
        }
        if (operands.size() < 2 || !builtin("split")) return result;
        for (Expr* o : operands)
            if (!own_position(*o)) return result;
        auto split = std::make_unique<Expr>(ExprKind::call, result->loc, result->length);
        auto callee = std::make_unique<Expr>(ExprKind::name, result->loc, result->length);
        callee->text = "split";
        split->items.push_back(std::move(callee));
        for (Expr* o : operands) {
            if (!gd_.position->is_tuple()) {
                split->items.push_back(std::move(o->items[1]));
                continue;
            }
            // `G(a, b)` as the state `(a, b)`, which the position pattern
            // takes whatever its brackets.
            auto state = std::make_unique<Expr>(ExprKind::tuple, o->loc, o->length);
            for (std::size_t i = 1; i < o->items.size(); ++i) state->items.push_back(std::move(o->items[i]));
            split->items.push_back(std::move(state));
        }
        return split;
    }

    // The function a call runs, when it is a user function that may be
    // expanded here; `global`: a top-level one.
    const ast::FnDef* callee(const Expr& call, bool& global) const {
        const Expr& c = *call.items[0];
        if (c.kind != ExprKind::name || local(c.text)) return nullptr;
        global = false;
        if (const ast::FnDef* f = game_fn(c.text)) return f;
        if (param(c.text)) return nullptr;
        global = true;
        return global_fn_(c.text);
    }

    // `call` with its arguments already rewritten.
    ExprPtr expand(ExprPtr call) {
        bool global = false;
        const ast::FnDef* f = callee(*call, global);
        if (!f || f->params.size() != call->items.size() - 1 || !f->body ||
            std::find(stack_.begin(), stack_.end(), f) != stack_.end())
            return call;
        const std::size_t size = count_nodes(*f->body);
        if (size > max_body_nodes || spent_ + size > max_game_nodes) return call;
        // A name in the body must mean at the call site what it means in
        // the function: not a local there, nor (for a top-level function)
        // a rule parameter or local function of this game.
        std::vector<std::string> bound;
        for (auto& p : f->params) bound.push_back(p.name);
        std::set<std::string> free;
        free_names(*f->body, bound, free);
        for (const std::string& n : free)
            if (local(n) || (global && (param(n) || game_fn(n)))) return call;
        spent_ += size;

        std::set<std::string> inner;
        binders(*f->body, inner);
        std::vector<std::pair<std::string, const Expr*>> map;
        std::vector<std::pair<ast::Pattern, ExprPtr>> lets;
        std::vector<ExprPtr> fresh_names;
        for (std::size_t i = 0; i < f->params.size(); ++i) {
            ExprPtr& arg = call->items[i + 1];
            // A tuple or list of such, written out, is copied too: each
            // copy builds the same value, and nothing it computes can fail.
            if (inert(*arg, &inner) || (is_display(*arg) && std::all_of(arg->items.begin(), arg->items.end(),
                                                                        [&](auto& x) { return inert(*x, &inner); }))) {
                map.emplace_back(f->params[i].name, arg.get());
                continue;
            }
            ast::Pattern p;
            p.loc = f->params[i].loc;
            p.length = static_cast<std::uint32_t>(f->params[i].name.size());
            p.name = f->params[i].name + "#" + std::to_string(++fresh_);  // no user name has '#'
            auto name = std::make_unique<Expr>(ExprKind::name, p.loc, p.length);
            name->text = p.name;
            map.emplace_back(f->params[i].name, name.get());
            fresh_names.push_back(std::move(name));
            lets.emplace_back(std::move(p), std::move(arg));
        }
        ExprPtr body = substitute(*f->body, map);
        const std::size_t mark = locals_.size();
        for (auto& [p, arg] : lets) locals_.push_back(p.name);
        stack_.push_back(f);
        body = rewrite(*body);  // calls inside the body, now in this scope
        stack_.pop_back();
        locals_.resize(mark);
        for (auto it = lets.rbegin(); it != lets.rend(); ++it) {
            auto let = std::make_unique<Expr>(ExprKind::let_in, call->loc, call->length);
            let->gens.gens.push_back(ast::Generator{std::move(it->first), std::move(it->second)});
            let->items.push_back(std::move(body));
            body = std::move(let);
        }
        return body;
    }

    const ast::GameDef& gd_;
    FunctionRef<const ast::FnDef*(const std::string&)> global_fn_;
    FunctionRef<bool(const std::string&)> is_builtin_;
    std::vector<const ast::FnDef*> game_fns_;
    std::vector<std::string> params_;
    std::vector<std::string> locals_;
    std::vector<const ast::FnDef*> stack_;
    std::size_t spent_ = 0;
    unsigned fresh_ = 0;
};

}  // namespace

std::unique_ptr<ast::GameDef> rewrite_rules(const ast::GameDef& gd,
                                           FunctionRef<const ast::FnDef*(const std::string&)> global_fn,
                                           FunctionRef<bool(const std::string&)> is_builtin) {
    return RuleRewriter(gd, global_fn, is_builtin).run();
}

}  // namespace grundy
