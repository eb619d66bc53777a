// Misère play of one component, by normal play of its misère twin.
//
// Under misère play a state with no moves is won by the player to move.
// So a component's misère outcome is its normal-play outcome in a twin
// game: the same states (the same ids), where a state with no moves has
// one, to the empty sum (a P-position), and a move to the empty sum is a
// move to a state known to be N (value 1, a state whose one move goes to
// the empty sum). As long as every option is one component, the twin is an
// ordinary graph: the outcome search (outcome.cpp) decides it, stopping at
// the first P option, with an outcome a state in the twin's own arrays,
// and a game's one-pass scan (GameGraph::try_misere_outcome) reads those.
// A cycle goes to the loopy search like any other: infinite play is a draw
// under either convention. An option that is a sum of two or more
// components needs the search over sums (misere.cpp), which the query then
// takes from the start.
#include "solver.hpp"

namespace grundy::solver {

struct Solver::MisereTwin final : GameGraph {
    MisereTwin(Solver& s, std::uint32_t base) : solver(s), base(base) {}

    void expand(StateId s, OptionSink& out) override {
        // The base's options as components, never its values (those are
        // normal play's). Kept in a member for the next state; a rule that
        // asks a misère question while this runs makes a vector of its own.
        std::vector<std::uint64_t> raw;
        raw.swap(scratch);
        raw.clear();
        OptionSink sink(raw, false);
        solver.tables_[base].graph->expand(s, sink);
        if (sink.options() == 0) out.begin_option();  // no moves: won, by the one move to the empty sum
        for (std::size_t i = 0; i < raw.size();) {
            std::size_t next = i + 1;
            while (next < raw.size() && !(raw[next] & OptionSink::header_bit)) ++next;
            out.begin_option();
            if (next == i + 1) {  // to the empty sum: the opponent, with no move, wins
                if (!out.values_ok()) throw MisereSums{};
                out.add_value(1);
            } else if (next == i + 2) {
                const std::uint32_t g = comp_graph(raw[i + 1]);
                if (solver.tables_[g].twin == no_twin) solver.make_twins();  // a game made since
                out.add(make_comp(solver.tables_[g].twin, comp_state(raw[i + 1])));
            } else {
                throw MisereSums{};
            }
            i = next;
        }
        raw.swap(scratch);
    }
    std::string describe(StateId s) const override {
        return "misere(" + solver.tables_[base].graph->describe(s) + ")";
    }
    bool try_outcome(StateId s, bool& p_position, Blocker& blocker) override {
        return solver.tables_[base].graph->try_misere_outcome(s, solver.tables_[own].values, p_position, blocker);
    }

    Solver& solver;
    std::uint32_t base, own = 0;
    bool sums = false;  // a query from this game met a sum: the search over sums takes its queries
    std::vector<std::uint64_t> scratch;
};

void Solver::make_twins() {
    for (std::uint32_t g = 0; g < tables_.size(); ++g) {
        if (tables_[g].twin != no_twin || tables_[g].is_twin) continue;
        auto twin = std::make_unique<MisereTwin>(*this, g);
        const std::uint32_t t = add_graph(twin.get());
        twin->own = t;
        twins_.push_back(std::move(twin));
        tables_[t].is_twin = true;
        tables_[g].twin = t;
    }
}

bool Solver::twin_outcome(Comp c, Outcome& o) {
    const std::uint32_t g = comp_graph(c);
    if (tables_[g].twin == no_twin) make_twins();
    const std::uint32_t t = tables_[g].twin;
    MisereTwin& twin = static_cast<MisereTwin&>(*tables_[t].graph);
    if (twin.sums) return false;
    const std::uint64_t charged = stats_.states;
    try {
        o = outcome_of(make_comp(t, comp_state(c)));
        return true;
    } catch (const MisereSums&) {
        // The search over sums takes the query from the start: the states
        // the twin counted are counted there.
        stats_.states = charged;
        twin.sums = true;
        return false;
    }
}

}  // namespace grundy::solver
