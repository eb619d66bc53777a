// The compiled program: what the compiler produces and the runtime executes.
//
// Expressions compile to trees of Code nodes whose names are already resolved
// to frame slots, rule parameters or globals, so evaluation does no lookups.
// A game compiles to a CompiledGame: pattern binders, move families with
// their generators, and the optional start, canonical and terminal rules.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "function_ref.hpp"
#include "interpreter/solver/game_graph.hpp"
#include "interpreter/support/diagnostic.hpp"
#include "interpreter/values/value.hpp"

namespace grundy {

class Context;
class Instance;

// One activation: a function call, a move expansion or a top-level statement.
struct Env {
    Value* slots;       // this activation's locals
    Instance* inst;     // the game instance whose code runs (rule parameters, split), or null
    Context& ctx;
};

class Code {
public:
    Code(Loc loc, std::uint32_t length) : loc_(loc), length_(length) {}
    virtual ~Code() = default;

    virtual Value eval(Env& env) const = 0;
    // The value in place, when this code names a stored value (a local, a
    // rule parameter): lets operators read it without copying.
    virtual const Value* peek(Env&) const { return nullptr; }
    // A position of one component, without making a position value: for
    // sg(G(n)) and outcome(G(n)), the commonest queries. False: not this kind of code.
    virtual bool eval_component(Env&, Component&) const { return false; }
    // Iterates the value this code denotes; ranges override it to avoid
    // building a range object. `f` returns false to stop.
    virtual void iterate(Env& env, FunctionRef<bool(const Value&)> f) const;
    // A range's ends, evaluated as iterate() evaluates them; false (nothing
    // evaluated) for any other code. Lets a generator loop over ints itself.
    virtual bool int_bounds(Env&, std::int64_t&, std::int64_t&) const { return false; }
    // The result of a move: by default one state or position; split() adds
    // its parts straight to the sink.
    virtual void emit_option(Env& env, solver::OptionSink& sink) const;

    // The value as a bool, or the error that `what` must be one. Comparisons
    // and logic give theirs without making a Value.
    virtual bool eval_bool(Env& env, const char* what) const;
    std::int64_t eval_int(Env& env, const char* what) const;

    [[noreturn]] void error(const std::string& message) const { fail(loc_, message, length_); }
    Loc loc() const { return loc_; }
    std::uint32_t length() const { return length_; }

private:
    Loc loc_;
    std::uint32_t length_;
};
using CodePtr = std::unique_ptr<Code>;

// Binds a value to a pattern: a slot, nothing (`_`), or a tuple of binders.
struct Binder {
    Loc loc;
    std::uint32_t length = 1;
    int slot = -1;                  // -1: `_` or a tuple
    bool is_tuple = false;          // `(a, b)` or `[a, b]`: takes a tuple or a list of its length
    bool brackets = false;          // written `[a, b]`
    std::vector<Binder> items;
    std::string text;               // the pattern as written, for messages

    void bind(Env& env, const Value& v) const;
    // As a position pattern: the shape matches exactly (a tuple for `(..)`,
    // a list for `[..]`, recursively), and `as_position` gives a value of
    // the right length that shape, so that a state has one form.
    bool fits(const Value& v) const;
    Value as_position(const Value& v) const;
    std::size_t arity() const { return is_tuple ? items.size() : 1; }
    // A tuple pattern with a tuple among its items: `((a, b), c)`, `((a,), b)`.
    bool nested() const {
        return std::any_of(items.begin(), items.end(), [](const Binder& b) { return b.is_tuple; });
    }
};

struct GenCode {
    Binder binder;
    CodePtr iterable;
};

// `x in xs, y in ys where cond`, run as nested loops.
struct GensCode {
    std::vector<GenCode> gens;
    CodePtr where;  // may be null
    // Calls body once per binding that passes `where`; body returns false to stop.
    void run(Env& env, FunctionRef<bool()> body) const;

private:
    bool run_from(std::size_t i, Env& env, FunctionRef<bool()> body) const;
};

struct CompiledGame;
struct IntGame;

struct CompiledFn {
    std::string name;
    Loc loc;
    std::uint32_t arity = 0;
    std::uint32_t slots = 0;         // frame size: parameters first
    CodePtr body;
    const CompiledGame* game = nullptr;  // set for a game's local function
};

struct MoveFamily {
    Loc loc;
    std::string label;
    GensCode gens;
    CodePtr result;
};

struct CompiledGame {
    std::string name;
    Loc loc;
    bool has_params = false;
    std::vector<std::string> params;
    Binder position;                 // binds a state in the game's frame
    bool has_start = false;
    bool start_has_pattern = false;
    Binder start_pattern;
    CodePtr start;
    CodePtr canonical;
    CodePtr terminal;
    std::vector<MoveFamily> moves;
    std::vector<std::unique_ptr<CompiledFn>> fns;
    std::size_t position_args = 1;   // arguments that make a position: start's pattern, else position's
    std::uint32_t slots = 0;         // frame size for moves, start, canonical, terminal
    std::string source_text;         // the definition, for :show
    std::shared_ptr<const IntGame> fast;  // the int fast path, when the game fits it (int_game.hpp)
    // For a game on lists whose every move keeps the list's length: the int
    // path for positions of k ints at index k (null where none); an
    // instance takes the one of its first position's length, and positions
    // of other lengths go to lanes (Instance::component).
    std::vector<std::shared_ptr<const IntGame>> fast_by_length;

    // Instances by rule arguments (a tuple); each keeps its own memo.
    mutable std::map<Value, std::unique_ptr<Instance>> instances;
    mutable Instance* plain_instance = nullptr;  // the one instance of a game without rule parameters
};

}  // namespace grundy
