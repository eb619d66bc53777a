// A generator over a list that user functions build (recursive ones
// included: ListFn) keeps a game on the int path. The answers and the
// errors are those of the generic path (each game is checked against its
// generic copy).
#include <catch2/catch.hpp>

#include "run_program.hpp"

using grundy::testing::generic_copy;
using grundy::testing::on_int_path;
using grundy::testing::run_program;

namespace {

// The first line of an error from "error:" (the copy moves the game's
// line and its columns).
std::string first_line(const std::string& err) {
    std::string line = err.substr(0, err.find('\n'));
    return line.substr(std::min(line.find("error:"), line.size()));
}

enum class Path { int_path, generic, either };

void same_as_generic(const std::string& program, const std::string& name, Path path = Path::int_path) {
    INFO(program);
    if (path != Path::either) CHECK(on_int_path(program, name) == (path == Path::int_path));
    auto fast = run_program(program), slow = run_program(generic_copy(program, name));
    CHECK(fast.out == slow.out);
    CHECK(fast.status == slow.status);
    CHECK(first_line(fast.err) == first_line(slow.err));
}

const std::string digits = "fn digits(n) = if n < 10 then [n] else digits(n / 10) + [n % 10]\n";

}  // namespace

TEST_CASE("a move over a list a recursive function builds is int code", "[list_fns]") {
    const std::string game = digits + "game D { position n; move d in digits(n) where d > 0 => n - d }\n";
    same_as_generic(game + "print sum([sg(D(n)) for n in 0..3000]), sg(D(987654))\n", "D");
    same_as_generic(game + "print len([n for n in 0..3000 where outcome(D(n)) == P])\n", "D");
    // let, an `if` of lists, a comprehension of the parameters, a global,
    // two functions calling each other.
    same_as_generic("let K = 3\n"
                    "fn evens(n) = if n < 2 then [] else let h = n / 2 in [2 * h] + evens(n - 2)\n"
                    "fn a(n) = if n == 0 then [] else [n] + b(n - 1)\n"
                    "fn b(n) = if n == 0 then [] else [K] + a(n - 1)\n"
                    "fn c(n) = [k for k in 1..n where k * k <= n] + (if n > 5 then [K] else [])\n"
                    "game G { position n; move d in evens(n) + a(n % 9) + c(n) where d <= n => n - d }\n"
                    "print [sg(G(n)) for n in 0..300]\n",
                    "G");
    // Two coordinates, the list made of both.
    same_as_generic(digits + "game H { position (x, y)\n"
                             "    move d in digits(x + y) where d > 0 and d <= x => (x - d, y)\n"
                             "    move d in digits(y) where d > 0 => (x, y - d) }\n"
                             "print sum([sg(H(x, y)) for x in 0..60, y in 0..60])\n",
             "H");
}

TEST_CASE("calls deeper than the int path takes, and errors, are the generic path's", "[list_fns]") {
    // down(n) recurses n deep: past max_call_depth the state is left to
    // the generic path, the shallower ones stay.
    same_as_generic("fn down(n) = if n <= 0 then [] else [n] + down(n - 1)\n"
                    "game Down { position n; move d in down(n) => n - d }\n"
                    "print [sg(Down(n)) for n in 0..400], sg(Down(450))\n",
                    "Down");
    same_as_generic("fn bad(n) = if n < 5 then [1] else [n / (n - 7)] + bad(n - 1)\n"
                    "game B { position n; move d in bad(n) where d >= 1 and d <= n => n - d }\n"
                    "print [sg(B(n)) for n in 0..20]\n",
                    "B");
    same_as_generic("fn f(n) = if n then [1] else [2]\n"
                    "game B { position n; move d in f(n) where d <= n => n - d }\n"
                    "print sg(B(5))\n",
                    "B", Path::generic);  // a condition that is no bool: the rules as written
}

TEST_CASE("a function that reads a name the rules bind otherwise stays a call", "[list_fns]") {
    // M is the rule parameter in the game and the global in the function.
    same_as_generic("let M = 2\n"
                    "fn steps(n) = if n < 1 then [] else [M] + steps(n - 5)\n"
                    "game G(M) { position n; move d in steps(n) where d <= n => n - d }\n"
                    "print [sg(G(3)(n)) for n in 0..30]\n",
                    "G", Path::generic);
}

TEST_CASE("sum, len, min and max of a list of ints are int code", "[list_fns]") {
    // In a condition and in a result; of a comprehension, a list written
    // out and one a function builds.
    same_as_generic(digits + "game S { position n\n"
                             "    move k in 1..9 where k <= n and sum([(n - k) / 10 ** i % 10 for i in 0..18"
                             " where n - k >= 10 ** i]) % 3 != 0 => n - k\n"
                             "    move k in 1..min(digits(n)) where k <= n => n - k\n"
                             "    move where n >= 20 and len([d for d in digits(n) where d % 2 == 0]) > 1"
                             " => n - max([1, n % 7, sum(digits(n)) % 5]) }\n"
                             "print sum([sg(S(n)) for n in 0..5000])\n",
                    "S");
    // No items for min: the generic path's error.
    same_as_generic("game E { position n; move k in 1..3 where k <= n and min([j for j in 1..n - 5]) >= 0 => n - k }\n"
                    "print [sg(E(n)) for n in 0..10]\n",
                    "E");
    // A sum past 64 bits: the generic path's error.
    same_as_generic("game O { position n; move k in 1..2 where k <= n and sum([2 ** 62 for j in 0..n]) > 0 => n - k }\n"
                    "print [sg(O(n)) for n in 0..10]\n",
                    "O");
}

TEST_CASE("a function's list parameters: accumulators passed down the calls", "[list_fns]") {
    same_as_generic("fn digits_from(n, acc) = if n == 0 then acc else digits_from(n / 10, acc + [n % 10])\n"
                    "game A { position n; move d in digits_from(n, []) where d > 0 => n - d }\n"
                    "print sum([sg(A(n)) for n in 0..5000])\n",
                    "A");
    // A condition that reads the list beside one register: never kept by
    // that register's value alone (MemoBool), nor hoisted or tabulated.
    same_as_generic("fn capped(n, acc) = if len(acc) >= 3 or n == 0 then acc else capped(n - 1, acc + [n])\n"
                    "game C { position n; move d in capped(n, [1]) where d <= n and sum(capped(n, [])) % 2 == 0"
                    " => n - d }\n"
                    "print [sg(C(n)) for n in 0..40]\n",
                    "C");
    // Two lists trading places, a global read beside them, and a list read
    // again after a call with a list of its own.
    same_as_generic("let K = 2\n"
                    "fn both(a, xs, ys) = if a <= 0 then xs + ys else both(a - K, ys, xs + [a])\n"
                    "fn wrap(n, xs) = if n == 0 then xs else xs + wrap(n - 1, [n + 1]) + xs\n"
                    "game E { position n; move d in both(n % 11, [1], []) + wrap(n % 4, [2]) where d <= n => n - d }\n"
                    "print [sg(E(n)) for n in 0..60]\n",
                    "E");
    // A list parameter read by index: not compiled, the rules as written.
    same_as_generic("fn first(n, acc) = if n == 0 then [acc[0]] else first(n - 1, acc + [n])\n"
                    "game D { position n; move d in first(n % 5, [1]) where d <= n => n - d }\n"
                    "print [sg(D(n)) for n in 0..40]\n",
                    "D", Path::generic);
}

TEST_CASE("a recursive int or bool function is compiled, not called out", "[list_fns]") {
    // Int and bool results, recursion of one and of two functions, a
    // global, a call in a condition and in a result.
    same_as_generic("let B = 10\n"
                    "fn gcd(a, b) = if b == 0 then a else gcd(b, a % b)\n"
                    "fn dsum(n) = if n < B then n else dsum(n / B) + n % B\n"
                    "fn even(n) = if n == 0 then true else odd(n - 1)\n"
                    "fn odd(n) = if n == 0 then false else even(n - 1)\n"
                    "game G { position n\n"
                    "    move k in 1..n where gcd(n, k) == 1 and even(k % 7) => n - k\n"
                    "    move k in 1..3 where k <= n => max(0, n - dsum(n * k) % 5 - 1) }\n"
                    "print sum([sg(G(n)) for n in 0..400]), sg(G(2000))\n",
                    "G");
    // Arguments met again: the value kept by them (FnCall::memo), also for
    // arguments that share a slot of the memo.
    same_as_generic("fn fibr(n) = if n < 2 then n else fibr(n - 1) + fibr(n - 2)\n"
                    "game F { position n; move k in 1..3 where k <= n and fibr(n % 15 + k) % 3 != 0 => n - k }\n"
                    "print sum([sg(F(n)) for n in 0..600])\n",
                    "F");
    // Deeper than max_call_depth: those states the generic way.
    same_as_generic("fn steps(n) = if n <= 0 then 0 else 1 + steps(n - 1)\n"
                    "game S { position n; move k in 1..2 where k <= n and steps(n) % 3 != 1 => n - k }\n"
                    "print [sg(S(n)) for n in 0..300]\n",
                    "S");
    // An error in the body: the generic path's message.
    same_as_generic("fn inv(n, k) = if k == 0 then 100 / (n - 9) else inv(n, k - 1)\n"
                    "game E { position n; move k in 1..2 where k <= n and inv(n, 3) >= 0 => n - k }\n"
                    "print [sg(E(n)) for n in 0..12]\n",
                    "E");
    // A rule parameter named as the global the function reads: a call-out,
    // which the generic code runs where the function sees the global.
    same_as_generic("let M = 2\n"
                    "fn f(n) = if n < M then n else f(n - M)\n"
                    "game P(M) { position n; move k in 1..3 where k <= n and f(n) != 1 => n - k }\n"
                    "print [sg(P(5)(n)) for n in 0..30]\n",
                    "P");
}

TEST_CASE("a try that fails forgets the functions it compiled", "[list_fns]") {
    // In the first move, `sum(f(n) + g(k))` compiles f, then fails on g
    // (`str` is no int code) and is called out; f, made in that try,
    // must not be reused by the second move with registers given back.
    same_as_generic("let K = 5\n"
                    "fn f(n) = if n < 1 then [] else f(n / 10) + [n % 10 + K]\n"
                    "fn g(n) = if n < 0 then g(0) else [len(str(n))]\n"
                    "fn h(a, b) = if a < -1000 then " + [] {
                        std::string sum = "b";  // a body too large to expand in place: a call
                        for (int i = 0; i < 40; ++i) sum += " + b";
                        return sum;
                    }() + " else a + b\n"
                    "game G { position n\n"
                    "    move k in 1..9 where k <= n and h(sum(f(n) + g(k)), k) > 100 => n - k\n"
                    "    move d in f(n) + [1] where d <= n => n - d }\n"
                    "print [sg(G(n)) for n in 0..40], sg(G(12)), moves(G(12))\n",
                    "G");
}

TEST_CASE("whether a call is a list is found once per function and kinds of arguments", "[list_fns]") {
    // A chain of 40 functions, each calling the next in both arms of an
    // `if`: 2^40 paths, one answer per function. (The rule rewrite expands
    // the first ones in place, which may take the game past its registers.)
    std::string program;
    for (int i = 1; i <= 40; ++i)
        program += "fn f" + std::to_string(i) + "(n) = if n > " + std::to_string(i) + " then f" + std::to_string(i + 1) +
                   "(n - 1) else f" + std::to_string(i + 1) + "(n + 1)\n";
    program += "fn f41(n) = if n < 10 then [n % 3 + 1] else [n % 10 + 1, 1]\n"
               "game C { position n; move d in f1(n) where d <= n => n - d }\n"
               "print [sg(C(n)) for n in 0..30]\n";
    same_as_generic(program, "C", Path::either);
    // A call whose argument is a call of the same function, a list.
    same_as_generic("fn g(xs) = if len(xs) > 3 then xs else g(g(xs + [1]))\n"
                    "fn h(n, xs) = if n <= 0 then xs else h(n - 1, h(n - 2, xs + [n]))\n"
                    "game G { position n; move d in g([n % 3 + 1]) + h(n % 5, [1]) where d <= n => n - d }\n"
                    "print [sg(G(n)) for n in 0..12]\n",
                    "G", Path::either);
}
