// Translations on a grid (grid_rules.hpp, runtime/translation_grid.hpp):
// the int compiler's hooks for the grid analysis of a game's moves.
#include "int_rule_compiler.hpp"

namespace grundy::intcomp {

bool IntCompiler::grid_candidate(const ast::GameDef& gd) const {
    return !grid_off_ && !lists_ && !gd.canonical && !gd.terminal && set_coords_ == 0 &&
           !grid_names(*gd.position).empty();
}

// The hooks' functions live in this frame while `f` runs (FunctionRef).
template <typename F> auto IntCompiler::with_grid_hooks(F&& f) {
    auto integer_or_null = [this](const Expr& e) -> IntPtr {
        try {
            return integer(e);
        } catch (const GiveUp&) {
            return nullptr;
        }
    };
    auto boolean_or_null = [this](const Expr& e) -> BoolPtr {
        try {
            return boolean(e);
        } catch (const GiveUp&) {
            return nullptr;
        }
    };
    auto affine = [this](const Expr& e, const std::vector<std::string>& vars) { return linearity(e, vars, false); };
    auto is_pure = [this](const Expr& e) { return pure(e); };
    auto builtin = [this](const std::string& n) { return !shadowed(n); };
    GridHooks hooks{integer_or_null, boolean_or_null, affine, is_pure, builtin};
    return f(hooks);
}

void IntCompiler::grid_move(const ast::MoveDef& mv, const Move& m, std::shared_ptr<GridRules>& grid) {
    const std::uint32_t regs = next_reg_;
    struct Took {  // registers the analysis took, even when it gives up
        IntCompiler& c;
        std::uint32_t regs;
        ~Took() { c.grid_regs_ = c.grid_regs_ || c.next_reg_ != regs; }
    } took{*this, regs};
    auto gm = m.split ? nullptr : with_grid_hooks([&](GridHooks& h) {
        return grundy::grid_move(mv, grid_names(*gd_->position), list_, wrapped_, h);
    });
    if (gm) grid->moves.push_back(std::move(*gm));
    else grid.reset();
}

void IntCompiler::grid_start(const ast::GameDef& gd, IntGame& g, std::shared_ptr<GridRules> grid) {
    grid->start_affine = !gd.start || (!g.start.empty() && with_grid_hooks([&](GridHooks& h) {
                                           return grid_start_affine(gd, g.arity, wrapped_, h);
                                       }));
    g.grid = std::move(grid);
}

}  // namespace grundy::intcomp
