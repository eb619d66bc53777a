// The outcome of a state alone, under normal play: a state is an
// N-position as soon as one option is known a P-position, and a P-position
// when every option is known an N-position. A hand-written solver stops at
// the first P option; computing the value instead reads every option of
// every state. So a query for the outcome alone searches depth-first for a
// P option, option by option, and records what it decides: a P-position as
// its value, 0, and an N-position as ValueArray::known_n, which no reader of
// values takes for a value (a later sg() computes it).
//
// In a loopy game an option may be drawn (ValueArray::known_d, or an
// infinite value without 0 in its K): a state none of whose options is a
// P-position and one drawn is drawn. A cycle on the search's path hands
// the query to the loopy search for outcomes (solve_loopy), which labels
// P, N and D the same way.
//
// The search is iterative, like grundy(): a state first asks the game's
// one-pass scan (GameGraph::try_outcome); a state the scan cannot decide
// gets a direct frame holding the option it stopped at, or, after a few
// retries or without one, its options in the shared buffer. Anything the
// outcome alone cannot settle hands the whole query to grundy(), which
// finds the same answer (and the same errors) as before: an option that is
// a sum (its outcome needs values), a state another loopy search has
// numbered, and an error in the rules (the value search reports the one it
// meets first).
#include "solver.hpp"

namespace grundy::solver {

Solver::Outcome Solver::outcome_of(Comp root) {
    Busy busy(*this);
    const std::uint32_t known = entry(root);
    if (known < finite_limit) return known == 0 ? Outcome::p : Outcome::n;
    if (is_outcome_code(known)) return outcome(known);
    if (known != unknown) return outcome(grundy(root));  // a loopy value, or a state on a search's path

    GameGraph::Blocker blocker;
    if (outcome_one_pass(root, blocker)) return entry(root) == 0 ? Outcome::p : Outcome::n;
    // A game whose outcome walk does not apply (its moves make sums) may
    // still have every option's value known: one pass for the value, as
    // grundy() starts, before anything costlier.
    if (!blocker.found && try_direct(root, blocker)) return outcome(peek(root));
    if (frames_.empty() && outcome_frames_.empty()) {
        tables_[comp_graph(root)].graph->before_search(comp_state(root));
        if (peek(root) < explore_base) return outcome(peek(root));
    }
    const std::size_t base = outcome_frames_.size();
    const std::size_t buf_base = buf_.size();
    try {
        push_outcome(root, blocker);
        while (outcome_frames_.size() > base) {
            OutcomeFrame* f = &outcome_frames_.back();
            if (f->direct) {
                const Comp state = f->comp;
                if (!f->blocked) {
                    bool p_position;
                    GameGraph::Blocker b;
                    ++stats_.expansions;
                    if (tables_[comp_graph(state)].graph->try_outcome(comp_state(state), p_position, b)) {
                        decide(p_position ? Outcome::p : Outcome::n);
                        continue;
                    }
                    f = &outcome_frames_.back();
                    if (!b.found || ++f->retries > max_retries) {
                        f->direct = false;  // expanded on the next round
                        f->loaded = false;
                        continue;
                    }
                    f->blocked = true;
                    f->begin = b.state;
                }
                const Comp c = make_comp(comp_graph(state), f->begin);
                f->blocked = false;  // scan again once c is decided
                const std::uint32_t v = entry(c);
                if (v == 0) {
                    decide(Outcome::n);
                } else if (v == unknown) {
                    GameGraph::Blocker b;
                    if (outcome_one_pass(c, b)) {
                        outcome_frames_.back().blocked = true;  // its outcome first: a P ends the state
                        continue;
                    }
                    if ((outcome_frames_.size() & 0xFFF) == 0) check_interrupt();
                    push_outcome(c, b);
                } else if (v == known_d || is_infinite(v)) {
                    f->direct = false;  // the scan stops at a drawn option: expanded, the draw is weighed
                    f->loaded = false;
                } else if (v >= finite_limit && v != known_n) {
                    throw GiveUp{v == on_path};
                }
                continue;
            }
            if (!f->loaded) {
                expand_outcome(outcome_frames_.size() - 1);
                f = &outcome_frames_.back();
                // Options known P first: a read each, before any descent.
                bool n_position = false;
                for (std::size_t i = f->begin; i < f->end && !n_position; ++i) {
                    if (!(buf_[i] & OptionSink::header_bit)) continue;
                    const bool last = i + 1 == f->end || (buf_[i + 1] & OptionSink::header_bit);
                    if (last) n_position = true;  // the empty sum
                    else if (i + 2 == f->end || (buf_[i + 2] & OptionSink::header_bit))
                        n_position = option_entry(buf_[i + 1]) == 0;
                }
                if (n_position) {
                    decide(Outcome::n);
                    continue;
                }
            }
            bool descended = false, n_position = false;
            while (f->cursor < f->end) {
                std::size_t next = f->cursor + 1;
                while (next < f->end && !(buf_[next] & OptionSink::header_bit)) ++next;
                if (next == f->cursor + 1) {  // the empty sum, a P-position
                    n_position = true;
                    break;
                }
                if (next > f->cursor + 2) throw GiveUp{};  // a sum: its outcome needs values
                const std::uint64_t e = buf_[f->cursor + 1];
                const std::uint32_t v = option_entry(e);
                if (v == 0) {
                    n_position = true;
                    break;
                }
                if (v < finite_limit || v == known_n || v == known_d || is_infinite(v)) {
                    // N, or drawn: then the state is not lost, and drawn
                    // unless another option is a P-position.
                    f->drawn = f->drawn || outcome(v) == Outcome::draw;
                    f->cursor = static_cast<std::uint32_t>(next);
                    continue;
                }
                if (v != unknown) throw GiveUp{v == on_path};
                GameGraph::Blocker b;
                if (outcome_one_pass(e, b)) continue;  // looked at again
                f = &outcome_frames_.back();
                if ((stats_.expansions & 0xFFF) == 0) check_interrupt();
                if (f->regenerate) {
                    buf_.resize(f->begin);
                    f->end = f->cursor = f->begin;
                    f->loaded = false;
                }
                push_outcome(e, b);
                descended = true;
                break;
            }
            if (!descended) decide(n_position ? Outcome::n : f->drawn ? Outcome::draw : Outcome::p);
        }
    } catch (const SolveError&) {
        unwind_outcome(base, buf_base);
        throw;
    } catch (const SolveFirst&) {
        unwind_outcome(base, buf_base);
        throw;
    } catch (const MisereSums&) {  // the search over sums takes the query (Solver::twin_outcome)
        unwind_outcome(base, buf_base);
        throw;
    } catch (const GiveUp& g) {
        // A cycle: the loopy search, for the outcomes alone. Anything
        // else: the value search takes the query. Both charge the states
        // again.
        stats_.states -= unwind_outcome(base, buf_base);
        if (!g.cycle) return outcome(grundy(root));
        solve_loopy(root, true);
        return outcome(entry(root));
    } catch (...) {
        // A cycle met by a rule's query, an error in the rules: as above.
        stats_.states -= unwind_outcome(base, buf_base);
        return outcome(grundy(root));
    }
    outcome_frames_.release();
    return outcome(entry(root));
}

// An option's only part: its value when the game gave it, else its entry.
std::uint32_t Solver::option_entry(std::uint64_t e) const {
    return (e & resolved_bit) ? static_cast<std::uint32_t>(e) : entry(e);
}

bool Solver::outcome_one_pass(Comp c, GameGraph::Blocker& blocker) {
    before_one_pass(comp_state(c));
    bool p_position;
    if (!tables_[comp_graph(c)].graph->try_outcome(comp_state(c), p_position, blocker)) return false;
    one_pass_solved(c, p_position ? 0 : known_n);
    return true;
}

void Solver::push_outcome(Comp c, const GameGraph::Blocker& blocker) {
    if (own_id(comp_state(c))) charge_state();
    set(c, on_path);
    const auto begin = static_cast<std::uint32_t>(buf_.size());
    outcome_frames_.push_back(OutcomeFrame{c, begin, begin, begin});
    OutcomeFrame& f = outcome_frames_.back();
    if (blocker.found) {
        f.direct = true;
        f.blocked = true;
        f.begin = blocker.state;
        return;
    }
    f.loaded = false;  // expanded by the loop, which looks for a known P option first
}

void Solver::expand_outcome(std::size_t index) {
    OutcomeFrame& f = outcome_frames_[index];
    f.begin = f.cursor = static_cast<std::uint32_t>(buf_.size());
    OptionSink sink(buf_, true);
    ++stats_.expansions;
    const Comp c = f.comp;
    tables_[comp_graph(c)].graph->expand(comp_state(c), sink);  // may re-enter the solver
    OutcomeFrame& g = outcome_frames_[index];
    g.end = static_cast<std::uint32_t>(buf_.size());
    g.loaded = true;
    g.regenerate = buf_.size() > buffer_budget;
}

void Solver::decide(Outcome o) {
    OutcomeFrame& f = outcome_frames_.back();
    if (!f.direct) buf_.resize(f.begin);
    set(f.comp, o == Outcome::p ? 0 : o == Outcome::n ? known_n : known_d);
    if ((++stats_.solved & 0x3FFF) == 0) check_interrupt();
    outcome_frames_.pop_back();
}

std::uint64_t Solver::unwind_outcome(std::size_t base, std::size_t buf_base) {
    std::uint64_t own = 0;  // states back to unknown that are their own ids
    for (std::size_t i = outcome_frames_.size(); i-- > base;) {
        const Comp c = outcome_frames_[i].comp;
        if (entry(c) == on_path) {
            set(c, unknown);
            own += own_id(comp_state(c));
        }
    }
    while (outcome_frames_.size() > base) outcome_frames_.pop_back();
    outcome_frames_.release();
    buf_.resize(buf_base);
    return own;
}

}  // namespace grundy::solver
