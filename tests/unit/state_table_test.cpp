// StateTable: every state has one id whichever way it comes in (as ints
// or as a Value), and gives back the state it was made from; tuples with
// set coordinates pack into two-word keys (key_table.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "interpreter/runtime/state_table.hpp"

using namespace grundy;

namespace {

Value set_of(std::uint64_t mask) {
    std::vector<Value> items;
    for (int x = 0; x < 64; ++x)
        if (mask >> x & 1) items.push_back(Value::integer(x));
    return make_set(std::move(items));
}

}  // namespace

TEST_CASE("tuples with set coordinates: one id by ints or by value, and back", "[state_table]") {
    std::mt19937_64 rng(7);
    for (std::uint32_t arity = 2; arity <= 8; ++arity) {
        const std::uint8_t sets = static_cast<std::uint8_t>(1u << (arity - 1) | (arity > 3 ? 1u : 0u));
        StateTable t;
        t.set_packed_arity(arity);
        t.set_spelling(Kind::tuple);
        t.set_set_coords(sets);
        REQUIRE(t.wide());
        std::vector<std::uint32_t> ids;
        std::vector<std::vector<std::int64_t>> states;
        for (int n = 0; n < 400; ++n) {
            std::vector<std::int64_t> xs(arity);
            for (std::uint32_t i = 0; i < arity; ++i) {
                const int kind = static_cast<int>(rng() % 4);  // small, 32 bits, 63 bits, or all 64
                const std::uint64_t r = rng();
                const std::uint64_t v = kind == 0 ? r % 100 : kind == 1 ? r >> 32 : kind == 2 ? r >> 1 : r;
                xs[i] = (sets >> i & 1) || kind < 3 ? static_cast<std::int64_t>(v) : -static_cast<std::int64_t>(r % 50);
            }
            bool is_new = false;
            const std::uint32_t id = t.intern_ints(xs.data(), is_new);
            // The same state as a Value: the tuple, sets as sets.
            std::vector<Value> parts;
            for (std::uint32_t i = 0; i < arity; ++i)
                parts.push_back(sets >> i & 1 ? set_of(static_cast<std::uint64_t>(xs[i])) : Value::integer(xs[i]));
            const Value v = make_seq(Kind::tuple, parts);
            bool again = true;
            CHECK(t.intern(v, again) == id);
            CHECK_FALSE(again);
            CHECK(t.state(id) == v);
            std::int64_t back[8];
            REQUIRE(t.state_ints(id, back));
            CHECK(std::vector<std::int64_t>(back, back + arity) == xs);
            std::uint32_t found = 0;
            if (t.find_ints(xs.data(), found)) CHECK(found == id);
            ids.push_back(id);
            states.push_back(xs);
        }
        // Each id is still its state after all the others.
        for (std::size_t k = 0; k < ids.size(); ++k) {
            std::int64_t back[8];
            REQUIRE(t.state_ints(ids[k], back));
            CHECK(std::vector<std::int64_t>(back, back + arity) == states[k]);
        }
    }
}

TEST_CASE("a set coordinate holding what a mask cannot is interned as the value", "[state_table]") {
    StateTable t;
    t.set_packed_arity(2);
    t.set_spelling(Kind::tuple);
    t.set_set_coords(2);
    for (const Value& s : {make_set({Value::integer(64)}), make_set({Value::integer(-1), Value::integer(3)}),
                           make_set({Value::integer(2), make_list(std::vector<Value>{Value::integer(1)})})}) {
        const Value v = make_seq(Kind::tuple, std::vector<Value>{Value::integer(5), s});
        bool is_new = false;
        const std::uint32_t id = t.intern(v, is_new);
        CHECK(is_new);
        CHECK(id >= StateTable::first_general);
        CHECK(id < StateTable::first_packed);  // a Value's id
        CHECK(t.state(id) == v);
        std::int64_t back[2];
        CHECK_FALSE(t.state_ints(id, back));
    }
    // An int where the set belongs is a Value too, not a mask.
    bool is_new = false;
    const Value wrong = make_seq(Kind::tuple, std::vector<Value>{Value::integer(5), Value::integer(3)});
    const std::uint32_t id = t.intern(wrong, is_new);
    CHECK(t.state(id) == wrong);
    std::int64_t back[2];
    CHECK_FALSE(t.state_ints(id, back));
}

TEST_CASE("list states of every length and width: one id by ints or by value, and back", "[state_table]") {
    std::mt19937_64 rng(11);
    for (const bool sets : {false, true}) {
        StateTable t;
        t.set_packed(sets ? StateTable::Packed::sets : StateTable::Packed::lists);
        std::vector<std::pair<std::vector<std::int64_t>, std::uint32_t>> made;
        for (int n = 0; n < 3000; ++n) {
            // Lengths to past ListArena::max_items, items up to each width
            // and past 2^32 - 1, some negative.
            const std::size_t len = rng() % 3 ? rng() % 40 : rng() % 300;
            const int kind = static_cast<int>(rng() % 8);
            std::vector<std::int64_t> xs(len);
            for (auto& x : xs) {
                const std::uint64_t r = rng();
                x = kind < 6 ? static_cast<std::int64_t>(r % (std::uint64_t{2} << (kind * 5)))
                    : kind == 6 ? static_cast<std::int64_t>(r >> 31)
                                : static_cast<std::int64_t>(r % 7) - 3;
            }
            if (sets) {
                std::sort(xs.begin(), xs.end());
                xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
            }
            std::vector<Value> items;
            for (std::int64_t x : xs) items.push_back(Value::integer(x));
            const Value v = sets ? make_set(items) : make_list(std::span<const Value>(items));
            bool is_new = false, again = true;
            const std::uint32_t id = t.intern_list(xs.data(), xs.size(), is_new);
            CHECK(t.intern(v, again) == id);
            CHECK_FALSE(again);
            CHECK(t.state(id) == v);
            // Found without interning when packed; a list held as a Value
            // may not be (the int path then builds the Value).
            const bool packs = xs.size() <= ListArena::max_items &&
                               std::all_of(xs.begin(), xs.end(), [](std::int64_t x) { return x >= 0 && x >> 32 == 0; });
            std::uint32_t found = 0;
            CHECK(t.find_list(xs.data(), xs.size(), found) == packs);
            if (packs) CHECK(found == id);
            std::int64_t back[StateTable::max_list];
            std::uint32_t count = 0;
            if (xs.size() <= StateTable::max_list) {
                REQUIRE(t.state_list(id, back, count));
                CHECK(std::vector<std::int64_t>(back, back + count) == xs);
            }
            made.emplace_back(xs, id);
        }
        // Ids are distinct for distinct lists, and each still finds its list.
        std::map<std::uint32_t, std::vector<std::int64_t>> by_id;
        for (const auto& [xs, id] : made) {
            auto [at, fresh] = by_id.emplace(id, xs);
            CHECK(at->second == xs);
        }
        for (const auto& [id, xs] : by_id) {
            std::uint32_t found = 0;
            if (t.find_list(xs.data(), xs.size(), found)) CHECK(found == id);
            std::vector<Value> items;
            for (std::int64_t x : xs) items.push_back(Value::integer(x));
            CHECK(t.state(id) == (sets ? make_set(items) : make_list(std::span<const Value>(items))));
        }
    }
}

TEST_CASE("packed long lists: the narrowest width, equal lists equal", "[state_table]") {
    ListArena a;
    ListArena::Words w, w2;
    const std::vector<std::int64_t> ones(70, 1), threes(70, 3), big{0, 4294967295};
    REQUIRE(ListArena::pack(ones.data(), ones.size(), w));
    CHECK(w.size() == 1 + 2);  // 70 bits
    REQUIRE(ListArena::pack(threes.data(), threes.size(), w));
    CHECK(w.size() == 1 + 3);  // 140 bits
    REQUIRE(ListArena::pack(big.data(), big.size(), w));
    CHECK(w.size() == 1 + 1);
    const std::uint32_t at = a.add(w);
    std::int64_t back[2];
    a.unpack(at, back);
    CHECK(back[1] == 4294967295);
    REQUIRE(ListArena::pack(big.data(), big.size(), w2));
    CHECK(a.equal(at, w2));
    CHECK(a.hash(at) == ListArena::hash(w2));
    const std::vector<std::int64_t> too_big{4294967296}, negative{-1};
    const std::vector<std::int64_t> too_long(ListArena::max_items + 1, 0);
    CHECK_FALSE(ListArena::pack(too_big.data(), 1, w));
    CHECK_FALSE(ListArena::pack(negative.data(), 1, w));
    CHECK_FALSE(ListArena::pack(too_long.data(), too_long.size(), w));
}

TEST_CASE("direct ids of ints of their own widths: by ints or by value, and back", "[state_table]") {
    // Widths 24, 3, 3: the first int to 2^24 - 1, the others to 7, own ids;
    // anything past those is interned, and every state comes back as made.
    StateTable t;
    const std::uint8_t widths[] = {24, 3, 3};
    t.set_packed_arity(3, widths);
    t.set_spelling(Kind::tuple);
    REQUIRE(!t.uniform());
    std::mt19937_64 rng(11);
    std::map<std::vector<std::int64_t>, std::uint32_t> seen;
    for (int n = 0; n < 3000; ++n) {
        std::vector<std::int64_t> xs{static_cast<std::int64_t>(rng() % (1u << 25)), static_cast<std::int64_t>(rng() % 10),
                                     static_cast<std::int64_t>(rng() % 9)};
        const bool fits = xs[0] < (1 << 24) && xs[1] < 8 && xs[2] < 8;
        std::uint32_t direct;
        CHECK(t.direct_id(xs.data(), direct) == fits);
        bool is_new = false;
        const std::uint32_t id = t.intern_ints(xs.data(), is_new);
        CHECK((id >= StateTable::first_direct) == fits);
        if (fits) CHECK(id == direct);
        std::vector<Value> items;
        for (std::int64_t x : xs) items.push_back(Value::integer(x));
        bool again = false;
        CHECK(t.intern(make_seq(Kind::tuple, items), again) == id);
        std::int64_t back[3];
        REQUIRE(t.state_ints(id, back));
        CHECK(std::vector<std::int64_t>(back, back + 3) == xs);
        auto [it, fresh] = seen.emplace(xs, id);
        if (!fresh) CHECK(it->second == id);
    }
}
