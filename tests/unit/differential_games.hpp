// Random small games for the differential test, each drawn once as a shape
// and then written twice: as Grundy source, and as a RefGame whose moves are
// C++ loops over explicit states. A shape is a handful of move families
// (templates below, and for tuple, list and set positions in
// differential_shape_games.hpp); each family has several spellings with one meaning, so
// that the interpreter's different paths (the int path, stretch walking,
// packed states, the generic evaluator) all get games to solve.
//
// Every family makes a measure decrease, so no game has a cycle: ints and
// the sum of a tuple's coordinates (weighted 4, 2, 1 where a move shifts
// from one coordinate to a later one) go down; a list's (sum, length) goes
// down lexicographically; a set loses an element. A move to a sum makes
// every part smaller than the state it leaves.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "differential_reference.hpp"

namespace grundy::difftest {

// Drawn by hand from the engine, so the games are the same with every
// standard library.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : engine_(seed) {}
    std::uint64_t next() { return engine_(); }
    std::int64_t between(std::int64_t lo, std::int64_t hi) {
        return lo + static_cast<std::int64_t>(engine_() % static_cast<std::uint64_t>(hi - lo + 1));
    }
    bool chance(double p) { return static_cast<double>(engine_() % 1000000) < p * 1000000; }
    std::string pick(std::initializer_list<const char*> xs) { return *(xs.begin() + between(0, xs.size() - 1)); }
    template <class T>
    const T& pick(const std::vector<T>& xs) {
        return xs[between(0, static_cast<std::int64_t>(xs.size()) - 1)];
    }
    template <class T>
    void shuffle(std::vector<T>& xs) {
        for (std::size_t i = xs.size(); i > 1; --i) std::swap(xs[i - 1], xs[between(0, i - 1)]);
    }
    // A non-empty sorted subset of lo..hi of at most `most` elements.
    std::vector<std::int64_t> subset(std::int64_t lo, std::int64_t hi, int most) {
        std::vector<std::int64_t> all;
        for (std::int64_t x = lo; x <= hi; ++x) all.push_back(x);
        shuffle(all);
        all.resize(between(1, std::min<std::int64_t>(most, all.size())));
        std::sort(all.begin(), all.end());
        return all;
    }

private:
    std::mt19937_64 engine_;
};

enum class Kind { integer, tuple, list, set, set_tuple };

// A set tuple's coordinates (differential_set_tuples.hpp): one or two ints
// and a set, the set at `set_at`. Its State is the ints, then the set's
// elements in order. `call` is how a call spells the state: as it is, only
// the ints (a `start` adds the set), or the set as a list.
struct Layout {
    enum class Call { state, ints, list };
    int ints = 1;
    int set_at = 1;
    Call call = Call::state;
    std::int64_t t_from = 0;  // the least t queried: a t that no move changes may be wide or negative
};

inline std::string str(std::int64_t x) { return std::to_string(x); }

inline std::string ints_src(const std::vector<std::int64_t>& xs, char open) {
    std::string s(1, open);
    for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + str(xs[i]);
    return s + (open == '[' ? ']' : open == '(' ? ')' : '}');
}

// A state as the arguments of a call: `5`, `1, 2`, `[1, 2]`, `{1, 2}`,
// `3, {1, 2}`.
inline std::string state_args(Kind kind, const State& s, const Layout& layout = {}) {
    switch (kind) {
        case Kind::integer: return str(s[0]);
        case Kind::tuple: {
            std::string t = ints_src(s, '(');
            return t.substr(1, t.size() - 2);
        }
        case Kind::list: return ints_src(s, '[');
        case Kind::set: return ints_src(s, '{');
        case Kind::set_tuple: {
            const State set(s.begin() + layout.ints, s.end());
            std::string out;
            for (int c = 0, i = 0; c <= layout.ints; ++c) {
                if (c == layout.set_at && layout.call == Layout::Call::ints) continue;
                if (!out.empty()) out += ", ";
                out += c == layout.set_at ? ints_src(set, layout.call == Layout::Call::list ? '[' : '{') : str(s[i++]);
            }
            return out;
        }
    }
    return "";
}

// A game of the program as other games and the queries see it.
struct GameInfo {
    int ref = -1;
    Kind kind = Kind::integer;
    std::string rules;         // an expression for its ruleset
    std::vector<State> small;  // states cheap enough to add up and play misère
    int cost = 1;              // as Maker::cost
    Layout layout;             // set tuples
    std::string call(const State& s) const { return rules + "(" + state_args(kind, s, layout) + ")"; }
};

// What a game's rule parameters hold, or, for those that are not
// parameters, the literals written in their place.
struct Values {
    std::vector<std::int64_t> S;                // positive, sorted
    std::int64_t m = 1;                         // positive
    std::vector<std::vector<std::int64_t>> adj;  // a graph on 0..9 (see set_kayles)
    std::vector<std::int64_t> U;                // sorted, sometimes with an element outside 0..63
};

using Options = std::vector<Sum>;

// One game being written: its text and its reference, side by side.
struct Maker {
    Maker(Rng shape, Values values, int self, std::string name, const std::vector<GameInfo>& earlier, Reference& solver)
        : r(shape), v(std::move(values)), self(self), name(std::move(name)), earlier(earlier), solver(&solver) {}

    Rng r;
    Values v;
    int self;
    std::string name;
    const std::vector<GameInfo>& earlier;
    Reference* solver;  // for rules that ask for values
    std::vector<std::string> params, globals, items;
    RefGame ref;
    std::vector<int> deps;  // indices into `earlier`
    int cost = 1;           // 2: some state has options in proportion to its size
    bool wide = false;      // values grow with the state, past what a byte holds
    int halving = 0;        // move lines that divide the state, so a huge state is cheap
    std::vector<bool> touched = std::vector<bool>(3, false);  // tuple coordinates some move changes

    bool has(const std::string& p) const { return std::find(params.begin(), params.end(), p) != params.end(); }
    std::string self_rules() const {
        if (params.empty()) return name;
        std::string s = name + "(";
        for (std::size_t i = 0; i < params.size(); ++i) s += (i ? ", " : "") + params[i];
        return s + ")";
    }
    std::string S() {
        if (has("S")) return "S";
        std::vector<std::int64_t> xs = v.S;
        r.shuffle(xs);
        return ints_src(xs, r.chance(0.5) ? '{' : '[');
    }
    std::string m() { return has("m") ? "m" : str(v.m); }
    std::string global_name(const std::string& base) const { return base + "_" + name; }
    // A global function of this game's, defined once however often a family uses it.
    std::string global_fn(const std::string& base, const std::string& params_and_body) {
        std::string f = global_name(base), line = "fn " + f + params_and_body;
        if (std::find(globals.begin(), globals.end(), line) == globals.end()) globals.push_back(line);
        return f;
    }
    void move(const std::string& text, RefGame::Moves gen) {
        line(text);
        ref.moves.push_back(std::move(gen));
    }
    // A move line whose options the reference makes elsewhere.
    void line(const std::string& text) {
        items.push_back("move " + (r.chance(0.05) ? "step" + str(items.size()) + ": " : std::string()) + text);
    }
};

inline Sum one(int self, State s) { return {Comp{self, std::move(s)}}; }
inline Sum two(int self, State a, State b) { return {Comp{self, std::move(a)}, Comp{self, std::move(b)}}; }

// ---- int positions: `position n` -------------------------------------------

inline void int_subtract(Maker& g) {
    auto S = g.v.S;
    std::string cond = g.r.pick({"k <= n", "n >= k", "n - k >= 0", "not (k > n)", "k in 0..n"});
    std::string result = "n - k";
    if (g.r.chance(0.2)) {
        result = g.global_fn("less", "(x, y) = x - y") + "(n, k)";
    }
    g.move("k in " + g.S() + " where " + cond + " => " + result, [S, self = g.self](const State& s, Options& o) {
        for (auto k : S)
            if (k <= s[0]) o.push_back(one(self, {s[0] - k}));
    });
}

// S read by index (`S[k]`, from either end): subtraction of S's elements.
inline void int_indexed(Maker& g) {
    auto S = g.v.S;
    std::string ss = g.S();
    std::string e = ss + (g.r.chance(0.5) ? "[k]" : "[-1 - k]");
    g.move("k in 0..len(" + ss + ") - 1 where " + e + " <= n => n - " + e, [S, self = g.self](const State& s, Options& o) {
        for (auto k : S)
            if (k <= s[0]) o.push_back(one(self, {s[0] - k}));
    });
}

// Translations that are not `n - k`: the result is n plus an offset per k.
inline void int_shifted(Maker& g) {
    auto S = g.v.S;
    std::string ss = g.S();
    if (g.r.chance(0.5)) {
        std::int64_t c = g.r.between(0, 2);
        std::string cs = str(c);
        g.move("k in " + ss + " where k > " + cs + " and k - " + cs + " <= n => " +
                   g.r.pick({"n - (k - C)", "n + C - k", "C + n - k"}),
               [S, c, self = g.self](const State& s, Options& o) {
                   for (auto k : S)
                       if (k > c && k - c <= s[0]) o.push_back(one(self, {s[0] + c - k}));
               });
        for (std::size_t at; (at = g.items.back().find('C')) != std::string::npos;) g.items.back().replace(at, 1, cs);
    } else {
        g.move("k in " + ss + " where " + g.r.pick({"2 * k <= n", "k <= n / 2", "k + k <= n"}) + " => n - 2 * k",
               [S, self = g.self](const State& s, Options& o) {
                   for (auto k : S)
                       if (2 * k <= s[0]) o.push_back(one(self, {s[0] - 2 * k}));
               });
    }
}

// An octal game (as the library's Octal): digit d of k says what taking k
// from a heap may leave: 1 nothing, 2 one heap, 4 two heaps. Spelled as the
// library does, through a helper reading the code, or as one line a bit.
inline void int_octal(Maker& g) {
    g.cost = 2;
    std::vector<std::int64_t> digits = {g.r.chance(0.3) ? 4 : 0};
    for (int k = 1, top = static_cast<int>(g.r.between(1, 3)); k <= top; ++k) digits.push_back(g.r.between(0, 7));
    std::int64_t top = static_cast<std::int64_t>(digits.size()) - 1;
    auto with_bit = [&](int bit, int from) {
        std::vector<std::int64_t> ks;
        for (std::int64_t k = from; k <= top; ++k)
            if (digits[k] & bit) ks.push_back(k);
        return ks;
    };
    std::vector<std::int64_t> ones = with_bit(1, 1), twos = with_bit(2, 1), fours = with_bit(4, 0);
    int self = g.self;
    RefGame::Moves gen = [ones, twos, fours, self](const State& s, Options& o) {
        std::int64_t n = s[0];
        for (auto k : ones)
            if (k == n) o.push_back(one(self, {0}));
        for (auto k : twos)
            if (k < n) o.push_back(one(self, {n - k}));
        for (auto k : fours)
            for (std::int64_t a = 1; 2 * a <= n - k; ++a) o.push_back(two(self, {a}, {n - k - a}));
    };
    if (g.r.chance(0.5)) {
        std::string code = str(digits[0]) + ".";
        for (std::int64_t k = 1; k <= top; ++k) code += str(digits[k]);
        std::string lit = "\"" + code + "\"";
        g.items.push_back("fn digit(k) = if k == 0 then int(" + lit + "[0]) else if k + 1 < len(" + lit + ") then int(" +
                          lit + "[k + 1]) else 0");
        std::string t = str(top);
        g.line("k in 1..min(n, " + t + ") where (digit(k) & 1) != 0 and k == n => 0");
        g.line("k in 1..min(n, " + t + ") where (digit(k) & 2) != 0 and k < n => n - k");
        g.line("k in 0..min(n, " + t + "), a in 1..(n - k) / 2 where (digit(k) & 4) != 0 => split(a, n - k - a)");
    } else if (g.r.chance(0.4)) {
        // The digits as a list read by index, a global or written in place.
        std::string list = ints_src(digits, '[');
        if (g.r.chance(0.5)) {
            g.globals.push_back("let " + g.global_name("digits") + " = " + list);
            list = g.global_name("digits");
        }
        std::string t = str(top), d = list + "[k]";
        g.line("k in 1..min(n, len(" + list + ") - 1) where (" + d + " & 1) != 0 and k == n => 0");
        g.line("k in 1..min(n, " + t + ") where (" + d + " & 2) != 0 and k < n => n - k");
        g.line("k in 0..min(n, " + t + "), a in 1..(n - k) / 2 where (" + d + " & 4) != 0 => split(a, n - k - a)");
    } else {
        if (!ones.empty()) g.line("k in " + ints_src(ones, '{') + " where k == n => 0");
        if (!twos.empty()) g.line("k in " + ints_src(twos, '[') + " where k < n => n - k");
        if (!fours.empty()) g.line("k in " + ints_src(fours, '{') + ", a in 1..(n - k) / 2 => split(a, n - k - a)");
    }
    g.ref.moves.push_back(gen);
}

// A move allowed by the value of another position, asked while the state is
// being expanded: of a smaller state of this game, or of an earlier cheap
// int game.
inline void int_asks(Maker& g) {
    std::int64_t c = g.r.between(1, 4), q = g.r.between(0, 2);
    std::vector<const GameInfo*> others;
    for (const GameInfo& h : g.earlier)
        if (h.kind == Kind::integer && h.cost == 1) others.push_back(&h);
    bool self = others.empty() || g.r.chance(0.4);
    const GameInfo* h = self ? nullptr : g.r.pick(others);
    if (h) g.deps.push_back(static_cast<int>(h - g.earlier.data()));
    int id = self ? g.self : h->ref;
    std::string rules = self ? g.self_rules() : h->rules;
    bool by_outcome = g.r.chance(0.4);
    std::string test = by_outcome ? "outcome(" + rules + "(n - k)) == \"P\"" : "sg(" + rules + "(n - k)) != " + str(q);
    g.move("k in 1.." + str(c) + " where k <= n and " + test + " => n - k",
           [c, q, id, by_outcome, me = g.self, solver = g.solver](const State& s, Options& o) {
               for (std::int64_t k = 1; k <= std::min(c, s[0]); ++k) {
                   int value = solver->sg(Comp{id, {s[0] - k}});
                   if (by_outcome ? value == 0 : value != q) o.push_back(one(me, {s[0] - k}));
               }
           });
}

// Values as large as the heap.
inline void int_nim(Maker& g) {
    g.cost = 2;
    g.wide = true;
    std::int64_t q = g.r.between(1, 5);
    switch (g.r.between(0, 2)) {
        case 0: g.move("k in 1..n => n - k", {}); break;
        case 1: g.move("k in 0..n - 1 => k", {}); break;
        default:
            g.move("k in 1..n where k != " + str(q) + " => n - k", [q, self = g.self](const State& s, Options& o) {
                for (std::int64_t k = 1; k <= s[0]; ++k)
                    if (k != q) o.push_back(one(self, {s[0] - k}));
            });
            return;
    }
    g.ref.moves.back() = [self = g.self](const State& s, Options& o) {
        for (std::int64_t k = 1; k <= s[0]; ++k) o.push_back(one(self, {s[0] - k}));
    };
}

inline void int_bash(Maker& g) {
    std::int64_t m = g.v.m;
    std::string ms = g.m();
    switch (g.r.between(0, 4)) {
        case 0: g.move("k in 1..min(n, " + ms + ") => n - k", {}); break;
        case 1:
            g.move("k in 1..n where k <= " + ms + " => n - k", {});
            g.cost = 2;
            break;
        case 2: g.move("k in 1..(if n < " + ms + " then n else " + ms + ") => n - k", {}); break;
        case 3:
            g.items.push_back("fn cap(x) = min(x, " + ms + ")");
            g.move("k in 1..cap(n) => n - k", {});
            break;
        default: g.move("k in 1.." + ms + " where k <= n => n - k", {}); break;
    }
    g.ref.moves.back() = [m, self = g.self](const State& s, Options& o) {
        for (std::int64_t k = 1; k <= std::min(s[0], m); ++k) o.push_back({Comp{self, {s[0] - k}}});
    };
}

inline void int_divide(Maker& g) {
    int self = g.self;
    ++g.halving;
    if (g.r.chance(0.5)) {
        std::int64_t c = g.r.between(2, 4);
        g.move("d in 2.." + str(c) + " where " + g.r.pick({"n >= d", "d <= n"}) + " => n / d",
               [c, self](const State& s, Options& o) {
                   for (std::int64_t d = 2; d <= c; ++d)
                       if (s[0] >= d) o.push_back({Comp{self, {s[0] / d}}});
               });
    } else {
        g.move(g.r.pick({"where n > 0 => n / 2", "where n != 0 => n / 2", "where n >= 1 => n - (n + 1) / 2",
                         "where n > 0 => n >> 1"}),
               [self](const State& s, Options& o) {
                   if (s[0] >= 1) o.push_back({Comp{self, {s[0] / 2}}});
               });
    }
}

inline void int_squares(Maker& g) {
    switch (g.r.between(0, 2)) {
        case 0:
            g.move("k in 1..n where k * k <= n => n - k * k", {});
            g.cost = 2;
            break;
        case 1:
            g.move("k in 1..isqrt(n) => n - k * k", {});
            g.cost = 2;
            break;
        default: {
            std::string f = g.global_fn("square", "(x) = x * x");
            g.move("k in 1..n where " + f + "(k) <= n => n - " + f + "(k)", {});
            g.cost = 2;
        }
    }
    g.ref.moves.back() = [self = g.self](const State& s, Options& o) {
        for (std::int64_t k = 1; k * k <= s[0]; ++k) o.push_back({Comp{self, {s[0] - k * k}}});
    };
}

// Take k in T from a heap and split what is left into two heaps.
inline void int_take_break(Maker& g) {
    g.cost = 2;
    bool param = g.r.chance(0.4);
    std::vector<std::int64_t> T = param ? g.v.S : g.r.subset(0, 3, 3);
    std::string ts = param ? g.S() : ints_src(T, g.r.chance(0.5) ? '{' : '[');
    int variant = static_cast<int>(g.r.between(0, 3));
    if (variant == 2 && T[0] == 0) variant = 0;  // `a in 0..n - k` with k = 0 would leave n itself
    std::string self = g.self_rules();
    std::string head = "k in " + ts + ", ";
    switch (variant) {
        case 0: g.move(head + "a in 1..(n - k) / 2 where k <= n => split(a, n - k - a)", {}); break;
        case 1: g.move(head + "a in 1..(n - k) / 2 => " + self + "(a) + " + self + "(n - k - a)", {}); break;
        case 2: g.move(head + "a in 0..n - k => split(a, n - k - a)", {}); break;
        default: g.move(head + "a in 1..n where a + a <= n - k => split(a, n - k - a)", {}); break;
    }
    g.ref.moves.back() = [T, variant, self = g.self](const State& s, Options& o) {
        std::int64_t n = s[0];
        for (auto k : T) {
            if (variant == 2) {
                for (std::int64_t a = 0; a <= n - k; ++a) o.push_back(two(self, {a}, {n - k - a}));
            } else {
                for (std::int64_t a = 1; 2 * a <= n - k; ++a) o.push_back(two(self, {a}, {n - k - a}));
            }
        }
    };
}

// A move to a sum with a position of an earlier game of the program.
inline void int_other_game(Maker& g) {
    if (g.earlier.empty()) return int_subtract(g);
    std::size_t at = g.r.between(0, g.earlier.size() - 1);
    const GameInfo& h = g.earlier[at];
    g.deps.push_back(static_cast<int>(at));
    State x = g.r.pick(h.small);
    std::int64_t c = g.r.between(1, 4);
    Comp other{h.ref, x};
    int self = g.self;
    int variant = static_cast<int>(g.r.between(0, 2));
    if (variant == 2 && h.kind == Kind::integer) {
        std::int64_t q = g.r.between(2, 6);
        g.move("where n > 0 => " + h.rules + "(n % " + str(q) + ")", [q, id = h.ref](const State& s, Options& o) {
            if (s[0] > 0) o.push_back({Comp{id, {floor_mod(s[0], q)}}});
        });
        return;
    }
    std::string rest = variant == 0 ? "split(n - " + str(c) + ")" : g.self_rules() + "(n - " + str(c) + ")";
    g.move("where n >= " + str(c) + " => " + h.call(x) + " + " + rest, [c, other, self](const State& s, Options& o) {
        if (s[0] >= c) o.push_back({other, Comp{self, {s[0] - c}}});
    });
}

inline void int_clamp(Maker& g) {
    std::int64_t c = g.r.between(1, 4);
    std::string result = g.r.pick({"max(0, n - 2 * k)", "(if n - 2 * k < 0 then 0 else n - 2 * k)",
                                   "if 2 * k > n then 0 else n - 2 * k", "max(n - 2 * k, 0)"});
    g.move("k in 1.." + str(c) + " where k <= n => " + result, [c, self = g.self](const State& s, Options& o) {
        for (std::int64_t k = 1; k <= c; ++k)
            if (k <= s[0]) o.push_back({Comp{self, {std::max<std::int64_t>(0, s[0] - 2 * k)}}});
    });
}

inline void int_min_result(Maker& g) {
    std::int64_t c = g.r.between(1, 4);
    std::string result = g.r.pick({"min(n - 1, 2 * k)", "min(2 * k, n - 1)", "(if n - 1 < 2 * k then n - 1 else 2 * k)"});
    g.move("k in 1.." + str(c) + " where n >= 1 => " + result, [c, self = g.self](const State& s, Options& o) {
        for (std::int64_t k = 1; k <= c; ++k)
            if (s[0] >= 1) o.push_back({Comp{self, {std::min(s[0] - 1, 2 * k)}}});
    });
}

inline void int_xor(Maker& g) {
    std::int64_t c = g.r.between(1, 7);
    g.move("k in 1.." + str(c) + " where " + g.r.pick({"(n ^ k) < n", "n ^ k < n"}) + " => n ^ k",
           [c, self = g.self](const State& s, Options& o) {
               for (std::int64_t k = 1; k <= c; ++k)
                   if ((s[0] ^ k) < s[0]) o.push_back({Comp{self, {s[0] ^ k}}});
           });
}

inline void int_bits(Maker& g) {
    g.move("b in 0..6 where " + g.r.pick({"(n >> b) & 1 == 1", "n & (1 << b) != 0", "(n >> b) % 2 == 1"}) +
               " => n - (1 << b)",
           [self = g.self](const State& s, Options& o) {
               for (std::int64_t b = 0; b <= 6; ++b)
                   if ((s[0] >> b) & 1) o.push_back({Comp{self, {s[0] - (std::int64_t{1} << b)}}});
           });
}

inline void int_mod_where(Maker& g) {
    std::int64_t c = g.r.between(2, 5), q = g.r.between(2, 4), r = g.r.between(0, q - 1);
    std::string test = "(n + k) % " + str(q) + " != " + str(r);
    switch (g.r.between(0, 2)) {
        case 0: g.move("k in 1.." + str(c) + " where k <= n and " + test + " => n - k", {}); break;
        case 1: g.move("k in 1..min(n, " + str(c) + ") where " + test + " => n - k", {}); break;
        default: g.move("k in 1.." + str(c) + " where " + test + " and n >= k => n - k", {}); break;
    }
    g.ref.moves.back() = [c, q, r, self = g.self](const State& s, Options& o) {
        for (std::int64_t k = 1; k <= std::min(c, s[0]); ++k)
            if (floor_mod(s[0] + k, q) != r) o.push_back({Comp{self, {s[0] - k}}});
    };
}

// An `if` whose branches are a sum and a state.
inline void int_if_split(Maker& g) {
    std::string self = g.self_rules();
    g.move(g.r.pick({"where n >= 3 => if n % 2 == 0 then split(n / 2 - 1, n / 2) else n - 3",
                     "where n >= 3 => if n % 2 == 0 then split(n / 2 - 1, n / 2) else split(n - 3)",
                     "where n >= 3 => if n % 2 != 0 then n - 3 else SELF(n / 2 - 1) + SELF(n / 2)"}),
           [self = g.self](const State& s, Options& o) {
               std::int64_t n = s[0];
               if (n < 3) return;
               o.push_back(n % 2 == 0 ? two(self, {n / 2 - 1}, {n / 2}) : one(self, {n - 3}));
           });
    for (std::size_t at; (at = g.items.back().find("SELF")) != std::string::npos;) g.items.back().replace(at, 4, self);
}

inline void int_divisors(Maker& g) {
    g.cost = 2;
    bool proper = g.r.chance(0.5);  // 1 and the divisors up to n / 2, else 2..n
    g.move(proper ? "d in 1..n / 2 where n % d == 0 => n - d" : "d in 2..n where n % d == 0 => n - d",
           [proper, self = g.self](const State& s, Options& o) {
               std::int64_t n = s[0];
               for (std::int64_t d = proper ? 1 : 2; d <= (proper ? n / 2 : n); ++d)
                   if (n % d == 0) o.push_back({Comp{self, {n - d}}});
           });
}

// A move to the empty sum.
inline void int_empty(Maker& g) {
    std::int64_t q = g.r.between(2, 5), r = g.r.between(0, q - 1);
    g.move("where n % " + str(q) + " == " + str(r) + " => split()", [q, r](const State& s, Options& o) {
        if (floor_mod(s[0], q) == r) o.push_back({});
    });
}

inline void int_terminal(Maker& g) {
    std::int64_t q = g.r.between(2, 6), r = g.r.between(0, q - 1), t = g.r.between(0, 6);
    switch (g.r.between(0, 3)) {
        case 0:
            g.items.push_back("terminal when n % " + str(q) + " == " + str(r) + " => lose");
            g.ref.terminal = [q, r](const State& s) { return floor_mod(s[0], q) == r; };
            break;
        case 1:
            g.items.push_back("terminal when n == " + str(t) + " => lose");
            g.ref.terminal = [t](const State& s) { return s[0] == t; };
            break;
        case 2:
            g.items.push_back("terminal when n < " + str(t) + " => lose");
            g.ref.terminal = [t](const State& s) { return s[0] < t; };
            break;
        default: {
            auto set = g.r.subset(0, 12, 4);
            g.items.push_back("terminal when n in " + ints_src(set, g.r.chance(0.5) ? '{' : '[') + " => lose");
            g.ref.terminal = [set](const State& s) { return std::count(set.begin(), set.end(), s[0]) > 0; };
        }
    }
}

// Heaps that go below zero: only a `terminal` ends them.
inline void int_negative(Maker& g, std::int64_t lo) {
    g.items.push_back(g.r.pick({"terminal when n < LO => lose", "terminal when not (n >= LO) => lose",
                                "terminal when n <= LO - 1 => lose"}));
    g.items.back().replace(g.items.back().find("LO"), 2, lo < 0 ? "-" + str(-lo) : str(lo));
    g.ref.terminal = [lo](const State& s) { return s[0] < lo; };
    auto S = g.v.S;
    g.move("k in " + g.S() + " => n - k", [S, self = g.self](const State& s, Options& o) {
        for (auto k : S) o.push_back(one(self, {s[0] - k}));
    });
    if (g.r.chance(0.5)) {
        std::int64_t q = g.r.between(2, 3);
        g.move("where n % " + str(q) + " == 0 => n - 1", [q, self = g.self](const State& s, Options& o) {
            if (floor_mod(s[0], q) == 0) o.push_back(one(self, {s[0] - 1}));
        });
    }
}

// An int game spelled with its int in a 1-tuple or a list, `position (n,)`
// or `position [n]`: every `start` and move result (all int code) wrapped
// alike, so that the game means what the plain one does.
inline void wrap_results(Maker& g, bool brackets) {
    for (std::string& line : g.items) {
        if (line == "position n") {
            line = brackets ? "position [n]" : "position (n,)";
            continue;
        }
        const std::size_t at = line.find(" => ");
        if (at == std::string::npos || (line.rfind("move ", 0) != 0 && line.rfind("start ", 0) != 0)) continue;
        const std::string result = line.substr(at + 4);
        line = line.substr(0, at + 4) + (brackets ? "[" + result + "]" : "(" + result + ",)");
    }
}

}  // namespace grundy::difftest
