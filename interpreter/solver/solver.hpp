// One generic memoising reducer for impartial games.
//
// Normal play: the Grundy value of a state is the mex of its options' values;
// an option that is a sum has the xor of its components' values, and each
// component is solved (and memoised) on its own. Misère play: an outcome
// search over canonical sums (sorted multisets of components, with
// components that have no moves dropped), since the Sprague-Grundy theorem
// does not hold there.
//
// Loopy games (a state can be reached from itself) have generalized
// Sprague-Grundy values (Smith 1966; Fraenkel and Yesha): a natural number,
// or ∞{K}, K the finite values among the options. The depth-first search
// meets a cycle as a state already on its path; it then hands the states
// its root reaches and that are not solved yet to loopy.cpp, which labels
// those on no cycle by the mex rule and the rest by Fraenkel and Yesha's
// rounds.
//
// Both searches are iterative (an explicit stack, never the C++ stack),
// count states against a limit and may be interrupted. `expand` may call
// back into the solver (a move rule that asks for another position's
// value); the searches are re-entrant.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "chunked_stack.hpp"
#include "game_graph.hpp"
#include "value_array.hpp"

namespace grundy::solver {

// Thrown when a search cannot finish: the state limit, an interrupt, a
// cycle the solver cannot label (misère play, or through a sum).
struct SolveError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// The state limit (--max-states), which says where the states went.
struct StateLimit : SolveError {
    using SolveError::SolveError;
};

struct Stats {
    std::uint64_t states = 0;          // states counted against the limit
    std::uint64_t solved = 0;          // normal-play values computed
    std::uint64_t misere_solved = 0;   // misère sums decided
    std::uint64_t misere_indexed = 0;  // of those, N-positions found by their P-position index
    std::uint64_t expansions = 0;      // calls to GameGraph::expand
};

class Solver {
public:
    Solver();
    ~Solver();

    std::uint32_t add_graph(GameGraph* g);                  // returns the graph's number

    // A value as the solver gives it: below finite_limit a Grundy value;
    // from there to explore_base ∞{K} (infinite_set(v) is K).
    static constexpr std::uint32_t finite_limit = ValueArray::finite_limit;
    static constexpr std::uint32_t explore_base = 0xE0000000;
    static bool is_finite(std::uint32_t v) { return v < finite_limit; }
    static bool is_infinite(std::uint32_t v) { return v >= finite_limit && v < explore_base; }
    std::span<const std::uint32_t> infinite_set(std::uint32_t v) const { return infinite_sets_[v - finite_limit]; }
    std::uint32_t infinite(std::span<const std::uint32_t> k);   // the value ∞{k}, k ascending
    // The value of a sum of two (Smith): finite values xor, ∞{K} + n is
    // ∞{K xor n}, and two infinite values give ∞{}.
    std::uint32_t nim_add(std::uint32_t a, std::uint32_t b) {
        return (a | b) < finite_limit ? a ^ b : nim_add_loopy(a, b);
    }
    enum class Outcome : std::uint8_t { p, n, draw };
    Outcome outcome(std::uint32_t v) const;  // of a value, or of an outcome code (known_n, known_d)

    std::uint32_t grundy(Comp c);                           // value of one component
    // The finite value of c if it is known, else a number >= known_limit.
    std::uint32_t known(Comp c) const { return peek(c); }
    static constexpr std::uint32_t known_limit = finite_limit;
    std::uint32_t grundy(std::span<const Comp> sum);        // the sum of the components' values
    // The outcome of one component under normal play, from a search that
    // stops at the first option found a P-position (outcome.cpp): what a
    // query for the outcome alone needs. A state it meets on a cycle, an
    // option that is a sum, or an error hands the query to grundy().
    Outcome outcome_of(Comp c);
    // Whether c's outcome is known (a value, or an outcome code): then `o`.
    bool outcome_known(Comp c, Outcome& o) const {
        const std::uint32_t v = entry(c);
        if (!is_finite(v) && !is_outcome_code(v)) return false;
        o = outcome(v);
        return true;
    }
    // Under normal play, how many moves the game from c lasts when the
    // winner hurries and the loser delays (Steinhaus; Winning Ways ch. 9):
    // even exactly at P-positions; `draw_remoteness` at a draw.
    std::uint64_t remoteness(Comp c);
    std::uint64_t remoteness(std::span<const Comp> sum);
    // Whether a loopy search has labelled states of this graph: its games
    // can go round, so a player that means to win follows remoteness.
    bool loopy(std::uint32_t graph) const { return tables_[graph].loopy; }
    static constexpr std::uint64_t draw_remoteness = ~std::uint64_t{0};
    // The outcome of a sum under misère play: of one component by its
    // misère twin's outcome search (misere_twin.cpp), which also labels
    // draws; of more, or once the twin has met a sum, by the search over sums.
    Outcome misere_outcome(std::span<const Comp> sum);
    bool misere_p(std::span<const Comp> sum);  // misere_outcome(sum) is P

    // The options of a component, each a sum of components, in move order.
    std::vector<std::vector<Comp>> options(Comp c);

    // A graph's values, for GameGraph::try_grundy: one array per class of
    // ids (see runtime/state_table.hpp), so that no array spans the gaps
    // between the classes' ranges. State s is at index s - class_base[k]
    // of array k = id_class(s); a value >= known_limit is unknown.
    static constexpr std::uint32_t high_ids = 1u << 31;
    static constexpr std::uint32_t packed_ids = high_ids + (1u << 29);
    static constexpr std::uint32_t direct_ids = high_ids + (1u << 30);
    static constexpr std::uint32_t class_base[4] = {0, high_ids, packed_ids, direct_ids};
    static constexpr unsigned id_class(StateId s) { return s < high_ids ? 0 : s < packed_ids ? 1 : s < direct_ids ? 2 : 3; }
    // Ints, direct tuples and sets: states the game never interns, so the solver
    // counts them against the limit (interned ones are counted when interned).
    static bool own_id(StateId s) { return s < high_ids || s >= direct_ids; }
    const ValueArray* value_arrays(std::uint32_t graph) const { return tables_[graph].values; }

    // Every state interned by a game is charged here; past the limit the
    // current search ends with a SolveError.
    void charge_state();

    // Around a game's own one-pass solve of a state (try_direct, and a query
    // over a run of states, Instance::grundy_range): a state that is its own
    // id is counted before its rules run, as push_frame counts it, so past
    // the limit that is the error reported; then it is counted and set.
    void before_one_pass(StateId s) {
        if (own_id(s) && stats_.states >= max_states_) charge_state();
    }
    void one_pass_solved(Comp c, std::uint32_t v) {
        // Counted after it is set (before_one_pass checked the limit): a
        // state whose outcome alone was known is counted already.
        if (!set(c, v) && own_id(comp_state(c))) charge_state();
        if ((++stats_.solved & 0x3FFF) == 0) check_interrupt();
    }
    // The same for a run of states that are their own ids with small values
    // (Instance::grundy_range, a grid game's range query): how many more
    // the limit allows, the values written in place
    // (ValueArray::writable_narrow; the page's first id is s's rounded
    // down to a page), and the run counted at once.
    std::uint64_t room() const { return max_states_ > stats_.states ? max_states_ - stats_.states : 0; }

    // Said by a loop that asks for states first, first + 1, ... last of a
    // graph in turn (Instance::outcome_range, grundy_range), while it asks
    // for `first`: a loopy search that starts there takes the states of the
    // range that have no value yet with it, numbered in order, so that one
    // search answers the loop's questions to come and walks its states in
    // the order of their ids (loopy.cpp). What it raises, the search as it
    // would have run without them raises: a sum, an error in the rules or
    // the state limit met in the range makes it search from the root alone.
    struct RangeAhead {
        std::uint32_t graph;
        StateId first, last;
        bool* declined;  // set when a search gives the range up (the loop offers it no more)
    };
    class AskingRange {
    public:
        AskingRange(Solver& s, RangeAhead r) : s_(s) { s_.range_ahead_ = r; }
        ~AskingRange() { s_.range_ahead_.reset(); }
        AskingRange(const AskingRange&) = delete;
        AskingRange& operator=(const AskingRange&) = delete;

    private:
        Solver& s_;
    };
    std::uint8_t* writable_narrow(std::uint32_t graph, StateId s, std::uint32_t*& known) {
        const unsigned k = id_class(s);
        return tables_[graph].values[k].writable_narrow(s - class_base[k], known);
    }
    // Returns whether the run crossed a multiple of 2^14 states solved,
    // where one_pass_solved would have called check_interrupt().
    bool solved_run(std::uint64_t n) noexcept {
        stats_.states += n;
        const std::uint64_t before = stats_.solved;
        stats_.solved += n;
        return (before >> 14) != (stats_.solved >> 14);
    }
    void check_interrupt();  // progress, and a SolveError when interrupted
    // The message at the state limit; `deep` adds what the search was doing.
    [[noreturn]] void state_limit();
    void set_max_states(std::uint64_t n) { max_states_ = n; }
    std::uint64_t max_states() const { return max_states_; }

    // Polled during searches: set asynchronously to stop. `interrupted`
    // (SIGINT) ends the search with "interrupted" and is cleared; a front
    // end's limit (`time_limit`, `memory_limit`, set by its watchdog) ends
    // it with the message given to set_stop_message and stays set.
    static std::atomic<int> interrupt_flag;
    enum StopReason : int { interrupted = 1, time_limit = 2, memory_limit = 3 };
    // Throws the SolveError for the flag's reason.
    [[noreturn]] static void stop();
    // The message for a limit's reason; set before the watchdog can set it.
    static void set_stop_message(StopReason reason, std::string message);
    // Called where the interrupt flag is polled (every few thousand states),
    // so a front end can show progress; the solver itself does no I/O.
    std::function<void(const Stats&)> progress;

    const Stats& stats() const { return stats_; }
    std::uint64_t memory_bytes() const;
    void clear();                                            // forget all values
    void forget(std::uint32_t graph);  // forget a graph's values (and misère results)
    // No search is under way: no state is on a stack or in an options buffer.
    bool idle() const { return busy_ == 0; }

private:
    static constexpr std::uint32_t unknown = ValueArray::unknown;
    static constexpr std::uint32_t on_path = ValueArray::on_path;
    static constexpr std::uint32_t known_n = ValueArray::known_n;
    static constexpr std::uint32_t known_d = ValueArray::known_d;
    static bool is_outcome_code(std::uint32_t v) { return ValueArray::is_outcome_code(v); }

    static constexpr std::uint32_t no_twin = UINT32_MAX;
    struct Table {
        GameGraph* graph = nullptr;
        ValueArray values[4];  // by id_class
        bool loopy = false;
        bool is_twin = false;          // a misère twin (misere_twin.cpp)
        std::uint32_t twin = no_twin;  // this graph's misère twin
    };
    struct MisereTwin;
    struct MisereSums {};  // a twin's state has an option that is a sum
    std::vector<std::unique_ptr<GameGraph>> twins_;
    void make_twins();  // for every graph that has none
    // c's misère outcome by its twin; false once its game has met a sum.
    bool twin_outcome(Comp c, Outcome& o);
    // A frame either holds its state's options in buf_, or (`direct`) none:
    // the game solves the state in one pass once the option that blocked it
    // is solved, and names the next one otherwise. 24 bytes, so that a deep
    // search costs little beyond the values it finds: a direct frame keeps
    // its blocker (a state of the same graph) where an expanded one keeps
    // its buffer offsets, and the rare place where a game's scan resumes
    // (`resumes`) on a stack of its own. Offsets are 32-bit: a buffer of
    // 2^32 entries would not fit in memory.
    struct Frame {
        Comp comp;
        std::uint32_t begin, cursor, end;   // this state's options in buf_; direct: `begin` is the blocker
        bool loaded : 1 = true;             // its options are in buf_ now
        bool regenerate : 1 = false;        // drop them before descending; expand again after
        bool direct : 1 = false;
        bool blocked : 1 = false;           // direct: solve the blocker first
        bool resumes : 1 = false;           // direct: its Resume is on top of resumes_
        std::uint8_t retries = 0;

        StateId blocker() const { return begin; }
    };
    static_assert(sizeof(Frame) == 24);
    // A direct frame retries this many times before its state is expanded:
    // a state whose options are independent subtrees would otherwise be
    // scanned once per option. A retry that resumes its scan is not counted.
    static constexpr std::uint8_t max_retries = 2;
    // Past this many buffered entries, new frames do not keep their options
    // while a child is solved: a deep game with many moves a state (Nim)
    // costs a second expansion a state instead of memory quadratic in depth.
    static constexpr std::size_t buffer_budget = std::size_t{1} << 23;

    void expand_into(std::size_t frame);

    // An options-buffer entry whose component's value is known holds the
    // value itself, tagged with this bit (by the game, or by pass 1).
    static constexpr std::uint64_t resolved_bit = OptionSink::resolved_bit;

    bool set(Comp c, std::uint32_t v) {  // whether the entry was an outcome code
        StateId s = comp_state(c);
        unsigned k = id_class(s);
        return tables_[comp_graph(c)].values[k].set(s - class_base[k], v);
    }
    void prefetch(Comp c) const {
        StateId s = comp_state(c);
        unsigned k = id_class(s);
        tables_[comp_graph(c)].values[k].prefetch(s - class_base[k]);
    }
    // A state's entry: a value, or a code (unknown, on_path, known_n,
    // known_d, a loopy search's); peek() takes the outcome codes, which are
    // no values, for unknown.
    std::uint32_t entry(Comp c) const {
        StateId s = comp_state(c);
        unsigned k = id_class(s);
        return tables_[comp_graph(c)].values[k].get(s - class_base[k]);
    }
    std::uint32_t peek(Comp c) const {
        const std::uint32_t v = entry(c);
        return is_outcome_code(v) ? unknown : v;
    }
    void push_frame(Comp c, const GameGraph::Blocker& blocker);
    std::uint32_t nim_add_loopy(std::uint32_t a, std::uint32_t b);
    // The value of a state whose options' values (`sums`) are known, some
    // infinite: no cycle passes through it (loopy.cpp).
    std::uint32_t value_beside_loops(std::span<const std::uint32_t> sums);
    // loopy.cpp; outcomes_only: the states' outcomes, P as 0 and N and D as
    // their codes, by the win/loss/draw analysis alone.
    void solve_loopy(Comp root, bool outcomes_only = false);
    // Thrown where a part of a sum, or a rule's query, meets a state that a
    // loopy search under way has numbered and not labelled: that search
    // stops, the state is solved on its own, and the search begins again (a
    // cycle through the sum or the query meets the same state again: an error).
    struct SolveFirst {
        Comp state;
    };
    std::vector<Comp> solving_first_;  // states solved first for loopy searches (loopy.cpp)
    std::vector<std::uint32_t> option_sums(std::size_t begin, std::size_t end);  // of buf_'s resolved options
    std::uint64_t unwind(std::size_t base, std::size_t buf_base);  // a search's frames, after an exception
    struct Loopy;
    bool try_direct(Comp c, GameGraph::Blocker& blocker);
    void step_direct();
    [[noreturn]] void cycle(Comp c);  // a state met again: CycleFound, or SolveFirst (loopy.cpp)
    [[noreturn]] void misere_cycle(std::span<const Comp> sum) const;

    GameGraph::Blocker::Resume resume_of(const Frame& f) const { return f.resumes ? resumes_.back() : GameGraph::Blocker::Resume{}; }
    // Only the top frame's resume changes.
    void set_resume(Frame& f, const GameGraph::Blocker::Resume& r) {
        if (!f.resumes && !r.at) return;
        if (f.resumes && r.at) {
            resumes_.back() = r;
        } else if (f.resumes) {
            resumes_.pop_back();
            f.resumes = false;
        } else {
            resumes_.push_back(r);
            f.resumes = true;
        }
    }
    void pop_frame() {
        if (frames_.back().resumes) resumes_.pop_back();
        frames_.pop_back();
    }

    std::vector<Table> tables_;
    ChunkedStack<Frame> frames_;
    std::vector<GameGraph::Blocker::Resume> resumes_;  // of the frames with `resumes`, in stack order
    std::vector<std::uint64_t> buf_;        // options of the states on the stack
    std::vector<std::uint64_t> mex_bits_;
    Stats stats_;
    std::uint64_t max_states_ = 100'000'000;
    std::vector<std::vector<std::uint32_t>> infinite_sets_;  // the K of each ∞{K}, interned
    std::unordered_map<std::uint64_t, std::uint32_t> small_infinite_codes_;  // K below 64, by bit mask
    std::unordered_map<std::string, std::uint32_t> infinite_codes_;
    std::unordered_map<Comp, std::uint64_t> remoteness_;
    std::uint32_t explore_next_ = 0;  // the next mark of a state in a loopy search (loopy.cpp)
    std::optional<RangeAhead> range_ahead_;  // AskingRange's
    // Searches under way, counted by every entry point (nested ones too).
    std::uint32_t busy_ = 0;
    struct Busy {
        Solver& s;
        explicit Busy(Solver& solver) : s(solver) { ++s.busy_; }
        ~Busy() { --s.busy_; }
        Busy(const Busy&) = delete;
        Busy& operator=(const Busy&) = delete;
    };

    struct Misere;
    std::unique_ptr<Misere> misere_;

    // The outcome search (outcome.cpp): its frames, like Frame but with no
    // resume; `direct` frames hold the option the game's scan stopped at.
    struct OutcomeFrame {
        Comp comp;
        std::uint32_t begin, cursor, end;  // expanded: options in buf_; direct: `begin` is the blocker
        bool loaded : 1 = true;
        bool regenerate : 1 = false;  // as Frame's
        bool direct : 1 = false;
        bool blocked : 1 = false;  // direct: look at the blocker first
        bool drawn : 1 = false;    // expanded: an option seen is drawn
        std::uint8_t retries = 0;
    };
    static_assert(sizeof(OutcomeFrame) == 24);
    ChunkedStack<OutcomeFrame> outcome_frames_;
    struct GiveUp {    // the search meets what it leaves to grundy(), or to solve_loopy()
        bool cycle = false;
    };
    bool outcome_one_pass(Comp c, GameGraph::Blocker& b);  // decided by the game's scan: recorded
    void push_outcome(Comp c, const GameGraph::Blocker& b);
    void expand_outcome(std::size_t frame);
    std::uint32_t option_entry(std::uint64_t e) const;
    void decide(Outcome o);  // the top frame's state, then pops it
    std::uint64_t unwind_outcome(std::size_t base, std::size_t buf_base);
};

}  // namespace grundy::solver
