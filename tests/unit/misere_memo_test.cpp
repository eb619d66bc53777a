// The misère search's flat tables (solver/sum_memo.hpp) and the search on
// sums checked against misère Nim theory and against brute force.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>

#include "interpreter/solver/solver.hpp"
#include "test_graphs.hpp"
#include "interpreter/solver/sum_memo.hpp"

using namespace grundy::solver;

namespace {

std::vector<Comp> heaps(std::uint32_t graph, std::vector<StateId> sizes) {
    std::vector<Comp> out;
    for (StateId s : sizes) out.push_back(make_comp(graph, s));
    return out;
}

// Bouton's rule for misère Nim: with every heap at most 1, the mover loses
// when the count of 1s is odd; otherwise as in normal play (xor 0 loses).
bool misere_nim_p(const std::vector<StateId>& sizes) {
    std::uint32_t x = 0;
    bool small = true;
    for (StateId s : sizes) {
        x ^= s;
        small = small && s <= 1;
    }
    return small ? x == 1 : x == 0;
}

struct Nim : GameGraph {
    std::uint32_t graph = 0;
    int expansions = 0;
    void expand(StateId s, OptionSink& out) override {
        ++expansions;
        grundy::testing::nim_options(graph, s, out);
    }
    std::string describe(StateId s) const override { return "Nim(" + std::to_string(s) + ")"; }
};

using Kayles = grundy::testing::KaylesGraph;

// Misère Kayles by brute force over sorted multisets of row lengths: the
// mover wins when there is no move (the opponent moved last) or some move
// reaches a position where the mover loses.
bool kayles_mover_wins(std::vector<StateId> rows, std::map<std::vector<StateId>, bool>& memo) {
    rows.erase(std::remove(rows.begin(), rows.end(), 0u), rows.end());
    std::sort(rows.begin(), rows.end());
    if (rows.empty()) return true;
    if (auto it = memo.find(rows); it != memo.end()) return it->second;
    bool wins = false;
    for (std::size_t i = 0; i < rows.size() && !wins; ++i)
        for (StateId t = 1; t <= 2 && t <= rows[i] && !wins; ++t)
            for (StateId a = 0; a + t <= rows[i] && !wins; ++a) {
                std::vector<StateId> next = rows;
                next[i] = a;
                next.push_back(rows[i] - t - a);
                wins = !kayles_mover_wins(next, memo);
            }
    memo[rows] = wins;
    return wins;
}

}  // namespace

TEST_CASE("a sum's hash does not depend on the order of its parts", "[misere]") {
    const std::vector<Part> a{3, 70005, 3, 131073};
    std::vector<Part> b = a;
    std::reverse(b.begin(), b.end());
    CHECK(sum_hash(a) == sum_hash(b));
    CHECK(sum_hash(a) != sum_hash(std::vector<Part>(a.begin(), a.end() - 1)));
    // A part replaced: the parent's hash less the old part plus the new.
    std::vector<Part> c = a;
    c[1] = 70004;
    CHECK(sum_hash(c) == sum_hash(a) - comp_hash(70005) + comp_hash(70004));
}

TEST_CASE("the sum memo finds each sum it holds, and only those", "[misere]") {
    SumMemo memo;
    std::vector<std::vector<Part>> sums;
    for (Part n = 0; n < 30000; ++n) {
        std::vector<Part> s;
        for (Part k = 0; k <= n % 13; ++k) s.push_back((k % 3) << 24 | (n * 7 + k));
        std::sort(s.begin(), s.end());
        sums.push_back(s);
    }
    // And sums that pack: at most 8 parts, each at most 126.
    for (Part n = 0; n < 20000; ++n) {
        std::vector<Part> s;
        for (Part k = 0; k <= n % 8; ++k) s.push_back((n * 31 + k * 17) % 127);
        std::sort(s.begin(), s.end());
        if (std::find(sums.begin(), sums.end(), s) == sums.end()) sums.push_back(s);
    }
    // Enough parts for several chunks of the memo's arena.
    std::vector<std::uint32_t> entries;
    for (std::size_t i = 0; i < sums.size(); ++i) {
        const std::uint32_t e = memo.insert(sums[i], sum_hash(sums[i]));
        CHECK(memo.state(e) == SumMemo::absent);
        memo.set_state(e, static_cast<std::uint8_t>(i % 3));
        entries.push_back(e);
    }
    CHECK(memo.size() == sums.size());
    CHECK(std::set<std::uint32_t>(entries.begin(), entries.end()).size() == sums.size());
    // After many growths, every sum is still found, with its state.
    for (std::size_t i = 0; i < sums.size(); ++i) {
        const std::int64_t e = memo.find(sums[i], sum_hash(sums[i]));
        REQUIRE(e == std::int64_t{entries[i]});
        CHECK(memo.state(e) == i % 3);
    }
    // Inserting again finds the same entry.
    CHECK(memo.insert(sums[17], sum_hash(sums[17])) == entries[17]);
    CHECK(memo.insert(sums.back(), sum_hash(sums.back())) == entries.back());
    CHECK(memo.size() == sums.size());
    for (const std::vector<Part>& missing : {std::vector<Part>{5u << 24 | 1, 5u << 24 | 2}, std::vector<Part>{126, 126}})
        CHECK(memo.find(missing, sum_hash(missing)) == -1);
}

TEST_CASE("the sum memo tells sums apart when their hashes collide", "[misere]") {
    // Every sum under one hash: one long probe run, settled by the parts,
    // for sums that pack (in bytes, or wide) and sums that do not (large
    // parts).
    for (const Part offset : {Part{0}, Part{1000}, Part{40000}}) {
        SumMemo memo;
        std::vector<std::vector<Part>> sums;
        for (Part n = 0; n < 120; ++n) sums.push_back({offset + n, offset + n + 1});
        sums.push_back({offset + 5});  // a prefix of another sum
        sums.push_back({offset + 5, offset + 6, offset + 7});
        const std::uint64_t h = 0x1234'5678'9abc'def0ULL;
        std::vector<std::uint32_t> entries;
        for (const auto& sum : sums) entries.push_back(memo.insert(sum, h));
        for (std::size_t i = 0; i < sums.size(); ++i) CHECK(memo.find(sums[i], h) == std::int64_t{entries[i]});
        const std::vector<Part> other{offset + 1, offset + 3};
        CHECK(memo.find(other, h) == -1);
        // Under another hash, the same parts are not looked for in the same place.
        CHECK(memo.find(sums[3], h + (std::uint64_t{1} << 63)) == -1);
        if (offset < 40000) continue;
        // find_if: a sum (that does not pack) described rather than held.
        const std::int64_t e = memo.find_if(h, 2, [&](const Part* p) { return p[0] == offset + 42; });
        CHECK(e == std::int64_t{entries[42]});
    }
}

TEST_CASE("a sum with many parts is kept whole, a chunk of its own if need be", "[misere]") {
    SumMemo memo;
    const std::vector<Part> small{1, 2};
    const std::uint32_t s = memo.insert(small, sum_hash(small));
    for (std::size_t size : {500u, 70000u, 9u}) {
        std::vector<Part> big;
        for (Part i = 0; i < size; ++i) big.push_back(i * 3);
        const std::uint32_t e = memo.insert(big, sum_hash(big));
        std::vector<Part> almost = big;
        almost.back() += 1;
        CHECK(memo.find(big, sum_hash(big)) == e);
        CHECK(memo.find(almost, sum_hash(almost)) == -1);
        memo.set_state(e, 1);
    }
    CHECK(memo.state(s) == SumMemo::absent);
    CHECK(memo.find(small, sum_hash(small)) == std::int64_t{s});
}

TEST_CASE("a packed sum's child is made from its parent's word", "[misere]") {
    // remove and insert against erase and std::merge, for every small shape,
    // in both forms and across them.
    std::uint32_t seed = 777;
    auto next = [&](std::uint32_t n) {
        seed = seed * 1664525u + 1013904223u;
        return (seed >> 8) % n;
    };
    // Parts from a small range (ties), the bytes' range, or past it now and
    // then (the wide form), up to the wide form's last part.
    auto part = [&](int round) -> Part {
        switch (round % 4) {
        case 0: return next(6);
        case 1: return next(packed::max_part + 1);
        case 2: return next(8) == 0 ? packed::max_part + 1 + next(3) : next(packed::max_part + 1);
        default: return next(5) == 0 ? packed::max_wide_part - next(3) : next(200);
        }
    };
    int wide = 0, across = 0;
    for (int round = 0; round < 20000; ++round) {
        std::vector<Part> parent(1 + next(8));
        for (Part& p : parent) p = part(round);
        std::sort(parent.begin(), parent.end());
        const std::uint64_t key = packed::pack(parent);
        const bool bytes = parent.back() <= packed::max_part;
        REQUIRE((key != 0) == (bytes || parent.size() <= packed::max_wide_parts));
        if (key == 0) continue;
        wide += (key & packed::wide) != 0;

        Part out[packed::max_parts + 1];
        REQUIRE(packed::unpack(key, out) == parent.size());
        CHECK(std::equal(parent.begin(), parent.end(), out));

        const std::size_t skip = next(static_cast<std::uint32_t>(parent.size()));
        std::vector<Part> rest = parent;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(skip));
        const std::uint64_t rest_key = packed::pack(rest);
        REQUIRE((rest_key != 0 || rest.empty()));
        CHECK(packed::remove(key, skip) == rest_key);
        across += ((key ^ rest_key) & packed::wide) != 0 && !rest.empty();
        const Part q = part(round);
        std::vector<Part> want;
        std::merge(rest.begin(), rest.end(), &q, &q + 1, std::back_inserter(want));
        CHECK(packed::insert(rest_key, rest.size(), q) == packed::pack(want));
    }
    CHECK(wide > 1000);
    CHECK(across > 100);
    CHECK(packed::pack(std::vector<Part>{0, 5, 126}) == 0x7F'06'01);  // byte i: part i + 1
    CHECK(packed::pack(std::vector<Part>{0, 5, 127}) == (packed::wide | 128ull << 30 | 6ull << 15 | 1));
    CHECK(packed::pack(std::vector<Part>{1, 2, 3, 4, 5, 6, 7, 8, 9}) == 0);
    CHECK(packed::pack(std::vector<Part>{1, 2, 3, 4, packed::max_part + 1}) == 0);
    CHECK(packed::pack(std::vector<Part>{1, packed::max_wide_part + 1}) == 0);
    CHECK(packed::pack(std::vector<Part>{packed::max_wide_part, packed::max_wide_part, packed::max_wide_part,
                                         packed::max_wide_part}) != ~std::uint64_t{0});
    CHECK(packed::pack(std::vector<Part>{}) == 0);  // the empty sum, never in the memo
}

TEST_CASE("a child of a sum is its parent with one part replaced, merged", "[misere]") {
    // Against std::merge, for parents and options of every small shape;
    // values from a small range, so that repeats and ties are common.
    std::uint32_t seed = 12345;
    auto next = [&](std::uint32_t n) {
        seed = seed * 1664525u + 1013904223u;
        return (seed >> 8) % n;
    };
    int compared = 0;
    for (int round = 0; round < 3000; ++round) {
        std::vector<Part> parent(1 + next(9)), parts(next(4));
        for (Part& p : parent) p = next(12);
        for (Part& p : parts) p = next(12);
        std::sort(parent.begin(), parent.end());
        std::sort(parts.begin(), parts.end());
        const std::size_t skip = next(static_cast<std::uint32_t>(parent.size()));
        std::vector<Part> rest = parent, want;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(skip));
        std::merge(rest.begin(), rest.end(), parts.begin(), parts.end(), std::back_inserter(want));

        std::vector<Part> written(want.size());
        write_child(written.data(), parent, skip, parts);
        REQUIRE(written == want);
        CHECK(is_child(want.data(), parent, skip, parts));
        // Any one part changed, anywhere: not the child.
        for (std::size_t i = 0; i < want.size(); ++i) {
            std::vector<Part> other = want;
            other[i] += 1 + next(3);
            CHECK_FALSE(is_child(other.data(), parent, skip, parts));
            ++compared;
        }
    }
    CHECK(compared > 10000);
}

TEST_CASE("the component index numbers components densely, small states or not", "[misere]") {
    CompIndex index;
    std::vector<Comp> comps;
    for (std::uint32_t g = 0; g < 3; ++g)
        for (std::uint32_t s : {0u, 1u, 2u, 100u, 65535u, 65536u, 1u << 20, 0x8000'0000u, 0xFFFF'FFFFu})
            comps.push_back(make_comp(g, s));
    for (std::size_t i = 0; i < comps.size(); ++i) {
        bool is_new = false;
        CHECK(index.insert(comps[i], is_new) == i);
        CHECK(is_new);
    }
    for (std::size_t i = 0; i < comps.size(); ++i) {
        CHECK(index.find(comps[i]) == static_cast<std::int64_t>(i));
        bool is_new = true;
        CHECK(index.insert(comps[i], is_new) == i);
        CHECK_FALSE(is_new);
    }
    CHECK(index.find(make_comp(0, 3)) == -1);
    CHECK(index.find(make_comp(7, 3)) == -1);
    CHECK(index.find(make_comp(1, 70000)) == -1);
    CHECK(index.size() == comps.size());
}

TEST_CASE("misère Nim sums of up to 10 heaps follow Bouton's rule", "[misere]") {
    Solver s;
    Nim nim;
    nim.graph = s.add_graph(&nim);
    // Every multiset of 4 heaps of sizes 0..5, asked in an order that makes
    // the search descend (largest first), then sums past the inline size.
    std::vector<std::vector<StateId>> sums;
    for (StateId a = 6; a-- > 0;)
        for (StateId b = a + 1; b-- > 0;)
            for (StateId c = b + 1; c-- > 0;)
                for (StateId d = c + 1; d-- > 0;) sums.push_back({a, d, b, c});
    sums.push_back({1, 1, 1, 1, 1, 1, 1, 1, 1});
    sums.push_back({1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    sums.push_back({3, 1, 2, 1, 1, 1, 1, 1, 1, 1});
    sums.push_back({2, 2, 3, 3, 1, 1, 0, 0, 4, 4});
    for (const auto& sizes : sums) {
        INFO(sizes.size() << " heaps, first " << sizes[0]);
        CHECK(s.misere_p(heaps(nim.graph, sizes)) == misere_nim_p(sizes));
    }
    CHECK(nim.expansions == 6);  // each heap expanded once, whatever the sums
}

TEST_CASE("components past the budget of kept options are expanded again, with the same answers", "[misere]") {
    // Nim(3000) has 3,000 options, each a heap with as many: 4.5 million in
    // all, past the search's budget for options kept before they are made
    // live, so some heaps are expanded a second time.
    Solver s;
    Nim nim;
    nim.graph = s.add_graph(&nim);
    for (const std::vector<StateId>& sizes : {std::vector<StateId>{3000, 1}, {3000, 2, 2}, {2999, 1, 1}}) {
        INFO(sizes[0] << " and " << sizes.size() - 1 << " more");
        CHECK(s.misere_p(heaps(nim.graph, sizes)) == misere_nim_p(sizes));
    }
    CHECK(nim.expansions > 3001);
}

TEST_CASE("misère Nim sums asked smallest first are settled by the P-position index", "[misere]") {
    // Each sum's children are decided before it is asked, so an N-position's
    // P child is in the index; a P-position is still searched child by child.
    Solver s;
    Nim nim;
    nim.graph = s.add_graph(&nim);
    std::uint64_t n_positions = 0;
    for (StateId a = 0; a <= 7; ++a)
        for (StateId b = a; b <= 7; ++b)
            for (StateId c = b; c <= 7; ++c)
                for (StateId d = c; d <= 7; ++d) {
                    const std::vector<StateId> sizes{a, b, c, d};
                    INFO(a << " " << b << " " << c << " " << d);
                    const bool p = misere_nim_p(sizes);
                    CHECK(s.misere_p(heaps(nim.graph, sizes)) == p);
                    n_positions += d > 0 && !p;
                }
    CHECK(s.stats().misere_indexed == n_positions);
    // Sums of one heap: their P child, if any, is a sum of one part or none.
    for (StateId a = 0; a <= 9; ++a) CHECK(s.misere_p(heaps(nim.graph, {a})) == misere_nim_p({a}));
}

TEST_CASE("misère Nim sums of parts numbered past what packs follow Bouton's rule", "[misere]") {
    // Expanding Nim(140) first numbers its options from 140 down, so the
    // small heaps get part numbers too large to pack: sums of mixed kinds,
    // whose children may pack when their parents do not, and back.
    Solver s;
    Nim nim;
    nim.graph = s.add_graph(&nim);
    CHECK(s.misere_p(heaps(nim.graph, {140})) == misere_nim_p({140}));
    const std::vector<StateId> sizes{0, 1, 2, 3, 5, 9, 126, 127, 128, 133, 140};
    for (StateId a : sizes)
        for (StateId b : sizes)
            for (StateId c : {0u, 1u, 2u, 130u}) {
                INFO(a << " " << b << " " << c);
                CHECK(s.misere_p(heaps(nim.graph, {a, b, c})) == misere_nim_p({a, b, c}));
            }
}

TEST_CASE("misère Nim sums whose parts pack in bytes, wide or not at all follow Bouton's rule", "[misere]") {
    // Heaps 0..50 numbered first (bytes), then 32,669 other components, so
    // that the heaps past 50 are numbered on either side of the wide form's
    // last part: sums of all three kinds, and children of each kind.
    struct Filler : GameGraph {  // state s > 0: one move, to state 0
        std::uint32_t graph = 0;
        void expand(StateId s, OptionSink& out) override {
            if (s == 0) return;
            out.begin_option();
            out.add(make_comp(graph, 0));
        }
        std::string describe(StateId s) const override { return "F(" + std::to_string(s) + ")"; }
    };
    Solver s;
    Nim nim;
    nim.graph = s.add_graph(&nim);
    Filler filler;
    filler.graph = s.add_graph(&filler);
    CHECK(s.misere_p(heaps(nim.graph, {50, 0})) == misere_nim_p({50}));
    for (StateId f = 1; f <= 32668; ++f) CHECK(s.misere_p(heaps(filler.graph, {f, f})) == false);
    const std::vector<StateId> sizes{0, 1, 2, 7, 50, 51, 60, 95, 96, 97, 120, 139, 140};
    for (StateId a : sizes)
        for (StateId b : sizes)
            for (StateId c : {0u, 1u, 3u, 50u, 96u, 140u}) {
                INFO(a << " " << b << " " << c);
                CHECK(s.misere_p(heaps(nim.graph, {a, b, c})) == misere_nim_p({a, b, c}));
            }
}

TEST_CASE("misère Kayles sums match a brute force", "[misere]") {
    Solver s;
    Kayles k;
    k.graph = s.add_graph(&k);
    std::map<std::vector<StateId>, bool> memo;
    for (StateId a = 0; a <= 7; ++a)
        for (StateId b = 0; b <= a; ++b)
            for (StateId c = 0; c <= 3; ++c) {
                const std::vector<StateId> rows{a, b, c};
                INFO(a << " " << b << " " << c);
                CHECK(s.misere_p(heaps(k.graph, rows)) == !kayles_mover_wins(rows, memo));
            }
}

TEST_CASE("a failed misère search leaves no sum marked", "[misere]") {
    SECTION("a cycle is reported again, not taken for a result") {
        grundy::testing::LoopGraph loop;
        Solver s;
        loop.graph = s.add_graph(&loop);
        const auto sum = heaps(loop.graph, {0, 1});
        CHECK_THROWS_WITH(s.misere_p(sum), Catch::Contains("cycle under misère play"));
        CHECK_THROWS_WITH(s.misere_p(sum), Catch::Contains("cycle under misère play"));
    }
    SECTION("past the state limit, then with room: the right answer") {
        Solver s;
        Nim nim;
        nim.graph = s.add_graph(&nim);
        s.set_max_states(20);
        const std::vector<StateId> sizes{3, 4, 5, 6};
        CHECK_THROWS_WITH(s.misere_p(heaps(nim.graph, sizes)), Catch::Contains("state limit"));
        s.set_max_states(1'000'000);
        CHECK(s.misere_p(heaps(nim.graph, sizes)) == misere_nim_p(sizes));
        CHECK(s.misere_p(heaps(nim.graph, {2, 4, 6})) == misere_nim_p({2, 4, 6}));
    }
    SECTION("a rules error, then a sum that avoids it") {
        struct Faulty : GameGraph {
            std::uint32_t graph = 0;
            void expand(StateId s, OptionSink& out) override {
                if (s == 4) throw std::runtime_error("rules error at 4");
                grundy::testing::nim_options(graph, s, out);
            }
            std::string describe(StateId s) const override { return "F(" + std::to_string(s) + ")"; }
        } f;
        Solver s;
        f.graph = s.add_graph(&f);
        CHECK_THROWS_WITH(s.misere_p(heaps(f.graph, {2, 5})), "rules error at 4");
        CHECK_THROWS_WITH(s.misere_p(heaps(f.graph, {2, 5})), "rules error at 4");
        CHECK(s.misere_p(heaps(f.graph, {2, 3})) == misere_nim_p({2, 3}));
    }
}

TEST_CASE("a game's rules may ask a misère question while the search runs", "[misere]") {
    // Expanding a heap first asks the outcome of another misère sum, so the
    // search is re-entered while it is expanding components.
    struct Asking : GameGraph {
        Solver* solver = nullptr;
        std::uint32_t graph = 0, other = 0;
        std::vector<std::pair<StateId, bool>> answers;
        void expand(StateId s, OptionSink& out) override {
            answers.emplace_back(s, solver->misere_p(heaps(other, {s, s / 2})));
            grundy::testing::nim_options(graph, s, out);
        }
        std::string describe(StateId s) const override { return "A(" + std::to_string(s) + ")"; }
    } asking;
    Solver s;
    Nim nim;
    asking.solver = &s;
    asking.graph = s.add_graph(&asking);
    asking.other = nim.graph = s.add_graph(&nim);
    for (StateId a = 0; a <= 5; ++a)
        for (StateId b = 0; b <= 5; ++b)
            for (StateId c = 0; c <= 3; ++c) {
                INFO(a << " " << b << " " << c);
                // A mixed sum: Asking heaps play as Nim heaps.
                std::vector<Comp> sum{make_comp(asking.graph, a), make_comp(nim.graph, b), make_comp(asking.graph, c)};
                CHECK(s.misere_p(sum) == misere_nim_p({a, b, c}));
            }
    CHECK(asking.answers.size() == 6);  // each Asking heap expanded once
    for (const auto& [heap, p] : asking.answers) CHECK(p == misere_nim_p({heap, heap / 2}));
}
