// A program of random games for the differential test: each game's text,
// the queries about it, and the line each query must print, worked out by
// the reference solver while the program is written.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "differential_games.hpp"
#include "differential_shape_games.hpp"
#include "differential_reference.hpp"
#include "differential_set_tuples.hpp"

namespace grundy::difftest {

struct Query {
    std::string text;      // one `print` statement
    std::string expected;  // the line it must print
    int at = 0;            // printed after the text of game `at`
    std::vector<int> games;  // the games it asks about
};

struct Program {
    std::vector<std::string> blocks;     // each game's text, with the globals it needs
    std::vector<std::vector<int>> deps;  // the earlier games each one's rules use
    std::vector<Query> queries;          // in the order they print

    std::string text() const {
        std::string out;
        std::size_t q = 0;
        for (std::size_t g = 0; g < blocks.size(); ++g) {
            out += blocks[g];
            for (; q < queries.size() && queries[q].at == static_cast<int>(g); ++q) out += queries[q].text + "\n";
        }
        return out;
    }

    // The games a query needs and nothing else, to show when it goes wrong.
    std::string alone(const Query& query) const {
        std::set<int> need;
        std::vector<int> todo = query.games;
        while (!todo.empty()) {
            int g = todo.back();
            todo.pop_back();
            if (need.insert(g).second) todo.insert(todo.end(), deps[g].begin(), deps[g].end());
        }
        std::string out;
        for (int g : need) out += blocks[g];
        return out + query.text + "\n";
    }
};

inline std::string list_src(const std::vector<std::string>& xs) {
    std::string s = "[";
    for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + xs[i];
    return s + "]";
}

class ProgramMaker {
public:
    explicit ProgramMaker(std::uint64_t seed) : r_(seed) {}

    Program make(int games) {
        for (int g = 0; g < games; ++g) add_game(g);
        for (int i = 0; i < games / 3; ++i) cross_query();
        if (r_.chance(0.5)) wide_misere_query();
        return std::move(p_);
    }

private:
    // One game as drafted: the Maker has its text and reference.
    struct Draft {
        Maker g;
        Kind kind;
        int arity = 1;           // tuples
        std::int64_t low = 0;    // ints: the least state queried; sets, set tuples: the least element
        std::int64_t size = 0;   // sets, set tuples: how many elements
        Layout layout;           // set tuples
        // Tuples: added to the last coordinate when no move changes it, so
        // that states leave the widths that pack.
        std::int64_t offset = 0;
    };

    Rng r_;
    Reference ref_;
    std::vector<GameInfo> infos_;  // per game of the program
    Program p_;

    // ---- drafting ----

    // A set game's graph is on 0..9: no set game has more elements.
    static Values draw_values(Rng& r) {
        Values v;
        v.S = r.subset(1, 7, 4);
        v.m = r.between(1, 6);
        v.adj.assign(10, {});
        for (std::int64_t a = 0; a < 10; ++a)
            for (std::int64_t b = a + 1; b < 10; ++b)
                if (r.chance(0.35)) {
                    v.adj[a].push_back(b);
                    v.adj[b].push_back(a);
                }
        v.U = r.subset(0, 9, 4);
        if (r.chance(0.25)) {
            v.U.push_back(r.chance(0.5) ? 70 : -1);
            std::sort(v.U.begin(), v.U.end());
        }
        return v;
    }

    using Template = void (*)(Maker&);

    static void apply_some(Maker& g, std::vector<Template> templates, int most) {
        g.r.shuffle(templates);
        int n = static_cast<int>(g.r.between(1, most));
        for (int i = 0; i < n; ++i) templates[i](g);
    }

    // Everything random about a game's rules comes from `shape`, so drafting
    // it again with other parameter values writes the same text.
    Draft draft(Kind kind, std::uint64_t shape, const Values& v, const std::string& name, int self) {
        Draft d{Maker(Rng(shape), v, self, name, infos_, ref_), kind};
        Maker& g = d.g;
        switch (kind) {
            case Kind::integer: {
                // Drawn apart from `shape`, so that other games keep their rules.
                Rng spelling(shape ^ 0x7e11'5ba9'0c3d'21f5ULL);
                const int wrap = spelling.chance(0.25) ? static_cast<int>(spelling.between(1, 2)) : 0;
                g.items.push_back("position n");
                if (wrap) {
                    // Families whose results are all int code (no sums):
                    // each is then wrapped in the position's brackets.
                    if (g.r.chance(0.3)) int_terminal(g);
                    apply_some(g,
                               {int_subtract, int_bash, int_divide, int_squares, int_clamp, int_min_result, int_xor,
                                int_bits, int_mod_where, int_divisors, int_nim, int_shifted, int_asks},
                               3);
                    if (g.r.chance(0.1)) g.items.push_back(g.r.pick({"start x => x", "start x => max(x, 0)"}));
                    wrap_results(g, wrap == 2);
                    break;
                }
                if (g.r.chance(0.5)) g.params.push_back("S");
                if (g.r.chance(0.35)) g.params.push_back("m");
                if (g.r.chance(0.08)) {
                    d.low = g.r.between(-3, 0);
                    int_negative(g, d.low);
                    d.low -= 2;
                    break;
                }
                if (g.r.chance(0.3)) int_terminal(g);
                apply_some(g,
                           {int_subtract, int_bash, int_divide, int_squares, int_take_break, int_other_game, int_clamp,
                            int_min_result, int_xor, int_bits, int_mod_where, int_if_split, int_divisors, int_empty,
                            int_subtract, int_take_break, int_nim, int_shifted, int_octal, int_asks, int_indexed},
                           3);
                if (g.r.chance(0.1))
                    g.items.push_back(g.r.pick({"start x => x", "start x => max(x, 0)", "start (x) => x + 0"}));
                break;
            }
            case Kind::tuple: {
                if (g.r.chance(0.4)) g.params.push_back("S");
                TupleShape t{g.r.chance(0.65) ? 2 : 3, g.r.chance(0.5)};
                Rng spelling(shape ^ 0x7e11'5ba9'0c3d'21f5ULL);  // apart from `shape`, as above
                t.brackets = spelling.chance(0.3);
                const bool named = spelling.chance(0.25);  // `position h`, a list of arity ints
                t.brackets = t.brackets || named;
                d.arity = t.arity;
                g.items.push_back(named          ? "position h"
                                  : t.arity == 2 ? (t.brackets ? "position [a, b]" : "position (a, b)")
                                                 : (t.brackets ? "position [a, b, c]" : "position (a, b, c)"));
                if (g.r.chance(0.35)) tuple_terminal(g, t);
                if (t.symmetric && g.r.chance(0.75)) {
                    if (named) {
                        g.items.push_back("canonical => sorted(h)");
                        g.ref.canon = [](State s) {
                            std::sort(s.begin(), s.end());
                            return s;
                        };
                    } else {
                        tuple_canonical(g, t);
                    }
                }
                std::vector<void (*)(Maker&, const TupleShape&)> fs = {tuple_take, tuple_diagonal, tuple_split,
                                                                       tuple_mod_where, tuple_take};
                if (!t.symmetric) fs.insert(fs.end(), {tuple_transfer, tuple_min_result, tuple_step, tuple_step});
                g.r.shuffle(fs);
                for (int i = 0, n = static_cast<int>(g.r.between(1, 3)); i < n; ++i) fs[i](g, t);
                if (named) name_the_list(g, t);
                else if (g.r.chance(0.1)) g.items.push_back(t.arity == 2 ? "start (x, y) => (x, y)" : "start (x, y, z) => (x, y, z)");
                if (!t.symmetric && !g.touched[t.arity - 1] && g.r.chance(0.6))
                    d.offset = g.r.pick(t.arity == 2 ? std::vector<std::int64_t>{40000, 5000000000, -7}
                                                     : std::vector<std::int64_t>{2000, 3000000, -3});
                break;
            }
            case Kind::list: {
                g.items.push_back("position h");
                if (g.r.chance(0.4)) g.params.push_back("S");
                bool symmetric = g.r.chance(0.5);
                if (g.r.chance(0.3)) list_terminal(g, symmetric);
                if (symmetric && g.r.chance(0.6)) list_canonical(g);
                std::vector<Template> fs = {list_take, list_remove, list_break, list_part, list_below, list_take};
                if (!symmetric) fs.push_back(list_clamp);
                apply_some(g, fs, 3);
                if (g.r.chance(0.1)) g.items.push_back("start x => x");
                break;
            }
            case Kind::set: {
                g.items.push_back("position s");
                std::vector<int> which = {0, 1, 2, 3, 4, 5, 6, 7};
                g.r.shuffle(which);
                which.resize(g.r.between(1, 2));
                auto uses = [&](int t) { return std::count(which.begin(), which.end(), t) > 0; };
                d.low = uses(3) ? 1 : 0;  // divisors need no 0
                if (g.r.chance(0.35)) d.low = g.r.pick(std::vector<std::int64_t>{24, 58, 100});  // past 29, 63
                d.size = g.r.between(4, 8);
                std::string adj = g.global_name("adj");
                if (uses(0) && g.r.chance(0.6)) {
                    g.params.push_back("adj");
                    adj = "adj";
                }
                if (g.r.chance(0.3)) set_terminal(g);
                for (int t : which) {
                    switch (t) {
                        case 0: set_kayles(g, adj, d.low); break;
                        case 1: set_line(g); break;
                        case 2: set_remove_one(g); break;
                        case 3: set_divisors(g); break;
                        case 4: set_chain(g); break;
                        case 6: set_subtree(g, d.low); break;
                        case 7: set_turn(g, d.low, !uses(0) && !uses(3) && !uses(4) && !uses(6)); break;  // theirs from least
                        default: set_split(g); break;
                    }
                }
                break;
            }
            case Kind::set_tuple: draft_set_tuple(g, d.layout, d.low, d.size); break;
        }
        return d;
    }


    // A set game's graph; on elements past 1 its vertex i is the element
    // least + i (see set_kayles).
    static std::string sets_src(const std::vector<std::vector<std::int64_t>>& adj, char open, std::int64_t least) {
        std::int64_t base = least > 1 ? least : 0;
        std::string s(1, open);
        for (std::size_t i = 0; i < adj.size(); ++i) {
            std::vector<std::int64_t> near = adj[i];
            for (auto& w : near) w += base;
            s += (i ? ", " : "") + ints_src(near, '{');
        }
        return s + (open == '(' ? ")" : "]");
    }

    // The rule arguments; `fresh` spells the same values differently, which
    // makes another instance with the same meaning.
    static std::string args_src(const Maker& g, const Values& v, bool fresh, std::int64_t least) {
        std::string s;
        for (const auto& p : g.params) {
            if (!s.empty()) s += ", ";
            if (p == "S") {
                std::vector<std::int64_t> xs = v.S;
                if (fresh) std::reverse(xs.begin(), xs.end());
                s += ints_src(xs, fresh ? '[' : '{');
            } else if (p == "m") {
                s += str(v.m);
            } else if (p == "U") {
                std::vector<std::int64_t> xs = v.U;
                if (fresh) std::reverse(xs.begin(), xs.end());
                s += ints_src(xs, '{');
            } else {
                s += sets_src(v.adj, fresh ? '(' : '[', least);
            }
        }
        return s;
    }

    std::string game_text(const Maker& g) const {
        std::string out;
        for (const auto& line : g.globals) out += line + "\n";
        out += "game " + g.name;
        if (!g.params.empty()) out += "(" + g.self_rules().substr(g.name.size() + 1);
        out += " {\n";
        for (const auto& line : g.items) out += "    " + line + "\n";
        return out + "}\n";
    }

    void add_game(int index) {
        std::string name = "G" + str(index);
        double k = static_cast<double>(r_.between(0, 999)) / 1000;
        Kind kind = k < 0.34 ? Kind::integer
                    : k < 0.54 ? Kind::tuple
                    : k < 0.67 ? Kind::list
                    : k < 0.8  ? Kind::set
                               : Kind::set_tuple;
        std::uint64_t shape = r_.next();
        Values v = draw_values(r_);
        Draft d = draft(kind, shape, v, name, ref_.size());
        Maker& g = d.g;
        // The same rules with other arguments: another instance of the game,
        // drafted before this game is one of the earlier ones it may use.
        std::optional<Draft> second;
        Values w = v, other_values = draw_values(r_);
        if (!g.params.empty() && r_.chance(0.3)) {
            if (g.has("S")) w.S = other_values.S;
            if (g.has("m")) w.m = other_values.m;
            if (g.has("adj")) w.adj = other_values.adj;
            if (g.has("U")) w.U = other_values.U;
            second.emplace(draft(kind, shape, w, name, ref_.size() + 1));
            if (game_text(second->g) != game_text(g) || args_src(g, w, false, d.low) == args_src(g, v, false, d.low))
                second.reset();
        }
        if (kind == Kind::set && !g.has("adj")) {
            bool used = false;
            for (const auto& item : g.items) used |= item.find(g.global_name("adj")) != std::string::npos;
            if (used) g.globals.push_back("let " + g.global_name("adj") + " = " + sets_src(v.adj, '[', d.low));
        }
        std::string text = game_text(g);
        GameInfo info;
        info.kind = kind;
        info.layout = d.layout;
        info.ref = ref_.add(g.ref);
        std::string fresh;
        if (g.params.empty()) {
            info.rules = name;
        } else {
            std::string call = name + "(" + args_src(g, v, false, d.low) + ")";
            if (r_.chance(0.75)) {
                text += "let g" + str(index) + " = " + call + "\n";
                info.rules = "g" + str(index);
            } else {
                info.rules = call;
            }
            if (args_src(g, v, true, d.low) != args_src(g, v, false, d.low))
                fresh = name + "(" + args_src(g, v, true, d.low) + ")";
        }
        info.small = small_states(d);
        info.cost = g.cost;
        int me = static_cast<int>(p_.blocks.size());
        p_.blocks.push_back(text);
        p_.deps.push_back(g.deps);
        infos_.push_back(info);
        game_queries(d, info, fresh.empty() ? info.rules : fresh, me);
        if (second) {
            GameInfo other = info;
            other.ref = ref_.add(second->g.ref);
            other.rules = name + "(" + args_src(g, w, false, d.low) + ")";
            range_query(d, other, me);
            sum_query({&info, &other}, me, {me});
        }
    }

    // ---- states ----

    static State shifted(const Draft& d, State s) {
        if (d.kind == Kind::tuple) s.back() += d.offset;
        return s;
    }

    State random_state(const Draft& d, int big) {
        switch (d.kind) {
            case Kind::integer: return {r_.between(d.low, big)};
            case Kind::tuple: {
                State s;
                for (int i = 0; i < d.arity; ++i) s.push_back(r_.between(0, big));
                return shifted(d, s);
            }
            case Kind::list: {
                State s;
                for (std::int64_t i = 0, n = r_.between(0, 3); i < n; ++i) s.push_back(r_.between(0, big));
                return s;
            }
            case Kind::set: {
                State s;
                for (std::int64_t x = d.low; x < d.low + d.size; ++x)
                    if (r_.chance(0.5)) s.push_back(x);
                return s;
            }
            case Kind::set_tuple: return set_tuple_state(r_, d.layout, d.low, d.size, big);
        }
        return {};
    }

    std::vector<State> small_states(const Draft& d) {
        std::vector<State> out;
        for (int i = 0; i < 6; ++i) {
            State s = random_state(d, d.kind == Kind::integer ? 6 : 2);
            if (d.kind == Kind::set && s.size() > 3) s.resize(3);
            if (d.kind == Kind::list && s.size() > 2) s.resize(2);
            if (d.kind == Kind::tuple && d.arity == 3) s[2] = std::min(s[2], d.offset + 1);
            if (d.kind == Kind::set_tuple) s = set_tuple_state(r_, d.layout, d.low, d.size, 3, 0.3);
            out.push_back(s);
        }
        return out;
    }

    // ---- answers ----

    // Runs f unless the reference finds its misère question too big; the
    // query is then left out.
    template <class F>
    static void unless_too_big(F&& f) {
        try {
            f();
        } catch (const Reference::TooBig&) {
        }
    }

    static std::string outcome(bool first_wins) { return first_wins ? "N" : "P"; }
    static std::string quoted(bool first_wins) { return first_wins ? "\"N\"" : "\"P\""; }

    Sum sum_of(const std::vector<const GameInfo*>& games, const std::vector<State>& states) {
        Sum s;
        for (std::size_t i = 0; i < games.size(); ++i) s.push_back(Comp{games[i]->ref, states[i]});
        return s;
    }

    void add(std::string text, std::string expected, int at, std::vector<int> games) {
        p_.queries.push_back(Query{std::move(text), std::move(expected), at, std::move(games)});
    }

    // What a list of queries over the states prints: values or outcomes.
    std::string answers(const GameInfo& info, const std::vector<State>& states, int what) {
        std::vector<std::string> xs;
        for (const State& s : states) {
            Comp c{info.ref, s};
            if (what == 0) xs.push_back(str(ref_.sg(c)));
            else xs.push_back(quoted(ref_.first_wins({c}, what == 2)));
        }
        return list_src(xs);
    }

    // Every state of a box (ints, tuples, pairs of list entries, subsets),
    // as a comprehension and as the states in its order.
    struct Range {
        std::string head;  // `R(...) for ... in ...` with R and the query to fill in
        std::vector<State> states;
    };

    Range range(const Draft& d, int top) {
        Range out;
        switch (d.kind) {
            case Kind::integer: {
                std::int64_t lo = d.low;
                out.head = "Q(R(n)) for n in " + str(lo) + ".." + str(top);
                for (std::int64_t n = lo; n <= top; ++n) out.states.push_back({n});
                if (r_.chance(0.15)) out.head += " where n >= " + str(lo);  // not the fused range query
                break;
            }
            case Kind::tuple: {
                std::int64_t a = r_.between(1, top), b = r_.between(1, top), c = d.arity == 3 ? r_.between(1, 2) : 0;
                auto span = [&](std::int64_t top, bool last) {
                    std::int64_t from = last ? d.offset : 0;
                    return str(from) + ".." + str(from + top);
                };
                out.head = "Q(R(x, y" + std::string(d.arity == 3 ? ", z" : "") + ")) for x in 0.." + str(a) +
                           ", y in " + span(b, d.arity == 2) + (d.arity == 3 ? ", z in " + span(c, true) : "");
                for (std::int64_t x = 0; x <= a; ++x)
                    for (std::int64_t y = 0; y <= b; ++y)
                        for (std::int64_t z = 0; z <= c; ++z)
                            out.states.push_back(shifted(d, d.arity == 3 ? State{x, y, z} : State{x, y}));
                break;
            }
            case Kind::list: {
                if (r_.chance(0.5)) {
                    std::int64_t a = r_.between(1, 3), b = r_.between(1, 3);
                    out.head = "Q(R([x, y])) for x in 0.." + str(a) + ", y in 0.." + str(b);
                    for (std::int64_t x = 0; x <= a; ++x)
                        for (std::int64_t y = 0; y <= b; ++y) out.states.push_back({x, y});
                } else {
                    std::vector<std::string> xs;
                    for (int i = 0, n = static_cast<int>(r_.between(4, 12)); i < n; ++i) {
                        out.states.push_back(random_state(d, 4));
                        xs.push_back(state_args(Kind::list, out.states.back()));
                    }
                    out.head = "Q(R(h)) for h in " + list_src(xs);
                }
                break;
            }
            case Kind::set: {
                std::int64_t lo = d.low, size = d.size;
                if (size <= 6 && r_.chance(0.6)) {
                    std::string shift = lo ? "(v - " + str(lo) + ")" : "v";
                    out.head = "Q(R({v for v in " + str(lo) + ".." + str(lo + size - 1) + " where (mask >> " + shift +
                               ") & 1 == 1})) for mask in 0.." + str((1 << size) - 1);
                    for (std::int64_t mask = 0; mask < (1 << size); ++mask) {
                        State s;
                        for (std::int64_t v = lo; v < lo + size; ++v)
                            if ((mask >> (v - lo)) & 1) s.push_back(v);
                        out.states.push_back(s);
                    }
                } else {
                    std::vector<std::string> xs;
                    for (int i = 0, n = static_cast<int>(r_.between(4, 12)); i < n; ++i) {
                        out.states.push_back(random_state(d, 0));
                        xs.push_back(state_args(Kind::set, out.states.back()));
                    }
                    out.head = "Q(R(s)) for s in " + list_src(xs);
                }
                break;
            }
            case Kind::set_tuple: std::tie(out.head, out.states) = set_tuple_range(r_, d.layout, d.low, d.size, top); break;
        }
        return out;
    }

    static std::string fill(std::string head, const std::string& query, const std::string& rules) {
        head.replace(head.find("Q("), 1, query);
        std::size_t at = head.find("R(");
        head.replace(at, 1, rules);
        return head;
    }

    int range_top(const Draft& d) {
        bool cheap = d.g.cost == 1;
        switch (d.kind) {
            case Kind::integer:
                if (d.g.wide && r_.chance(0.4)) return static_cast<int>(r_.between(250, 300));
                return static_cast<int>(cheap ? r_.between(20, 60) : r_.between(10, 30));
            case Kind::tuple: return d.arity == 2 ? (cheap ? 7 : 5) : 3;
            case Kind::set_tuple: return static_cast<int>(cheap ? r_.between(3, 6) : r_.between(2, 4));
            default: return 0;
        }
    }

    void range_query(const Draft& d, const GameInfo& info, int at) {
        Range rg = range(d, range_top(d));
        add("print [" + fill(rg.head, "sg", info.rules) + "]", answers(info, rg.states, 0), at, {at});
    }

    State big_state(const Draft& d) {
        bool cheap = d.g.cost == 1;
        switch (d.kind) {
            case Kind::integer:
                if (d.g.halving == static_cast<int>(d.g.ref.moves.size()) && r_.chance(0.5))
                    return {r_.between(std::int64_t{1} << 31, std::int64_t{1} << 40)};  // past the ints that are their own ids
                if (cheap && r_.chance(0.15)) return {r_.between(1000, 4000)};  // deep
                return {cheap ? r_.between(80, 300) : r_.between(25, 60)};
            case Kind::tuple:
                if (d.arity == 2)
                    return shifted(d, {cheap ? r_.between(6, 16) : r_.between(4, 9), cheap ? r_.between(6, 16) : r_.between(4, 9)});
                return shifted(d, {r_.between(2, cheap ? 6 : 4), r_.between(2, cheap ? 6 : 4), r_.between(2, cheap ? 6 : 4)});
            case Kind::list: {
                State s;
                if (cheap && r_.chance(0.3)) return {r_.between(12, 18), r_.between(12, 18)};  // past 15
                for (std::int64_t i = 0, n = r_.between(2, 3); i < n; ++i) s.push_back(r_.between(1, cheap ? 5 : 4));
                return s;
            }
            case Kind::set: {
                State s;
                for (std::int64_t x = d.low; x < d.low + d.size; ++x) s.push_back(x);
                return s;
            }
            case Kind::set_tuple:
                return set_tuple_state(r_, d.layout, d.low, d.size, cheap ? r_.between(8, 20) : r_.between(5, 9));
        }
        return {};
    }

    std::string call(const GameInfo& info, const std::string& rules, const State& s) {
        if (info.kind == Kind::set && s.size() >= 3 && s.back() - s.front() + 1 == static_cast<std::int64_t>(s.size()) &&
            r_.chance(0.5))
            return rules + "({" + str(s.front()) + ".." + str(s.back()) + "})";
        return rules + "(" + state_args(info.kind, s, info.layout) + ")";
    }

    void game_queries(const Draft& d, const GameInfo& info, const std::string& fresh, int me) {
        std::vector<Query> qs;
        auto q = [&](std::string text, std::string expected) { qs.push_back(Query{text, expected, me, {me}}); };
        const std::string& R = info.rules;
        {
            Range rg = range(d, range_top(d));
            q("print [" + fill(rg.head, "sg", R) + "]", answers(info, rg.states, 0));
        }
        {
            State big = big_state(d);
            bool outcome_only = r_.chance(0.3);
            Comp c{info.ref, big};
            q("print " + std::string(outcome_only ? "outcome(" : "sg(") + call(info, fresh, big) + ")",
              outcome_only ? outcome(ref_.sg(c) != 0) : str(ref_.sg(c)));
        }
        if (d.kind == Kind::integer && r_.chance(0.4)) {
            int top = static_cast<int>(r_.between(std::max<std::int64_t>(d.low, 0), 2 * range_top(d)));
            std::string fold = r_.pick({"sum", "max", "min", "len"});
            std::vector<int> values;
            for (std::int64_t n = 0; n <= top; ++n) values.push_back(ref_.sg(Comp{info.ref, {n}}));
            int x = values[0];
            for (int y : values) {
                if (fold == ("sum")) x += y;
                else if (fold == ("max")) x = std::max(x, y);
                else if (fold == ("min")) x = std::min(x, y);
            }
            if (fold == ("sum")) x -= values[0];
            if (fold == ("len")) x = static_cast<int>(values.size());
            q("print " + fold + "([sg(" + R + "(n)) for n in 0.." + str(top) + "])", str(x));
        }
        if (d.kind == Kind::integer && d.g.cost == 1 && r_.chance(0.1)) {
            std::int64_t from = r_.between(1000, 4000), to = from + r_.between(0, 40);
            std::vector<State> states;
            for (std::int64_t n = from; n <= to; ++n) states.push_back({n});
            q("print [sg(" + R + "(n)) for n in " + str(from) + ".." + str(to) + "]", answers(info, states, 0));
        }
        if (r_.chance(0.4)) {
            Range rg = range(d, range_top(d));
            q("print [" + fill(rg.head, "outcome", R) + "]", answers(info, rg.states, 1));
        }
        if (d.kind == Kind::integer && r_.chance(0.3)) unless_too_big([&] {
            std::int64_t a = r_.between(1, 5), b = r_.between(1, 5);
            std::vector<std::string> xs;
            for (std::int64_t x = 0; x <= a; ++x)
                for (std::int64_t y = 0; y <= b; ++y)
                    xs.push_back(quoted(ref_.misere_first_wins({Comp{info.ref, {x}}, Comp{info.ref, {y}}})));
            q("print [outcome(misere(" + R + "(x) + " + R + "(y))) for x in 0.." + str(a) + ", y in 0.." + str(b) + "]",
              list_src(xs));
        });
        if (r_.chance(0.5)) unless_too_big([&] {
            std::vector<std::string> xs;
            std::vector<State> states;
            for (const State& s : info.small) {
                states.push_back(s);
                xs.push_back(call(info, R, s));
            }
            q("print [outcome(misere(p)) for p in " + list_src(xs) + "]", answers(info, states, 2));
        });
        if (r_.chance(0.4)) unless_too_big([&] {
            State a = r_.pick(info.small), b = r_.pick(info.small);
            q("print outcome(misere(" + call(info, R, a) + " + " + call(info, R, b) + "))",
              outcome(ref_.misere_first_wins({Comp{info.ref, a}, Comp{info.ref, b}})));
        });
        if (r_.chance(0.35)) {
            State s = r_.chance(0.5) ? r_.pick(info.small) : random_state(d, d.kind == Kind::integer ? range_top(d) : 3);
            q("print len(winning_moves(" + call(info, R, s) + "))", str(ref_.winning_moves({Comp{info.ref, s}}, false)));
        }
        if (r_.chance(0.3)) unless_too_big([&] {
            State a = r_.pick(info.small), b = r_.pick(info.small);
            q("print len(winning_moves(misere(" + call(info, R, a) + " + " + call(info, R, b) + ")))",
              str(ref_.winning_moves({Comp{info.ref, a}, Comp{info.ref, b}}, true)));
        });
        // The outcome alone of a state and then its value (an N-position's
        // value is not known from its outcome), and outcomes asked from the
        // top down, where the outcome search descends instead of reading.
        if (r_.chance(0.4)) {
            State s = big_state(d);
            Comp c{info.ref, s};
            const std::string x = call(info, fresh, s);
            q("print [outcome(" + x + "), sg(" + x + ")]", list_src({quoted(ref_.sg(c) != 0), str(ref_.sg(c))}));
        }
        if (r_.chance(0.4)) {
            Range rg = range(d, range_top(d));
            std::vector<State> states(rg.states.rbegin(), rg.states.rend());
            std::vector<std::string> xs;
            for (const State& s : states) xs.push_back(call(info, fresh, s));
            q("print [outcome(p) for p in " + list_src(xs) + "]", answers(info, states, 1));
        }
        // The options themselves, as states: their order, and what the
        // canonical form leaves of each.
        if (d.kind == Kind::set_tuple && r_.chance(0.5)) {
            State s = random_state(d, 6);
            bool winning = r_.chance(0.4);
            q("print [state(p) for p in " + std::string(winning ? "winning_moves(" : "moves(") + call(info, R, s) + ")]",
              set_tuple_moves(ref_, d.g.ref, Comp{info.ref, s}, d.layout, winning));
        }
        r_.shuffle(qs);
        p_.queries.insert(p_.queries.end(), qs.begin(), qs.end());
    }

    // A sum of positions of the given games, asked one of several ways.
    void sum_query(const std::vector<const GameInfo*>& games, int at, std::vector<int> which) {
        std::vector<State> states;
        std::string parts;
        for (const GameInfo* g : games) {
            states.push_back(r_.pick(g->small));
            parts += (parts.empty() ? "" : " + ") + call(*g, g->rules, states.back());
        }
        Sum sum = sum_of(games, states);
        int how = static_cast<int>(r_.between(0, 5));
        unless_too_big([&] {
        switch (how) {
            case 0: add("print sg(" + parts + ")", str(ref_.sg(sum)), at, which); break;
            case 1: add("print outcome(" + parts + ")", outcome(ref_.first_wins(sum, false)), at, which); break;
            case 2: add("print outcome(misere(" + parts + "))", outcome(ref_.first_wins(sum, true)), at, which); break;
            case 3: add("print len(winning_moves(" + parts + "))", str(ref_.winning_moves(sum, false)), at, which); break;
            case 4:
                add("print len(winning_moves(misere(" + parts + ")))", str(ref_.winning_moves(sum, true)), at, which);
                break;
            default: {
                std::string list = "[" + parts + "]";
                for (std::size_t i; (i = list.find(" + ")) != std::string::npos;) list.replace(i, 3, ", ");
                add("print sg(sum(" + list + "))", str(ref_.sg(sum)), at, which);
            }
        }
        });
    }

    void cross_query() {
        int n = static_cast<int>(r_.between(2, 3));
        std::vector<const GameInfo*> games;
        std::vector<int> which;
        for (int i = 0; i < n; ++i) {
            int g = static_cast<int>(r_.between(0, infos_.size() - 1));
            games.push_back(&infos_[g]);
            which.push_back(g);
        }
        sum_query(games, static_cast<int>(infos_.size()) - 1, which);
    }

    // A misère sum of more parts than fit in one packed word.
    void wide_misere_query() {
        std::vector<int> ints;
        for (int g = 0; g < static_cast<int>(infos_.size()); ++g)
            if (infos_[g].kind == Kind::integer) ints.push_back(g);
        if (ints.empty()) return;
        int g = r_.pick(ints);
        const GameInfo& info = infos_[g];
        Sum sum;
        std::vector<std::string> xs;
        for (int i = 0, n = static_cast<int>(r_.between(9, 11)); i < n; ++i) {
            State s = r_.pick(info.small);
            if (s[0] > 3) s[0] = s[0] % 4;
            sum.push_back(Comp{info.ref, s});
            xs.push_back(call(info, info.rules, s));
        }
        unless_too_big([&] {
            add("print outcome(misere(sum(" + list_src(xs) + ")))", outcome(ref_.misere_first_wins(sum)),
                static_cast<int>(infos_.size()) - 1, {g});
        });
    }
};

}  // namespace grundy::difftest
