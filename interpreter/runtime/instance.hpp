// A game instance: a compiled game with its rule arguments bound. It is the
// bridge between the language and the solver: it interns states, and it
// expands a state by running the game's move families.
#pragma once

#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "context.hpp"
#include "heap_engine.hpp"
#include "int_game.hpp"
#include "program.hpp"
#include "state_table.hpp"
#include "translation_grid.hpp"

namespace grundy {

class Instance final : public solver::GameGraph, public GameHandle {
public:
    // `lane`: an instance for positions that are lists of that many ints
    // only (Context::lane), 0 for a ruleset's own.
    Instance(Context& ctx, const CompiledGame& game, Value args, std::size_t lane = 0);

    const CompiledGame& game() const { return game_; }
    // After forget(): the states are dropped, and the instance is not used again.
    bool forgotten() const { return forgotten_; }
    void drop_states();
    std::string rules_text() const {
        std::string out;
        print_rules(out);
        return out;
    }
    const Value& args() const { return args_; }         // a tuple
    const Value& arg(std::size_t i) const { return args_.seq()[i]; }
    std::uint32_t graph() const { return graph_; }

    // A state from a move result, `start`, or a direct call: checked against
    // the position pattern, put in canonical form, and interned.
    // `from`: the state a move leaves, when this is the move's result.
    std::uint32_t make_state(const Value& raw, const Code& where, const Value* from = nullptr);
    // make_state for the result of a move from the state being expanded:
    // with a position that is a name, a result of another kind than that
    // state (an int from a list) is reported at the move, not later at the
    // code that reads it.
    std::uint32_t move_state(const Value& raw, const Code& where);
    // `Name(args)`: through `start` when the game has one.
    Value position(std::span<const Value> args, const Code& call);
    // The same as a component: of this instance, or, for a game whose rules
    // have one int path per list length, of the lane of its list's length
    // when this instance runs another (or the generic rules).
    Component component(std::span<const Value> args, const Code& call);
    // Context::lane's: a lane's ruleset instance, and its lanes.
    Instance* lane_parent = nullptr;
    std::vector<Instance*>& lanes() { return lanes_; }
    // The same, as a state id. Inline for the common case, an int game's
    // position from the right number of ints (a query per sum part).
    std::uint32_t position_state(std::span<const Value> args, const Code& call) {
        if (int_is_id_ && args.size() == 1 && args[0].is(Kind::integer) &&
            static_cast<std::uint64_t>(args[0].as_int()) < StateTable::first_general)
            return static_cast<std::uint32_t>(args[0].as_int());  // an int state is its own id
        if (lane_open_) choose_lane(args);
        std::uint32_t id;
        if (args.size() == game_.position_args && fast_position(args, id)) return id;
        return slow_position_state(args, call);
    }
    // `G(args)` of ints, as position_state makes it, for a game on ints
    // (start and canonical as int code); false, with nothing done, when
    // the int path does not make this game's positions.
    // `ints`, when given, gets the state's ints (arity of them).
    bool int_position_state(std::span<const std::int64_t> args, std::uint32_t& id, std::int64_t* ints = nullptr);
    static bool nested_ints(const Binder& p, const Value& v, std::int64_t*& at, const std::int64_t* end);
    // Whether `G(s)` of a set s is the state whose id is s's mask (sets of
    // ints in 0..29 are their own ids; no canonical form, no `start`), and
    // that id for the set of mask `mask`: false past 29.
    bool takes_set_masks() const {
        return !game_.canonical && !game_.has_start && game_.position_args == 1 && !game_.position.is_tuple &&
               table_.direct_sets();
    }
    bool set_mask_state(std::uint64_t mask, std::uint32_t& id) const {
        if (mask >> 30) return false;
        id = StateTable::first_direct + static_cast<std::uint32_t>(mask);
        return true;
    }
    // The value of the state whose ints (from int_position_state) are
    // `ints`, in one pass when every option is known, as try_grundy would
    // find it, without decoding the state again (int_mex.cpp).
    bool try_grundy_ints(const std::int64_t* ints, std::uint32_t& value);
    // The same for the outcome alone (P: `p_position`), as try_outcome
    // would find it.
    bool try_outcome_ints(const std::int64_t* ints, bool& p_position);
    solver::Comp comp(std::uint32_t state) const { return solver::make_comp(graph_, state); }
    std::size_t state_count() const { return table_.size(); }
    // The state table's, and the int path's per-instance data (hoisted
    // lists, plans, column views).
    std::size_t memory_bytes() const {
        std::size_t cached = 0;
        for (const auto& c : callout_cache_) cached += c.size() * sizeof(CallOutEntry);
        return table_.memory_bytes() + fast_.memory_bytes() + cached;
    }

    // solver::GameGraph
    void expand(solver::StateId s, solver::OptionSink& out) override;
    bool expand_states(solver::StateId s, std::vector<solver::StateId>& out) override;  // int_expand.cpp
    std::string describe(solver::StateId s) const override;
    bool try_grundy(solver::StateId s, std::uint32_t& value, Blocker& blocker) override;  // int_mex.cpp
    bool try_outcome(solver::StateId s, bool& p_position, Blocker& blocker) override;   // int_mex.cpp
    bool try_misere_outcome(solver::StateId s, const solver::ValueArray* values, bool& p_position,
                            Blocker& blocker) override;  // int_mex.cpp
    void before_search(solver::StateId s) override;

    // The values of the positions `G(lo)` .. `G(hi)` in order, a batch at
    // a time to `each` until it returns false, solving each new one in one
    // pass where its options are known (ascending queries make that the
    // rule): what a query over a range costs a hand-written solver. False,
    // before any call, when the game's positions are not plain ints
    // (int_mex.cpp). `lists`: the positions are `G([n])` instead, of a game
    // on lists of one int (IntGame::named_list), whose state [n] is id n too.
    bool grundy_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each,
                      bool lists = false);
    // The same for outcomes: each gets values or outcome codes (0 for P,
    // ValueArray::known_n, known_d) one state at a time, before the next
    // is solved; the walk over a state's options stops at the first P
    // option. False also for games whose values come from loops of their
    // own (translations, the heap engine, splits).
    bool outcome_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each);
    bool ids_in_range(std::int64_t lo, std::int64_t hi, bool lists);
    // The grid form of the rules (translation_grid.hpp), made on first use;
    // null when the game or this instance has none.
    const TranslationGrid* translation_grid();
    // try_grundy by the grid form, when it has every option's value.
    bool grid_value(solver::StateId s, std::uint32_t& value);
    bool grid_value(const std::int64_t* ints, std::uint32_t& value);  // the state's ints
    // The ints of the state `G(args)` makes, for a grid game whose `start`
    // is affine (or absent), without interning it; false on an error.
    bool grid_position(std::span<const std::int64_t> args, std::int64_t* xs);
    // The int path's tabulated expression `table` at register value x (intpath::Tabulated).
    std::int64_t tabulate(std::uint32_t table, std::int64_t x);
    // The int path's call-out `index` with the registers `regs` (intpath::CallOut).
    Value call_out(std::uint32_t index, const std::int64_t* regs);
    std::int64_t table_mask(const Value& v);
    // The heap engine for this instance's rules, made on first use; null
    // when the rules are not those of a one-heap take-and-break game
    // (HeapEngine::fits) or their hoisted values are not ints.
    HeapEngine* heap_engine();

    // GameHandle
    std::uint32_t index() const override { return graph_; }
    std::uint32_t order() const override { return lane_parent ? lane_parent->index() : graph_; }
    Value state(std::uint32_t id) const override { return table_.state(id); }
    void print_state(std::uint32_t id, std::string& out) const override;
    void print_rules(std::string& out) const override;
    const std::string& game_name() const override { return game_.name; }
    const Value* rule_args() const override { return game_.has_params ? &args_ : nullptr; }
    // Rulesets no value reaches may be dropped when many pile up (Context).
    // A lane reached holds its ruleset's instance as a ruleset value does,
    // and goes with it.
    void idle() override {
        if (!lane_parent) ctx_.note_idle(*this);
        else if (--lane_parent->live_rules == 0 && lane_parent->live_parts == 0) lane_parent->idle();
    }
    void reached() override {
        if (!lane_parent) ctx_.note_reached(*this);
        else if (lane_parent->live_rules++ == 0 && lane_parent->live_parts == 0) lane_parent->reached();
    }
    // Context's: the stamp of this one's latest entry in its idle list (0:
    // reached by a value), and the bytes it counted.
    std::uint64_t idle_stamp = 0;
    std::size_t idle_bytes = 0;

private:
    // The int fast path (int_expand.cpp); false when it does not apply.
    bool expand_fast(solver::StateId s, solver::OptionSink& out);
    bool prepare_fast();
    std::vector<std::int64_t> translation_offsets(const intpath::Move& m) const;
    void dense_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each);
    void heap_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each);
    bool sparse_rules() { return heap_engine() && HeapEngine::has_sparse(*int_game_); }
    bool bound_lines(const intpath::Move& m, std::vector<IntInstanceData::Line>& out) const;
    bool fast_ready() {
        using S = IntInstanceData::State;
        return fast_.state == S::ready || (fast_.state == S::unknown && prepare_fast());
    }
    // `ints`: false when the rules read only the packed key (Frame::ints_loaded).
    bool load_fast(solver::StateId s, intpath::Frame& f, std::int64_t* pos, bool ints = true);
    bool fast_position(std::span<const Value> args, std::uint32_t& id);
    // int_position_state past its checks: the state of the position ints
    // (or start's arguments) `args`.
    bool ints_state(std::span<const std::int64_t> args, std::uint32_t& id, std::int64_t* ints);
    std::uint32_t slow_position_state(std::span<const Value> args, const Code& call);  // when fast_position fails
    void fast_move(const intpath::Move& m, const intpath::Frame& f, solver::OptionSink& out);
    void fast_option(const intpath::Move& m, const intpath::Frame& f, solver::OptionSink& out);  // generators bound
    std::uint32_t option_state(const intpath::Move& m, const intpath::Frame& f);  // of a move that is no split
    std::uint32_t fast_state(std::int64_t* xs, const intpath::Frame& f);

    // The int path this instance runs (null: none). For a game whose rules
    // have one per list length (CompiledGame::fast_by_length) it is chosen
    // by the first position's length (`lane_open_` until then): positions
    // of other lengths go to lanes, instances of their own (component()).
    void use_int_game(const IntGame* g);
    bool direct_widths(const IntGame& g, std::uint8_t* widths);  // instance.cpp
    void choose_lane(std::size_t length);  // 0: not a list of 1..8 ints
    void choose_lane(std::span<const Value> args);

    Context& ctx_;
    const CompiledGame& game_;
    const IntGame* int_game_ = nullptr;
    bool lane_open_ = false;
    std::vector<Instance*> lanes_;  // by length, made on first use (Context::lane)
    std::size_t lane_ = 0;          // this lane's length; 0: not a lane
    Value args_;
    // Call-outs' values by their arguments (intpath::CallOut::by_args).
    struct CallOutEntry {
        std::int64_t args[intpath::CallOut::max_args];
        Value value;
        bool used = false;
    };
    static constexpr std::size_t callout_cache_size = 1024;
    std::vector<std::vector<CallOutEntry>> callout_cache_;
    std::uint32_t graph_;
    StateTable table_;
    IntInstanceData fast_;
    std::vector<std::uint32_t> mex_marks_;  // try_grundy's option values, by stamp
    std::uint32_t mex_stamp_ = 0;
    bool forgotten_ = false;
    // `G(x)` through the generic `start`: the state each argument gave, so
    // that a judge program asking for G(h) a million times runs `start`
    // and `canonical` once per distinct h.
    std::unordered_map<Value, std::uint32_t, ValueHash> start_states_;
    const Value* expanding_ = nullptr;  // the state whose moves run (expand), for move_state
    bool int_is_id_ = false;  // a position is one int, its own id below first_general (position_state)
    std::int8_t key_only_ = -1;  // try_grundy: the one-pass solve reads only packed keys (unknown: -1)
    bool lists_resumable_ = false;  // try_grundy: Kernel::lists_resumable applies (known with key_only_)
    bool masked_direct_ = false;    // try_grundy: Kernel::masked_direct applies to states that are their own ids
    bool has_split_ = false;  // a move is a split (known with key_only_)
    bool native_ints_ = false;  // a one-int game's native walk serves its one-pass solves (known with key_only_)
    std::uint64_t native_tries_ = 0, native_others_ = 0;  // its scans, and those it left to the kernels
    void one_pass_shape();    // sets the five above once
    // A one-int state's native walk (f's registers loaded); `other`: the
    // kernels' walk is needed, and when that is the rule, native_ints_ ends.
    enum class NativeScan : std::uint8_t { other, done, blocked };
    NativeScan native_int_scan(const intpath::Frame& f, Blocker& blocker, std::uint32_t& value);
    // try_outcome's, once loaded; `misere`: the outcomes under misère play, in `values`.
    bool outcome_pass(intpath::Frame& f, bool& p_position, Blocker& blocker, const solver::ValueArray* values = nullptr,
                      bool misere = false);
    std::unique_ptr<TranslationGrid> grid_;
    std::int8_t grid_state_ = -1;  // translation_grid(): unknown -1, none 0, made 1
    std::unique_ptr<HeapEngine> heap_;
    std::int8_t heap_fits_ = -1;  // unknown: -1
    bool heap_busy_ = false;      // in heap_range: a search it starts must not start another
};

}  // namespace grundy
