// Misère play: whoever makes the last move loses. The outcome of a sum is
// not the xor of anything, so the search walks sums themselves. A sum is
// kept canonical: components with no moves are dropped (they change
// nothing) and the rest sorted, so equal sums share one memo entry.
#include <algorithm>
#include <iterator>
#include <unordered_map>

#include <boost/container/small_vector.hpp>

#include "solver.hpp"

#include <fmt/format.h>

namespace grundy::solver {

namespace {

// A canonical sum; most have a handful of components, kept inline.
using Key = boost::container::small_vector<Comp, 8>;

struct KeyHash {
    std::size_t operator()(const Key& k) const {
        std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ k.size();
        for (Comp c : k) {
            h ^= c + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
            h *= 0xbf58476d1ce4e5b9ULL;
        }
        return h ^ (h >> 31);
    }
};

enum : std::uint8_t { m_on_path, m_p, m_n };

}  // namespace

struct Solver::Misere {
    std::unordered_map<Key, std::uint8_t, KeyHash> memo;
    std::unordered_map<Comp, std::vector<std::vector<Comp>>> options;  // per component, as expanded
    std::unordered_map<Comp, std::vector<Key>> live;  // the same without parts that have no move, each sorted

    // A sum being decided, and where its children stand: the next is
    // option `option` of part `part`. Children are made one at a time, so
    // an N-position stops making them at its first P child.
    struct Frame {
        Key key;
        std::uint32_t part = 0, option = 0;
    };
    std::vector<Frame> frames;
    Key child;  // the child being looked at, reused
};

Solver::Solver() = default;
Solver::~Solver() = default;

void Solver::clear() {
    for (Table& t : tables_) {
        for (ValueArray& a : t.values) a.clear();
    }
    misere_.reset();
    stats_ = Stats{};
}

std::uint64_t Solver::memory_bytes() const {
    std::uint64_t total = buf_.capacity() * sizeof(buf_[0]) + frames_.capacity() * sizeof(Frame);
    for (const Table& t : tables_)
        for (const ValueArray& a : t.values) total += a.memory_bytes();
    if (misere_) {
        for (auto& [k, v] : misere_->memo) total += 48 + sizeof(Key) + (k.capacity() > 8 ? k.capacity() * sizeof(Comp) : 0);
        for (auto& [c, opts] : misere_->options) {
            total += 48;
            for (auto& o : opts) total += 24 + o.capacity() * sizeof(Comp);
        }
        for (auto& [c, opts] : misere_->live) total += 48 + opts.capacity() * sizeof(Key);
    }
    return total;
}

void Solver::misere_cycle(std::span<const Comp> sum) const {
    std::string text;
    for (std::size_t i = 0; i < sum.size(); ++i)
        text += (i ? " + " : "") + tables_[comp_graph(sum[i])].graph->describe(comp_state(sum[i]));
    throw SolveError(fmt::format("the game has a cycle under misère play: {} can be reached from itself", text));
}

bool Solver::misere_p(std::span<const Comp> sum) {
    if (!misere_) misere_ = std::make_unique<Misere>();
    Misere& m = *misere_;

    auto options_of = [&](Comp c) -> const std::vector<std::vector<Comp>>& {
        auto it = m.options.find(c);
        if (it == m.options.end()) it = m.options.emplace(c, options(c)).first;
        return it->second;
    };
    auto canonical = [&](Key k) {
        k.erase(std::remove_if(k.begin(), k.end(), [&](Comp c) { return options_of(c).empty(); }), k.end());
        std::sort(k.begin(), k.end());
        return k;
    };
    // A component's options as canonical parts, made once: a child of a
    // canonical sum is then the sum without one part, merged with them.
    auto live_options = [&](Comp c) -> const std::vector<Key>& {
        auto it = m.live.find(c);
        if (it != m.live.end()) return it->second;
        std::vector<Key> out;
        for (const auto& option : options_of(c)) out.push_back(canonical(Key(option.begin(), option.end())));
        return m.live.emplace(c, std::move(out)).first->second;
    };
    // The next child of frames[i] into m.child; false when there are no more.
    auto next_child = [&](std::size_t i) {
        for (;;) {
            Misere::Frame& f = m.frames[i];
            const Key& key = f.key;
            if (f.part >= key.size()) return false;
            if (f.part > 0 && key[f.part] == key[f.part - 1]) {  // equal components give equal moves
                ++f.part;
                continue;
            }
            const Comp c = key[f.part];
            const std::vector<Key>& options = live_options(c);  // may expand c, which may re-enter the solver
            Misere::Frame& g = m.frames[i];
            if (g.option == options.size()) {
                ++g.part;
                g.option = 0;
                continue;
            }
            const Key& parts = options[g.option++];
            const std::size_t skip = g.part;
            Key& child = m.child;
            child.clear();
            auto rest = [&](std::size_t j) { return j < skip ? g.key[j] : g.key[j + 1]; };
            std::size_t j = 0, k = 0;
            while (j + 1 < g.key.size() || k < parts.size()) {
                if (k == parts.size() || (j + 1 < g.key.size() && rest(j) <= parts[k])) child.push_back(rest(j++));
                else child.push_back(parts[k++]);
            }
            return true;  // repeats cost a memo lookup each, less than sorting them away
        }
    };

    Key root = canonical(Key(sum.begin(), sum.end()));
    if (root.empty()) return false;  // no moves at all: the player to move has already won
    if (auto it = m.memo.find(root); it != m.memo.end()) {
        if (it->second == m_on_path) misere_cycle({root.data(), root.size()});
        return it->second == m_p;
    }

    const std::size_t base = m.frames.size();
    auto push = [&](const Key& key) {
        // Sums can grow without end (a move that adds a part); counting
        // each component keeps memory bounded by the state limit.
        for (std::size_t i = 0; i < std::max<std::size_t>(key.size(), 1); ++i) charge_state();
        // Each component's options are made now, in order, so a rules
        // error is the first component's, whichever child is looked at
        // first; they may throw: nothing is marked yet.
        for (std::size_t i = 0; i < key.size(); ++i)
            if (i == 0 || key[i] != key[i - 1]) live_options(key[i]);
        m.memo.emplace(key, m_on_path);
        m.frames.push_back(Misere::Frame{key});
    };
    try {
        push(root);
        while (m.frames.size() > base) {
            const std::size_t top = m.frames.size() - 1;
            std::uint8_t result = m_p;  // P unless some move reaches a P-position
            bool descended = false;
            while (next_child(top)) {
                const Key& child = m.child;
                if (child.empty()) continue;  // the opponent faces no moves and wins
                auto it = m.memo.find(child);
                if (it == m.memo.end()) {
                    if ((stats_.misere_solved & 0xFFF) == 0) check_interrupt();
                    --m.frames[top].option;  // made again, and read from the memo, once it is decided
                    push(child);
                    descended = true;
                    break;
                }
                if (it->second == m_on_path) misere_cycle({child.data(), child.size()});
                if (it->second == m_p) {
                    result = m_n;
                    break;
                }
            }
            if (descended) continue;
            m.memo[m.frames[top].key] = result;
            ++stats_.misere_solved;
            m.frames.pop_back();
        }
    } catch (...) {
        for (std::size_t i = m.frames.size(); i-- > base;) m.memo.erase(m.frames[i].key);
        m.frames.resize(base);
        throw;
    }
    return m.memo[root] == m_p;
}

}  // namespace grundy::solver
