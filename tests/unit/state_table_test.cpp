// StateTable: every state has one id whichever way it comes in (as ints
// or as a Value), and gives back the state it was made from; tuples with
// set coordinates pack into two-word keys (key_table.hpp).
#include <catch2/catch.hpp>

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
