// The int fast path: a second compiled form of a game whose positions are
// one int or a flat tuple of ints, and whose rules are int arithmetic.
//
// Position names and generator variables live in int64 registers, so a move
// binds, tests and builds its result without making a Value, and states of
// small ints are interned as packed keys. Expressions that do not depend on
// the position (rule parameters, constants, `len(S)`) are hoisted: evaluated
// once per instance by the generic code and kept as ints or int lists. When
// a game does not fit, or an instance's hoisted values are not ints, the
// generic path runs instead; both give the same states and the same errors.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "int_emit.hpp"
#include "int_trace.hpp"
#include "program.hpp"

namespace grundy {

struct IntInstanceData;
class Instance;
// The value of tabulated expression `table` for register value x, computed
// and kept when not known yet (int_expand.cpp).
std::int64_t tabulate(const IntInstanceData& data, std::uint32_t table, std::int64_t x);
// The value of call-out `index` with the registers `regs`, or with its
// arguments' values (CallOut::by_args) (int_expand.cpp).
Value call_out(const IntInstanceData& data, std::uint32_t index, const std::int64_t* regs);

namespace intpath {

struct GridRules;  // translation_grid.hpp

// What int code reads: registers, and the instance's hoisted lists.
struct Frame {
    std::int64_t* r;
    const IntInstanceData* data;
    const std::int64_t* pos = nullptr;  // a game on int lists: the position's ints
    std::uint32_t pos_len = 0;
    // The position packed as StateTable packs it, when it does: a set of
    // ints in 0..63 as a mask; a list of at most 15 ints in 0..15 as 4-bit
    // ints from the low end, its length in the top 4 bits.
    std::uint64_t pos_key = 0;
    bool has_key = false;
    bool ints_loaded = true;  // false: only pos_key was loaded (rules that read no more)
    // The list arguments of the user function running (ListFn), if any.
    mutable const boost::container::small_vector<std::int64_t, 16>* list_args = nullptr;
    mutable std::uint32_t depth = 0;  // calls of compiled functions running (ListFn, FnCode)
};

// A register, or the min or max of two: the commonest results, which the
// kernels evaluate traced without a virtual call (Move::result_leaves).
struct Leaf {
    enum Kind : std::uint8_t { other, reg, min, max } kind = other;
    std::uint32_t a = 0, b = 0;
};

struct Int {
    Loc loc;
    std::uint32_t length;
    Int(Loc l, std::uint32_t n) : loc(l), length(n) {}
    virtual ~Int() = default;
    virtual std::int64_t eval(const Frame& f) const = 0;
    // Sets t.slope (see Trace); a node that does not follow slopes clears t.sloped.
    virtual std::int64_t eval_traced(const Frame& f, Trace& t) const {
        t.sloped = false;
        t.slope = 0;
        return eval(f);
    }
    virtual Emitter::V emit(Emitter& e) const { return e.call(*this); }  // int_emit.hpp
    virtual Leaf leaf() const { return {}; }
};
using IntPtr = std::unique_ptr<Int>;

// x->eval_traced(f, t), where `l` is x->leaf().
[[gnu::always_inline]] inline std::int64_t eval_traced(const Leaf& l, const Int& x, const Frame& f, Trace& t) {
    switch (l.kind) {
        case Leaf::reg: t.slope = t.slope_of(l.a); return f.r[l.a];
        case Leaf::min: return traced_extreme<false>(f.r[l.a], t.slope_of(l.a), f.r[l.b], t.slope_of(l.b), t);
        case Leaf::max: return traced_extreme<true>(f.r[l.a], t.slope_of(l.a), f.r[l.b], t.slope_of(l.b), t);
        default: return x.eval_traced(f, t);
    }
}

struct Bool {
    virtual ~Bool() = default;
    virtual bool test(const Frame& f) const = 0;
    // Records each order comparison it makes as a two-way choice; the
    // compiler traces only conditions made of those (IntCompiler::linearity).
    virtual bool test_traced(const Frame& f, Trace&) const { return test(f); }
    virtual Emitter::V emit(Emitter& e) const { return e.call(*this); }
};
using BoolPtr = std::unique_ptr<Bool>;

struct ListResult;
struct Gen {
    std::uint32_t reg;                 // the variable's register
    IntPtr lo, hi;                     // a range lo..hi, or
    int list = -1;                     // a hoisted list of ints, or
    bool over_position = false;        // the position's ints (a game on int lists), or
    IntPtr mask;                       // the elements of a set held as a mask (mask_nodes.hpp), ascending, or
    // a list written out or a list comprehension (items or comprehension),
    // all of it made before the first value is bound, as the rules make it
    std::shared_ptr<const ListResult> computed;
    // The ints of a range in a set, or not in it (`y in lo..hi where y in
    // s`, IntCompiler::member_range): the set's bits within the range, or
    // its complement's, where the set is a mask and, for `not in`, the
    // range lies in 0..63; else the range, each int tested.
    struct Member {
        IntPtr lo, hi, set;
        BoolPtr test;
        bool negate = false;
        // Sets that are no masks (a position that does not pack, an element
        // past 63): after many, the range alone, without trying.
        mutable std::uint32_t tries = 0, fails = 0;
    };
    std::shared_ptr<Member> member;
    bool ranged() const { return lo != nullptr; }
};

// The new position of a game on int lists or sets: [items...],
// [element for gens where cond] (or the same in braces), the position
// itself, a set operation on two of these, or one of two by a condition.
struct ListResult {
    // `table`: a set that a pure expression of one register gives (`adj[v]`),
    // read through `element`, a TableInt whose table keeps the set's mask.
    // `choice`: `if where then a else b`. For a list a generator runs over
    // (Gen::computed) also `concat`: a + b; `let`: element's value in
    // register let_reg, then a; `call`: the user function `callee` on the
    // ints `items` and the lists `list_args`, in the order of its
    // parameters' kinds (ListFn::list_params); `list_param`: the running
    // function's list parameter number let_reg (Frame::list_args).
    enum class Kind : std::uint8_t {
        items, comprehension, position, minus, union_, intersect, table, choice, concat, let, call, list_param
    } kind = Kind::items;
    std::vector<IntPtr> items;
    std::vector<Gen> gens;
    BoolPtr where;
    IntPtr element;
    bool ascending = false;            // the comprehension's elements come sorted and distinct
    std::unique_ptr<ListResult> a, b;
    // `{d for d in s where c}` on a set position, where c reads d and at
    // most one other register: the d in 0..63 for which c holds, as a mask
    // per value of that register (cached per instance, slot filter_slot),
    // so that s minus it is a bitwise and. The register, or:
    static constexpr int no_filter = -1, constant_filter = -2;
    int filter = no_filter;
    std::uint32_t filter_slot = 0;
    // `s - b1 - b2 ...` on a set position, each b a set read from the
    // register `removal` alone (`s - {v} - adj[v]`): s minus one mask per
    // value of that register, made by evaluating the b in order on first
    // use (IntInstanceData::filters, slot filter_slot; `holds` the mask).
    int removal = no_filter;
    std::vector<const ListResult*> removed;
    // `[e for c in lo..hi where w]` whose conditions (w, and the `if`s of e)
    // compare c only with registers or constants: they can change only at
    // those values (cuts), so they are tested once per stretch between
    // cuts, and an element `h[c]` or `min(h[c], x)` copies or clamps a run
    // of the position (build_runs in int_gen.hpp). Empty `arms`: not so, and
    // `element` is the element instead.
    struct Cut {
        IntPtr at;                     // a register or a constant
        std::int64_t shift;            // a stretch starts at `at + shift` (1 for c <= at, c > at)
        bool point;                    // c == at, c != at: also at `at + 1`
    };
    struct Arm {                       // e's `if` tree, arm by arm
        BoolPtr cond;                  // null: a leaf
        std::uint32_t then_arm = 0, else_arm = 0;
        enum class Leaf : std::uint8_t { other, copy, min, max } leaf = Leaf::other;
        IntPtr node;                   // a leaf: the element
        IntPtr bound;                  // min, max: x (a register or a constant)
    };
    static constexpr std::size_t max_cuts = 8;
    std::vector<Cut> cuts;
    std::vector<Arm> arms;
    // With arms: when the stretches (where they start, which pass `where`,
    // each one's leaf and bound) depend only on the position's length and
    // these registers, an instance keeps them by those values
    // (IntInstanceData::plans, slot plan_slot) and replays them.
    static constexpr std::uint32_t no_plan = UINT32_MAX, max_plan_regs = 4;
    std::uint32_t plan_slot = no_plan;
    std::uint32_t plan_count = 0;  // plan_regs in use; the others repeat the first
    std::array<std::uint32_t, max_plan_regs> plan_regs{};
    // A Gen::computed comprehension over one range, without a condition,
    // whose element reads only the range's variable and hoisted values: an
    // instance keeps its elements by the variable's value
    // (IntInstanceData::elements, slot element_slot).
    static constexpr std::uint32_t no_elements = UINT32_MAX;
    std::uint32_t element_slot = no_elements;
    std::uint32_t let_reg = 0;
    const struct ListFn* callee = nullptr;
    std::vector<ListResult> list_args;
    // A set result as int code of its bit mask (mask_nodes.hpp), for a
    // position that packs (Frame::has_key) and whose ints are loaded; it
    // throws Unfit where an element falls outside 0..63. Null: none.
    IntPtr mask;
};

// A user function whose body is a list of ints made of lists written out
// or comprehended, `+`, `if`, `let` and calls of such functions, itself
// included: compiled once per game, its parameters and every register its
// body binds in regs [first_reg, end_reg), which a call saves and restores
// (a recursive call's caller reads its own parameters after it).
// Compiled calls (ListFn, FnCode) nested deeper than this, counted in
// Frame::depth, leave the state to the generic path (Unfit), which has
// its own limits and messages.
inline constexpr unsigned max_call_depth = 200;

struct ListFn {
    std::uint32_t first_reg = 0, end_reg = 0;
    std::vector<std::uint32_t> params;  // the int parameters' registers
    std::vector<bool> list_params;      // by parameter: a list (in Frame::list_args) or an int
    ListResult body;
};

// A user function whose body is int code (an int or a bool), compiled once
// per game like a ListFn: its parameters and the registers its body binds
// in [first_reg, end_reg), saved and restored around each call (IntCall,
// BoolCall in compiler/int_nodes.hpp); calls nest at most max_call_depth deep.
struct FnCode {
    std::uint32_t first_reg = 0, end_reg = 0;
    std::vector<std::uint32_t> params;
    std::unique_ptr<Int> value;  // an int function's body, or
    std::unique_ptr<Bool> test;  // a bool function's
};

struct Move {
    std::vector<Gen> gens;
    BoolPtr where;                     // may be null
    bool split = false;                // split(a, b, ...): each result is a state
    std::vector<IntPtr> result;        // the state's ints (or the split's parts)
    // A result that sorts k ints (3 or 4) by min and max: those ints, no
    // choices among them, so that a family's stretches can end where their
    // slopes say, as under a canonical form that sorts (Kernel::affine_sorted).
    std::vector<IntPtr> sort_inputs;
    std::vector<Leaf> result_leaves, sort_leaves;  // of result and sort_inputs, once compiled (IntGame::find_leaves)
    bool sort_descending = false;
    ListResult list;                   // a game on int lists: its new position
    const Code* site;                  // the generic result, for locations in messages
    // Every result, and the canonical form, is piecewise affine (sums,
    // differences, multiples, min, max, abs) in the innermost generator's
    // variable: over a stretch of its range where the traces agree,
    // options have evenly spaced state ids, and the one-pass solve steps
    // through them (int_mex.cpp).
    bool affine = false;
    // The `where` split for that: conjuncts `x op e` with e free of x bound
    // the variable; the others are tested per option.
    struct Bound {
        enum class Side { at_least, at_most, exactly } side;
        std::int64_t shift = 0;        // x >= e + 1 for `x > e`, x <= e - 1 for `x < e`
        IntPtr e;
        IntPtr scale;                  // `x * s op e` (s free of x); null: x alone
        bool linear = false;           // e is a sum of multiples of a one-int position (see `translation`)
        // `L op R` with L - R = coef * x + d (coef nonzero; e unused): d is
        // read off the sides with x, in register reg, at an end of the range.
        std::int64_t coef = 0;
        IntPtr sides[2];
        std::uint32_t reg = 0;
    };
    std::vector<Bound> bounds;
    std::vector<BoolPtr> rest;
    // Two generators, and a `where` that is only comparisons of the inner
    // variable y (or y + s, s + y, y - s) with t, s and t registers or
    // constants (`i + j > 0`): it holds exactly for y in a range, found
    // once per value of the outer variable (row_range in int_gen.hpp) where
    // no sum can overflow, instead of a test per option.
    struct RowBound {
        enum class Op : std::uint8_t { lt, le, gt, ge, eq } op = Op::eq;  // y' op t, y' = y + s (s_sign 1), y - s (-1) or y (0)
        int s_sign = 0;
        std::int64_t s_value = 0, t_value = 0;
        int s_reg = -1, t_reg = -1;    // registers, or -1: the constants
    };
    std::vector<RowBound> row_bounds;  // empty: `where` is not so
    // A translation: one int position n, one generator k over a hoisted
    // list, bounds only, and a result that is a sum of multiples of n and k
    // (`n - k`): when the instance finds it to be n + offset(k) for every k
    // in its list, the one-pass solve reads n + offset(k) (IntInstanceData).
    bool translation = false;
    // A translation over a range: one int position n, one generator k
    // over a..b (bounds that may read n), no `where`, and a result n + e or
    // n - e with e free of n (`n - k * k`): every option is n + offset(k),
    // offset(k) the result at n = 0, kept per instance as k grows
    // (IntInstanceData::shifts), so a walk reads one offset per option.
    bool shifted = false;
    // A split of two parts, affine in the innermost generator's variable,
    // which runs over a range, with `where` only bounds of it and order
    // comparisons of affine ints (which cannot raise an error): the heap
    // engine steps through its pairs by the sparse method (heap_engine.hpp),
    // testing `rest` only for the pairs it looks at.
    bool sparse = false;
};

// A pure int expression of one register (`int(code[k])`), computed by the
// generic code and kept per instance for each value of the register
// (IntInstanceData::tables), so a rule that reaches past int arithmetic
// for one variable stays on the int path.
struct Tabulated {
    CodePtr code;                      // reads the register's name from frame slot `slot`
    std::uint32_t slot = 0;
    // The value is a set of ints in 0..63, kept as its mask (a ListResult
    // of kind table); any other value throws Unfit.
    bool set = false;
};

// Thrown when a value met part way through a fast expansion cannot be
// represented (a tabulated set with an element outside 0..63, or not a
// set): the instance leaves the int path for good, and the expansion
// runs again on the generic path, which gives the rules' own answers and
// errors. Not a DiagnosticError, so that no error handler takes it.
struct Unfit {};

// A call of a user function that the int path leaves to the generic code
// (a recursive one, or one too large to expand), run with the registers
// it reads bound in its frame (`binds`: frame slot, register), or, when
// its arguments are int code (`by_args`), the call of the function on
// slots that get the arguments' values (`binds`' first halves). The
// function is pure (compiler/pure_code.hpp), so how often it runs does not
// matter, and a value found for some arguments is kept for them
// (Instance::call_out); a value other than the int (or bool) the code
// needs throws Unfit, and the generic path raises what the rules raise.
struct CallOut {
    static constexpr std::size_t max_args = 4;
    CodePtr code;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> binds;
    bool by_args = false;
};

// A value computed once per instance.
struct Hoisted {
    CodePtr code;
    bool is_list;                      // an int list (iterables, `in`), else one int
    std::uint32_t reg = 0;             // for an int: the register it is loaded into
    // A global's value for IntGame::coord_bounds alone (read by
    // Instance::direct_widths), in no register: an error or another kind
    // of value leaves the bound out, not the int path.
    bool bound_only = false;
};

}  // namespace intpath

struct IntGame {
    std::uint32_t arity = 1;           // ints in a position: 1, or a tuple's size
    // Positions are ints (or tuples of them), or else lists or sets of ints,
    // read through Frame::pos (arity 1).
    enum class Shape : std::uint8_t { ints, lists, sets } shape = Shape::ints;
    // `position h` where every result is a list of `arity` ints: the game
    // compiled as on the tuple of them (fixed_lists.hpp). Its states are
    // lists; `G(n)` is not state n even when arity is 1.
    bool named_list = false;
    // The rules depend on the heap only as a take-and-break game's do
    // (compiler/heap_rules.hpp): the Guy-Smith theorem applies.
    bool heap_uniform = false;
    // Coordinates of a tuple position that are sets of ints in 0..63 (bit
    // i: coordinate i), held in their registers as bit masks
    // (compiler/mask_nodes.hpp); the StateTable writes them back as sets.
    std::uint8_t set_coords = 0;
    std::uint32_t registers = 0;
    std::vector<intpath::Hoisted> hoisted;
    std::vector<intpath::Tabulated> tables;
    std::vector<intpath::CallOut> callouts;
    std::vector<std::unique_ptr<intpath::ListFn>> list_fns;  // ListResult::callee (stable addresses)
    std::vector<std::unique_ptr<intpath::FnCode>> fns;       // IntCall::fn, BoolCall::fn
    std::vector<intpath::IntPtr> canonical;  // empty: none; else `arity` ints
    // `start`, as int code: its pattern's names in registers start_base..,
    // `arity` ints out (then canonical). Empty: no start, or not int code.
    std::vector<intpath::IntPtr> start;
    std::uint32_t start_base = 0, start_args = 0;
    std::uint32_t canonical_base = 0;        // where canonical reads the new state's ints
    // The canonical form is `(min(x, y), max(x, y))` of a pair (x, y), the
    // usual one of a game on two symmetric heaps: canon() sorts the two
    // ints itself, with no registers and no calls (once per option range's
    // end, about ten times a Wythoff state).
    bool sorted_pair = false;
    // The canonical form is `tuple(sorted([...]))` of all the position's
    // names, three or more: canon() sorts the ints in place. Traced, it
    // records the order of each pair (x_j < x_i for i < j, by x_j - x_i):
    // while no pair changes order, the sorted ints are the same selection
    // of the state's, so affine wherever those are. That is k (k - 1) / 2
    // choices, where the min and max of a network record ten for three
    // ints, cost a virtual call each, and overflow a trace at four.
    // For each int of a tuple state, a bound on the values moves and
    // `start` give it, where they are bounded (`last` in `(n - k, k)` for
    // k in 1..6): the least of `limit` and the rule arguments `params` (by
    // index; with `hoisted_bit`, the hoisted ints, such as a global's), or
    // `floor` if that is more. Direct ids give such an int only the bits
    // it needs (StateTable::set_packed_arity). Empty when no int is bounded.
    struct CoordBound {
        static constexpr std::uint32_t hoisted_bit = 1u << 31;
        std::int64_t limit = INT64_MAX;
        std::vector<std::uint32_t> params;
        std::int64_t floor = 0;
        bool bounded() const { return limit != INT64_MAX || !params.empty(); }
    };
    std::vector<CoordBound> coord_bounds;
    bool sorted_all = false;
    bool sorted_descending = false;  // `reversed(sorted([...]))`: the sort, then reversed
    // sorted_all for a canonical form of another spelling proven to sort
    // (`(min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), ...)`,
    // IntCompiler::proves_sort): only for ints of magnitude below this,
    // where the form's own sums cannot overflow (0: any ints).
    std::int64_t sort_below = 0;
    bool sorts(const std::int64_t* xs) const { return sorted_all && (!sort_below || below_sort_bound(xs)); }
    [[gnu::noinline]] bool below_sort_bound(const std::int64_t* xs) const {
        for (std::uint32_t i = 0; i < arity; ++i)
            if (xs[i] >= sort_below || xs[i] <= -sort_below) return false;
        return true;
    }
    intpath::BoolPtr terminal;
    std::vector<intpath::Move> moves;
    // Every move a translation on a grid (translation_grid.hpp); null otherwise.
    std::shared_ptr<const intpath::GridRules> grid;
    std::uint32_t filters = 0;               // ListResults with a filter (IntInstanceData::filters)
    std::uint32_t plans = 0;                 // ListResults with a plan (IntInstanceData::plans)
    std::uint32_t memo_bools = 0;            // conditions kept per value of their register (MemoBool)
    std::uint32_t call_memos = 0;            // calls in the rules of compiled functions (FnCall::memo)
    std::uint32_t element_slots = 0;         // ListResults whose elements are kept (IntInstanceData::elements)
    // A game's whole expansion as native code (compiler/int_jit.cpp), for a
    // game on one int or on sets, or null: the options of the state in f's
    // registers (and f.pos_key) written to `out` as state ids, their count
    // returned; it sets *bail where it cannot give
    // what the trees would (an error, an option that is no state id of its
    // own, more than `max_native_options` options), and the trees run.
    // The options before number `from` are counted, not made (out[i] for
    // i < from is left as it was): a scan's retry made them before.
    using NativeExpand = std::int64_t (*)(const intpath::Frame* f, std::uint32_t* bail, std::uint32_t* out,
                                          std::uint64_t from);
    static constexpr std::uint32_t max_native_options = 1024;
    NativeExpand native_expand = nullptr;
    // The same walk, each option's value read as it is made (a flat page
    // of bytes, solver/value_array.hpp: of direct ids for a game on sets,
    // of int ids for a game on one int) into `seen`'s
    // bits. On entry `at` is `from` above, and `seen` holds the values of
    // the options before it. Returns 0 when every option's value was below
    // 64; 1 at an option whose value is not known, `at` its number and
    // `id` its state id; *bail on a value of 64 or more, a wide page or
    // one past the flat table.
    struct MexArgs {
        const std::uintptr_t* flat;
        std::uint64_t flat_count, seen, at;
        std::uint32_t id;
    };
    using NativeMex = std::int64_t (*)(const intpath::Frame* f, std::uint32_t* bail, MexArgs* args);
    NativeMex native_mex = nullptr;
    // The walk reads no more of a position than its mask (Frame::pos_key)
    // and the rule parameters' registers: it calls no tree.
    bool walk_reads_key = false;
    std::shared_ptr<const void> native_code, mex_code;  // hold native_expand's and native_mex's code

    static constexpr std::uint32_t max_registers = 64;

    // Positions of one int with no canonical form: an int in 0 up to
    // StateTable::first_general is its own state id, with no table.
    bool plain_int() const { return arity == 1 && canonical.empty(); }

    // Each move's result_leaves and sort_leaves, once its trees are final.
    void find_leaves() {
        auto of = [](const std::vector<intpath::IntPtr>& xs) {
            std::vector<intpath::Leaf> leaves;
            for (const auto& x : xs) leaves.push_back(x->leaf());
            return leaves;
        };
        for (intpath::Move& m : moves) m.result_leaves = of(m.result), m.sort_leaves = of(m.sort_inputs);
    }

    // Puts a new state's ints xs (arity of them) in canonical form, if
    // the game has one; the traced form records the choices of its min,
    // max and abs (intpath::Trace) as evaluating `canonical` would.
    void canon(std::int64_t* xs, const intpath::Frame& f) const {
        if (canonical.empty()) return;
        if (sorted_pair) {
            std::int64_t x, y;
            intpath::load_apart(xs, x, y);
            if (y < x) xs[0] = y, xs[1] = x;
            return;
        }
        if (sorts(xs)) {
            intpath::sort_ints(xs, arity);
            if (sorted_descending) std::reverse(xs, xs + arity);
            return;
        }
        intpath::copy_ints(xs, arity, f.r + canonical_base);
        for (std::uint32_t i = 0; i < arity; ++i) xs[i] = canonical[i]->eval(f);
    }
    // ss: the ints' slopes (intpath::Trace), put in canonical form with them.
    void canon(std::int64_t* xs, std::int64_t* ss, const intpath::Frame& f, intpath::Trace& t) const {
        if (canonical.empty()) return;
        if (sorted_pair) {  // as Extreme<false>(x, y) and then Extreme<true>(x, y) trace it
            std::int64_t x, y;
            intpath::load_apart(xs, x, y);
            const std::int64_t sx = ss[0], sy = ss[1];
            std::int64_t d, ds;
            if (__builtin_sub_overflow(sy, sx, &ds) || ds == INT64_MIN) t.sloped = false, ds = 0;
            const bool min_exact = !__builtin_sub_overflow(y, x, &d);
            t.add(y < x, d, min_exact, ds);
            const bool max_exact = !__builtin_sub_overflow(x, y, &d);
            t.add(y > x, d, max_exact, -ds);
            if (y < x) xs[0] = y, xs[1] = x, ss[0] = sy, ss[1] = sx;
            return;
        }
        if (sorts(xs)) {
            switch (arity) {  // unrolled: the pairs and places in registers
                case 3: intpath::sort_traced<3>(xs, ss, t); break;
                case 4: intpath::sort_traced<4>(xs, ss, t); break;
                case 5: intpath::sort_traced<5>(xs, ss, t); break;
                case 6: intpath::sort_traced<6>(xs, ss, t); break;
                case 7: intpath::sort_traced<7>(xs, ss, t); break;
                default: intpath::sort_traced<8>(xs, ss, t); break;
            }
            if (sorted_descending) std::reverse(xs, xs + arity), std::reverse(ss, ss + arity);
            return;
        }
        intpath::copy_ints(xs, arity, f.r + canonical_base);
        for (std::uint32_t i = 0; i < arity; ++i) t.set_slope(canonical_base + i, ss[i]);
        for (std::uint32_t i = 0; i < arity; ++i) xs[i] = canonical[i]->eval_traced(f, t), ss[i] = t.slope;
    }
};

// Per instance: the hoisted values, computed on first use.
struct IntInstanceData {
    enum class State { unknown, ready, unusable } state = State::unknown;
    std::vector<std::int64_t> ints;                   // by hoisted index (unused for lists)
    std::vector<std::pair<std::uint32_t, std::int64_t>> int_regs;  // (register, value) of each hoisted int
    std::vector<std::vector<std::int64_t>> lists;     // by hoisted index (empty for ints)
    std::vector<bool> sorted;                         // lists that are sorted (binary search for `in`)
    std::vector<Kind> list_kinds;                     // by hoisted index: what a list was (for index errors)
    // By move: offset(k) for each k of a translation's list; empty when the
    // move is not one, or its result is not n + offset(k) without overflow
    // for every n that is its own id.
    std::vector<std::vector<std::int64_t>> offsets;
    // By move, for a translation whose bounds are all linear: each bound
    // as c * n + d (the `shift` included), exact for every n that is its
    // own id; empty otherwise.
    struct Line {
        std::int64_t c, d;
        intpath::Move::Bound::Side side;
    };
    std::vector<std::vector<Line>> lines;
    // By move, for a Move::shifted: offset(k) for k = 0, 1, ... as far as
    // walks have reached (below table_size), filled on first use.
    mutable std::vector<std::vector<std::int64_t>> shifts;
    bool dense = false;  // every move a translation with lines: Instance::grundy_range's own loop
    // By ListResult::filter_slot, then by the key register's value (0..63;
    // 0 for a constant filter): the d in 0..63 for which the condition
    // holds, and those for which it raises an error; filled on first use.
    struct Filter {
        std::uint64_t holds = 0, fails = 0;
        bool known = false;
    };
    mutable std::vector<std::array<Filter, 64>> filters;
    // By ListResult::plan_slot: the stretches of a comprehension with copy,
    // min and max leaves only, by their key (intpath::plan_key: len(h) from
    // bit 48, then the four plan_regs, 12 bits each, and the top bit), in a
    // direct-mapped table made on first use.
    struct Plan {
        static constexpr std::size_t max_stretches = 8;
        struct Stretch {
            std::int64_t bound;  // min, max
            std::int8_t first, last;
            intpath::ListResult::Arm::Leaf leaf;
        };
        std::uint64_t key = 0;  // 0: none yet (a key has its top bit set)
        // When every stretch lands where it starts (the list keeps its
        // ints' places, as when a tail is cut or clamped), with one min and
        // one max bound in 0..15: a packed result is the position's key
        // masked and clamped nibble by nibble (intpath::replay_key), with
        // `length` ints. `in_place` false: the stretches one by one.
        bool in_place = false;
        std::uint8_t length = 0, min_bound = 0, max_bound = 0;
        std::uint64_t copy_mask = 0, min_mask = 0, max_mask = 0;
        std::uint8_t n = 0;
        Stretch stretches[max_stretches];
    };
    static constexpr unsigned plan_bits = 10;
    mutable std::vector<std::vector<Plan>> plans;
    // By ListResult::element_slot: the elements for the variable's values
    // first, first + 1, ... as far as states have asked (none failed).
    struct Elements {
        std::int64_t first = 0;
        std::vector<std::int64_t> values;
        std::size_t ascending = 0;  // values[0, ascending) is in order
        void push(std::int64_t v) {
            if (ascending == values.size() && (values.empty() || values.back() <= v)) ++ascending;
            values.push_back(v);
        }
    };
    mutable std::vector<Elements> elements;
    // A walk along a packed tuple's high coordinate reads one flat entry
    // per option, each on its own cache line (the pages of a column lie
    // 2^6 entries apart). A few views, shared by the moves: the entries of
    // the columns of pages last walked (pages residue, residue + stride,
    // ...), read once and kept while the array's flat table is unchanged
    // (neighbouring states walk the same columns, from other rows).
    struct Column {
        const void* array = nullptr;
        std::uint64_t generation = 0, version = 0;  // the array's as of the entries
        std::int64_t residue = 0, stride = 0;  // pages residue + stride * (from + i)
        std::int64_t from = 0;
        std::uint64_t used = 0;                    // when last used: the least recent is rebuilt
        std::vector<std::uintptr_t> entries;       // from index 1; entries[0] unused
        std::vector<std::uint32_t> narrow_before;  // how many of the first i entries are not wide pages
    };
    static constexpr std::size_t column_views = 4;
    mutable std::vector<Column> columns;  // column_views of them
    mutable std::uint64_t column_clock = 0;
    mutable std::array<std::uint64_t, 16> walked{};  // columns walked without a view, hashed
    // By IntGame::tables: the values for register values 0..table_size - 1
    // met so far (others are computed each time), and the instance that
    // computes them (tabulate).
    static constexpr std::int64_t table_size = std::int64_t{1} << 16;
    struct Table {
        std::vector<std::int64_t> values;
        std::vector<std::uint8_t> known;
    };
    mutable std::vector<Table> tables;
    // By MemoBool::slot, then by the register's value (below table_size):
    // 0 not yet known, else 1 + whether the condition holds.
    mutable std::vector<std::vector<std::uint8_t>> memo_bools;
    // By FnCall::memo: the values found for some arguments, direct-mapped.
    struct CallMemo {
        std::int64_t args[4];
        std::int64_t value;
        bool used = false;
    };
    static constexpr std::size_t call_memo_size = 1024;
    mutable std::vector<std::vector<CallMemo>> call_memos;
    Instance* owner = nullptr;
    // What the vectors above hold (their capacity), for `:stats`.
    std::size_t memory_bytes() const {
        auto bytes = [](const auto& v) { return v.capacity() * sizeof(typename std::decay_t<decltype(v)>::value_type); };
        std::size_t n = bytes(ints) + bytes(int_regs) + bytes(lists) + sorted.capacity() / 8 + bytes(offsets) +
                        bytes(lines) + bytes(shifts) + bytes(filters) + bytes(plans) + bytes(columns) + bytes(tables) + bytes(elements);
        for (const Table& t : tables) n += bytes(t.values) + bytes(t.known);
        n += bytes(memo_bools) + bytes(call_memos);
        for (const auto& m : memo_bools) n += bytes(m);
        for (const auto& m : call_memos) n += bytes(m);
        for (const auto& l : lists) n += bytes(l);
        for (const auto& o : shifts) n += bytes(o);
        for (const auto& o : offsets) n += bytes(o);
        for (const auto& l : lines) n += bytes(l);
        for (const auto& p : plans) n += bytes(p);
        for (const auto& e : elements) n += bytes(e.values);
        for (const Column& c : columns) n += bytes(c.entries) + bytes(c.narrow_before);
        return n;
    }
    Plan& plan_entry(std::uint32_t slot, std::uint64_t key) const {
        std::vector<Plan>& table = plans[slot];
        if (table.empty()) table.resize(std::size_t{1} << plan_bits);
        return table[(key * 0x9E3779B97F4A7C15ULL) >> (64 - plan_bits)];
    }
};

}  // namespace grundy
