// Compiling a module, in passes so that definitions may come in any order:
//   1. imports run, and fn, game and let names are declared;
//   2. fn and game bodies compile (they see every global);
//   3. statements compile in order (a top-level statement sees a `let`
//      only after it).
#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "compiler.hpp"
#include "rewrite_rules.hpp"
#include "int_compiler.hpp"
#include "int_islands.hpp"
#include "nodes.hpp"
#include "range_query.hpp"
#include "interpreter/runtime/queries.hpp"
#include "interpreter/support/suggest.hpp"

namespace grundy {

const CompiledGame* Globals::game(const std::string& name) const {
    auto it = names.find(name);
    if (it == names.end() || it->second.kind != Global::Kind::game) return nullptr;
    return games[it->second.index].get();
}

namespace {

using ast::Expr;
using ast::ExprKind;

// The names one frame can see: a stack of locals with scopes.
struct Unit {
    std::vector<std::pair<std::string, std::uint32_t>> locals;
    std::uint32_t next = 0, max = 0;
    const CompiledGame* game = nullptr;                    // game code: rule parameters, local fns
    std::unordered_map<std::string, const CompiledFn*> game_fns;
    bool moves = false;                                    // split() allowed

    struct Mark {
        std::size_t locals;
        std::uint32_t next;
    };
    Mark mark() const { return {locals.size(), next}; }
    void reset(Mark m) {
        locals.resize(m.locals);
        next = m.next;
    }
    std::uint32_t declare(const std::string& name) {
        locals.emplace_back(name, next);
        max = std::max(max, next + 1);
        return next++;
    }
    const std::uint32_t* find(const std::string& name) const {
        for (auto it = locals.rbegin(); it != locals.rend(); ++it)
            if (it->first == name) return &it->second;
        return nullptr;
    }
};

class ModuleCompiler {
public:
    ModuleCompiler(const SourceManager& sm, Globals& g, const CompileOptions& o) : sm_(sm), g_(g), opts_(o) {}

    CompiledModule run(const ast::Module& m) {
        // The REPL may redefine names; an entry that fails to compile must
        // leave the old definitions in place.
        std::unordered_map<std::string, Global> before;
        if (opts_.redefine) before = g_.names;
        declare_all(m);
        for (auto& [fn, def] : fn_bodies_) compile_fn(*fn, *def, nullptr, {});
        for (auto& [game, def] : game_bodies_) compile_game(*game, *def);
        CompiledModule out;
        Unit top;
        unit_ = &top;
        top_level_ = true;
        for (auto& s : m.stmts)
            if (auto c = stmt(*s, true)) out.stmts.push_back(std::move(c));
        out.slots = top.max;
        out.warnings = std::move(warnings_);
        if (!errors_.empty()) {
            if (opts_.redefine) g_.names = std::move(before);
            std::stable_sort(errors_.begin(), errors_.end(), [](const Diagnostic& a, const Diagnostic& b) {
                return a.loc.source != b.loc.source ? a.loc.source < b.loc.source : a.loc.offset < b.loc.offset;
            });
            throw DiagnosticError(std::move(errors_));
        }
        return out;
    }

private:
    // ---- diagnostics ----------------------------------------------------------
    void error(Loc loc, std::uint32_t len, std::string msg) {
        errors_.push_back(Diagnostic{Severity::error, loc, len, std::move(msg)});
    }
    CodePtr invalid(const Expr& e, std::string msg) {
        error(e.loc, e.length, std::move(msg));
        return std::make_unique<nodes::Invalid>(e.loc, e.length);
    }
    std::string where(Loc loc) const {
        const Source& src = sm_.get(loc.source);
        return fmt::format("{}:{}", src.name(), src.line_col(loc.offset).line);
    }

    // ---- pass 1: declarations -------------------------------------------------
    bool claim(const std::string& name, Loc loc, std::uint32_t len) {
        auto it = g_.names.find(name);
        if (it != g_.names.end() && !opts_.redefine) {
            error(loc, len, fmt::format("`{}` is already defined at {}", name, where(it->second.loc)));
            return false;
        }
        return true;
    }

    void declare_let_names(const ast::Pattern& p) {
        if (p.is_tuple()) {
            for (auto& item : p.items) declare_let_names(item);
            return;
        }
        if (p.name == "_") return;
        auto it = g_.names.find(p.name);
        if (it != g_.names.end()) {
            // Already a global: an error in a file; in the REPL the new
            // binding is made when its statement compiles.
            if (!opts_.redefine) claim(p.name, p.loc, p.length);
            return;
        }
        g_.names[p.name] = Global{Global::Kind::let, static_cast<std::uint32_t>(g_.lets.size()), p.loc};
        g_.lets.emplace_back();
        pending_lets_.insert(p.name);
    }

    void declare_all(const ast::Module& m) {
        for (auto& s : m.stmts) {
            switch (s->kind) {
                case ast::StmtKind::import_file:
                    try {
                        opts_.import(s->path, s->loc);
                    } catch (DiagnosticError& e) {
                        errors_.insert(errors_.end(), e.diagnostics.begin(), e.diagnostics.end());
                    }
                    break;
                case ast::StmtKind::fn: {
                    const ast::FnDef& f = *s->fn;
                    if (!claim(f.name, f.loc, static_cast<std::uint32_t>(f.name.size()))) break;
                    auto fn = fn_shell(f);
                    fn_bodies_.emplace_back(fn.get(), &f);
                    g_.names[f.name] = Global{Global::Kind::fn, static_cast<std::uint32_t>(g_.fns.size()), f.loc};
                    g_.fns.push_back(std::move(fn));
                    g_.fn_defs.push_back(clone(f));
                    break;
                }
                case ast::StmtKind::game: {
                    const ast::GameDef& gd = *s->game;
                    if (!claim(gd.name, gd.loc, static_cast<std::uint32_t>(gd.name.size()))) break;
                    auto game = std::make_unique<CompiledGame>();
                    game->name = gd.name;
                    game->loc = gd.loc;
                    game->has_params = gd.has_params;
                    for (auto& p : gd.params) game->params.push_back(p.name);
                    game->has_start = gd.start.has_value();
                    if (gd.start) {
                        game->start_has_pattern = gd.start->pattern.has_value();
                        game->position_args = !gd.start->pattern ? 0
                                              : gd.start->pattern->is_tuple() ? gd.start->pattern->items.size()
                                                                              : 1;
                    } else if (gd.position) {
                        game->position_args = gd.position->is_tuple() ? gd.position->items.size() : 1;
                    }
                    game->source_text = ast::to_source(gd);
                    game_bodies_.emplace_back(game.get(), &gd);
                    g_.names[gd.name] = Global{Global::Kind::game, static_cast<std::uint32_t>(g_.games.size()), gd.loc};
                    g_.games.push_back(std::move(game));
                    break;
                }
                case ast::StmtKind::let: declare_let_names(*s->pattern); break;
                default: break;
            }
        }
    }

    static std::shared_ptr<const ast::FnDef> clone(const ast::FnDef& f) {
        auto out = std::make_shared<ast::FnDef>();
        out->loc = f.loc;
        out->name = f.name;
        out->params = f.params;
        out->body = ast::clone(*f.body);
        return out;
    }

    // A function known by name and arity, its body compiled later.
    static std::unique_ptr<CompiledFn> fn_shell(const ast::FnDef& f) {
        auto fn = std::make_unique<CompiledFn>();
        fn->name = f.name;
        fn->loc = f.loc;
        fn->arity = static_cast<std::uint32_t>(f.params.size());
        return fn;
    }

    // ---- pass 2: functions and games ---------------------------------------------
    void check_unique(const std::vector<ast::Param>& params, const char* what) {
        for (std::size_t i = 0; i < params.size(); ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (params[j].name == params[i].name)
                    error(params[i].loc, static_cast<std::uint32_t>(params[i].name.size()),
                          fmt::format("{} `{}` appears twice", what, params[i].name));
    }

    void compile_fn(CompiledFn& fn, const ast::FnDef& def, const CompiledGame* game,
                    const std::unordered_map<std::string, const CompiledFn*>& game_fns) {
        Unit u;
        u.game = game;
        u.game_fns = game_fns;
        check_unique(def.params, "parameter");
        for (auto& p : def.params) u.declare(p.name);
        Unit* saved = unit_;
        bool saved_top = top_level_;
        unit_ = &u;
        top_level_ = false;
        fn.body = expr(*def.body);
        fn.game = game;
        fn.slots = u.max;
        unit_ = saved;
        top_level_ = saved_top;
    }

    void compile_game(CompiledGame& cg, const ast::GameDef& gd) {
        const std::size_t errors_before = errors_.size();
        check_unique(gd.params, "rule parameter");
        if (!gd.position) {
            error(gd.loc, static_cast<std::uint32_t>(gd.name.size()),
                  fmt::format("game `{}` has no 'position' line: say what a position is, e.g. 'position n'", gd.name));
            return;
        }
        std::unordered_map<std::string, const CompiledFn*> local_fns;
        for (auto& f : gd.fns) {
            if (local_fns.count(f.name))
                error(f.loc, static_cast<std::uint32_t>(f.name.size()),
                      fmt::format("function `{}` is defined twice in game `{}`", f.name, gd.name));
            auto fn = fn_shell(f);
            local_fns[f.name] = fn.get();
            cg.fns.push_back(std::move(fn));
        }
        for (std::size_t i = 0; i < gd.fns.size(); ++i) compile_fn(*cg.fns[i], gd.fns[i], &cg, local_fns);
        Unit u;
        u.game = &cg;
        u.game_fns = local_fns;
        Unit* saved = unit_;
        bool saved_top = top_level_;
        unit_ = &u;
        top_level_ = false;
        // The rules as written give the diagnostics. Once they and every
        // function compile cleanly, the game runs the rules rewritten
        // (small functions expanded in place, steps unrolled), compiled
        // again without repeating a warning.
        const auto base = u.mark();
        compile_rules(cg, gd);
        auto global_fn = [&](const std::string& n) -> const ast::FnDef* {
            auto it = g_.names.find(n);
            return it == g_.names.end() || it->second.kind != Global::Kind::fn ? nullptr
                                                                               : g_.fn_defs[it->second.index].get();
        };
        auto is_builtin = [&](const std::string& n) { return !g_.names.count(n) && (n == "split" || find_builtin(n)); };
        std::unique_ptr<ast::GameDef> expanded;
        if (errors_.empty()) {
            expanded = rewrite_rules(gd, global_fn, is_builtin);
            const std::size_t warned = warnings_.size();
            u.reset(base);
            compile_rules(cg, *expanded);
            warnings_.resize(warned);
        }
        const ast::GameDef& rules = expanded ? *expanded : gd;

        // The int fast path, when the game fits it and compiled cleanly.
        // Its parts compile again what the rules above compiled (and what
        // it makes of them, a generator's values put in): their warnings
        // are given once, there.
        if (errors_.size() == errors_before) {
            auto m = u.mark();
            auto quiet = [&](const ast::Expr& e) {
                const std::size_t warned = warnings_.size();
                CodePtr code = expr(e);
                warnings_.resize(warned);
                return code;
            };
            cg.fast = compile_int_game(
                rules, cg, quiet,
                [&](const ast::Expr& e, const std::vector<std::string>& vars, std::vector<std::uint32_t>& slots) {
                    auto mark = unit_->mark();
                    slots.clear();
                    for (const std::string& v : vars) slots.push_back(unit_->declare(v));
                    CodePtr code = quiet(e);
                    unit_->reset(mark);
                    return code;
                },
                is_builtin, global_fn, cg.fast_by_length);
            u.reset(m);
            if (cg.fast || !cg.fast_by_length.empty()) unit_->max = std::max(unit_->max, u.max);
        }
        cg.slots = u.max;
        unit_ = saved;
        top_level_ = saved_top;
    }

    void compile_rules(CompiledGame& cg, const ast::GameDef& rules) {
        if (rules.start) {
            auto m = unit_->mark();
            if (rules.start->pattern) cg.start_pattern = binder(*rules.start->pattern);
            cg.start = expr(*rules.start->body);
            unit_->reset(m);
        }
        cg.position = binder(*rules.position);
        if (rules.canonical) cg.canonical = expr(*rules.canonical);
        if (rules.terminal) cg.terminal = expr(*rules.terminal);
        unit_->moves = true;
        cg.moves.clear();
        for (auto& mv : rules.moves) {
            auto m = unit_->mark();
            MoveFamily fam;
            fam.loc = mv.loc;
            fam.label = mv.label;
            fam.gens = gens(mv.gens);
            fam.result = expr(*mv.result);
            cg.moves.push_back(std::move(fam));
            unit_->reset(m);
        }
    }

    // ---- patterns and generators -------------------------------------------------
    Binder binder(const ast::Pattern& p) {
        std::set<std::string> seen;
        return binder(p, seen);
    }
    Binder binder(const ast::Pattern& p, std::set<std::string>& seen) {
        Binder b;
        b.loc = p.loc;
        b.length = p.length;
        b.text = ast::to_source(p);
        if (p.is_tuple()) {
            b.is_tuple = true;
            b.brackets = p.brackets;
            for (auto& item : p.items) b.items.push_back(binder(item, seen));
            return b;
        }
        if (p.name == "_") return b;
        if (!seen.insert(p.name).second)
            error(p.loc, p.length, fmt::format("`{}` appears twice in one pattern", p.name));
        b.slot = static_cast<int>(unit_->declare(p.name));
        return b;
    }

    GensCode gens(const ast::Generators& gs) {
        GensCode out;
        for (auto& g : gs.gens) {
            GenCode gc;
            gc.iterable = expr(*g.iterable);
            gc.binder = binder(g.pattern);
            out.gens.push_back(std::move(gc));
        }
        if (gs.where) out.where = expr(*gs.where);
        return out;
    }

    // ---- expressions ---------------------------------------------------------------
    std::string suggestion(const std::string& name) const {
        std::vector<std::string> candidates;
        for (auto& [n, slot] : unit_->locals) candidates.push_back(n);
        for (auto& [n, f] : unit_->game_fns) candidates.push_back(n);
        if (unit_->game)
            for (auto& p : unit_->game->params) candidates.push_back(p);
        for (auto& [n, gl] : g_.names) candidates.push_back(n);
        for (auto& b : all_builtins()) candidates.push_back(b.name);
        std::string best = closest(name, candidates);
        return best.empty() ? "" : fmt::format(" (did you mean `{}`?)", best);
    }

    CodePtr unknown(const Expr& e) {
        return invalid(e, fmt::format("unknown name `{}`{}", e.text, suggestion(e.text)));
    }

    int rule_param(const std::string& name) const {
        if (!unit_->game) return -1;
        auto& ps = unit_->game->params;
        auto it = std::find(ps.begin(), ps.end(), name);
        return it == ps.end() ? -1 : static_cast<int>(it - ps.begin());
    }

    CodePtr global_let(const Expr& e, const Global& gl) {
        if (top_level_ && pending_lets_.count(e.text))
            return invalid(e, fmt::format("`{}` is used before its definition at {}", e.text, where(gl.loc)));
        return std::make_unique<nodes::GlobalLet>(e.loc, e.length, &g_.lets, gl.index, e.text);
    }

    CodePtr name(const Expr& e) {
        if (const std::uint32_t* slot = unit_->find(e.text)) return std::make_unique<nodes::Local>(e.loc, e.length, *slot);
        if (unit_->game_fns.count(e.text))
            return invalid(e, fmt::format("`{}` is a function: call it, as in {}(...)", e.text, e.text));
        if (int i = rule_param(e.text); i >= 0)
            return std::make_unique<nodes::RuleParam>(e.loc, e.length, static_cast<std::uint32_t>(i));
        if (auto it = g_.names.find(e.text); it != g_.names.end()) {
            const Global& gl = it->second;
            switch (gl.kind) {
                case Global::Kind::let: return global_let(e, gl);
                case Global::Kind::fn:
                    return invalid(e, fmt::format("`{}` is a function: call it, as in {}(...)", e.text, e.text));
                case Global::Kind::game: {
                    const CompiledGame* game = g_.games[gl.index].get();
                    if (game->has_params)
                        return invalid(e, fmt::format("game `{}` needs its rule arguments: {}({})", e.text, e.text,
                                                      fmt::join(game->params, ", ")));
                    return std::make_unique<nodes::GameRules>(e.loc, e.length, game);
                }
            }
        }
        if (e.text == "P" || e.text == "N" || e.text == "D")  // what outcome() gives, unless a definition takes the name
            return std::make_unique<nodes::Const>(e.loc, e.length,
                                                  e.text == "D" ? outcome_text(solver::Solver::Outcome::draw)
                                                                : outcome_text(e.text == "P"));
        if (find_builtin(e.text))
            return invalid(e, fmt::format("`{}` is a builtin function: call it, as in {}(...)", e.text, e.text));
        return unknown(e);
    }

    bool check_arity(const Expr& call, const std::string& what, std::size_t want_min, std::size_t want_max) {
        std::size_t got = call.items.size() - 1;
        if (got >= want_min && got <= want_max) return true;
        std::string want = want_min == want_max ? std::to_string(want_min)
                           : want_max == SIZE_MAX ? fmt::format("at least {}", want_min)
                                                  : fmt::format("{} to {}", want_min, want_max);
        bool one = want_min == want_max && want_min == 1;
        error(call.loc, call.length,
              fmt::format("wrong number of arguments: {} takes {} argument{}, but {} {} given", what, want,
                          one ? "" : "s", got, got == 1 ? "was" : "were"));
        return false;
    }

    template <typename Node> CodePtr with_args(std::unique_ptr<Node> n, const Expr& e) {
        for (std::size_t i = 1; i < e.items.size(); ++i) n->args.push_back(expr(*e.items[i]));
        return n;
    }

    CodePtr call_fn(const Expr& e, const CompiledFn* fn) {
        check_arity(e, fmt::format("`{}`", fn->name), fn->arity, fn->arity);
        return with_args(std::make_unique<nodes::CallFn>(e.loc, e.length, fn), e);
    }

    CodePtr call(const Expr& e) {
        const Expr& callee = *e.items[0];
        auto call_value = [&](CodePtr c) { return with_args(std::make_unique<nodes::CallValue>(e.loc, e.length, std::move(c)), e); };
        if (callee.kind != ExprKind::name) return call_value(expr(callee));
        const std::string& n = callee.text;
        if (const std::uint32_t* slot = unit_->find(n))
            return call_value(std::make_unique<nodes::Local>(callee.loc, callee.length, *slot));
        if (auto it = unit_->game_fns.find(n); it != unit_->game_fns.end()) return call_fn(e, it->second);
        if (int i = rule_param(n); i >= 0)
            return call_value(std::make_unique<nodes::RuleParam>(callee.loc, callee.length, static_cast<std::uint32_t>(i)));
        if (auto it = g_.names.find(n); it != g_.names.end()) {
            const Global& gl = it->second;
            switch (gl.kind) {
                case Global::Kind::let: return call_value(global_let(callee, gl));
                case Global::Kind::fn: return call_fn(e, g_.fns[gl.index].get());
                case Global::Kind::game: {
                    const CompiledGame* game = g_.games[gl.index].get();
                    if (game->has_params)
                        check_arity(e, fmt::format("game `{}` (its rule parameters)", n), game->params.size(),
                                    game->params.size());
                    else
                        check_arity(e, fmt::format("a position of `{}`", n), game->position_args, game->position_args);
                    return with_args(std::make_unique<nodes::CallGame>(e.loc, e.length, game), e);
                }
            }
        }
        if (n == "split") {
            if (!unit_->moves)
                error(e.loc, e.length, "split() makes a sum of this game's positions: use it in a game's 'move' result");
            return with_args(std::make_unique<nodes::Split>(e.loc, e.length), e);
        }
        if (n == "fold" && !unit_->find(n)) return fold_call(e);
        if (auto fold = fused_fold(e, n)) return fold;
        if (const Builtin* b = find_builtin(n)) {
            check_arity(e, fmt::format("{}()", n), b->min_args, b->max_args < 0 ? SIZE_MAX : b->max_args);
            auto call = std::make_unique<nodes::CallBuiltin>(e.loc, e.length, b);
            if (e.items.size() == 2 && (n == "sg" || n == "outcome"))
                call->query = n == "sg" ? nodes::CallBuiltin::Query::sg : nodes::CallBuiltin::Query::outcome;
            return with_args(std::move(call), e);
        }
        for (std::size_t i = 1; i < e.items.size(); ++i) expr(*e.items[i]);
        return unknown(callee);
    }

    // fold(f, init, xs): f is resolved here, a function's name being no value.
    CodePtr fold_call(const Expr& e) {
        if (!check_arity(e, "fold()", 3, 3)) return std::make_unique<nodes::Invalid>(e.loc, e.length);
        auto node = std::make_unique<nodes::FoldCall>(e.loc, e.length);
        const Expr& f = *e.items[1];
        std::size_t arity = 0;
        if (f.kind == ExprKind::name && !unit_->find(f.text) && rule_param(f.text) < 0) {
            auto local = unit_->game_fns.find(f.text);
            auto global = g_.names.find(f.text);
            if (local != unit_->game_fns.end()) {
                node->fn = local->second;
            } else if (global != g_.names.end()) {
                if (global->second.kind == Global::Kind::fn) node->fn = g_.fns[global->second.index].get();
            } else if (const Builtin* b = find_builtin(f.text); b && b->min_args <= 2 && (b->max_args < 0 || b->max_args >= 2)) {
                node->builtin = b;
                arity = 2;
            }
            if (node->fn) arity = node->fn->arity;
        }
        if (arity != 2)
            return invalid(f, fmt::format("fold() takes first the name of a function of two arguments (the result "
                                          "so far, an element), such as add, mul, max or one defined with fn; "
                                          "`{}` is not one",
                                          ast::to_source(f)));
        node->init = expr(*e.items[2]);
        node->xs = expr(*e.items[3]);
        return node;
    }

    // `sum([e for x in xs])` and its kin fold as they go (nodes::Fold).
    CodePtr fused_fold(const Expr& call, const std::string& n) {
        using F = nodes::Fold::Op;
        static const std::pair<const char*, F> folds[] = {{"sum", F::sum}, {"len", F::len}, {"min", F::min},
                                                          {"max", F::max}, {"any", F::any}, {"all", F::all}};
        if (call.items.size() != 2 || call.items[1]->kind != ExprKind::list_comp) return nullptr;
        for (auto& [name, op] : folds) {
            if (n != name) continue;
            auto f = std::make_unique<nodes::Fold>(call.loc, call.length, op);
            comprehension_parts(*call.items[1], *f);
            // any and all stop at the element that decides (and reject ints):
            // a range query would solve a batch past it first.
            if (op == F::any || op == F::all) f->elements.range_query.reset();
            return f;
        }
        return nullptr;
    }

    CodePtr display(const Expr& e, Kind kind) {
        auto d = std::make_unique<nodes::Display>(e.loc, e.length, kind);
        for (auto& item : e.items) {
            d->expand.push_back(kind != Kind::tuple && item->kind == ExprKind::range);
            d->items.push_back(expr(*item));
        }
        return d;
    }

    // The generators and the element of `[e for ...]`, in their own scope.
    template <typename Node> void comprehension_parts(const Expr& comp, Node& node) {
        auto m = unit_->mark();
        nodes::Elements& e = node.elements;
        e.gens = gens(comp.gens);
        e.element = expr(*comp.items[0]);
        e.range_query = nodes::RangeQuery::match(e.gens, *e.element);
        unit_->reset(m);
    }

    CodePtr comprehension(const Expr& e, Kind kind) {
        auto c = std::make_unique<nodes::Comprehension>(e.loc, e.length, kind);
        comprehension_parts(e, *c);
        return c;
    }

    // `a + b + c`, parsed ((a + b) + c): its operands left to right.
    CodePtr plus_chain(const Expr& e) {
        std::vector<const Expr*> sums{&e};
        while (sums.back()->items[0]->kind == ExprKind::binary && sums.back()->items[0]->op == ast::Op::add)
            sums.push_back(sums.back()->items[0].get());
        auto chain = std::make_unique<nodes::PlusChain>(e.loc, e.length);
        chain->operands.push_back(expr(*sums.back()->items[0]));
        for (auto it = sums.rbegin(); it != sums.rend(); ++it) {
            chain->operands.push_back(expr(*(*it)->items[1]));
            chain->plus.push_back(std::make_unique<nodes::Binary>((*it)->loc, (*it)->length, ast::Op::add, nullptr, nullptr));
        }
        return chain;
    }

    CodePtr expr(const Expr& e) { return nodes::int_island(node(e)); }
    CodePtr node(const Expr& e) {
        switch (e.kind) {
            case ExprKind::int_lit: return std::make_unique<nodes::Const>(e.loc, e.length, Value::integer(e.int_value));
            case ExprKind::bool_lit: return std::make_unique<nodes::Const>(e.loc, e.length, Value::boolean(e.int_value));
            case ExprKind::str_lit: return std::make_unique<nodes::Const>(e.loc, e.length, intern_string(e.text));
            case ExprKind::name: return name(e);
            case ExprKind::unary: return std::make_unique<nodes::Unary>(e.loc, e.length, expr(*e.items[0]));
            case ExprKind::binary:
                if (e.op == ast::Op::add && e.items[0]->kind == ExprKind::binary && e.items[0]->op == ast::Op::add)
                    return plus_chain(e);
                // `10 ^ 9`, `10 ^ 9 + 7` (which is 10 ^ (9 + 7)): a power
                // meant, written as in maths.
                if (e.op == ast::Op::bit_xor && e.items[0]->kind == ExprKind::int_lit &&
                    (e.items[0]->int_value == 2 || e.items[0]->int_value == 10) &&
                    (e.items[1]->kind == ExprKind::int_lit ||
                     (e.items[1]->kind == ExprKind::binary &&
                      (e.items[1]->op == ast::Op::add || e.items[1]->op == ast::Op::sub) &&
                      e.items[1]->items[0]->kind == ExprKind::int_lit)))
                    warnings_.push_back(Diagnostic{
                        Severity::warning, e.loc, e.length,
                        fmt::format("`^` is bitwise xor ({} ^ 3 is {}); for a power write `**`, as in {} ** 3",
                                    e.items[0]->int_value, e.items[0]->int_value ^ 3, e.items[0]->int_value)});
                return std::make_unique<nodes::Binary>(e.loc, e.length, e.op, expr(*e.items[0]), expr(*e.items[1]));
            case ExprKind::compare:
                return std::make_unique<nodes::Compare>(e.loc, e.length, e.op, expr(*e.items[0]), expr(*e.items[1]));
            case ExprKind::logic_and:
            case ExprKind::logic_or:
                return std::make_unique<nodes::Logic>(
                    e.loc, e.length, e.kind == ExprKind::logic_and ? nodes::Logic::Kind::and_ : nodes::Logic::Kind::or_,
                    expr(*e.items[0]), expr(*e.items[1]));
            case ExprKind::logic_not:
                return std::make_unique<nodes::Logic>(e.loc, e.length, nodes::Logic::Kind::not_, expr(*e.items[0]), nullptr);
            case ExprKind::if_else:
                return std::make_unique<nodes::IfElse>(e.loc, e.length, expr(*e.items[0]), expr(*e.items[1]),
                                                       expr(*e.items[2]));
            case ExprKind::range:
                return std::make_unique<nodes::Range>(e.loc, e.length, expr(*e.items[0]), expr(*e.items[1]));
            case ExprKind::tuple: return display(e, Kind::tuple);
            case ExprKind::list: return display(e, Kind::list);
            case ExprKind::set: return display(e, Kind::set);
            case ExprKind::list_comp: return comprehension(e, Kind::list);
            case ExprKind::set_comp: return comprehension(e, Kind::set);
            case ExprKind::call: return call(e);
            case ExprKind::index:
                return std::make_unique<nodes::Index>(e.loc, e.length, expr(*e.items[0]), expr(*e.items[1]));
            case ExprKind::let_in: {
                auto value = expr(*e.gens.gens[0].iterable);
                auto m = unit_->mark();
                Binder b = binder(e.gens.gens[0].pattern);
                auto body = expr(*e.items[0]);
                unit_->reset(m);
                return std::make_unique<nodes::LetIn>(e.loc, e.length, std::move(value), std::move(b), std::move(body));
            }
        }
        return invalid(e, "internal error: unknown expression");
    }

    // ---- statements ------------------------------------------------------------------
    std::vector<StmtPtr> block(const std::vector<ast::StmtPtr>& body) {
        auto m = unit_->mark();
        std::vector<StmtPtr> out;
        for (auto& s : body)
            if (auto c = stmt(*s, false)) out.push_back(std::move(c));
        unit_->reset(m);
        return out;
    }

    StmtPtr stmt(const ast::Stmt& s, bool top) {
        using K = ast::StmtKind;
        bool query = s.kind == K::print || s.kind == K::assert_that || s.kind == K::table || s.kind == K::plot || s.kind == K::check ||
                     s.kind == K::for_each || s.kind == K::if_else || s.kind == K::expr;
        if (query && !opts_.run_queries) return nullptr;
        switch (s.kind) {
            case K::import_file:
            case K::fn:
            case K::game:
                // Definitions are global and made before any statement runs,
                // so a block (run or not, run many times) cannot hold one.
                if (!top)
                    error(s.loc, s.length,
                          fmt::format("'{}' must be at the top level of a file, not inside a block",
                                      s.kind == K::fn ? "fn" : s.kind == K::game ? "game" : "import"));
                return nullptr;
            case K::print: {
                auto p = std::make_unique<stmts::Print>(s.loc, s.length);
                for (auto& e : s.exprs) p->values.push_back(expr(*e));
                return p;
            }
            case K::expr: {
                auto p = std::make_unique<stmts::Show>(s.loc, s.length);
                p->value = expr(*s.exprs[0]);
                return p;
            }
            case K::assert_that: {
                auto a = std::make_unique<stmts::Assert>(s.loc, s.length);
                a->cond = node(*s.exprs[0]);  // a comparison as written: its failure shows both sides
                if (s.exprs.size() > 1) a->message = expr(*s.exprs[1]);
                return a;
            }
            case K::table:
            case K::plot:
            case K::check: {
                auto q = std::make_unique<stmts::Query>(s.loc, s.length);
                q->is_check = s.kind == K::check;
                q->is_plot = s.kind == K::plot;
                auto m = unit_->mark();
                q->gens = gens(s.gens);
                q->value = expr(*s.exprs[0]);
                unit_->reset(m);
                q->text = ast::to_source(s).substr(s.kind == K::plot ? 5 : 6);
                return q;
            }
            case K::for_each: {
                auto f = std::make_unique<stmts::For>(s.loc, s.length);
                auto m = unit_->mark();
                f->gens = gens(s.gens);
                f->body = block(s.body);
                unit_->reset(m);
                return f;
            }
            case K::if_else: {
                auto f = std::make_unique<stmts::If>(s.loc, s.length);
                f->cond = expr(*s.exprs[0]);
                f->then_body = block(s.body);
                f->else_body = block(s.else_body);
                return f;
            }
            case K::let: {
                if (!top) {
                    auto l = std::make_unique<stmts::LetLocal>(s.loc, s.length);
                    l->value = expr(*s.exprs[0]);
                    l->binder = binder(*s.pattern);
                    return l;
                }
                auto l = std::make_unique<stmts::LetGlobal>(s.loc, s.length);
                l->value = expr(*s.exprs[0]);
                l->binder = global_binder(*s.pattern);
                l->lets = &g_.lets;
                return l;
            }
        }
        return nullptr;
    }

    // A top-level pattern binds globals: the binder's slots index g_.lets.
    Binder global_binder(const ast::Pattern& p) {
        Binder b;
        b.loc = p.loc;
        b.length = p.length;
        b.text = ast::to_source(p);
        if (p.is_tuple()) {
            b.is_tuple = true;
            b.brackets = p.brackets;
            for (auto& item : p.items) b.items.push_back(global_binder(item));
            return b;
        }
        if (p.name == "_") return b;
        pending_lets_.erase(p.name);
        auto it = g_.names.find(p.name);
        if (it == g_.names.end() || it->second.kind != Global::Kind::let) {
            // A new global (or, in the REPL, a let replacing a fn or game).
            g_.names[p.name] = Global{Global::Kind::let, static_cast<std::uint32_t>(g_.lets.size()), p.loc};
            g_.lets.emplace_back();
            it = g_.names.find(p.name);
        }
        // A let given again in the REPL reuses its slot: the value changes
        // only when the new one has been computed, and functions see it.
        b.slot = static_cast<int>(it->second.index);
        return b;
    }

    const SourceManager& sm_;
    Globals& g_;
    const CompileOptions& opts_;
    std::vector<Diagnostic> errors_;
    std::vector<Diagnostic> warnings_;
    Unit* unit_ = nullptr;
    bool top_level_ = true;
    std::set<std::string> pending_lets_;
    std::vector<std::pair<CompiledFn*, const ast::FnDef*>> fn_bodies_;
    std::vector<std::pair<CompiledGame*, const ast::GameDef*>> game_bodies_;
};

}  // namespace

CompiledModule compile(const SourceManager& sm, const ast::Module& m, Globals& globals, const CompileOptions& opts) {
    return ModuleCompiler(sm, globals, opts).run(m);
}

}  // namespace grundy
