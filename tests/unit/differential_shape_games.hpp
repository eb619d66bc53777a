// Random games of the differential test on tuple, list and set positions
// (the int games and the common parts are in differential_games.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "differential_games.hpp"

namespace grundy::difftest {

// ---- tuple positions: `position (a, b)` or `(a, b, c)` -----------------------

struct TupleShape {
    int arity;
    bool symmetric;  // every family treats the coordinates alike, so `canonical` may sort them
    bool brackets = false;  // `position [a, b]`: the states are lists, results written as lists
    std::string coord(int i) const { return std::string(1, static_cast<char>('a' + i)); }
    // The coordinates with #i replaced by `e` (and #j by `f`), as the arguments of a call.
    std::string args(int i, const std::string& e, int j = -1, const std::string& f = "") const {
        std::string s;
        for (int x = 0; x < arity; ++x) s += (x ? ", " : "") + (x == i ? e : x == j ? f : coord(x));
        return s;
    }
    std::string tuple(int i, const std::string& e, int j = -1, const std::string& f = "") const {
        return (brackets ? "[" : "(") + args(i, e, j, f) + (brackets ? "]" : ")");
    }
    // The coordinates a family applies to: all of them when symmetric.
    std::vector<int> which(Rng& r) const {
        std::vector<int> all;
        for (int i = 0; i < arity; ++i)
            if (symmetric || all.empty() || r.chance(0.3)) all.push_back(i);
        if (!symmetric && r.chance(0.5)) all = {static_cast<int>(r.between(0, arity - 1))};
        return all;
    }
};

inline State with(State s, int i, std::int64_t x) {
    s[i] = x;
    return s;
}

inline void tuple_take(Maker& g, const TupleShape& t) {
    int variant = static_cast<int>(g.r.between(0, 3));
    std::int64_t c = g.r.between(1, 4);
    auto S = g.v.S;
    bool update = g.r.chance(0.15);
    std::string cs = str(c), ss = variant == 2 ? g.S() : "";
    for (int i : t.which(g.r)) {
        g.touched[i] = true;
        std::string x = t.coord(i);
        std::string gens = variant == 0   ? "k in 1.." + x
                           : variant == 1 ? "k in 1..min(" + x + ", " + cs + ")"
                           : variant == 2 ? "k in " + ss + " where k <= " + x
                                          : "k in 1.." + cs + " where k <= " + x;
        std::string result = update ? "update(" + t.tuple(-1, "") + ", " + str(i) + ", " + x + " - k)"
                                    : t.tuple(i, x + " - k");
        g.move(gens + " => " + result, [=, self = g.self](const State& s, Options& o) {
            if (variant == 2) {
                for (auto k : S)
                    if (k <= s[i]) o.push_back(one(self, with(s, i, s[i] - k)));
                return;
            }
            std::int64_t top = variant == 0 ? s[i] : std::min(s[i], c);
            for (std::int64_t k = 1; k <= top; ++k) o.push_back(one(self, with(s, i, s[i] - k)));
        });
    }
}

// Take the same amount from two coordinates (or from all three).
inline void tuple_diagonal(Maker& g, const TupleShape& t) {
    std::vector<std::pair<int, int>> pairs;
    if (t.arity == 2) pairs = {{0, 1}};
    else if (t.symmetric) pairs = {{0, 1}, {0, 2}, {1, 2}};
    else pairs = {{static_cast<int>(g.r.between(0, 1)), 2}};
    if (t.arity == 3 && g.r.chance(0.4)) {
        g.touched.assign(3, true);
        g.move(std::string("k in 1..min(a, b, c) => ") + (t.brackets ? "[a - k, b - k, c - k]" : "(a - k, b - k, c - k)"),
               [self = g.self](const State& s, Options& o) {
            for (std::int64_t k = 1; k <= std::min({s[0], s[1], s[2]}); ++k)
                o.push_back(one(self, {s[0] - k, s[1] - k, s[2] - k}));
        });
        return;
    }
    int variant = static_cast<int>(g.r.between(0, 2));
    for (auto [i, j] : pairs) {
        g.touched[i] = g.touched[j] = true;
        std::string x = t.coord(i), y = t.coord(j);
        std::string gens = variant == 0   ? "k in 1..min(" + x + ", " + y + ")"
                           : variant == 1 ? "k in 1.." + x + " where k <= " + y
                                          : "k in 1..(if " + x + " < " + y + " then " + x + " else " + y + ")";
        g.move(gens + " => " + t.tuple(i, x + " - k", j, y + " - k"),
               // Named captures: clang 14 cannot capture structured bindings.
               [i = i, j = j, self = g.self](const State& s, Options& o) {
                   for (std::int64_t k = 1; k <= std::min(s[i], s[j]); ++k)
                       o.push_back(one(self, with(with(s, i, s[i] - k), j, s[j] - k)));
               });
    }
}

// Shift k from a coordinate to a later one (never symmetric).
inline void tuple_transfer(Maker& g, const TupleShape& t) {
    int i = static_cast<int>(g.r.between(0, t.arity - 2));
    int j = static_cast<int>(g.r.between(i + 1, t.arity - 1));
    g.touched[i] = g.touched[j] = true;
    std::string x = t.coord(i), y = t.coord(j);
    std::int64_t c = g.r.between(1, 3);
    bool capped = g.r.chance(0.5);
    g.move((capped ? "k in 1..min(" + x + ", " + str(c) + ")" : "k in 1.." + x) + " => " +
               t.tuple(i, x + " - k", j, y + " + k"),
           [=, self = g.self](const State& s, Options& o) {
               for (std::int64_t k = 1; k <= (capped ? std::min(s[i], c) : s[i]); ++k)
                   o.push_back(one(self, with(with(s, i, s[i] - k), j, s[j] + k)));
           });
}

// A step by a fixed vector where the coordinates it lowers are large
// enough, and an optional cap on one it raises: translations on a grid
// (runtime/translation_grid.hpp), the bounds spelled in several ways. Near
// misses leave it to the kernels: a `!=`, or a bound reading two coordinates.
inline void tuple_step(Maker& g, const TupleShape& t) {
    std::vector<std::int64_t> d(t.arity);
    for (;;) {  // the measure 4a + 2b + c (2a + b) goes down
        std::int64_t measure = 0;
        for (int i = 0; i < t.arity; ++i) {
            d[i] = g.r.between(-2, i > 0 ? 1 : 0);
            measure += d[i] * (std::int64_t{1} << (t.arity - 1 - i));
        }
        if (measure < 0) break;
    }
    std::vector<std::string> conds;
    std::string result;
    std::int64_t cap = g.r.between(2, 6);
    int capped = -1, unequal = -1;
    const bool two = g.r.chance(0.1);
    for (int i = 0; i < t.arity; ++i) {
        const std::string x = t.coord(i), n = str(-d[i]);
        if (d[i] < 0) {
            const std::int64_t spelling = g.r.between(0, 4);
            conds.push_back(spelling == 0   ? x + " >= " + n
                            : spelling == 1 ? x + " > " + str(-d[i] - 1)
                            : spelling == 2 ? n + " <= " + x
                            : spelling == 3 ? x + " - " + n + " >= 0"
                                            : "2 * " + x + " >= " + str(-2 * d[i]));
        } else if (d[i] > 0 && capped < 0 && g.r.chance(0.5)) {
            capped = i;
            conds.push_back(g.r.chance(0.5) ? x + " < " + str(cap) : x + " + 1 <= " + str(cap));
        }
        if (d[i] != 0) g.touched[i] = true;
        result += (i ? ", " : "") + (d[i] == 0 ? x : d[i] > 0 ? x + " + " + str(d[i]) : x + " - " + n);
    }
    if (g.r.chance(0.1)) {
        unequal = static_cast<int>(g.r.between(0, t.arity - 1));
        conds.push_back(t.coord(unequal) + " != 1");
    }
    if (two) conds.push_back("a <= b + 9");
    if (g.r.chance(0.3)) conds.insert(conds.begin() + g.r.between(0, static_cast<std::int64_t>(conds.size())), g.m() + " >= 1");
    std::string where;
    for (std::size_t i = 0; i < conds.size(); ++i) where += (i ? " and " : "") + conds[i];
    result = (t.brackets ? "[" : "(") + result + (t.brackets ? "]" : ")");
    g.move("where " + where + " => " + result, [=, self = g.self](const State& s, Options& o) {
        State next = s;
        for (int i = 0; i < t.arity; ++i) {
            if (d[i] < 0 && s[i] + d[i] < 0) return;  // only what it lowers is bounded
            next[i] = s[i] + d[i];
        }
        if ((capped >= 0 && s[capped] >= cap) || (unequal >= 0 && s[unequal] == 1) || (two && s[0] > s[1] + 9)) return;
        o.push_back(one(self, next));
    });
}

// Break a coordinate in two: a sum of two positions of the game.
inline void tuple_split(Maker& g, const TupleShape& t) {
    g.cost = 2;
    bool calls = g.r.chance(0.5);
    std::string self = g.self_rules();
    for (int i : t.which(g.r)) {
        g.touched[i] = true;
        std::string x = t.coord(i);
        std::string result = calls ? self + "(" + t.args(i, "k") + ") + " + self + "(" + t.args(i, x + " - k") + ")"
                                   : "split(" + t.tuple(i, "k") + ", " + t.tuple(i, x + " - k") + ")";
        g.move("k in 1.." + x + " / 2 => " + result, [i, self = g.self](const State& s, Options& o) {
            for (std::int64_t k = 1; 2 * k <= s[i]; ++k) o.push_back(two(self, with(s, i, k), with(s, i, s[i] - k)));
        });
    }
}

// A coordinate clamped by the one it follows (never symmetric).
inline void tuple_min_result(Maker& g, const TupleShape& t) {
    g.touched[0] = g.touched[1] = true;
    std::string a = g.r.pick({"min(a, b - k)", "(if a < b - k then a else b - k)", "min(b - k, a)"});
    g.move("k in 1..b => " + t.tuple(0, a, 1, "b - k"), [self = g.self](const State& s, Options& o) {
        for (std::int64_t k = 1; k <= s[1]; ++k) o.push_back(one(self, with(with(s, 0, std::min(s[0], s[1] - k)), 1, s[1] - k)));
    });
}

inline void tuple_mod_where(Maker& g, const TupleShape& t) {
    std::int64_t q = g.r.between(2, 3), r = g.r.between(0, q - 1);
    for (int i : t.which(g.r)) {
        g.touched[i] = true;
        std::string x = t.coord(i);
        g.move("k in 1.." + x + " where (" + x + " - k) % " + str(q) + " != " + str(r) + " => " + t.tuple(i, x + " - k"),
               [=, self = g.self](const State& s, Options& o) {
                   for (std::int64_t k = 1; k <= s[i]; ++k)
                       if (floor_mod(s[i] - k, q) != r) o.push_back(one(self, with(s, i, s[i] - k)));
               });
    }
}

inline void tuple_terminal(Maker& g, const TupleShape& t) {
    std::int64_t v = g.r.between(0, 3);
    std::string vs = str(v);
    auto sum = [](const State& s) {
        std::int64_t x = 0;
        for (auto c : s) x += c;
        return x;
    };
    int variant = static_cast<int>(g.r.between(0, 2));
    if (t.symmetric && t.arity == 2) {
        const char* texts[] = {"a + b < V", "a == b", "min(a, b) == 0 and max(a, b) <= V"};
        g.items.push_back(std::string("terminal when ") + texts[variant] + " => lose");
        g.ref.terminal = [=](const State& s) {
            return variant == 0 ? sum(s) < v : variant == 1 ? s[0] == s[1] : std::min(s[0], s[1]) == 0 && std::max(s[0], s[1]) <= v;
        };
    } else if (t.symmetric) {
        const char* texts[] = {"a + b + c < V", "a == b and b == c", "min(a, b, c) == V"};
        g.items.push_back(std::string("terminal when ") + texts[variant] + " => lose");
        g.ref.terminal = [=](const State& s) {
            return variant == 0 ? sum(s) < v : variant == 1 ? s[0] == s[1] && s[1] == s[2] : std::min({s[0], s[1], s[2]}) == v;
        };
    } else {
        const char* texts[] = {"a == V", "a > b + V", "a + 2 * b < V"};
        g.items.push_back(std::string("terminal when ") + texts[variant] + " => lose");
        g.ref.terminal = [=](const State& s) {
            return variant == 0 ? s[0] == v : variant == 1 ? s[0] > s[1] + v : s[0] + 2 * s[1] < v;
        };
    }
    std::string& line = g.items.back();
    if (auto at = line.find('V'); at != std::string::npos) line.replace(at, 1, vs);
}

inline void tuple_canonical(Maker& g, const TupleShape& t) {
    std::string text;
    if (t.arity == 2) {
        switch (g.r.between(0, 5)) {
            case 0: text = "(min(a, b), max(a, b))"; break;
            case 1: text = "(max(a, b), min(a, b))"; break;
            case 2: text = "if a <= b then (a, b) else (b, a)"; break;
            case 3: text = "if b < a then (b, a) else (a, b)"; break;
            case 4: {
                std::string f = g.global_name("order");
                g.globals.push_back("fn " + f + "(x, y) = (min(x, y), max(x, y))");
                text = f + "(a, b)";
                break;
            }
            default:
                g.items.push_back("fn order(x, y) = if x < y then (x, y) else (y, x)");
                text = "order(a, b)";
        }
    } else {
        switch (g.r.between(0, 3)) {
            case 0: text = "tuple(sorted([a, b, c]))"; break;
            case 1: text = "(min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), max(a, b, c))"; break;
            case 2: text = "tuple(reversed(sorted([a, b, c])))"; break;
            default:
                g.items.push_back("fn order(x, y, z) = tuple(sorted([x, y, z]))");
                text = "order(a, b, c)";
        }
    }
    g.items.push_back("canonical => " + text);
    g.ref.canon = [](State s) {
        std::sort(s.begin(), s.end());
        return s;
    };
}

// A tuple game written on a list `position h` of fixed length: each
// coordinate a, b, c read as h[0], h[1], h[2] (the results are lists
// already), positions made by `start` from the coordinates.
inline void name_the_list(Maker& g, const TupleShape& t) {
    for (std::string& line : g.items) {
        std::string out;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            auto word = [&](std::size_t at) { return at < line.size() && (std::isalnum(static_cast<unsigned char>(line[at])) || line[at] == '_'); };
            if (c >= 'a' && c <= 'c' && !(i > 0 && word(i - 1)) && !word(i + 1)) out += "h[" + std::to_string(c - 'a') + "]";
            else out += c;
        }
        line = out;
    }
    std::string xs;
    for (int i = 0; i < t.arity; ++i) xs += (i ? ", " : "") + std::string(1, static_cast<char>('x' + i));
    g.items.push_back("start (" + xs + ") => [" + xs + "]");
}

// ---- list positions: `position h` --------------------------------------------

inline State erase_at(State s, std::size_t i) {
    s.erase(s.begin() + static_cast<std::ptrdiff_t>(i));
    return s;
}

inline void list_take(Maker& g) {
    int variant = static_cast<int>(g.r.between(0, 2));
    std::int64_t c = g.r.between(1, 3);
    auto S = g.v.S;
    std::string gens = variant == 0   ? "i in 0..len(h) - 1, k in 1..h[i]"
                       : variant == 1 ? "i in 0..len(h) - 1, k in " + g.S() + " where k <= h[i]"
                                      : "i in 0..len(h) - 1, k in 1..min(h[i], " + str(c) + ")";
    std::string result = g.r.pick({"update(h, i, h[i] - k)", "[(if j == i then h[j] - k else h[j]) for j in 0..len(h) - 1]",
                                   "[(if j != i then h[j] else h[j] - k) for j in 0..len(h) - 1]"});
    g.move(gens + " => " + result, [=, self = g.self](const State& s, Options& o) {
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (variant == 1) {
                for (auto k : S)
                    if (k <= s[i]) o.push_back(one(self, with(s, i, s[i] - k)));
            } else {
                for (std::int64_t k = 1; k <= (variant == 0 ? s[i] : std::min(s[i], c)); ++k)
                    o.push_back(one(self, with(s, i, s[i] - k)));
            }
        }
    });
}

inline void list_remove(Maker& g) {
    std::int64_t c = g.r.between(0, 2);
    g.move("i in 0..len(h) - 1 where h[i] <= " + str(c) + " => [h[j] for j in 0..len(h) - 1 where j != i]",
           [c, self = g.self](const State& s, Options& o) {
               for (std::size_t i = 0; i < s.size(); ++i)
                   if (s[i] <= c) o.push_back(one(self, erase_at(s, i)));
           });
}

// Take one from an entry and break the rest in two entries.
inline void list_break(Maker& g) {
    g.cost = 2;  // large entries break in too many ways
    g.move("i in 0..len(h) - 1, a in 1..(h[i] - 1) / 2 => update(h, i, a) + [h[i] - 1 - a]",
           [self = g.self](const State& s, Options& o) {
               for (std::size_t i = 0; i < s.size(); ++i)
                   for (std::int64_t a = 1; 2 * a <= s[i] - 1; ++a) {
                       State next = with(s, i, a);
                       next.push_back(s[i] - 1 - a);
                       o.push_back(one(self, next));
                   }
           });
}

// Chomp-like: an entry and every later one are cut down to x (never symmetric).
inline void list_clamp(Maker& g) {
    g.move("i in 0..len(h) - 1, x in 0..h[i] - 1 => [(if j >= i then min(h[j], x) else h[j]) for j in 0..len(h) - 1]",
           [self = g.self](const State& s, Options& o) {
               for (std::size_t i = 0; i < s.size(); ++i)
                   for (std::int64_t x = 0; x < s[i]; ++x) {
                       State next = s;
                       for (std::size_t j = i; j < s.size(); ++j) next[j] = std::min(next[j], x);
                       o.push_back(one(self, next));
                   }
           });
}

// One entry leaves the list as a position of its own: a sum.
inline void list_part(Maker& g) {
    std::string self = g.self_rules();
    std::string rest = "[h[j] for j in 0..len(h) - 1 where j != i]";
    g.move("i in 0..len(h) - 1 where len(h) >= 2 => " +
               (g.r.chance(0.5) ? "split([h[i]], " + rest + ")" : self + "([h[i]]) + " + self + "(" + rest + ")"),
           [self = g.self](const State& s, Options& o) {
               if (s.size() < 2) return;
               for (std::size_t i = 0; i < s.size(); ++i) o.push_back(two(self, {s[i]}, erase_at(s, i)));
           });
}

inline void list_below(Maker& g) {
    g.move("x in h => [y for y in h where y < x]", [self = g.self](const State& s, Options& o) {
        for (auto x : s) {
            State next;
            for (auto y : s)
                if (y < x) next.push_back(y);
            o.push_back(one(self, next));
        }
    });
}

inline void list_terminal(Maker& g, bool symmetric) {
    std::int64_t c = g.r.between(0, 3);
    int variant = static_cast<int>(g.r.between(0, symmetric ? 1 : 3));
    const char* texts[] = {"C in h", "len(h) >= C + 2", "len(h) > 0 and h[0] == C", "h == [C]"};
    std::string line = std::string("terminal when ") + texts[variant] + " => lose";
    line.replace(line.find('C'), 1, str(c));
    g.items.push_back(line);
    g.ref.terminal = [=](const State& s) {
        switch (variant) {
            case 0: return std::count(s.begin(), s.end(), c) > 0;
            case 1: return static_cast<std::int64_t>(s.size()) >= c + 2;
            case 2: return !s.empty() && s[0] == c;
            default: return s == State{c};
        }
    };
}

inline void list_canonical(Maker& g) {
    std::string text;
    switch (g.r.between(0, 3)) {
        case 0: text = "sorted(h)"; break;
        case 1: text = "reversed(sorted(h))"; break;
        case 2: {
            std::string f = g.global_name("norm");
            g.globals.push_back("fn " + f + "(x) = sorted(x)");
            text = f + "(h)";
            break;
        }
        default:
            g.items.push_back("fn norm(x) = reversed(sorted(x))");
            text = "norm(h)";
    }
    g.items.push_back("canonical => " + text);
    g.ref.canon = [](State s) {
        std::sort(s.begin(), s.end());
        return s;
    };
}

// ---- set positions: `position s` ---------------------------------------------

inline State set_where(const State& s, const std::function<bool(std::int64_t)>& keep) {
    State out;
    for (auto x : s)
        if (keep(x)) out.push_back(x);
    return out;
}

// Node Kayles: take a vertex and its neighbours.
// The graph is on 0..9: on elements from 0 or 1 it is indexed by the
// element, on higher ones by the element less the least.
inline void set_kayles(Maker& g, const std::string& adj, std::int64_t least) {
    auto graph = g.v.adj;
    std::int64_t base = least > 1 ? least : 0;
    g.move("v in s => " + g.r.pick({"s - {v} - ADJ[v]", "s - ({v} | ADJ[v])",
                                    "{w for w in s where w != v and w not in ADJ[v]}",
                                    "s - {w for w in s where w == v or w in ADJ[v]}"}),
           [graph, base, self = g.self](const State& s, Options& o) {
               for (auto v : s) {
                   const auto& near = graph[v - base];
                   o.push_back(one(self, set_where(s, [&](std::int64_t w) {
                       return w != v && std::find(near.begin(), near.end(), w - base) == near.end();
                   })));
               }
           });
    std::string& line = g.items.back();
    std::string vertex = base ? "[v - " + str(base) + "]" : "[v]";
    for (std::size_t at; (at = line.find("ADJ[v]")) != std::string::npos;) line.replace(at, 6, adj + vertex);
}

inline void set_line(Maker& g) {
    int variant = static_cast<int>(g.r.between(0, 2));
    const char* texts[] = {"v in s => s - {v - 1, v, v + 1}", "v in s where v + 1 in s => s - {v, v + 1}",
                           "v in s => s - {v, v + 1}"};
    g.move(texts[variant], [variant, self = g.self](const State& s, Options& o) {
        for (auto v : s) {
            bool next_in = std::count(s.begin(), s.end(), v + 1) > 0;
            if (variant == 1 && !next_in) continue;
            o.push_back(one(self, set_where(s, [&](std::int64_t w) { return w != v && w != v + 1 && (variant || w != v - 1); })));
        }
    });
}

inline void set_remove_one(Maker& g) {
    std::int64_t q = g.r.between(1, 3), r = g.r.between(0, q - 1);
    g.move("v in s where v % " + str(q) + " == " + str(r) + " => " + g.r.pick({"s - {v}", "{w for w in s where w != v}"}),
           [q, r, self = g.self](const State& s, Options& o) {
               for (auto v : s)
                   if (floor_mod(v, q) == r) o.push_back(one(self, set_where(s, [&](std::int64_t w) { return w != v; })));
           });
}

// Elements from 1 up: take x with its divisors, or with its multiples.
inline void set_divisors(Maker& g) {
    bool divisors = g.r.chance(0.5);
    g.move(divisors ? "x in s => s - {d for d in s where x % d == 0}" : "x in s => s - {d for d in s where d % x == 0}",
           [divisors, self = g.self](const State& s, Options& o) {
               for (auto x : s)
                   o.push_back(one(self, set_where(s, [&](std::int64_t d) { return divisors ? x % d != 0 : d % x != 0; })));
           });
}

inline void set_chain(Maker& g) {
    g.move("v in s => " + g.r.pick({"{w for w in s where w < v}", "s - {w for w in s where w >= v}", "s & {0..v - 1}"}),
           [self = g.self](const State& s, Options& o) {
               for (auto v : s) o.push_back(one(self, set_where(s, [&](std::int64_t w) { return w < v; })));
           });
}

// Turn x over and a coin y below it, from `least` (or, where `lower`, 2
// below: elements below the others', below 0 from 0), by a range filtered
// by membership: one family for each side of y, or one of them, with
// another condition after.
inline void set_turn(Maker& g, std::int64_t least, bool lower) {
    const std::int64_t from = lower && g.r.chance(0.3) ? least - 2 : least, q = g.r.between(1, 2);
    const std::string range = "x in s, y in " + str(from) + "..x - 1 where ";
    const std::string rest = q > 1 ? " and (x + y) % 2 == 0" : "";
    const int sides = static_cast<int>(g.r.between(0, 2));  // 0: in, 1: not in, 2: both
    if (sides != 1)
        g.move(range + g.r.pick({"y in s", "not (y not in s)"}) + rest + " => s - {x, y}",
               [from, q, self = g.self](const State& s, Options& o) {
                   for (auto x : s)
                       for (std::int64_t y = from; y < x; ++y)
                           if (std::count(s.begin(), s.end(), y) && floor_mod(x + y, q) == 0)
                               o.push_back(one(self, set_where(s, [&](std::int64_t w) { return w != x && w != y; })));
               });
    if (sides != 0)
        g.move(range + g.r.pick({"y not in s", "not (y in s)"}) + rest + " => s - {x} + {y}",
               [from, q, self = g.self](const State& s, Options& o) {
                   for (auto x : s)
                       for (std::int64_t y = from; y < x; ++y)
                           if (!std::count(s.begin(), s.end(), y) && floor_mod(x + y, q) == 0) {
                               State next = set_where(s, [&](std::int64_t w) { return w != x; });
                               next.insert(std::lower_bound(next.begin(), next.end(), y), y);
                               o.push_back(one(self, next));
                           }
               });
}

// Take v with the subtree above it, in a binary tree on base..base + 9
// (the parent of w is base + (w - base - 1) / 2), through game functions.
inline void set_subtree(Maker& g, std::int64_t least) {
    std::int64_t base = least > 1 ? least : 0;
    std::string b = str(base);
    g.items.push_back("fn within(w, v) = w == v or (w > " + b + " and within(" + b + " + (w - " + b + " - 1) / 2, v))");
    g.items.push_back("fn below(v) = {w for w in " + b + ".." + str(base + 9) + " where within(w, v)}");
    g.move("v in s => " + g.r.pick({"s - below(v)", "s - {v} - below(v)", "s - below(v) - {v}", "s & (s - below(v))"}),
           [base, self = g.self](const State& s, Options& o) {
               auto within = [base](std::int64_t w, std::int64_t v) {
                   for (;; w = base + (w - base - 1) / 2) {
                       if (w == v) return true;
                       if (w <= base) return false;
                   }
               };
               for (auto v : s) o.push_back(one(self, set_where(s, [&](std::int64_t w) { return !within(w, v); })));
           });
}

// Take v; what lies below and above it are two positions.
inline void set_split(Maker& g) {
    std::string lo = "{w for w in s where w < v}", hi = "{w for w in s where w > v}", self = g.self_rules();
    g.move("v in s => " + (g.r.chance(0.5) ? "split(" + lo + ", " + hi + ")" : self + "(" + lo + ") + " + self + "(" + hi + ")"),
           [self = g.self](const State& s, Options& o) {
               for (auto v : s)
                   o.push_back(two(self, set_where(s, [&](std::int64_t w) { return w < v; }),
                                     set_where(s, [&](std::int64_t w) { return w > v; })));
           });
}

inline void set_terminal(Maker& g) {
    std::int64_t c = g.r.between(0, 2);
    int variant = static_cast<int>(g.r.between(0, 2));
    const char* texts[] = {"len(s) <= C", "C + 1 in s", "len(s) == C + 2"};
    std::string line = std::string("terminal when ") + texts[variant] + " => lose";
    line.replace(line.find('C'), 1, str(c));
    g.items.push_back(line);
    g.ref.terminal = [=](const State& s) {
        auto size = static_cast<std::int64_t>(s.size());
        return variant == 0 ? size <= c : variant == 1 ? std::count(s.begin(), s.end(), c + 1) > 0 : size == c + 2;
    };
}

}  // namespace grundy::difftest
