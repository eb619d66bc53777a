// Misère play: whoever makes the last move loses. The outcome of a sum is
// not the xor of anything, so the search walks sums themselves. A sum is
// kept canonical: components with no moves are dropped (they change
// nothing) and the rest sorted, so equal sums share one memo entry.
#include <algorithm>

#include <boost/container/small_vector.hpp>

#include "solver.hpp"
#include "sum_memo.hpp"

#include <fmt/format.h>

namespace grundy::solver {

namespace {

// A sum's parts (a root being made canonical, a frame's sum); most have a
// handful.
using Key = boost::container::small_vector<Part, 8>;
std::span<const Part> view(const Key& k) { return {k.data(), k.size()}; }

enum : std::uint8_t { m_on_path, m_p, m_n };

}  // namespace

struct Solver::Misere {
    // What the search knows of one component: its options as expanded
    // (kept only until they are made canonical, and only within
    // raw_budget), then those canonical parts, `count` options from
    // `first` in `options`.
    struct CompOptions {
        Comp comp;
        bool kept = false;               // raw holds its options, option i's parts up to raw_ends[i]
        std::vector<Comp> raw;
        std::vector<std::uint32_t> raw_ends;
        std::uint32_t first = 0, count = 0;
        bool has_moves = false;
        bool live = false;  // first and count are made
        // Once live: the parts of its options of one part that pack, and
        // PartMask::self when an option has no parts (see quick_n).
        PartMask reach;
    };
    // One option of a component: its canonical parts, and their sum_hash.
    struct Option {
        std::uint32_t begin;  // in option_parts
        std::uint32_t size;
        bool parts_live = false;  // each part's options made (a child made with it is pushed)
        std::uint64_t hash;
    };
    // A sum being decided: its parts, its memo entry, and where its children
    // stand: the next is options[option] of part `part`. Children are made
    // one at a time, so an N-position stops making them at its first P
    // child.
    struct Frame {
        Key parts;
        std::uint64_t hash;  // sum_hash(parts)
        std::uint64_t key;   // packed, or 0
        std::uint32_t entry;
        std::uint32_t part = 0;
        std::uint32_t option = 0, end = 0;  // the part's options, once `started`
        bool started = false;
        bool fresh = true;  // not yet looked at (quick_n)
        // Once started, the sum without the part: its sum_hash, and its key
        // (when the sum packs), to which a child adds the option's parts.
        std::uint64_t rest_hash = 0, rest_key = 0;
    };

    // The child next_open_child found: part `part` of the top frame's sum
    // replaced by options[option]. It is looked up in the memo as that (by
    // its key when it packs), and written out (make_child) only to be
    // pushed or reported, or to see whether it packs when its parent does
    // not.
    struct Child {
        std::uint32_t part = 0, option = 0;
        std::size_t size = 0;
        std::uint64_t hash = 0;
        std::uint64_t key = 0;  // packed, or 0
    };
    // push's `option` for a root sum: its parts' options may need making,
    // or (root_live) are all made already.
    static constexpr std::int64_t root = -1, root_live = -2;
    // How many children ahead of the one looked up a packed child's slot is
    // fetched: enough to cover a memory load, few enough not to waste
    // loads on an N-position that stops at its first P child.
    static constexpr std::uint32_t ahead = 2;

    explicit Misere(Solver& s) : solver(s) {}

    // c's number in comps (the Part that stands for it in sums), expanding
    // c the first time.
    Part options_of(Comp c) {
        const std::int64_t n = index.find(c);
        return n >= 0 ? static_cast<Part>(n) : expand(c);
    }
    // n, with its options' canonical parts made (once): a child of a
    // canonical sum is then the sum without one part, merged with them.
    Part live(Part n) { return comps[n].live ? n : make_live(n); }
    Part expand(Comp c);
    Part make_live(Part n);
    [[noreturn]] void cycle(std::span<const Part> sum) const;
    void charge(std::size_t states);

    // Finds frames[i]'s next child that is not known to be an N-position
    // (into `next`, with its memo entry or -1 in `e`); false when there
    // are no more. Children with no moves at all are skipped too (the
    // opponent, facing no move, wins).
    bool next_open_child(std::size_t i, std::int64_t& e);
    bool start_part(std::size_t i);
    // Whether f (which packs) has a child known to be a P-position, by
    // p_index: f less one part, plus one of the part's options of at most
    // one part. Most N-positions are settled so, in a read or two, not a
    // read per child until a P one; a miss proves nothing.
    bool quick_n(const Frame& f) const;
    void index_p(const Frame& f);  // f (which packs) is a P-position
    // Whether fn(part, key of f less that part) holds for some distinct
    // part of f (which packs), asked in order until it does.
    template <typename Fn> static bool any_rest(const Frame& f, Fn&& fn) {
        for (std::size_t i = 0; i < f.parts.size(); ++i)
            if ((i == 0 || f.parts[i] != f.parts[i - 1]) && fn(f.parts[i], packed::remove(f.key, i))) return true;
        return false;
    }
    // The next child as next_open_child's packed scan leaves it: one that
    // does not pack, or one of a sum that does not (which may).
    void take_option(Frame& f) {
        const Option& o = options[f.option];
        next = Child{f.part, f.option, f.parts.size() - 1 + o.size, f.rest_hash + o.hash, 0};
        if (f.key == 0 && next.size <= packed::max_parts && next.size > 0)
            next.key = packed::pack(make_child(f));  // a sum that packs is only found packed
        if (f.option + ahead < f.end) memo.prefetch_packed(f.rest_hash + options[f.option + ahead].hash);
        ++f.option;
    }
    bool child_is(const Frame& f, const Part* sum) const {
        const Option& o = options[next.option];
        return is_child(sum, view(f.parts), next.part, {option_parts.data() + o.begin, o.size});
    }
    std::span<const Part> make_child(const Frame& f);

    std::uint32_t push(std::span<const Part> key, std::uint64_t hash, std::uint64_t packed_key, std::int64_t option,
                       std::int64_t entry);
    std::size_t memory_bytes() const;

    Solver& solver;
    static constexpr std::size_t raw_budget = std::size_t{1} << 22;  // Comps and ends kept in raw, 32 MB at most
    std::size_t raw_kept = 0;
    CompIndex index;  // component -> its number in comps
    std::vector<CompOptions> comps;
    std::vector<Option> options;
    std::vector<Part> option_parts;
    SumMemo memo;
    PIndex p_index;
    std::vector<Frame> frames;
    Child next;
    std::vector<Part> child;  // make_child's, reused
};

// c's number in comps, for c not there yet.
Part Solver::Misere::expand(Comp c) {
    // Expanding may run rules that ask a misère question of their own, so
    // c is entered only once its options are made.
    const std::vector<std::vector<Comp>> raw = solver.options(c);
    bool is_new = false;
    const std::uint32_t n = index.insert(c, is_new);
    if (is_new) {
        CompOptions info;
        info.comp = c;
        info.has_moves = !raw.empty();
        std::size_t size = 0;
        for (const auto& option : raw) size += option.size() + 1;
        // Components of many options have options of many options (Nim(n):
        // n^2 / 2 in all), most never made live: past the budget, a
        // component is expanded again when made live.
        if (raw_kept + size <= raw_budget) {
            raw_kept += size;
            info.kept = true;
            for (const auto& option : raw) {
                info.raw.insert(info.raw.end(), option.begin(), option.end());
                info.raw_ends.push_back(static_cast<std::uint32_t>(info.raw.size()));
            }
        }
        comps.push_back(std::move(info));
    }
    return n;
}

// Makes the canonical parts of comps[n]'s options.
Part Solver::Misere::make_live(Part n) {
    // Parts made aside: options_of may expand a part, which may re-enter
    // the search and make these options too.
    std::vector<std::vector<Comp>> raw;
    if (comps[n].kept) {
        std::uint32_t from = 0;
        for (std::uint32_t end : comps[n].raw_ends) {
            raw.emplace_back(comps[n].raw.begin() + from, comps[n].raw.begin() + end);
            from = end;
        }
    } else {
        raw = solver.options(comps[n].comp);
    }
    std::vector<Option> made;
    std::vector<Part> parts;
    PartMask reach;
    Key k;
    for (const std::vector<Comp>& option : raw) {
        if ((made.size() & 0xFFF) == 0xFFF) solver.check_interrupt();  // a component of many options, each expanded
        k.clear();
        for (Comp c : option)
            if (const Part p = options_of(c); comps[p].has_moves) k.push_back(p);
        std::sort(k.begin(), k.end());
        if (k.empty()) reach.set(PartMask::self);
        if (k.size() == 1 && k[0] <= packed::max_part) reach.set(k[0]);
        made.push_back(Option{static_cast<std::uint32_t>(parts.size()), static_cast<std::uint32_t>(k.size()), false,
                              sum_hash(view(k))});
        parts.insert(parts.end(), k.begin(), k.end());
    }
    CompOptions& info = comps[n];
    if (info.live) return n;
    info.first = static_cast<std::uint32_t>(options.size());
    info.count = static_cast<std::uint32_t>(made.size());
    if (option_parts.size() + parts.size() > UINT32_MAX)
        throw std::length_error("too many options for the misère search");
    for (Option o : made) {
        o.begin += static_cast<std::uint32_t>(option_parts.size());
        options.push_back(o);
    }
    option_parts.insert(option_parts.end(), parts.begin(), parts.end());
    info.reach = reach;
    info.live = true;
    if (info.kept) {
        raw_kept -= info.raw.size() + info.raw_ends.size();
        info.kept = false;
        info.raw = {};
        info.raw_ends = {};
    }
    return n;
}

// Counts `states` states against the limit, as that many charge_state()
// calls would, throwing at the same one.
void Solver::Misere::charge(std::size_t states) {
    Stats& stats = solver.stats_;
    if (stats.states + states <= solver.max_states_) {
        stats.states += states;
        return;
    }
    for (std::size_t i = 0; i < states; ++i) solver.charge_state();
}

// Starts frames[i]'s next part with moves (after the current one, if
// started); false when there is none.
bool Solver::Misere::start_part(std::size_t i) {
    for (;;) {
        Frame& f = frames[i];
        if (f.started) {
            ++f.part;
            f.started = false;
        }
        if (f.part >= f.parts.size()) return false;
        if (f.part > 0 && f.parts[f.part] == f.parts[f.part - 1]) {  // equal components give equal moves
            ++f.part;
            continue;
        }
        const Part n = live(f.parts[f.part]);  // may expand, and re-enter the search
        Frame& g = frames[i];
        g.option = comps[n].first;
        g.end = g.option + comps[n].count;
        g.started = true;
        g.rest_hash = g.hash - comp_hash(g.parts[g.part]);
        g.rest_key = g.key != 0 ? packed::remove(g.key, g.part) : 0;
        for (std::uint32_t k = g.option; k < g.end && k < g.option + ahead; ++k)
            memo.prefetch_packed(g.rest_hash + options[k].hash);
        return true;
    }
}

bool Solver::Misere::next_open_child(std::size_t i, std::int64_t& e) {
    for (;;) {
        Frame& f = frames[i];
        if (!f.started || f.option == f.end) {
            if (!start_part(i)) return false;
            continue;
        }
        if (f.key != 0) {
            // The usual case, a sum that packs: its children are scanned
            // here, most of them known N-positions, each a key made from
            // f.rest_key and one slot read.
            const std::size_t rest = f.parts.size() - 1;
            std::uint32_t k = f.option;
            for (; k != f.end; ++k) {
                const Option& o = options[k];
                if (rest + o.size > packed::max_parts) break;  // it does not pack: below
                if (rest + o.size == 0) continue;
                std::uint64_t key = f.rest_key;
                for (std::size_t j = 0; j < o.size && (j == 0 || key != 0); ++j)
                    key = packed::insert(key, rest + j, option_parts[o.begin + j]);
                if (key == 0) break;  // nor does this one
                if (k + ahead < f.end) memo.prefetch_packed(f.rest_hash + options[k + ahead].hash);
                const std::uint64_t h = f.rest_hash + o.hash;
                e = memo.find_packed(key, h);
                if (e >= 0 && memo.state(static_cast<std::uint32_t>(e)) == m_n) continue;
                next = Child{f.part, k, rest + o.size, h, key};
                f.option = k + 1;
                return true;
            }
            f.option = k;
            if (k == f.end) continue;
        }
        take_option(f);
        if (next.size == 0) continue;
        e = next.key != 0 ? memo.find_packed(next.key, next.hash)
                          : memo.find_if(next.hash, next.size, [&](const Part* s) { return child_is(f, s); });
        if (e >= 0 && memo.state(static_cast<std::uint32_t>(e)) == m_n) continue;
        return true;
    }
}

bool Solver::Misere::quick_n(const Frame& f) const {
    return any_rest(f, [&](Part part, std::uint64_t rest) { return p_index.find(rest).meets(comps[part].reach); });
}

void Solver::Misere::index_p(const Frame& f) {
    p_index.add(f.key, PartMask::self);
    any_rest(f, [&](Part part, std::uint64_t rest) {
        if (part <= packed::max_part) p_index.add(rest, part);
        return false;
    });
}

// `next`, a child of f, written out.
std::span<const Part> Solver::Misere::make_child(const Frame& f) {
    const Option& o = options[next.option];
    child.resize(next.size);
    write_child(child.data(), view(f.parts), next.part, {option_parts.data() + o.begin, o.size});
    return child;
}

// Starts deciding `key` (canonical, not empty, not decided; packed_key is
// its packed form, or 0 when it does not pack): option `option` (an index
// in `options`) of one part of the top frame's sum, or a root. `entry` is
// what the memo has just said of it: its (absent) entry, or -1. Returns its
// memo entry; no frame is pushed when a search re-entered while its
// components were expanded has decided it.
std::uint32_t Solver::Misere::push(std::span<const Part> key, std::uint64_t hash, std::uint64_t packed_key,
                                   std::int64_t option, std::int64_t entry) {
    // Sums can grow without end (a move that adds a part); counting each
    // component keeps memory bounded by the state limit.
    charge(std::max<std::size_t>(key.size(), 1));
    // Entered in the memo (absent) and copied first: expanding may re-enter
    // the search, which reuses `child`.
    const std::uint32_t e = entry >= 0       ? static_cast<std::uint32_t>(entry)
                            : packed_key != 0 ? memo.add_packed(packed_key, hash)
                                              : memo.add_unpacked(key, hash);
    Frame f{Key(key.begin(), key.end()), hash, packed_key, e};
    // Each component's options are made now, in order, so a rules error is
    // the first component's, whichever child is looked at first; they may
    // throw: the sum stays absent. A child's other parts are its parent's,
    // already made, so only the option's parts (sorted, so met in the same
    // order) can be new.
    if (option == root) {
        for (std::size_t i = 0; i < f.parts.size(); ++i)
            if (i == 0 || f.parts[i] != f.parts[i - 1]) live(f.parts[i]);
    } else if (option >= 0 && !options[option].parts_live) {
        for (std::uint32_t i = 0; i < options[option].size; ++i)
            live(option_parts[options[option].begin + i]);
        options[option].parts_live = true;
    }
    if (memo.state(e) != SumMemo::absent) return e;
    memo.set_state(e, m_on_path);
    frames.push_back(std::move(f));
    return e;
}

std::size_t Solver::Misere::memory_bytes() const {
    std::size_t total = index.memory_bytes() + memo.memory_bytes() + p_index.memory_bytes() + comps.capacity() * sizeof(CompOptions) +
                        options.capacity() * sizeof(Option) + option_parts.capacity() * sizeof(Part) +
                        frames.capacity() * sizeof(Frame) + child.capacity() * sizeof(Part);
    for (const Frame& f : frames)
        if (f.parts.capacity() > Key::static_capacity) total += f.parts.capacity() * sizeof(Part);
    return total + raw_kept * sizeof(Comp);
}

void Solver::Misere::cycle(std::span<const Part> sum) const {
    std::vector<Comp> comps;
    for (Part p : sum) comps.push_back(index.comp(p));
    solver.misere_cycle(comps);
}

Solver::Solver() = default;
Solver::~Solver() = default;

void Solver::clear() {
    for (Table& t : tables_) {
        for (ValueArray& a : t.values) a.clear();
    }
    misere_.reset();
    remoteness_.clear();
    stats_ = Stats{};
}

void Solver::forget(std::uint32_t graph) {
    for (ValueArray& a : tables_[graph].values) a.clear();
    for (Table& t : tables_)  // misère twins' outcomes mix games, as the sums do
        if (t.is_twin)
            for (ValueArray& a : t.values) a.clear();
    std::erase_if(remoteness_, [&](const auto& entry) { return comp_graph(entry.first) == graph; });
    misere_.reset();  // its sums mix games: all of it
}

std::uint64_t Solver::memory_bytes() const {
    std::uint64_t total = buf_.capacity() * sizeof(buf_[0]) + frames_.memory_bytes() + outcome_frames_.memory_bytes() +
                          resumes_.capacity() * sizeof(resumes_[0]);
    for (const Table& t : tables_)
        for (const ValueArray& a : t.values) total += a.memory_bytes();
    if (misere_) total += misere_->memory_bytes();
    total += remoteness_.size() * (sizeof(Comp) + sizeof(std::uint64_t) + 2 * sizeof(void*));
    for (const auto& k : infinite_sets_) total += k.capacity() * sizeof(std::uint32_t) + sizeof(k);
    return total;
}

void Solver::misere_cycle(std::span<const Comp> sum) const {
    std::string text;
    for (std::size_t i = 0; i < sum.size(); ++i)
        text += (i ? " + " : "") + tables_[comp_graph(sum[i])].graph->describe(comp_state(sum[i]));
    throw SolveError(fmt::format(
        "the game has a cycle under misère play: {} can be reached from itself (under misère play a loopy game is "
        "solved for a position of one component, not for a sum)",
        text));
}

bool Solver::misere_p(std::span<const Comp> sum) { return misere_outcome(sum) == Outcome::p; }

Solver::Outcome Solver::misere_outcome(std::span<const Comp> sum) {
    Busy busy(*this);
    Outcome o;
    if (sum.size() == 1 && twin_outcome(sum[0], o)) return o;
    if (!misere_) misere_ = std::make_unique<Misere>(*this);
    Misere& m = *misere_;

    Key root;
    bool live = true;  // every part's options made already (the usual case once a few sums are solved)
    for (Comp c : sum) {
        const Part p = m.options_of(c);
        if (!m.comps[p].has_moves) continue;
        root.push_back(p);
        live = live && m.comps[p].live;
    }
    if (root.empty()) return Outcome::n;  // no moves at all: the player to move has already won
    std::sort(root.begin(), root.end());
    const std::uint64_t hash = sum_hash(view(root));
    const std::uint64_t key = packed::pack(view(root));
    const std::int64_t known = key != 0 ? m.memo.find_packed(key, hash) : m.memo.find(view(root), hash);
    if (known >= 0 && m.memo.state(known) != SumMemo::absent) {
        if (m.memo.state(known) == m_on_path) m.cycle(view(root));
        return m.memo.state(known) == m_p ? Outcome::p : Outcome::n;
    }

    const std::size_t base = m.frames.size();
    std::uint32_t entry = 0;
    try {
        entry = m.push(view(root), hash, key, live ? Misere::root_live : Misere::root, known);
        while (m.frames.size() > base) {
            const std::size_t top = m.frames.size() - 1;
            std::uint8_t result = m_p;  // P unless some move reaches a P-position
            bool descended = false;
            std::int64_t e = -1;
            Misere::Frame& t = m.frames[top];
            const bool quick = t.fresh && t.key != 0 && m.quick_n(t);
            t.fresh = false;
            if (quick) {
                result = m_n;
                ++stats_.misere_indexed;
            }
            while (!quick && m.next_open_child(top, e)) {
                const Misere::Frame& f = m.frames[top];
                const std::uint8_t state = e < 0 ? SumMemo::absent : m.memo.state(static_cast<std::uint32_t>(e));
                if (state == SumMemo::absent) {
                    if ((stats_.misere_solved & 0xFFF) == 0) check_interrupt();
                    --m.frames[top].option;  // made again, and read from the memo, once it is decided
                    m.push(m.make_child(f), m.next.hash, m.next.key, m.next.option, e);
                    descended = true;
                    break;
                }
                if (state == m_on_path) m.cycle(m.make_child(f));
                result = m_n;  // a P child
                break;
            }
            if (descended) continue;
            if (result == m_p && m.frames[top].key != 0) m.index_p(m.frames[top]);
            m.memo.set_state(m.frames[top].entry, result);
            ++stats_.misere_solved;
            m.frames.pop_back();
        }
    } catch (...) {
        for (std::size_t i = m.frames.size(); i-- > base;) m.memo.set_state(m.frames[i].entry, SumMemo::absent);
        m.frames.resize(base);
        throw;
    }
    return m.memo.state(entry) == m_p ? Outcome::p : Outcome::n;
}

}  // namespace grundy::solver
