// `[sg(G(n)) for n in a..b]`, and sum, len, min or max of it: a game's
// values over a range, the commonest query there is. Asked element by
// element, each costs a position and a solver call, ten times what a
// hand-written solver spends on the state; here the whole range is one
// call that solves the states in order (Instance::grundy_range). Same
// values, same errors, in the same order; a game whose positions are not
// plain ints runs the loop as written.
#pragma once

#include <memory>
#include <span>

#include "nodes.hpp"

namespace grundy::nodes {

class RangeQuery {
public:
    // The query a comprehension with these generators and element asks, if
    // it is one.
    static std::unique_ptr<RangeQuery> match(const GensCode& gens, const Code& element);

    // Calls `one` with each element's value, as gens.run would, or `many`
    // with a batch of them, until either returns false.
    using Batch = FunctionRef<bool(std::span<const std::uint32_t>)>;
    void run(Env& env, FunctionRef<bool(const Value&)> one, Batch many) const;
    // The game instance the query asks about; null when f is not a ruleset.
    Instance* instance(Env& env) const;

private:
    const Range* range_ = nullptr;
    std::uint32_t slot_ = 0;                 // n
    const CallBuiltin* sg_ = nullptr;        // the element, sg(...)
    bool list_ = false;                      // sg(f([n])): a game on lists of one int
    const Code* callee_ = nullptr;           // sg(f(n)) with f free of n, or
    const CompiledGame* game_ = nullptr;     // sg(G(n)) of a game without rule parameters
};

}  // namespace grundy::nodes
