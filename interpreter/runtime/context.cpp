#include "context.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <pthread.h>
#include <sys/mman.h>
#include <fmt/format.h>

#include "instance.hpp"
#include "interpreter/values/ops.hpp"

namespace grundy {

namespace {

// Room left on the thread's stack below the deepest check, for the code
// that runs between two calls (an expression nests at most a few thousand
// rules deep) and for the unwinding of the error.
constexpr std::uint64_t stack_margin = std::uint64_t{8} << 20;

Value* map_values(std::size_t count) {
    void* p = mmap(nullptr, count * sizeof(Value), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return static_cast<Value*>(p);
}

std::string format_bytes(std::uint64_t bytes) {
    if (bytes >= (std::uint64_t{1} << 30)) return fmt::format("{:.1f}G", static_cast<double>(bytes) / (1 << 30));
    return fmt::format("{}M", bytes >> 20);
}

}  // namespace

void Context::FreeStack::operator()(Value* p) const { munmap(p, stack_values * sizeof(Value)); }

Context::Context(const SourceManager& s) : sources(s), stack_(map_values(stack_values)) {
    static_assert(static_cast<int>(Kind::none) == 0, "a zeroed Value must be an empty one");
    ops::range_poll = &poll_interrupt;  // builtins' long loops stop on Ctrl-C and limits too
    // The stack of the thread that runs the program (the one that makes the
    // context): its bounds, so that recursion stops before its end.
    pthread_attr_t attr;
    void* low = nullptr;
    std::size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        pthread_attr_getstack(&attr, &low, &size);
        pthread_attr_destroy(&attr);
    }
    const char* here = static_cast<const char*>(__builtin_frame_address(0));
    if (!low) size = std::size_t{8} << 20;  // unknown: assume the usual 8M, from here
    stack_base_ = low ? static_cast<const char*>(low) + size : here;
    stack_size_ = size - std::min<std::uint64_t>(stack_margin, size / 4);
    stack_budget_ = stack_size_;
}
Context::~Context() = default;

void Context::set_stack_budget(std::uint64_t bytes) { stack_budget_ = std::min<std::uint64_t>(bytes, stack_size_); }

Value* Context::push_frame(std::uint32_t slots, Loc call_site) {
    poll_interrupt();  // every call and move expansion: Ctrl-C stops long recursions too
    const char* here = static_cast<const char*>(__builtin_frame_address(0));
    const auto used = static_cast<std::uint64_t>(stack_base_ > here ? stack_base_ - here : 0);
    if (used > stack_budget_ || top_ + slots > stack_values)
        fail(call_site, fmt::format("recursion is too deep: the nested calls fill the {} of stack ({}); is a base "
                                    "case missing?",
                                    format_bytes(top_ + slots > stack_values ? stack_values * sizeof(Value)
                                                                             : stack_budget_),
                                    stack_budget_ < stack_size_ ? "--max-stack raises it" : "all there is"));
    Value* frame = stack_.get() + top_;
    top_ += slots;
    ++depth_;
    return frame;
}

void Context::pop_frame(std::uint32_t slots) {
    top_ -= slots;
    for (std::uint32_t i = 0; i < slots; ++i) stack_.get()[top_ + i] = Value();
    --depth_;
}

Instance& Context::instance(const CompiledGame& game, const Value& args) {
    auto it = game.instances.find(args);
    if (it != game.instances.end()) return *it->second;
    if (!idle_.empty() && solver.idle()) {
        // The latest idle ruleset may have grown since: a query of its
        // position's parts (`sg(G(x)())`) outlives the ruleset value.
        Instance& last = *idle_.back().inst;
        if (last.idle_stamp == idle_.back().stamp) {
            const std::size_t now = instance_bytes(last);
            idle_bytes_ += now - last.idle_bytes;
            last.idle_bytes = now;
        }
        if (idle_bytes_ > idle_budget) drop_idle();
    }
    auto inst = std::make_unique<Instance>(*this, game, args);
    Instance& ref = *inst;
    game.instances.emplace(args, std::move(inst));
    instances_.push_back(&ref);
    return ref;
}

Instance& Context::lane(Instance& parent, std::size_t length) {
    auto inst = std::make_unique<Instance>(*this, parent.game(), parent.args(), length);
    inst->lane_parent = &parent;
    Instance& ref = *inst;
    lanes_.push_back(std::move(inst));
    instances_.push_back(&ref);
    return ref;
}

void Context::forget(Instance& inst) {
    if (inst.forgotten()) return;
    // Inside a call, a search may be using the ruleset's states; at a
    // statement (depth 1, the top-level frame) none is.
    if (depth_ > 1)
        throw ValueError("forget() must be called at a statement of its own, not inside a function or a game's rules");
    std::uint64_t live = inst.live_parts;
    for (const Instance* lane : inst.lanes())
        if (lane) live += lane->live_parts;
    if (live)
        throw ValueError(fmt::format("forget(): {} position{} of {} {} still held (by a name, a list...); forget "
                                     "the ruleset once they are gone",
                                     live, live == 1 ? "" : "s", inst.rules_text(), live == 1 ? "is" : "are"));
    drop(inst);
}

void Context::drop(Instance& inst) {
    const CompiledGame& game = inst.game();
    if (game.plain_instance == &inst) game.plain_instance = nullptr;
    auto it = game.instances.find(inst.args());
    if (it != game.instances.end() && it->second.get() == &inst) {
        forgotten_.push_back(std::move(it->second));
        game.instances.erase(it);
    }
    for (Instance*& lane : inst.lanes()) {
        if (!lane) continue;
        auto own = std::find_if(lanes_.begin(), lanes_.end(), [&](const auto& l) { return l.get() == lane; });
        forgotten_.push_back(std::move(*own));
        lanes_.erase(own);
        drop(*std::exchange(lane, nullptr));
    }
    instances_.erase(std::remove(instances_.begin(), instances_.end(), &inst), instances_.end());
    solver.forget(inst.graph());
    inst.drop_states();
    note_reached(inst);  // no longer in the idle list's count
}

std::size_t Context::instance_bytes(Instance& inst) const {
    std::size_t bytes = inst.memory_bytes();
    for (int k = 0; k < 4; ++k) bytes += solver.value_arrays(inst.graph())[k].memory_bytes();
    for (Instance* lane : inst.lanes())
        if (lane) bytes += instance_bytes(*lane);
    return bytes;
}

void Context::note_idle(Instance& inst) {
    if (!inst.game().has_params || inst.forgotten()) return;
    inst.idle_stamp = ++idle_stamps_;
    inst.idle_bytes = instance_bytes(inst);
    idle_.push_back(Idle{&inst, inst.idle_stamp});
    ++idle_count_;
    idle_bytes_ += inst.idle_bytes;
    // A ruleset made and dropped again and again leaves stale entries.
    if (idle_.size() > 2 * idle_count_ + 64)
        std::erase_if(idle_, [](const Idle& e) { return e.inst->idle_stamp != e.stamp; });
}

void Context::note_reached(Instance& inst) {
    if (!inst.idle_stamp) return;
    inst.idle_stamp = 0;  // its entry goes stale
    --idle_count_;
    idle_bytes_ -= inst.idle_bytes;
}

// No search is under way (no state of these games is on a stack or in an
// options buffer), and no value names them: dropping them changes no
// answer, only the time to find it again. The misère memo goes too: it
// mixes games, and an entry of a kept game may hold a dropped one's parts
// to expand later.
void Context::drop_idle() {
    while (idle_bytes_ > idle_budget / 2 && !idle_.empty()) {
        const Idle e = idle_.front();
        idle_.pop_front();
        if (e.inst->idle_stamp != e.stamp) continue;  // reached again since
        note_reached(*e.inst);
        drop(*e.inst);
    }
}

bool Context::fill_input() {
    if (in_eof_) return false;
    if (in_buf_.empty()) in_buf_.resize(std::size_t{1} << 16);
    // Keep the unread tail (a word cut by the block's end) at the front.
    std::size_t rest = in_end_ - in_pos_;
    if (rest == in_buf_.size()) in_buf_.resize(in_buf_.size() * 2);
    std::memmove(in_buf_.data(), in_buf_.data() + in_pos_, rest);
    in_pos_ = 0;
    in_end_ = rest;
    std::size_t n = std::fread(in_buf_.data() + in_end_, 1, in_buf_.size() - in_end_, input_);
    in_end_ += n;
    if (n == 0) in_eof_ = true;
    return n > 0;
}

bool Context::read_int(std::int64_t& out) {
    // What isspace() takes for blanks in the C locale, without its call per byte.
    auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    for (;;) {
        while (in_pos_ < in_end_ && space(in_buf_[in_pos_])) ++in_pos_;
        if (in_pos_ < in_end_ || !fill_input()) break;
    }
    // The word: up to a blank, a NUL or the end, which may need more blocks.
    std::size_t stop = in_pos_;
    for (;;) {
        while (stop < in_end_ && !space(in_buf_[stop]) && in_buf_[stop] != '\0') ++stop;
        if (stop < in_end_) break;
        std::size_t offset = stop - in_pos_;
        if (!fill_input()) {
            stop = in_pos_ + offset;
            break;
        }
        stop = in_pos_ + offset;
    }
    if (stop == in_pos_) return false;
    std::string_view w(in_buf_.data() + in_pos_, stop - in_pos_);
    in_pos_ = stop;
    // A NUL ends the input, as it did when read a character at a time.
    if (in_pos_ < in_end_ && in_buf_[in_pos_] == '\0') in_eof_ = true, in_pos_ = in_end_ = 0;
    auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
    if (ec == std::errc::result_out_of_range)
        throw ValueError(fmt::format("the input {} does not fit in a 64-bit int", w));
    if (ec != std::errc() || end != w.data() + w.size())
        throw ValueError(fmt::format("the input \"{}\" is not an int", w));
    return true;
}

}  // namespace grundy
