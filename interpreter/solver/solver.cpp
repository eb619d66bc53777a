#include "solver.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace grundy::solver {

std::atomic<int> Solver::interrupt_flag{0};

namespace {
std::string stop_messages[4] = {"", "interrupted", "time limit reached", "memory limit reached"};
}

void Solver::set_stop_message(StopReason reason, std::string message) { stop_messages[reason] = std::move(message); }

void Solver::stop() {
    int reason = interrupt_flag.load();
    if (reason == interrupted) interrupt_flag = 0;
    throw SolveError(reason > 0 && reason < 4 ? stop_messages[reason] : "interrupted");
}

std::uint32_t Solver::add_graph(GameGraph* g) {
    tables_.emplace_back();
    tables_.back().graph = g;
    return static_cast<std::uint32_t>(tables_.size() - 1);
}

void Solver::charge_state() {
    if (++stats_.states > max_states_) state_limit();
    if (interrupt_flag.load(std::memory_order_relaxed) > interrupted) stop();  // a limit on time or memory
}

void Solver::state_limit() {
    // A search as deep as half the states it met is walking one line of
    // ever new positions: show where it went, since a game whose positions
    // keep growing never ends.
    auto deep = [&](std::size_t depth, Comp from, Comp to) {
        if (depth * 2 < max_states_ || depth == 0) return;
        auto name = [&](Comp c) { return tables_[comp_graph(c)].graph->describe(comp_state(c)); };
        throw StateLimit(fmt::format(
            "state limit reached: more than {} states, on a line of moves {} deep from {} to {}; if the positions "
            "keep growing, the game never ends (check that its moves lead toward a terminal position), else raise "
            "the limit with --max-states",
            max_states_, depth, name(from), name(to)));
    };
    if (!frames_.empty()) deep(frames_.size(), frames_[0].comp, frames_.back().comp);
    if (!outcome_frames_.empty())
        deep(outcome_frames_.size(), outcome_frames_[0].comp, outcome_frames_.back().comp);
    throw StateLimit(fmt::format("state limit reached: more than {} states; raise it with --max-states", max_states_));
}

void Solver::check_interrupt() {
    if (progress) progress(stats_);
    if (interrupt_flag.load(std::memory_order_relaxed)) stop();
}

namespace {
// A state met again on the search's own path: the search gives way to the
// loopy one (solve_loopy) from its root.
struct CycleFound {};
}  // namespace

void Solver::cycle(Comp c) {
    // A state of a loopy search under way, met by a part of a sum or a
    // rule's query: that search solves it first (loopy.cpp).
    if (peek(c) != on_path) throw SolveFirst{c};
    throw CycleFound{};
}

// `blocker`: what try_direct found in the way. When the game named a
// state, the frame is direct (no options buffered); otherwise the state is
// expanded.
void Solver::push_frame(Comp c, const GameGraph::Blocker& blocker) {
    // A state whose outcome alone was known is counted already.
    if (own_id(comp_state(c)) && !is_outcome_code(entry(c))) charge_state();
    set(c, on_path);
    const auto begin = static_cast<std::uint32_t>(buf_.size());
    frames_.push_back(Frame{c, begin, begin, begin});
    if (blocker.found) {
        Frame& f = frames_.back();
        f.direct = true;
        f.loaded = false;
        f.blocked = true;
        f.begin = blocker.state;
        set_resume(f, blocker.resume);
        return;
    }
    expand_into(frames_.size() - 1);
    Frame& f = frames_.back();
    f.regenerate = buf_.size() > buffer_budget;
}

// The top frame is direct: solve its blocker first, or retry the state.
void Solver::step_direct() {
    // try_grundy may re-enter the solver (a hoisted `sg` on first use);
    // the reference stays valid while frames come and go above it.
    Frame& f = frames_.back();
    const Comp state = f.comp;
    if (!f.blocked) {
        std::uint32_t v;
        GameGraph::Blocker b;
        b.resume = resume_of(f);
        ++stats_.expansions;
        if (tables_[comp_graph(state)].graph->try_grundy(comp_state(state), v, b)) {
            set(state, v);
            ++stats_.solved;
            pop_frame();
            return;
        }
        // A retry that goes on where the last stopped always gets further:
        // it needs no limit.
        if (!b.found || (!b.resume.at && ++f.retries > max_retries)) {
            set_resume(f, {});
            f.direct = false;  // expanded on the next round
            f.begin = f.cursor = f.end = static_cast<std::uint32_t>(buf_.size());
            return;
        }
        f.blocked = true;
        f.begin = b.state;
        set_resume(f, b.resume);
    }
    const Comp c = make_comp(comp_graph(state), f.blocker());
    f.blocked = false;  // retry once c is solved
    const std::uint32_t v = peek(c);
    if (v >= explore_base && v != unknown) cycle(c);
    if (is_infinite(v)) {
        // The game's one pass takes only finite values: expand the state.
        set_resume(f, {});
        f.direct = false;
        f.begin = f.cursor = f.end = static_cast<std::uint32_t>(buf_.size());
        return;
    }
    if (v != unknown) return;
    GameGraph::Blocker b;
    if (try_direct(c, b)) return;
    // Direct frames expand nothing, so the expansion count cannot pace
    // this poll: every 4096 frames deep instead.
    if ((frames_.size() & 0xFFF) == 0) check_interrupt();
    push_frame(c, b);
}

// A state whose options are all known is solved by the game in one pass,
// without a frame or the options buffer: the rule when queries climb.
bool Solver::try_direct(Comp c, GameGraph::Blocker& blocker) {
    before_one_pass(comp_state(c));
    std::uint32_t v;
    if (!tables_[comp_graph(c)].graph->try_grundy(comp_state(c), v, blocker)) return false;
    one_pass_solved(c, v);
    return true;
}

void Solver::expand_into(std::size_t index) {
    OptionSink sink(buf_, true);
    ++stats_.expansions;
    const Comp c = frames_[index].comp;
    tables_[comp_graph(c)].graph->expand(comp_state(c), sink);  // may re-enter the solver
    Frame& f = frames_[index];
    f.cursor = f.begin;
    f.end = static_cast<std::uint32_t>(buf_.size());
    f.loaded = true;
}

std::uint32_t Solver::grundy(Comp root) {
    std::uint32_t known = peek(root);
    if (known < explore_base) return known;
    Busy busy(*this);
    if (known != unknown) cycle(root);

    GameGraph::Blocker blocker;
    if (try_direct(root, blocker)) return peek(root);
    if (frames_.empty()) {
        tables_[comp_graph(root)].graph->before_search(comp_state(root));
        if (peek(root) < explore_base) return peek(root);
    }
    const std::size_t base = frames_.size();
    const std::size_t buf_base = buf_.size();
    try {
        push_frame(root, blocker);
        while (frames_.size() > base) {
            Frame* f = &frames_.back();
            if (f->direct) {
                step_direct();
                continue;
            }
            if (!f->loaded) {
                expand_into(frames_.size() - 1);
                f = &frames_.back();
            }
            bool descended = false;
            // Pass 1: replace each component by its value, solving it first
            // when it is not known yet.
            while (f->cursor < f->end) {
                std::uint64_t e = buf_[f->cursor];
                if (e & (OptionSink::header_bit | resolved_bit)) {
                    ++f->cursor;
                    continue;
                }
                if (((f->cursor - f->begin) & 0xFFFF) == 0xFFFF) check_interrupt();  // a state with many moves
                std::uint32_t v = peek(e);
                GameGraph::Blocker b;
                if (v == unknown && try_direct(e, b)) v = peek(e);
                f = &frames_.back();  // try_direct may have re-entered the solver and moved frames_
                if (v == unknown) {
                    if ((stats_.expansions & 0xFFF) == 0) check_interrupt();
                    if (f->regenerate) {
                        buf_.resize(f->begin);
                        f->end = f->cursor = f->begin;
                        f->loaded = false;
                    }
                    push_frame(e, b);
                    descended = true;
                    break;
                }
                if (v >= explore_base) cycle(e);
                buf_[f->cursor++] = resolved_bit | v;
            }
            if (descended) continue;

            // Every component is known: mex over the options' sums. A value
            // of at least the option count cannot be the mex, so the bitset
            // needs no more bits than there are options (nor entries).
            const std::size_t n_options = f->end - f->begin;
            mex_bits_.assign(n_options / 64 + 1, 0);
            std::uint32_t acc = 0;
            bool open = false, loopy = false;
            auto record = [&] {
                if (!open) return;
                if (acc <= n_options) mex_bits_[acc / 64] |= std::uint64_t{1} << (acc % 64);
                loopy |= !is_finite(acc);
            };
            for (std::size_t i = f->begin; i < f->end; ++i) {
                std::uint64_t e = buf_[i];
                if (e & OptionSink::header_bit) {
                    record();
                    acc = 0;
                    open = true;
                } else {
                    acc = nim_add(acc, static_cast<std::uint32_t>(e));  // resolved in pass 1
                }
            }
            record();
            std::uint32_t mex = 0;
            for (std::size_t w = 0; w < mex_bits_.size(); ++w) {
                if (~mex_bits_[w]) {
                    mex = static_cast<std::uint32_t>(w * 64 + __builtin_ctzll(~mex_bits_[w]));
                    break;
                }
            }
            if (loopy) mex = value_beside_loops(option_sums(f->begin, f->end));
            set(f->comp, mex);
            ++stats_.solved;
            buf_.resize(f->begin);
            pop_frame();
        }
    } catch (const CycleFound&) {
        stats_.states -= unwind(base, buf_base);  // the loopy search charges them again
        solve_loopy(root);
        return peek(root);
    } catch (...) {
        unwind(base, buf_base);
        throw;
    }
    frames_.release();
    return peek(root);
}

std::uint64_t Solver::unwind(std::size_t base, std::size_t buf_base) {
    std::uint64_t own = 0;  // states back to unknown that are their own ids
    for (std::size_t i = frames_.size(); i-- > base;) {
        if (peek(frames_[i].comp) == on_path) {
            set(frames_[i].comp, unknown);
            own += own_id(comp_state(frames_[i].comp));
        }
    }
    while (frames_.size() > base) pop_frame();
    frames_.release();
    buf_.resize(buf_base);
    return own;
}

std::uint32_t Solver::grundy(std::span<const Comp> sum) {
    std::uint32_t x = 0;
    for (Comp c : sum) x = nim_add(x, grundy(c));
    return x;
}

std::vector<std::uint32_t> Solver::option_sums(std::size_t begin, std::size_t end) {
    std::vector<std::uint32_t> out;
    for (std::size_t i = begin; i < end; ++i) {
        if (buf_[i] & OptionSink::header_bit) out.push_back(0);
        else out.back() = nim_add(out.back(), static_cast<std::uint32_t>(buf_[i]));
    }
    return out;
}

std::vector<std::vector<Comp>> Solver::options(Comp c) {
    Busy busy(*this);
    const std::size_t base = buf_.size();
    std::vector<std::vector<Comp>> out;
    try {
        OptionSink sink(buf_, false);
        ++stats_.expansions;
        tables_[comp_graph(c)].graph->expand(comp_state(c), sink);
    } catch (...) {
        buf_.resize(base);
        throw;
    }
    for (std::size_t i = base; i < buf_.size(); ++i) {
        if (buf_[i] & OptionSink::header_bit) out.emplace_back();
        else out.back().push_back(buf_[i]);
    }
    buf_.resize(base);
    return out;
}

}  // namespace grundy::solver
