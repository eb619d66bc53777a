// `[sg(G(n)) for n in a..b]` and its kin: a game's values over ranges, the
// commonest query there is. Asked element by element through the evaluator,
// each costs argument values, a call node, the instance's lookup, a fold
// step: more than a hand-written solver spends on the whole state. Here
// the generators run as plain int loops and each element goes straight to
// the instance and the solver; a game on one int without `start` or
// `canonical` solves a whole range in one call (Instance::grundy_range).
// Matched: generators `x in a..b` (bounds may read the variables before
// them), and an element `sg(P)`, `outcome(P)` or `outcome(misere(P))` where P is `G(x, y, ...)`
// or `f(x, y, ...)` of generator variables, f free of them; or any element
// and a `where` that compares such a query with a constant by `==` or `!=`
// (`[n for n in 0..N where outcome(G(n)) == "P"]`), or calls a global
// function whose body does, the elements that pass evaluated as written.
// Same values, same errors, in the same order as the loop as written.
#pragma once

#include <memory>
#include <span>

#include <boost/container/small_vector.hpp>

#include "nodes.hpp"

namespace grundy::nodes {

class RangeQuery {
public:
    // The query a comprehension with these generators and element asks, if
    // it is one.
    static std::unique_ptr<RangeQuery> match(const GensCode& gens, const Code& element);

    // Calls `one` with each element's value, as gens.run would, or `many`
    // with a batch of them (sg only), until either returns false.
    using Batch = FunctionRef<bool(std::span<const std::uint32_t>)>;
    void run(Env& env, FunctionRef<bool(const Value&)> one, Batch many) const;
    // The game instance the query asks about; null when f is not a ruleset.
    // `keep` holds the ruleset value, so that the instance, reached by a
    // value while it is used, is not dropped as idle (Context).
    Instance* instance(Env& env, Value& keep) const;
    // One generator (a table over one heap size).
    bool single() const { return dims_.size() == 1; }
    // The elements are those a `where` on the query keeps, not the query's values.
    bool filtered() const { return filter_ != nullptr; }

private:
    struct Dim {
        const Range* range;
        std::uint32_t slot;
    };
    struct Loop;
    bool run_ranges(Loop& loop, std::size_t d, std::int64_t a, std::int64_t b) const;
    bool element(Loop& loop) const;
    bool kept(const Value& asked) const;
    bool whole_range(Loop& loop, std::int64_t a, std::int64_t b) const;
    bool hand_on(Loop& loop, solver::Solver::Outcome o) const;  // whether the filter keeps an element whose query gives `asked`
    // Whether the instance's grid form can take this query's elements
    // (sg of a game of translations on a grid, range_query_grid.cpp).
    bool grid_serves(Instance& inst) const;
    // Elements first..last of the innermost generator (d) taken through
    // the grid form, their values into `batch`; `next`: the first element
    // left to `element` (last + 1 when none is). False when `flush` said
    // stop. xs: the variables' values.
    bool grid_elements(Env& env, Instance& inst, const std::int64_t* xs, std::size_t d, std::int64_t first,
                       std::int64_t last, std::uint32_t* batch, std::size_t& used, std::size_t capacity,
                       FunctionRef<bool()> flush, std::int64_t& next) const;
    // The box of states of the two innermost generators solved in the
    // order of their ids before the loop reads them, when the innermost
    // walks the ids far apart (range_query_grid.cpp).
    // xs: the variables' values, d the innermost generator.
    void presolve_box(Env& env, Instance& inst, const std::int64_t* xs, std::size_t d, std::int64_t from,
                      std::int64_t to, std::int64_t lo, std::int64_t hi) const;

    boost::container::small_vector<Dim, 4> dims_;
    boost::container::small_vector<std::uint8_t, 4> arg_dims_;  // the generator each argument reads
    const CallBuiltin* query_ = nullptr;     // the element, sg(...) or outcome(...), or the filter's
    const Compare* filter_ = nullptr;        // `where query == k` (or k == query, or !=), or null
    const Code* where_ = nullptr;            // the `where` as written: filter_, or a call of a function that is it
    const Const* filter_value_ = nullptr;    // its k
    const Code* element_ = nullptr;          // with a filter: the element, evaluated where it holds
    const Code* call_ = nullptr;             // its argument, the position
    bool misere_ = false;                    // outcome(misere(P)): call_ is P
    const Code* callee_ = nullptr;           // f(...) with f free of the variables, or
    const CompiledGame* game_ = nullptr;     // G(...) of a game without rule parameters
    bool list_ = false;                      // G([n]): a game on lists of one int
    bool nested_ = false;                    // G((a, b), c): arg_dims_ are the ints, in order
    bool box_ = false;                       // the innermost range's bounds do not change with the one before
    const std::vector<CodePtr>* args_ = nullptr;  // the call's arguments as written
    bool shaped(const CompiledGame& g) const;
};

}  // namespace grundy::nodes
