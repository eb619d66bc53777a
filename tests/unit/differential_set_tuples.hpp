// Set tuples for the differential test: positions of one or two ints and a
// set, `(n, s)`, `(s, n)`, `(n, t, s)`, ..., whose sets the int path holds
// as bit masks (compiler/mask_nodes.hpp). The families spell one meaning in
// several ways (`s + {k}`, `s | {k}`, `{k} + s`; `k not in s`, `not (k in
// s)`; comprehensions with bounds and with other conditions; len, sum, min
// and max of the set; `s == {}`; a set rule parameter U), and some make
// elements past 63 or below 0, which a mask cannot hold.
//
// Every family makes (sum of the ints, size of the set) go down
// lexicographically; a `canonical` only drops elements. The reference
// plays every state as its canonical form, so a canonical form that drops
// elements that still matter makes another game, not a wrong answer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "differential_games.hpp"

namespace grundy::difftest {

// A set tuple's state taken apart: the ints and the set, sorted.
struct Coords {
    std::int64_t n = 0, t = 0;
    std::vector<std::int64_t> s;
};

inline Coords coords_of(const State& x, int ints) {
    Coords c;
    c.n = x[0];
    if (ints == 2) c.t = x[1];
    c.s.assign(x.begin() + ints, x.end());
    return c;
}

inline State state_of(Coords c, int ints) {
    std::sort(c.s.begin(), c.s.end());
    c.s.erase(std::unique(c.s.begin(), c.s.end()), c.s.end());
    State x{c.n};
    if (ints == 2) x.push_back(c.t);
    x.insert(x.end(), c.s.begin(), c.s.end());
    return x;
}

inline bool holds(const std::vector<std::int64_t>& s, std::int64_t x) { return std::count(s.begin(), s.end(), x) > 0; }

inline std::vector<std::int64_t> keep(const std::vector<std::int64_t>& s, const std::function<bool(std::int64_t)>& f) {
    std::vector<std::int64_t> out;
    for (auto x : s)
        if (f(x)) out.push_back(x);
    return out;
}

// The names a set tuple's rules use, and its coordinates in order.
struct SetTupleText {
    Layout layout;
    std::string S = "s";   // the set's name
    bool t_moves = false;  // some family changes t
    bool grows = false;    // some family adds several elements a step, or moves them all
    std::string tuple(const std::string& n, const std::string& set, const std::string& t = "t") const {
        std::string out = "(";
        for (int c = 0, i = 0; c <= layout.ints; ++c) {
            out += c ? ", " : "";
            out += c == layout.set_at ? set : i++ == 0 ? n : t;
        }
        return out + ")";
    }
    // `text` with every `S` standing alone written as the set's name.
    std::string named(std::string text) const {
        for (std::size_t at = 0; (at = text.find('S', at)) != std::string::npos;) {
            text.replace(at, 1, S);
            at += S.size();
        }
        return text;
    }
};

// A move line and its reference, which lists a state's options as coordinates.
inline void set_tuple_move(Maker& g, SetTupleText& x, const std::string& text,
                           std::function<void(const Coords&, std::vector<Coords>&)> each) {
    const int ints = x.layout.ints;
    g.move(x.named(text), [ints, each, self = g.self](const State& state, Options& o) {
        std::vector<Coords> out;
        each(coords_of(state, ints), out);
        for (const Coords& c : out) o.push_back(one(self, state_of(c, ints)));
    });
}

inline std::string nonempty(Rng& r) { return r.pick({"S != {}", "len(S) > 0", "not (S == {})", "len(S) >= 1"}); }

// Take k from n and mark it (or k shifted, past 63 or below 0) in the set:
// Stones (`(n, used)`). With two ints, from either.
inline void st_mark(Maker& g, SetTupleText& x) {
    const std::int64_t off = g.r.pick(std::vector<std::int64_t>{0, 0, 0, -2, 60});
    const bool from_t = x.layout.ints == 2 && g.r.chance(0.4);
    x.t_moves = x.t_moves || from_t;
    const std::string c = from_t ? "t" : "n";
    const std::string e = off == 0 ? "k" : off < 0 ? "k - " + str(-off) : "k + " + str(off);
    std::string cond = g.r.chance(0.5) ? e + " not in S" : "not (" + e + " in S)";
    std::string set = g.r.pick({"S + {E}", "S | {E}", "{E} + S", "{E} | S"});
    set.replace(set.find('E'), 1, e);
    std::string result = from_t ? x.tuple("n", set, "t - k") : x.tuple("n - k", set);
    if (g.r.chance(0.2)) result = "let u = " + set + " in " + (from_t ? x.tuple("n", "u", "t - k") : x.tuple("n - k", "u"));
    set_tuple_move(g, x, "k in 1.." + c + " where " + cond + " => " + result,
                   [off, from_t](const Coords& s, std::vector<Coords>& o) {
                       for (std::int64_t k = 1; k <= (from_t ? s.t : s.n); ++k) {
                           if (holds(s.s, k + off)) continue;
                           Coords next = s;
                           (from_t ? next.t : next.n) -= k;
                           next.s.push_back(k + off);
                           o.push_back(next);
                       }
                   });
}

// Take an element k of the set, 1 <= k <= n, from both: a generator over the set.
inline void st_take(Maker& g, SetTupleText& x) {
    std::string text;
    switch (g.r.between(0, 4)) {
        case 0: text = "k in S where k >= 1 and k <= n => " + x.tuple("n - k", "S - {k}"); break;
        case 1: text = "k in S where 0 < k and not (k > n) => " + x.tuple("n - k", "{y for y in S where y != k}"); break;
        case 2: text = "k in {y for y in S where y > 0 and y <= n} => " + x.tuple("n - k", "S - {k}"); break;
        case 3: text = "k in S where k <= n and k > 0 => " + x.tuple("n - k", "S - {k}"); break;
        default: text = "k in S where k > 0 and k <= n => " + x.tuple("n - k", "if len(S) > 1 then S - {k} else {}");
    }
    set_tuple_move(g, x, text, [](const Coords& s, std::vector<Coords>& o) {
        for (auto k : s.s)
            if (k >= 1 && k <= s.n) o.push_back({s.n - k, s.t, keep(s.s, [k](std::int64_t y) { return y != k; })});
    });
}

// Drop an element k of the set with every element up to k, and C, where
// what is kept is a comprehension with bounds: on n kept, or on n := k < n.
inline void st_prune(Maker& g, SetTupleText& x) {
    const std::int64_t c = g.r.between(0, 5);
    const std::string cs = str(c);
    if (g.r.chance(0.5)) {
        std::string set = g.r.pick({"{y for y in S where y > k and y != C}", "{y for y in S where k < y and C != y}",
                                    "{y for y in S where not (y <= k) and y != C}",
                                    "S - {y for y in S where y <= k or y == C}", "{y for y in S where y > k} - {C}"});
        for (std::size_t at; (at = set.find('C')) != std::string::npos;) set.replace(at, 1, cs);
        set_tuple_move(g, x, "k in S => " + x.tuple("n", set), [c](const Coords& s, std::vector<Coords>& o) {
            for (auto k : s.s) o.push_back({s.n, s.t, keep(s.s, [&](std::int64_t y) { return y > k && y != c; })});
        });
        return;
    }
    const std::string set = g.r.pick({"{y for y in S where y < n and y != k}", "{y for y in S where n > y and k != y}",
                                      "S - {k} - {y for y in S where y >= n}"});
    set_tuple_move(g, x, "k in S where k < n => " + x.tuple("k", set), [](const Coords& s, std::vector<Coords>& o) {
        for (auto k : s.s)
            if (k < s.n) o.push_back({k, s.t, keep(s.s, [&](std::int64_t y) { return y < s.n && y != k; })});
    });
}

// Conditions a mask filter does not take: remainders.
inline void st_residue(Maker& g, SetTupleText& x) {
    const std::int64_t q = g.r.between(2, 3), r = g.r.between(0, q - 1);
    const std::string qs = str(q), rs = str(r);
    if (g.r.chance(0.5)) {
        set_tuple_move(g, x,
                       "k in S where k % " + qs + " == " + rs + " => " +
                           x.tuple("n", g.r.chance(0.5) ? "S - {k}" : "{y for y in S where y != k}"),
                       [q, r](const Coords& s, std::vector<Coords>& o) {
                           for (auto k : s.s)
                               if (floor_mod(k, q) == r) o.push_back({s.n, s.t, keep(s.s, [k](std::int64_t y) { return y != k; })});
                       });
        return;
    }
    std::string set = g.r.pick({"{y for y in S where y != k and y % Q != R}", "{y for y in S where y != k and not (y % Q == R)}",
                                "S - {k} - {y for y in S where y % Q == R}"});
    set.replace(set.find('Q'), 1, qs);
    set.replace(set.find('R'), 1, rs);
    set_tuple_move(g, x, "k in S => " + x.tuple("n", set), [q, r](const Coords& s, std::vector<Coords>& o) {
        for (auto k : s.s) o.push_back({s.n, s.t, keep(s.s, [&](std::int64_t y) { return y != k && floor_mod(y, q) != r; })});
    });
}

// A comprehension whose elements are not its variable: every element but
// one moves down (below 0) or up (past 63).
inline void st_shift(Maker& g, SetTupleText& x) {
    if (x.grows) return st_residue(g, x);  // with the other, the states reached explode
    x.grows = true;
    g.cost = 2;  // with marks, the sets reached grow fast with n
    const std::int64_t by = g.r.chance(0.5) ? -1 : 1;
    const std::string e = by < 0 ? "y - 1" : "y + 1";
    const bool guarded = g.r.chance(0.5);  // only from a set in 0.., 1..
    const std::int64_t least = by < 0 ? 1 : 0;
    set_tuple_move(g, x,
                   "k in S" + (guarded ? " where min(S) >= " + str(least) : std::string()) + " => " +
                       x.tuple("n", "{" + e + " for y in S where y != k}"),
                   [by, guarded, least](const Coords& s, std::vector<Coords>& o) {
                       if (guarded && !s.s.empty() && s.s[0] < least) return;
                       for (auto k : s.s) {
                           Coords next{s.n, s.t, {}};
                           for (auto y : s.s)
                               if (y != k) next.s.push_back(y + by);
                           o.push_back(next);
                       }
                   });
}

// Size or sum of the part of the set below an element, in a condition.
inline void st_rank(Maker& g, SetTupleText& x) {
    const bool size = g.r.chance(0.5);
    const std::int64_t r = g.r.between(0, 1);
    const std::string part = g.r.pick({"{y for y in S where y < k}", "S - {y for y in S where y >= k}"});
    set_tuple_move(g, x,
                   "k in S where " + std::string(size ? "len(" : "sum(") + part + ") % 2 == " + str(r) + " => " +
                       x.tuple("n", "S - {k}"),
                   [size, r](const Coords& s, std::vector<Coords>& o) {
                       for (auto k : s.s) {
                           std::int64_t v = 0;
                           for (auto y : s.s)
                               if (y < k) v += size ? 1 : y;
                           if (floor_mod(v, 2) == r) o.push_back({s.n, s.t, keep(s.s, [k](std::int64_t y) { return y != k; })});
                       }
                   });
}

// len, sum, min and max of the set (min and max only where it has elements).
inline void st_folds(Maker& g, SetTupleText& x) {
    switch (g.r.between(0, 5)) {
        case 0: {
            const bool max = g.r.chance(0.5);
            const std::string f = max ? "max(S)" : "min(S)";
            set_tuple_move(g, x, "where " + nonempty(g.r) + " => " + x.tuple("n", "S - {" + f + "}"),
                           [max](const Coords& s, std::vector<Coords>& o) {
                               if (s.s.empty()) return;
                               Coords next = s;
                               if (max) next.s.pop_back();
                               else next.s.erase(next.s.begin());
                               o.push_back(next);
                           });
            break;
        }
        case 1:
            set_tuple_move(g, x,
                           (g.r.chance(0.5) ? "k in 1..len(S) where k <= n => " : "k in 1..min(n, len(S)) => ") +
                               x.tuple("n - k", "S"),
                           [](const Coords& s, std::vector<Coords>& o) {
                               for (std::int64_t k = 1; k <= std::min<std::int64_t>(s.n, s.s.size()); ++k)
                                   o.push_back({s.n - k, s.t, s.s});
                           });
            break;
        case 2: {
            const std::int64_t q = g.r.between(2, 3), r = g.r.between(0, q - 1);
            set_tuple_move(g, x, "where n > 0 and sum(S) % " + str(q) + " == " + str(r) + " => " + x.tuple("n - 1", "S"),
                           [q, r](const Coords& s, std::vector<Coords>& o) {
                               std::int64_t sum = 0;
                               for (auto y : s.s) sum += y;
                               if (s.n > 0 && floor_mod(sum, q) == r) o.push_back({s.n - 1, s.t, s.s});
                           });
            break;
        }
        case 3:
            set_tuple_move(g, x, "where " + nonempty(g.r) + " and min(S) < n => " + x.tuple("min(S)", "S - {min(S)}"),
                           [](const Coords& s, std::vector<Coords>& o) {
                               if (s.s.empty() || s.s[0] >= s.n) return;
                               o.push_back({s.s[0], s.t, std::vector<std::int64_t>(s.s.begin() + 1, s.s.end())});
                           });
            break;
        case 4:
            // Marks that only go up: past the largest (or 0).
            set_tuple_move(g, x, "k in 1..n where k > max(S + {0}) => " + x.tuple("n - k", "S + {k}"),
                           [](const Coords& s, std::vector<Coords>& o) {
                               const std::int64_t top = std::max<std::int64_t>(0, s.s.empty() ? 0 : s.s.back());
                               for (std::int64_t k = top + 1; k <= s.n; ++k) {
                                   Coords next{s.n - k, s.t, s.s};
                                   next.s.push_back(k);
                                   o.push_back(next);
                               }
                           });
            break;
        default:
            set_tuple_move(g, x, "where " + nonempty(g.r) + " and max(S) > 0 and max(S) <= n => " + x.tuple("n - max(S)", "S"),
                           [](const Coords& s, std::vector<Coords>& o) {
                               if (!s.s.empty() && s.s.back() > 0 && s.s.back() <= s.n) o.push_back({s.n - s.s.back(), s.t, s.s});
                           });
    }
}

// A set compared with a set: all of it below n.
inline void st_equal(Maker& g, SetTupleText& x) {
    set_tuple_move(g, x,
                   "where n > 0 and " +
                       g.r.pick({"{y for y in S where y < n} == S", "S == {y for y in S where n > y}",
                                 "not ({y for y in S where y < n} != S)"}) +
                       " => " + x.tuple("n - 1", "S"),
                   [](const Coords& s, std::vector<Coords>& o) {
                       if (s.n > 0 && (s.s.empty() || s.s.back() < s.n)) o.push_back({s.n - 1, s.t, s.s});
                   });
}

// The set rule parameter U (or its literal), which may hold 70 or -1.
inline void st_param(Maker& g, SetTupleText& x) {
    const std::vector<std::int64_t> U = g.v.U;
    std::string u = "U";
    if (!g.has("U")) {
        if (g.r.chance(0.7)) g.params.push_back("U");
        else u = ints_src(U, '{');
    }
    auto in_u = [U](std::int64_t y) { return holds(U, y); };
    int variant = static_cast<int>(g.r.between(0, 3));
    if (variant == 2 && x.grows) variant = 1;
    switch (variant) {
        case 0:
            set_tuple_move(g, x, "k in S & " + u + " where k >= 1 and k <= n => " + x.tuple("n - k", "S - {k}"),
                           [in_u](const Coords& s, std::vector<Coords>& o) {
                               for (auto k : s.s)
                                   if (in_u(k) && k >= 1 && k <= s.n)
                                       o.push_back({s.n - k, s.t, keep(s.s, [k](std::int64_t y) { return y != k; })});
                           });
            break;
        case 1:
            set_tuple_move(g, x, "where n > 0 => " + x.tuple("n - 1", "S - " + u), [in_u](const Coords& s, std::vector<Coords>& o) {
                if (s.n > 0) o.push_back({s.n - 1, s.t, keep(s.s, [&](std::int64_t y) { return !in_u(y); })});
            });
            break;
        case 2:
            x.grows = true;
            g.cost = 2;  // a few elements a step
            set_tuple_move(g, x, "where n > 0 and len(S) <= 2 and S != " + u + " => " + x.tuple("n - 1", "S | " + u),
                           [U](const Coords& s, std::vector<Coords>& o) {
                               if (s.n <= 0 || s.s.size() > 2 || s.s == U) return;
                               Coords next{s.n - 1, s.t, s.s};
                               next.s.insert(next.s.end(), U.begin(), U.end());
                               o.push_back(next);
                           });
            break;
        default:
            set_tuple_move(g, x, "k in 1..n where k in " + u + " and k not in S => " + x.tuple("n - k", "S + {k}"),
                           [in_u](const Coords& s, std::vector<Coords>& o) {
                               for (std::int64_t k = 1; k <= s.n; ++k)
                                   if (in_u(k) && !holds(s.s, k)) {
                                       Coords next{s.n - k, s.t, s.s};
                                       next.s.push_back(k);
                                       o.push_back(next);
                                   }
                           });
    }
}

// Two ints: t moves to n, one less in all.
inline void st_second(Maker& g, SetTupleText& x) {
    x.t_moves = true;
    if (g.r.chance(0.5)) {
        set_tuple_move(g, x, "where t > 0 => " + x.tuple("t - 1", "S", "n"), [](const Coords& s, std::vector<Coords>& o) {
            if (s.t > 0) o.push_back({s.t - 1, s.n, s.s});
        });
        return;
    }
    set_tuple_move(g, x, "k in S where k >= 1 and k <= t => " + x.tuple("n + k - 1", "S", "t - k"),
                   [](const Coords& s, std::vector<Coords>& o) {
                       for (auto k : s.s)
                           if (k >= 1 && k <= s.t) o.push_back({s.n + k - 1, s.t - k, s.s});
                   });
}

inline void st_terminal(Maker& g, SetTupleText& x) {
    const int variant = static_cast<int>(g.r.between(0, 3));
    const std::int64_t c = variant == 1 ? g.r.between(3, 4) : g.r.between(0, 4);
    const char* texts[] = {"S == {} and n < C", "len(S) >= C", "C in S", "n == 0 and sum(S) == C"};
    std::string line = std::string("terminal when ") + texts[variant] + " => lose";
    line.replace(line.find('C'), 1, str(c));
    g.items.push_back(x.named(line));
    const int ints = x.layout.ints;
    g.ref.terminal = [=](const State& state) {
        Coords s = coords_of(state, ints);
        std::int64_t sum = 0;
        for (auto y : s.s) sum += y;
        switch (variant) {
            case 0: return s.s.empty() && s.n < c;
            case 1: return static_cast<std::int64_t>(s.s.size()) >= c;
            case 2: return holds(s.s, c);
            default: return s.n == 0 && sum == c;
        }
    };
}

// Drop the elements past n (past n + t), or below 0.
inline void st_canonical(Maker& g, SetTupleText& x) {
    const bool negatives = g.r.chance(0.25);
    const std::string top = x.layout.ints == 2 && g.r.chance(0.5) ? "n + t" : "n";
    std::string set = negatives ? "{y for y in S where y >= 0}"
                                : g.r.pick({"{y for y in S where y <= N}", "{y for y in S where N >= y}",
                                            "{y for y in S where not (y > N)}", "S - {y for y in S where y > N}"});
    if (auto at = set.find('N'); at != std::string::npos) set.replace(at, 1, top);
    g.items.push_back(x.named("canonical => " + x.tuple("n", set)));
    const int ints = x.layout.ints;
    const bool both = top != "n";
    g.ref.canon = [=](const State& state) {
        Coords s = coords_of(state, ints);
        const std::int64_t bound = s.n + (both ? s.t : 0);
        s.s = keep(s.s, [&](std::int64_t y) { return negatives ? y >= 0 : y <= bound; });
        return state_of(s, ints);
    };
}

// The position, families, and perhaps a terminal, canonical form and start.
// `low` and `size`: the elements of the sets queries name (low..low + size - 1).
inline void draft_set_tuple(Maker& g, Layout& layout, std::int64_t& low, std::int64_t& size) {
    layout.ints = g.r.chance(0.75) ? 1 : 2;
    layout.set_at = static_cast<int>(g.r.chance(0.6) ? layout.ints : g.r.between(0, layout.ints - 1));
    SetTupleText x{layout, g.r.chance(0.7) ? "s" : "used"};
    g.items.push_back("position " + x.tuple("n", x.S));
    low = g.r.pick(std::vector<std::int64_t>{0, 0, 1, -2, 60});
    size = g.r.between(4, 6);
    if (g.r.chance(0.3)) st_terminal(g, x);
    if (g.r.chance(0.4)) st_canonical(g, x);
    std::vector<void (*)(Maker&, SetTupleText&)> fs = {st_mark, st_take,  st_prune, st_residue, st_folds, st_equal,
                                                       st_param, st_mark, st_folds, st_shift, st_rank};
    if (layout.ints == 2) fs.push_back(st_second);
    g.r.shuffle(fs);
    const int n = static_cast<int>(g.r.between(1, 3));
    for (int i = 0; i < n; ++i) fs[i](g, x);
    // With two ints, most games move t too.
    if (layout.ints == 2 && std::find(fs.begin(), fs.begin() + n, st_second) == fs.begin() + n && g.r.chance(0.6))
        st_second(g, x);
    // A t that no move changes leaves the widths that pack.
    if (layout.ints == 2 && !x.t_moves && g.r.chance(0.6))
        layout.t_from = g.r.pick(std::vector<std::int64_t>{40000, 5000000000, -7});
    // A start: the state as it is, the set given as a list, or only the
    // ints (from the empty set).
    const double s = static_cast<double>(g.r.between(0, 99)) / 100;
    if (s < 0.1) {
        layout.call = Layout::Call::state;
        g.items.push_back(x.named("start " + x.tuple("n", "S") + " => " + x.tuple("n", "S")));
    } else if (s < 0.2) {
        layout.call = Layout::Call::list;
        g.items.push_back(x.named("start " + x.tuple("n", "xs") + " => " + x.tuple("n", "set(xs)")));
    } else if (s < 0.3) {
        layout.call = Layout::Call::ints;
        std::string ints = layout.ints == 2 ? "(n, t)" : "n";
        g.items.push_back("start " + ints + " => " + x.tuple("n", "{}"));
    }
}

// ---- the states queries ask about ----

// A random state: n in 0..top (t in 0..2), the set a subset of the pool;
// empty when only the ints are given (`start` makes the set).
inline State set_tuple_state(Rng& r, const Layout& layout, std::int64_t low, std::int64_t size, std::int64_t top,
                             double density = 0.5) {
    Coords c;
    c.n = r.between(0, top);
    if (layout.ints == 2) c.t = layout.t_from + r.between(0, 2);
    if (layout.call != Layout::Call::ints)
        for (std::int64_t y = low; y < low + size; ++y)
            if (r.chance(density)) c.s.push_back(y);
    return state_of(c, layout.ints);
}

// A box of states, as the head of a comprehension (`Q(R(...)) for ...`,
// the query and the rules left to fill in) and the states in its order.
inline std::pair<std::string, std::vector<State>> set_tuple_range(Rng& r, const Layout& layout, std::int64_t low,
                                                                  std::int64_t size, std::int64_t top) {
    std::vector<State> states;
    std::string head;
    const bool two = layout.ints == 2;
    if (layout.call == Layout::Call::ints) {
        const std::int64_t from = layout.t_from, b = two ? r.between(0, 2) : 0;
        head = two ? "Q(R(n, t)) for n in 0.." + str(top) + ", t in " + str(from) + ".." + str(from + b)
                   : "Q(R(n)) for n in 0.." + str(top);
        for (std::int64_t n = 0; n <= top; ++n)
            for (std::int64_t t = from; t <= from + b; ++t) states.push_back(two ? State{n, t} : State{n});
        return {head, states};
    }
    if (r.chance(0.6)) {
        // Every subset of the pool's first w elements, by the bits of a mask.
        const std::int64_t w = std::min<std::int64_t>(size, r.between(2, 4)), t = two ? layout.t_from + r.between(0, 2) : 0;
        const std::string shift = low > 0 ? "(v - " + str(low) + ")" : low < 0 ? "(v + " + str(-low) + ")" : "v";
        const char open = layout.call == Layout::Call::list ? '[' : '{';
        std::string set = std::string(1, open) + "v for v in " + str(low) + ".." + str(low + w - 1) + " where (mask >> " +
                          shift + ") & 1 == 1" + (open == '[' ? "]" : "}");
        SetTupleText x{layout};
        head = "Q(R" + x.tuple("n", set, str(t)) + ") for n in 0.." + str(top) + ", mask in 0.." + str((1 << w) - 1);
        for (std::int64_t n = 0; n <= top; ++n)
            for (std::int64_t mask = 0; mask < (1 << w); ++mask) {
                Coords c{n, t, {}};
                for (std::int64_t v = low; v < low + w; ++v)
                    if ((mask >> (v - low)) & 1) c.s.push_back(v);
                states.push_back(state_of(c, layout.ints));
            }
        return {head, states};
    }
    std::vector<std::string> xs;
    for (int i = 0, n = static_cast<int>(r.between(4, 12)); i < n; ++i) {
        states.push_back(set_tuple_state(r, layout, low, size, top));
        xs.push_back("(" + state_args(Kind::set_tuple, states.back(), layout) + ")");
    }
    const std::string names = two ? "(a, b, c)" : "(a, b)";
    head = "Q(R" + names + ") for " + names + " in [";
    for (std::size_t i = 0; i < xs.size(); ++i) head += (i ? ", " : "") + xs[i];
    head += "]";
    return {head, states};
}

// ---- printing states ----

inline std::string set_tuple_src(const State& state, const Layout& layout) {
    Layout as_state = layout;
    as_state.call = Layout::Call::state;
    return "(" + state_args(Kind::set_tuple, state, as_state) + ")";
}

// What `[state(p) for p in moves(x)]` prints (or of winning_moves): the
// options in move order, each once, as canonical states.
inline std::string set_tuple_moves(Reference& ref, const RefGame& game, const Comp& c, const Layout& layout,
                                   bool winning) {
    std::vector<State> seen;
    std::string out = "[";
    for (const Sum& option : ref.options(c)) {
        State s = option.at(0).state;
        if (game.canon) s = game.canon(s);
        if (std::find(seen.begin(), seen.end(), s) != seen.end()) continue;
        seen.push_back(s);
        if (winning && ref.sg(option) != 0) continue;
        out += (out.size() > 1 ? ", " : "") + set_tuple_src(s, layout);
    }
    return out + "]";
}

}  // namespace grundy::difftest
