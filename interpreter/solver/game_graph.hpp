// The solver's view of a game: a graph of states numbered by the game, each
// with a list of options, where an option is a sum of components (a state of
// this or another graph). The solver knows nothing of the language.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "value_array.hpp"

namespace grundy::solver {

using StateId = std::uint32_t;

// A component: graph number (high 32 bits) and state (low 32 bits).
using Comp = std::uint64_t;
inline Comp make_comp(std::uint32_t graph, StateId state) { return (std::uint64_t{graph} << 32) | state; }
inline std::uint32_t comp_graph(Comp c) { return static_cast<std::uint32_t>(c >> 32); }
inline StateId comp_state(Comp c) { return static_cast<StateId>(c); }

// Receives the options of one state. Each option starts with begin_option();
// the components added after it are summed. An option with no components is
// the empty sum (value 0).
class OptionSink {
public:
    // `values_ok`: the receiver takes add_value (a search for values does;
    // a listing of moves needs every component).
    OptionSink(std::vector<std::uint64_t>& buf, bool values_ok) : buf_(buf), values_ok_(values_ok) {}
    void begin_option() {
        buf_.push_back(header_bit);
        ++options_;
    }
    void add(Comp c) { buf_.push_back(c); }
    // A part whose value the game already knows (Solver::known): saves the
    // solver a lookup. Parts of one option may be given either way.
    void add_value(std::uint32_t v) { buf_.push_back(resolved_bit | v); }
    bool values_ok() const { return values_ok_; }
    std::size_t options() const { return options_; }
    // What was written so far, to take back: a game that finds part way
    // through an expansion that its fast form cannot go on rewinds, then
    // expands the state again another way.
    struct Mark {
        std::size_t size, options;
    };
    Mark mark() const { return {buf_.size(), options_}; }
    void rewind(Mark m) {
        buf_.resize(m.size);
        options_ = m.options;
    }

    static constexpr std::uint64_t header_bit = std::uint64_t{1} << 63;
    static constexpr std::uint64_t resolved_bit = std::uint64_t{1} << 62;

private:
    std::vector<std::uint64_t>& buf_;
    bool values_ok_;
    std::size_t options_ = 0;
};

class GameGraph {
public:
    virtual ~GameGraph() = default;
    virtual void expand(StateId s, OptionSink& out) = 0;  // all options of s; may call back into the solver
    virtual std::string describe(StateId s) const = 0;    // `Kayles(7)`, for messages
    // The options of s when the game knows each to be one state of its
    // own (no sums, no values): their ids appended to `out`. False, with
    // `out` as it was, leaves s to expand(). What expand() would raise,
    // this raises.
    virtual bool expand_states(StateId, std::vector<StateId>&) { return false; }
    // The Grundy value of s when the game can compute it without the
    // solver's help: every option's value is already known. False leaves s
    // to the solver; then `blocker`, when found, is the state of an option
    // whose value was not known (solving it first lets a retry get further).
    // The game must not call the solver from here, but to charge a state
    // it interns (Solver::charge_state).
    //
    // A game may also leave in `resume` where its scan stopped (its own
    // encoding, `at` nonzero), with what it had gathered: the solver hands
    // it back in `blocker` on the retry, which then goes on from there
    // instead of from the first option, as a recursive solver would.
    struct Blocker {
        bool found = false;
        StateId state = 0;
        struct Resume {
            std::uint64_t at = 0, gathered = 0;
        } resume;
    };
    virtual bool try_grundy(StateId, std::uint32_t&, Blocker&) { return false; }
    // The same for the outcome alone (Solver::outcome_of): true when every
    // option is known an N-position (`p_position` true) or one is known a
    // P-position (false): a value 0, or an N outcome (ValueArray::known_n)
    // is what it reads. A game whose options are sums returns false
    // without a blocker: their outcome needs values.
    virtual bool try_outcome(StateId, bool&, Blocker&) { return false; }
    // The same under misère play (Solver::misere_outcome), the outcomes
    // read from `values` (the misère twin's, by id class): a state with no
    // moves is an N-position. True only where the scan decides; a state
    // whose every option is N, or that has none, is left to expand().
    virtual bool try_misere_outcome(StateId, const ValueArray* /*values*/, bool&, Blocker&) { return false; }
    // Called before a search for s starts from nothing on the stack: a game
    // may solve states below s first, bottom-up, when it knows that to be
    // the cheaper way to s (the game's own business; values it sets are
    // values).
    virtual void before_search(StateId) {}
};

}  // namespace grundy::solver
