// Expression nodes: the executable form of expressions. Each node's names
// are resolved; evaluation is a virtual call per node, with int fast paths.
// Errors carry the node's location (the operator, the callee, the bracket).
#pragma once

#include <memory>
#include <vector>

#include "interpreter/runtime/builtins.hpp"
#include "interpreter/runtime/program.hpp"
#include "interpreter/ast/ast.hpp"

namespace grundy::nodes {

// Runs an operation on values, adding this node's location to its errors.
template <typename F> Value located(const Code& at, F&& f) {
    try {
        return f();
    } catch (const ValueError& e) {
        at.error(e.what());
    } catch (const solver::SolveError& e) {
        at.error(e.what());
    }
}

// The one instance of a game without rule parameters.
Instance& plain_instance(Env& env, const CompiledGame& game);

struct Const final : Code {
    Value value;
    Const(Loc l, std::uint32_t n, Value v) : Code(l, n), value(std::move(v)) {}
    Value eval(Env&) const override { return value; }
};

struct Local final : Code {
    std::uint32_t slot;
    Local(Loc l, std::uint32_t n, std::uint32_t s) : Code(l, n), slot(s) {}
    Value eval(Env& env) const override { return env.slots[slot]; }
    const Value* peek(Env& env) const override { return &env.slots[slot]; }
};

struct RuleParam final : Code {
    std::uint32_t index;
    RuleParam(Loc l, std::uint32_t n, std::uint32_t i) : Code(l, n), index(i) {}
    Value eval(Env& env) const override;
    const Value* peek(Env& env) const override;
};

struct GlobalLet final : Code {
    const std::vector<Value>* lets;
    std::uint32_t index;
    std::string name;
    GlobalLet(Loc l, std::uint32_t n, const std::vector<Value>* ls, std::uint32_t i, std::string nm)
        : Code(l, n), lets(ls), index(i), name(std::move(nm)) {}
    Value eval(Env&) const override;
    const Value* peek(Env&) const override {  // not yet defined: eval() says so
        const Value& v = (*lets)[index];
        return v.is(Kind::none) ? nullptr : &v;
    }
};

// A parameterless game used as a value: its ruleset.
struct GameRules final : Code {
    const CompiledGame* game;
    GameRules(Loc l, std::uint32_t n, const CompiledGame* g) : Code(l, n), game(g) {}
    Value eval(Env& env) const override;
};

struct Unary final : Code {
    CodePtr operand;
    Unary(Loc l, std::uint32_t n, CodePtr o) : Code(l, n), operand(std::move(o)) {}
    Value eval(Env& env) const override;
};

struct Binary final : Code {
    ast::Op op;
    CodePtr lhs, rhs;
    Binary(Loc l, std::uint32_t n, ast::Op o, CodePtr a, CodePtr b)
        : Code(l, n), op(o), lhs(std::move(a)), rhs(std::move(b)) {}
    Value eval(Env& env) const override;
    Value apply(const Value& a, const Value& b) const;
};

// a + b + c + ...: positions gather their components into one sum instead
// of a new position per `+`; anything else adds pair by pair, as written,
// with each error at its own `+`.
struct CallGame;
struct PlusChain final : Code {
    std::vector<CodePtr> operands;
    std::vector<std::unique_ptr<Binary>> plus;  // the i-th `+`, without operands: where it is, what it does
    using Code::Code;
    Value eval(Env& env) const override;
    // The sum's components when every operand gives them (a game call, or
    // a normal-play position), for a query that needs no position value;
    // else false, with `value` the sum as eval() makes it. Nothing is
    // evaluated twice.
    using Parts = boost::container::small_vector<Component, 8>;
    bool gather(Env& env, Parts& parts, Value& value) const;

private:
    // Each operand that is a call `G(args)` (else null): asked for its
    // component (eval_component), which evaluates nothing twice.
    mutable std::vector<const CallGame*> games_;
};

struct Compare final : Code {
    ast::Op op;
    CodePtr lhs, rhs;
    Compare(Loc l, std::uint32_t n, ast::Op o, CodePtr a, CodePtr b)
        : Code(l, n), op(o), lhs(std::move(a)), rhs(std::move(b)) {}
    Value eval(Env& env) const override { return Value::boolean(Compare::eval_bool(env, nullptr)); }
    bool eval_bool(Env& env, const char*) const override;
    bool test(const Value& a, const Value& b) const;
};

struct Logic final : Code {
    enum class Kind { and_, or_, not_ } kind;
    CodePtr lhs, rhs;  // rhs null for not
    Logic(Loc l, std::uint32_t n, Kind k, CodePtr a, CodePtr b)
        : Code(l, n), kind(k), lhs(std::move(a)), rhs(std::move(b)) {}
    Value eval(Env& env) const override { return Value::boolean(Logic::eval_bool(env, nullptr)); }
    bool eval_bool(Env& env, const char*) const override;
};

struct IfElse final : Code {
    CodePtr cond, then_, else_;
    IfElse(Loc l, std::uint32_t n, CodePtr c, CodePtr t, CodePtr e)
        : Code(l, n), cond(std::move(c)), then_(std::move(t)), else_(std::move(e)) {}
    Value eval(Env& env) const override {
        return cond->eval_bool(env, "the condition of 'if'") ? then_->eval(env) : else_->eval(env);
    }
    void emit_option(Env& env, solver::OptionSink& sink) const override {
        if (cond->eval_bool(env, "the condition of 'if'")) then_->emit_option(env, sink);
        else else_->emit_option(env, sink);
    }
};

// `let p = v in body`: v is bound before the body runs (an expanded call).
struct LetIn final : Code {
    CodePtr value;
    Binder binder;
    CodePtr body;
    LetIn(Loc l, std::uint32_t n, CodePtr v, Binder b, CodePtr e)
        : Code(l, n), value(std::move(v)), binder(std::move(b)), body(std::move(e)) {}
    Value eval(Env& env) const override {
        binder.bind(env, value->eval(env));
        return body->eval(env);
    }
    void emit_option(Env& env, solver::OptionSink& sink) const override {
        binder.bind(env, value->eval(env));
        body->emit_option(env, sink);
    }
};

struct Range final : Code {
    CodePtr lo, hi;
    Range(Loc l, std::uint32_t n, CodePtr a, CodePtr b) : Code(l, n), lo(std::move(a)), hi(std::move(b)) {}
    Value eval(Env& env) const override;
    void iterate(Env& env, FunctionRef<bool(const Value&)> f) const override;
    bool int_bounds(Env& env, std::int64_t& a, std::int64_t& b) const override {
        a = lo->eval_int(env, "the start of a range");
        b = hi->eval_int(env, "the end of a range");
        return true;
    }
};

// (a, b), [a, b], {a, b}; a range written inside a display expands.
struct Display final : Code {
    grundy::Kind kind;
    std::vector<CodePtr> items;
    std::vector<bool> expand;
    Display(Loc l, std::uint32_t n, grundy::Kind k) : Code(l, n), kind(k) {}
    Value eval(Env& env) const override;
};

class RangeQuery;

// The elements of `[element for gens]`, in order.
struct Elements {
    CodePtr element;
    GensCode gens;
    std::shared_ptr<const RangeQuery> range_query;  // when they are sg(G(n)) for n in a..b
    void run(Env& env, FunctionRef<bool(const Value&)> body) const;
    // The same, with the values of a range query a batch at a time.
    void run(Env& env, FunctionRef<bool(const Value&)> body,
             FunctionRef<bool(std::span<const std::uint32_t>)> batch) const;
};

struct Comprehension final : Code {
    grundy::Kind kind;  // list or set
    Elements elements;
    Comprehension(Loc l, std::uint32_t n, grundy::Kind k) : Code(l, n), kind(k) {}
    Value eval(Env& env) const override;
};

// sum, len, min, max, any, all of a list comprehension, without building
// the list: the same result, in constant memory. any and all stop at the
// first element that decides.
struct Fold final : Code {
    enum class Op { sum, len, min, max, any, all } op;
    Elements elements;
    Fold(Loc l, std::uint32_t n, Op o) : Code(l, n), op(o) {}
    Value eval(Env& env) const override;
};

struct Index final : Code {
    CodePtr base, index;
    Index(Loc l, std::uint32_t n, CodePtr b, CodePtr i) : Code(l, n), base(std::move(b)), index(std::move(i)) {}
    Value eval(Env& env) const override;
};

struct CallFn final : Code {
    const CompiledFn* fn;
    std::vector<CodePtr> args;
    CallFn(Loc l, std::uint32_t n, const CompiledFn* f) : Code(l, n), fn(f) {}
    Value eval(Env& env) const override;
};

// fold(f, init, xs): f names a function of two arguments, a user's or a
// builtin (add, mul, max...), resolved when compiled.
struct FoldCall final : Code {
    const CompiledFn* fn = nullptr;
    const Builtin* builtin = nullptr;
    CodePtr init, xs;
    using Code::Code;
    Value eval(Env& env) const override;
};

struct CallBuiltin final : Code {
    const Builtin* builtin;
    std::vector<CodePtr> args;
    enum class Query { none, sg, outcome } query = Query::none;  // asked of one component directly
    CallBuiltin(Loc l, std::uint32_t n, const Builtin* b) : Code(l, n), builtin(b) {}
    Value eval(Env& env) const override;
    Value call(Env& env) const;
    // `sg(a + b + ...)`, `outcome(a + b + ...)`, `outcome(misere(a + b + ...))`:
    // the sum's components straight to the solver, without a position value.
    bool call_on_sum(Env& env, Value& out) const;
    // Runs f, adding to an error from a game's rules where this query was.
    template <typename F> auto noting_query(F&& f) const {
        try {
            return f();
        } catch (DiagnosticError& e) {
            note_query(e);
            throw;
        }
    }

private:
    void note_query(DiagnosticError& e) const;
    // call_on_sum's argument, found on first use: the chain, and the
    // misere() call around it, if any.
    mutable bool sum_known_ = false;
    mutable const PlusChain* sum_ = nullptr;
    mutable const CallBuiltin* misere_ = nullptr;
};

// `G(args)`: rule arguments for a game with parameters, else a position.
struct CallGame final : Code {
    const CompiledGame* game;
    std::vector<CodePtr> args;
    CallGame(Loc l, std::uint32_t n, const CompiledGame* g) : Code(l, n), game(g) {}
    Value eval(Env& env) const override;
    bool eval_component(Env& env, Component& out) const override;
};

// `f(args)` where f is a value: a ruleset makes a position.
struct CallValue final : Code {
    CodePtr callee;
    std::vector<CodePtr> args;
    CallValue(Loc l, std::uint32_t n, CodePtr c) : Code(l, n), callee(std::move(c)) {}
    Value eval(Env& env) const override;
    bool eval_component(Env& env, Component& out) const override;

private:
    Instance& instance(const Value& callee_value) const;  // or the error "cannot call"
};

// split(a, b, ...): a sum of states of the game whose move is running.
struct Split final : Code {
    std::vector<CodePtr> args;
    Split(Loc l, std::uint32_t n) : Code(l, n) {}
    Value eval(Env& env) const override;
    void emit_option(Env& env, solver::OptionSink& sink) const override;
};

// Placeholder for an expression that failed to compile; never runs, since a
// module with semantic errors is not executed.
struct Invalid final : Code {
    using Code::Code;
    Value eval(Env&) const override { error("internal error: evaluating an invalid expression"); }
};

}  // namespace grundy::nodes
