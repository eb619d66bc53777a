// Run-time state shared by all executing code: the solver, the game
// instances, the frame stack, limits, and the program's input and output.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/solver/solver.hpp"
#include "interpreter/values/value.hpp"
#include "program.hpp"

namespace grundy {

class Context {
public:
    explicit Context(const SourceManager& sources);
    ~Context();

    const SourceManager& sources;
    solver::Solver solver;

    // Frames live on one stack of values so a call allocates nothing.
    Value* push_frame(std::uint32_t slots, Loc call_site);
    void pop_frame(std::uint32_t slots);

    // Function calls and move expansions nest as deep as the thread's stack
    // allows, less a margin, or as `set_stack_budget` allows (the command
    // line gives a quarter of its memory limit), so a runaway recursion
    // ends with an error, not a crash. The frames' values have a stack of
    // their own, reserved (not committed) at its full size.
    static constexpr std::size_t stack_values = std::size_t{1} << 28;
    void set_stack_budget(std::uint64_t bytes);
    std::uint64_t stack_budget() const { return stack_budget_; }

    Instance& instance(const CompiledGame& game, const Value& args);
    // The instance for the positions of `parent`'s ruleset that are lists
    // of `length` ints, where `parent` runs the int rules of another length
    // (Instance::component): states of its own, packed as that length packs.
    Instance& lane(Instance& parent, std::size_t length);
    // forget(g): the instance's states and values are dropped, and the next
    // G(args) makes a new one; a ruleset value still naming this one is
    // refused when used. An error while positions of it are alive.
    void forget(Instance& inst);
    std::vector<Instance*> all_instances() const { return instances_; }

    // Rulesets that no value reaches any more (`Hackenbush(tree)` of each of
    // a thousand trees, once its query is answered) keep their states and
    // values, so asking again is free; but past idle_budget bytes of them,
    // the longest idle are dropped (as forget() drops them) when a new
    // ruleset is made and no search is under way. Games without rule
    // parameters are kept for the run.
    std::size_t idle_budget = std::size_t{4} << 20;
    void note_idle(Instance& inst);
    void note_reached(Instance& inst);

    // Standard input for read_int() / read_ints().
    void set_input(std::FILE* in) {
        input_ = in;
        in_pos_ = in_end_ = 0;
        in_eof_ = false;
    }
    bool read_int(std::int64_t& out);

    std::string out;             // what `print` and `table` wrote, flushed by the driver

private:
    // Mapped without reserving memory: zero bytes are Value() (kind none),
    // and pages are touched only when used.
    struct FreeStack {
        void operator()(Value* p) const;
    };
    std::unique_ptr<Value, FreeStack> stack_;
    std::size_t top_ = 0;
    std::uint32_t depth_ = 0;
    const char* stack_base_ = nullptr;   // this thread's stack: where it starts (its highest address)
    std::uint64_t stack_size_ = 0;       // and its size, less a margin for the code between two calls
    std::uint64_t stack_budget_ = 0;     // what recursion may use of it

    // Input, read in blocks: read_ints() of a million ints in milliseconds.
    bool fill_input();
    std::vector<char> in_buf_;
    std::size_t in_pos_ = 0, in_end_ = 0;
    bool in_eof_ = false;
    std::vector<Instance*> instances_;
    std::vector<std::unique_ptr<Instance>> lanes_;
    std::vector<std::unique_ptr<Instance>> forgotten_;  // kept: ruleset values may still point at them
    struct Idle {
        Instance* inst;
        std::uint64_t stamp;
    };
    std::deque<Idle> idle_;        // oldest first; an entry whose stamp is not its instance's is stale
    std::size_t idle_count_ = 0;   // entries not stale
    std::size_t idle_bytes_ = 0;   // and their instances' bytes
    std::uint64_t idle_stamps_ = 0;
    std::size_t instance_bytes(Instance& inst) const;
    void drop(Instance& inst);  // as forget() does
    void drop_idle();
    std::FILE* input_ = stdin;
};

// Ends the current statement when the solver's flag is set (the REPL's
// Ctrl-C, or a limit on time or memory), so loops outside the solver stop too.
inline void poll_interrupt() {
    if (solver::Solver::interrupt_flag.load(std::memory_order_relaxed)) solver::Solver::stop();
}

// Makes a frame for the scope of a block and pops it on the way out.
class FrameGuard {
public:
    FrameGuard(Context& ctx, std::uint32_t slots, Loc call_site) : ctx_(ctx), slots_(slots) {
        frame_ = ctx.push_frame(slots, call_site);
    }
    ~FrameGuard() { ctx_.pop_frame(slots_); }
    Value* frame() const { return frame_; }

private:
    Context& ctx_;
    std::uint32_t slots_;
    Value* frame_;
};

}  // namespace grundy
