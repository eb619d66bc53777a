#include "ast.hpp"

namespace grundy::ast {

Generators clone(const Generators& g) {
    Generators out;
    for (auto& gen : g.gens) out.gens.push_back(Generator{gen.pattern, clone(*gen.iterable)});
    if (g.where) out.where = clone(*g.where);
    return out;
}

std::unique_ptr<GameDef> game_shell(const GameDef& gd) {
    auto out = std::make_unique<GameDef>();
    out->loc = gd.loc;
    out->name = gd.name;
    out->has_params = gd.has_params;
    out->params = gd.params;
    out->position_loc = gd.position_loc;
    return out;
}

ExprPtr clone(const Expr& e) {
    auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
    out->op = e.op;
    out->int_value = e.int_value;
    out->text = e.text;
    for (auto& item : e.items) out->items.push_back(clone(*item));
    out->gens = clone(e.gens);
    return out;
}

}  // namespace grundy::ast
