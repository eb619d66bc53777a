// Run-time state shared by all executing code: the solver, the game
// instances, the frame stack, limits, and the program's input and output.
#pragma once

#include <cstdio>
#include <cstdlib>
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

    // Deepest nesting of function calls and move expansions. Deep enough for
    // any honest recursion; a runaway one ends with an error, not a crash.
    static constexpr std::uint32_t max_depth = 20'000;
    static constexpr std::size_t stack_values = 1u << 21;

    Instance& instance(const CompiledGame& game, const Value& args);
    std::vector<Instance*> all_instances() const { return instances_; }

    // Standard input for read_int() / read_ints().
    void set_input(std::FILE* in) { input_ = in; }
    bool read_int(std::int64_t& out);

    std::string out;             // what `print` and `table` wrote, flushed by the driver

private:
    // calloc'd: zero bytes are Value() (kind none), and pages are touched only when used.
    struct FreeStack {
        void operator()(Value* p) const { std::free(p); }
    };
    std::unique_ptr<Value, FreeStack> stack_;
    std::size_t top_ = 0;
    std::uint32_t depth_ = 0;
    std::vector<Instance*> instances_;
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
