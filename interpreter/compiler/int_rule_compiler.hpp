// The int fast path's compiler (compile_int_game): one IntCompiler per try
// of a game in one shape. It accepts a game when its position is a name (an
// int, or a list or set of ints) or a tuple or list of names (fixed_lists.cpp
// rewrites a list of one fixed length into one; a tuple's coordinates may be
// sets, held as masks), every move result is int arithmetic (or a tuple,
// list, set or split(...) of it), and every generator runs over a range, a
// set, or a list that does not depend on the position. Anything it does not
// know gives up on the whole game (GiveUp): the generic path is always there.
// Its members are defined in the files named below, by topic.
#pragma once

#include <map>

#include "grid_rules.hpp"
#include "int_compiler.hpp"
#include "int_nodes.hpp"

namespace grundy::intcomp {

using ast::Expr;
using ast::ExprKind;
using ast::Op;
using namespace intpath;

struct GiveUp {};

class IntCompiler {
public:
    // `shape`: compile for positions that are ints, or lists or sets of
    // ints (later tries for a game whose position is a name that the int
    // rules do not fit).
    using Tabulate = FunctionRef<CodePtr(const ast::Expr&, const std::vector<std::string>&, std::vector<std::uint32_t>&)>;
    using GlobalFn = FunctionRef<const ast::FnDef*(const std::string&)>;
    IntCompiler(const CompiledGame& cg, FunctionRef<CodePtr(const ast::Expr&)> hoist, Tabulate tabulate,
                FunctionRef<bool(const std::string&)> is_builtin, GlobalFn global_fn, IntGame::Shape shape)
        : cg_(cg), hoist_(hoist), tabulate_(tabulate), is_builtin_(is_builtin), global_fn_(global_fn),
          shape_(shape), lists_(shape != IntGame::Shape::ints) {}

    std::shared_ptr<const IntGame> run(const ast::GameDef& gd);
    // Without the grid analysis: for a second try when its registers (for
    // hoisted values it compiled again) left the rules too few.
    IntCompiler& without_grid() {
        grid_off_ = true;
        return *this;
    }
    bool grid_took_registers() const { return grid_regs_; }

private:
    // What a comprehension's stretches read (ListResult::plan_regs): `ok`
    // while that is only c, len(h), registers and constants, through pure
    // builtins, and every leaf copies or clamps.
    struct PlanInputs {
        bool ok = true;
        std::vector<std::uint32_t> regs;
    };

    // compile_int_game.cpp: the game, names and registers, hoisted values
    std::shared_ptr<const IntGame> build(const ast::GameDef& gd);
    void start(const ast::StartDef& s, IntGame& g);
    bool filtered_copy(const ast::MoveDef& mv, ast::MoveDef& out) const;
    void declare_position(const ast::Pattern& pos);
    std::uint32_t declare(const std::string& name);
    const std::uint32_t* find(const std::string& name) const;
    bool shadowed(const std::string& name) const;
    bool reads_registers(const Expr& e, std::vector<std::string>& bound) const;
    static void collect(const ast::Pattern& p, std::vector<std::string>& out);
    bool constant(const Expr& e) const;
    bool pure(const Expr& e) const;
    IntPtr hoisted_int(const Expr& e);
    std::uint32_t hoisted_list(const Expr& e);
    bool cg_fn(const std::string& name) const;
    // What compiling has made so far, for a try that may fail: rolled back,
    // every register, hoisted value, table, call-out and compiled function
    // the try made is forgotten (none may outlive the registers it uses).
    struct Checkpoint {
        std::size_t hoisted, tables, callouts, regs, list_fns, fns;
        std::uint32_t next_reg;
    };
    Checkpoint checkpoint() const;
    void roll_back(const Checkpoint& c);

    // coord_bounds.cpp: IntGame::coord_bounds
    void coordinate_bounds(const ast::GameDef& gd, IntGame& g);
    using Upper = IntGame::CoordBound;
    bool upper(const Expr& e, const std::vector<std::pair<std::string, Upper>>& scope,
               const std::vector<ast::Param>& params, Upper& out);

    // int_piecewise.cpp: piecewise-affine families (Move::affine) and bounds
    void piecewise(const ast::GameDef& gd, const ast::MoveDef& mv, Move& m);
    bool shifted(const ast::GameDef& gd, const ast::MoveDef& mv, const Move& m) const;
    void bounds(const ast::MoveDef& mv, const std::string& var, const std::string& position, Move& m,
                std::vector<const Expr*>& rest);
    void row_bounds(const Expr& where, const std::string& y, Move& m) const;
    bool operand(const Expr& e, const std::string& y, int& reg, std::int64_t& value) const;
    bool safe_order(const Expr& c) const;
    static void split_and(const Expr& e, std::vector<const Expr*>& out);
    int linearity(const Expr& e, const std::vector<std::string>& vars, bool extremes = true) const;
    int condition(const Expr& c, const std::vector<std::string>& vars) const;
    static bool mentions(const Expr& e, const std::string& var);
    static bool coefficient(const Expr& e, const std::string& x, std::int64_t& c);

    // int_grid.cpp: translations on a grid (grid_rules.hpp, runtime/translation_grid.hpp)
    bool grid_candidate(const ast::GameDef& gd) const;
    template <typename F> auto with_grid_hooks(F&& f);
    void grid_move(const ast::MoveDef& mv, const Move& m, std::shared_ptr<GridRules>& grid);
    void grid_start(const ast::GameDef& gd, IntGame& g, std::shared_ptr<GridRules> grid);

    // int_results.cpp: new states, split parts and generators
    std::vector<IntPtr> state_result(const Expr& e);
    bool total_extreme(const Expr& e) const;
    void shared_extremes(const Expr& e, std::map<std::string, std::pair<const Expr*, int>>& seen) const;
    ast::ExprPtr with_names(const Expr& e, const std::vector<std::pair<std::string, std::string>>& names) const;
    const Expr* sorted_ints(const Expr& e, bool* descending = nullptr) const;
    bool sorts_position(const Expr& e, bool& descending) const;
    bool order_decided(const Expr& e, bool compared, std::size_t& names, std::int64_t& literals) const;
    bool proves_sort(const IntGame& g) const;
    void sorted_result(const Expr& r, Move& m);
    std::vector<const Expr*> sorting_network(const Expr& xs);
    static std::size_t count(const Expr& e);
    std::vector<const Expr*> tuple_parts(const Expr& e);
    const Expr* split_call(const Expr& r) const;
    std::vector<const Expr*> split_parts(const Expr& r, const Expr& call);
    Gen generator(const ast::Generator& gen);
    ListResult computed_list(const Expr& e);

    // int_list_fns.cpp: lists built by `+`, `if`, `let` and user functions (ListFn)
    struct Visit {  // a function, and which of its parameters are lists
        const ast::FnDef* fn;
        std::vector<bool> lists;
        bool operator==(const Visit&) const = default;
    };
    const ast::FnDef* called_global_fn(const Expr& e) const;
    std::vector<bool> list_args(const Expr& call, const std::vector<std::string>& lists,
                                std::vector<Visit>& visiting) const;
    bool list_form(const Expr& e, std::vector<Visit>& visiting, const std::vector<std::string>& lists) const;
    bool is_list_form(const Expr& e) const;
    bool reads_list_param(const Expr& e) const;
    ListResult list_form_result(const Expr& e);
    const ListFn* list_fn(const ast::FnDef& fn, const std::vector<bool>& lists);
    IntPtr list_fold(const Expr& e);
    struct FnScope;
    bool reads_rules_names(const ast::FnDef& fn) const;
    template <typename Node> std::unique_ptr<Node> fn_call(const Expr& e, bool test);
    const FnCode* fn_code(const ast::FnDef& fn, bool test);

    // int_masks.cpp: sets held as masks (mask_nodes.hpp)
    std::uint8_t set_coordinates(const ast::GameDef& gd);
    bool is_set(const Expr& e) const;
    IntPtr mask(const Expr& e);
    void result_mask(const Expr& e, ListResult& out);
    IntPtr mask_filter(const Expr& e);
    bool member_range(const ast::MoveDef& mv, Move& m, const Expr*& where);
    IntPtr bound_value(const Expr& let, std::uint32_t& reg);
    IntPtr let_in(const Expr& e, IntPtr (IntCompiler::*body)(const Expr&));

    // int_lists.cpp: positions that are int lists or sets (ListResult)
    bool is_pos(const Expr& e) const;
    bool plain_set(const Expr& e) const;
    bool plain_int(const Expr& e) const;
    ast::ExprPtr membership(const Expr& y, const Expr& e) const;
    ListResult list_result(const Expr& e);
    bool runs(const Expr& e, ListResult& out);
    bool plan_inputs(const Expr& e, const std::string& c, std::vector<std::uint32_t>& regs) const;
    bool cuts_of(const Expr& e, const std::string& c, std::vector<ListResult::Cut>& cuts);
    std::uint32_t arm(const Expr& e, const std::string& c, std::vector<ListResult::Arm>& arms, PlanInputs& plan);
    int filter_of(const Expr& where, ListResult& out);
    bool registers_read(const Expr& e, std::vector<std::uint32_t>& out) const;
    bool set_table(const Expr& e, ListResult& out);
    bool set_tabulable(const Expr& e, std::vector<std::uint32_t>& read) const;
    void registers_in(const Expr& e, std::vector<std::uint32_t>& out) const;
    void removal(const Expr& b, ListResult& out);

    // int_exprs.cpp: int and boolean expressions
    template <Op op> IntPtr bin(const Expr& e);
    IntPtr integer(const Expr& e);
    IntPtr tabulated(const Expr& e, bool set = false);
    // A call of a pure user function left a call, run by the generic code
    // (intpath::CallOut): false when e is not one.
    bool called_out(const Expr& e, CallOutArgs& out);
    bool tabulable(const Expr& e) const;
    bool int_valued(const Expr& e) const;
    template <Op op> BoolPtr cmp(const Expr& e);
    template <Op sum_op, typename S, typename Make> static BoolPtr sum_cmp(IntPtr& x, IntPtr& y, Make& make);
    BoolPtr boolean(const Expr& e);
    BoolPtr memoised(const Expr& e);

    static bool is_var(const Expr& e, const std::string& var) { return e.kind == ExprKind::name && e.text == var; }

    // Picks the node type by the operands' shapes: register, constant, other.
    template <typename Make>
    static auto by_operands(IntPtr x, IntPtr y, Make&& make) {
        auto shape = [](IntPtr& p) -> int {
            if (dynamic_cast<Reg*>(p.get())) return 0;
            if (dynamic_cast<Const*>(p.get())) return 1;
            return 2;
        };
        auto reg = [](IntPtr& p) { return RegOperand{static_cast<Reg*>(p.get())->reg}; };
        auto con = [](IntPtr& p) { return ConstOperand{static_cast<Const*>(p.get())->value}; };
        auto any = [](IntPtr& p) { return AnyOperand{std::move(p)}; };
        switch (shape(x) * 3 + shape(y)) {
            case 0: return make(reg(x), reg(y));
            case 1: return make(reg(x), con(y));
            case 2: return make(reg(x), any(y));
            case 3: return make(con(x), reg(y));
            case 4: return make(con(x), con(y));
            case 5: return make(con(x), any(y));
            case 6: return make(any(x), reg(y));
            case 7: return make(any(x), con(y));
            default: return make(any(x), any(y));
        }
    }

    const CompiledGame& cg_;
    FunctionRef<CodePtr(const ast::Expr&)> hoist_;
    Tabulate tabulate_;
    FunctionRef<bool(const std::string&)> is_builtin_;
    GlobalFn global_fn_;
    IntGame::Shape shape_;
    bool lists_;                       // lists or sets: the position is read through Frame::pos
    bool wrapped_ = false;             // the position pattern is a tuple or list of names, of any length
    std::string one_name_;             // the position's name when it is one int, else empty
    std::string list_;                 // `h#` for a list position `h` of fixed length, else empty
    bool grid_off_ = false, grid_regs_ = false;  // without_grid(), grid_took_registers()
    std::uint32_t pos_reg_ = 0;
    bool memo_off_ = false;            // compiling a MemoBool's own test
    std::uint8_t set_coords_ = 0;      // IntGame::set_coords
    std::uint64_t set_regs_ = 0;       // registers that hold a set's mask
    bool pos_mask_ = false;            // a set position reads as its mask (result_mask)
    IntGame* game_ = nullptr;
    const ast::GameDef* gd_ = nullptr;
    std::vector<std::pair<std::string, std::uint32_t>> regs_;
    std::uint32_t next_reg_ = 0;
    std::vector<ast::ExprPtr> owned_;  // rules taken apart (tuple_parts)
    std::vector<std::pair<Visit, ListFn*>> list_fns_;  // compiled, or being compiled (recursion)
    std::vector<std::string> list_scope_;               // the list parameters of the function compiled
    std::vector<std::pair<std::pair<const ast::FnDef*, bool>, FnCode*>> fns_;  // by function and bool-ness
    unsigned fn_depth_ = 0;  // functions being compiled (FnScope): a call there keeps no memo
    mutable std::vector<std::pair<Visit, bool>> list_forms_;  // list_form's answers for calls
};

}  // namespace grundy::intcomp
