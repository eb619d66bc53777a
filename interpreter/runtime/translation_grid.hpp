// Games whose moves are translations on a grid: every option of a tuple
// position x is x + d for a vector d fixed per instance and per binding of
// the move's generators (`(r, c - 1)`, `(a - k, b)` for k in a constant
// range), with no canonical form, no terminal condition, and a `where`
// made only of conditions that read no coordinate and comparisons that
// read one coordinate, affinely. Such a `where` holds exactly on a box of
// coordinates, and none of it can raise an error once it ran without one
// at the box's corners (its parts are affine, so they are largest there).
//
// For a state that is its own id (state_table.hpp: the ints side by side)
// and whose options are too, each option is then the state's id plus a
// constant, taken when the state lies in the move's box: a value is a few
// array reads and interval tests, as a hand-written solver has it, where
// the general kernel walks the rules' nodes (int_mex.cpp). The analysis is
// the compiler's (compiler/grid_rules.cpp); the per-instance form is here.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "int_game.hpp"
#include "interpreter/solver/value_array.hpp"

namespace grundy {

namespace intpath {

// What the compiler found of one move: `where` split into its conjuncts.
struct GridCompare {
    enum class Op : std::uint8_t { lt, le, gt, ge, eq } op = Op::eq;
    std::uint32_t coord = 0;  // the one coordinate the two sides read
    IntPtr lhs, rhs;          // affine in it, without min, max or abs
};
struct GridMove {
    std::vector<GridCompare> compares;
    std::vector<BoolPtr> free;  // conjuncts reading no coordinate
};
// IntGame::grid: set when every move is so, the game has no canonical form,
// no terminal condition and no split, and its positions are tuples of ints.
struct GridRules {
    std::vector<GridMove> moves;  // by IntGame::moves
    // `start` affine in its arguments (or no start): along a range of one
    // argument, states step by a constant vector (a range query's rows).
    bool start_affine = false;
};

}  // namespace intpath

// The per-instance form: each (move, binding) that can apply, as the id
// delta of its option and the box of states where it applies.
class TranslationGrid {
public:
    // Null when this instance's hoisted values give no grid: a condition
    // or result that raises an error or overflows at some state that is
    // its own id, a result other than x + d, more than max_steps options.
    // `base`, `bits`: ids are base + the ints side by side, `bits` each.
    static std::unique_ptr<TranslationGrid> make(const IntGame& g, const IntInstanceData& data, std::uint32_t base,
                                                 unsigned bits);
    static constexpr std::size_t max_steps = 1024;

    std::uint32_t arity() const { return arity_; }
    std::uint32_t base() const { return base_; }
    unsigned bits() const { return bits_; }
    std::int64_t top() const { return top_; }  // the largest coordinate of a state that is its own id
    // Whether xs (arity ints) is a state that is its own id.
    bool inside(const std::int64_t* xs) const {
        for (std::uint32_t i = 0; i < arity_; ++i)
            if (xs[i] < 0 || xs[i] > top_) return false;
        return true;
    }
    // The offset of state xs from base (inside(xs) holds).
    std::uint32_t index(const std::int64_t* xs) const {
        std::uint64_t key = 0;
        for (std::uint32_t i = 0; i < arity_; ++i) key = (key << bits_) | static_cast<std::uint64_t>(xs[i]);
        return static_cast<std::uint32_t>(key);
    }
    void coords(std::uint32_t index, std::int64_t* xs) const {
        for (std::uint32_t i = arity_; i-- > 0; index >>= bits_) xs[i] = index & ((std::uint32_t{1} << bits_) - 1);
    }

    // The value of state xs (inside(xs) holds; its offset from base is
    // `at`) when every option is known, read from `values` (the solver's
    // array of ids from base). False when an option is not known, or
    // leaves the states that are their own ids: the general path takes it.
    bool value(const solver::ValueArray& values, const std::int64_t* xs, std::uint32_t at, std::uint32_t& v) const;

    // The states x0 + t * step for t in 0..count-1 (all of them own ids):
    // for each move that applies at some of them, the t where it does, so
    // that a row's state tests one interval per move (a range query's row,
    // compiler/range_query_grid.cpp). `stop`: the first t where an option
    // is not its own id (count when none), which the row leaves to the
    // general path.
    struct Row {
        struct Step {
            std::uint64_t from, span;  // applies for t - from <= span (unsigned)
            std::int64_t delta;
        };
        static constexpr std::size_t max_steps = 16;
        Step steps[max_steps];
        std::size_t n = 0;
        bool fits = true;  // at most max_steps moves apply: else value() state by state
        std::int64_t stop = 0;
    };
    void row(const std::int64_t* x0, const std::int64_t* step, std::int64_t count, Row& out) const;
    // value() for state t of the row, at offset `at` from base, its
    // options read from the flat table of the solver's array
    // (ValueArray::flat); false when an option is not there with a value
    // below 64 (value() takes it). In locals: the caller writes bytes,
    // which could alias anything the compiler would otherwise reload.
    [[gnu::always_inline]] static bool row_value(const Row::Step* steps, std::size_t n, const std::uintptr_t* flat,
                                                 std::uint32_t flat_count, std::int64_t t, std::uint32_t at,
                                                 std::uint32_t& v) {
        using VA = solver::ValueArray;
        std::uint64_t seen = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const Row::Step& s = steps[i];
            if (static_cast<std::uint64_t>(t) - s.from > s.span) continue;
            const auto o = static_cast<std::uint32_t>(at + s.delta);
            const std::uint32_t page = o >> VA::page_bits;
            if (page >= flat_count) return false;
            const std::uintptr_t e = flat[page];
            if (e & 1) return false;  // a wide page
            const std::uint8_t x = reinterpret_cast<const std::uint8_t*>(e)[o & (VA::page_size - 1)];
            if (x >= 64) return false;  // not known, or past the bits
            seen |= std::uint64_t{1} << x;
        }
        v = static_cast<std::uint32_t>(__builtin_ctzll(~seen));
        return ~seen != 0;
    }

private:
    struct Step {
        std::int64_t delta;         // of the option's offset from the state's
        std::int64_t lo[8], hi[8];  // where the move applies (within 0..top)
        std::int64_t in_lo[8], in_hi[8];  // of those, where its option is its own id too
    };
    std::vector<Step> steps_;
    std::uint32_t arity_ = 0, base_ = 0;
    unsigned bits_ = 0;
    std::int64_t top_ = 0;
};

}  // namespace grundy
