// Values: structural equality, ordering, hashing, printing and checked ops.
#include <catch2/catch.hpp>

#include "interpreter/values/ops.hpp"

using namespace grundy;

namespace {
Value I(std::int64_t i) { return Value::integer(i); }
}  // namespace

TEST_CASE("a Value is 16 bytes", "[values]") { STATIC_REQUIRE(sizeof(Value) == 16); }

TEST_CASE("sets are sorted and free of duplicates", "[values]") {
    Value s = make_set({I(3), I(1), I(2), I(1)});
    CHECK(repr(s) == "{1, 2, 3}");
    CHECK(s == make_set({I(1), I(2), I(3)}));
    CHECK(hash(s) == hash(make_set({I(2), I(3), I(1)})));
    CHECK(ops::contains(s, I(2)));
    CHECK_FALSE(ops::contains(s, I(4)));
}

TEST_CASE("values compare structurally", "[values]") {
    Value a[] = {I(1), make_string("x")};
    Value b[] = {I(1), make_string("x")};
    CHECK(make_tuple(a) == make_tuple(b));
    CHECK_FALSE(make_tuple(a) == make_list(a));  // a tuple is not a list
    CHECK(I(1) < I(2));
    CHECK_FALSE(Value::boolean(true) == I(1));
    Value short_list[] = {I(1)};
    CHECK(make_list(short_list) < make_list(a));
}

TEST_CASE("values print as source", "[values]") {
    Value one[] = {I(1)};
    CHECK(repr(make_tuple(one)) == "(1,)");
    CHECK(repr(make_tuple({})) == "()");
    CHECK(repr(make_string("a\"b")) == "\"a\\\"b\"");
    CHECK(display(make_string("P")) == "P");
    CHECK(repr(make_range(1, 4)) == "1..4");
    CHECK(repr(Value::boolean(false)) == "false");
}

TEST_CASE("int arithmetic is checked", "[values]") {
    CHECK_THROWS_AS(ops::add(INT64_MAX, 1), ValueError);
    CHECK_THROWS_AS(ops::mul(INT64_MIN, -1), ValueError);
    CHECK_THROWS_AS(ops::neg(INT64_MIN), ValueError);
    CHECK_THROWS_AS(ops::shl(1, 63), ValueError);
    CHECK(ops::shl(1, 62) == (std::int64_t{1} << 62));
    CHECK_THROWS_AS(ops::floor_div(1, 0), ValueError);
    CHECK(ops::floor_div(-7, 2) == -4);
    CHECK(ops::floor_mod(-7, 2) == 1);
    CHECK(ops::floor_mod(7, -2) == -1);
}

TEST_CASE("collections combine with + and -", "[values]") {
    Value s1 = make_set({I(1), I(2)}), s2 = make_set({I(2), I(3)});
    CHECK(repr(ops::plus(s1, s2)) == "{1, 2, 3}");
    CHECK(repr(ops::minus(s1, s2)) == "{1}");
    Value l[] = {I(1)};
    CHECK(repr(ops::plus(make_list(l), make_list(l))) == "[1, 1]");
    CHECK_THROWS_WITH(ops::plus(s1, I(2)), "type mismatch: cannot apply '+' to a set and an int");
    CHECK_THROWS_WITH(ops::index(make_list(l), I(1)), "index 1 is out of range for a list of length 1");
    CHECK(ops::index(make_list(l), I(-1)) == I(1));
}

TEST_CASE("iteration covers ranges without building them", "[values]") {
    std::int64_t total = 0;
    ops::for_each(make_range(1, 100), [&](const Value& v) {
        total += v.as_int();
        return true;
    });
    CHECK(total == 5050);
    int steps = 0;
    ops::for_each(make_range(INT64_MAX - 1, INT64_MAX), [&](const Value&) { return ++steps < 10; });
    CHECK(steps == 2);  // stops at INT64_MAX without overflowing
}

TEST_CASE("a list built one value at a time equals the list made at once", "[values]") {
    for (std::size_t n : {0, 1, 3, 4, 5, 8, 9, 100, 5000}) {
        std::vector<Value> xs;
        ListBuilder b;
        for (std::size_t i = 0; i < n; ++i) {
            const Value v = i % 3 ? Value::integer(static_cast<std::int64_t>(i)) : make_string("s" + std::to_string(i));
            xs.push_back(v);
            b.push(v);
        }
        const Value built = b.finish();
        CHECK(built == make_list(std::move(xs)));
        CHECK(built.seq().size == n);
    }
    // A builder dropped part way releases what it holds; the values stay
    // valid for their other owners.
    const Value shared = make_string("kept");
    {
        ListBuilder b;
        for (int i = 0; i < 20; ++i) b.push(shared);
    }
    CHECK(shared == make_string("kept"));
}

TEST_CASE("a long list of few distinct values is packed and reads as the same list", "[values]") {
    const std::vector<Value> palette = {I(0), I(7), make_string("P"), make_string("N"), Value::boolean(true),
                                        make_list(std::vector<Value>{I(1), I(2)}), make_string("P")};
    for (std::size_t k : {std::size_t{1}, std::size_t{3}, palette.size()}) {
        for (std::size_t n : {1023, 1024, 1025, 5000}) {
            std::vector<Value> xs;
            ListBuilder b;
            for (std::size_t i = 0; i < n; ++i) {
                xs.push_back(palette[(i * 7 + i / 5) % k]);
                b.push(xs.back());
            }
            const Value built = b.finish();
            const Value plain = make_list(std::span<const Value>(xs));
            CHECK(built.seq().packed() == (n >= ListBuilder::pack_from));
            CHECK(built.seq().size == n);
            CHECK(built == plain);
            CHECK(hash(built) == hash(plain));
            CHECK(repr(built) == repr(plain));
            std::size_t i = 0;
            ops::for_each(built, [&](const Value& v) {
                CHECK(v.object() == xs[i].object());  // the very values pushed, shared
                CHECK(v == xs[i]);
                return ++i < n;
            });
            CHECK(i == n);
            for (std::size_t j = 0; j < n; j += 97) CHECK(built.seq()[j] == xs[j]);
            // An array of the items, made on demand, reads the same.
            CHECK(std::equal(built.seq().begin(), built.seq().end(), xs.begin(), xs.end()));
            CHECK(hash(built) == hash(plain));
        }
    }
}

TEST_CASE("a packed list that meets a 257th distinct value goes back to values", "[values]") {
    for (std::size_t at : {std::size_t{1023}, std::size_t{1024}, std::size_t{3000}}) {
        std::vector<Value> xs;
        ListBuilder b;
        for (std::size_t i = 0; i < 4000; ++i) {
            xs.push_back(I(i < at ? static_cast<std::int64_t>(i % 256) : static_cast<std::int64_t>(i)));
            b.push(xs.back());
        }
        const Value built = b.finish();
        CHECK_FALSE(built.seq().packed());
        CHECK(built == make_list(std::span<const Value>(xs)));
    }
    // The strings' counts: held once each by a packed list, released by
    // the list and by a builder dropped part way.
    const Value s = make_string("kept");
    {
        ListBuilder b;
        for (int i = 0; i < 3000; ++i) b.push(s);
    }
    CHECK(s.object()->refs == 1);
    {
        ListBuilder b;
        for (int i = 0; i < 3000; ++i) b.push(s);
        const Value list = b.finish();
        CHECK(list.seq().packed());
        CHECK(s.object()->refs == 2);
        CHECK(list.seq().begin()[2999] == s);  // unpacked: a count per item
        CHECK(s.object()->refs == 3002);
    }
    CHECK(s.object()->refs == 1);
}
