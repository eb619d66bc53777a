// Flat tables for the misère search (misere.cpp): a memo from sums to a
// byte (SumMemo), an index of P-positions by sums less one part (PIndex),
// and an index from components to small ints (CompIndex).
//
// A node-based hash map of small vectors costs an allocation and a pointer
// chase per sum. Here a sum of a few small parts (the usual case) packs
// into one word, which its slot holds whole: a lookup reads one slot. Any
// other sum lives in an arena, found by open addressing over 8-byte slots
// (a 32-bit tag of the hash and where the sum starts), so a miss rarely
// touches the arena. Single-threaded, like the solver.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "game_graph.hpp"

namespace grundy::solver {

// The hash of one component (a Comp, or a Part below). A sum's hash is the
// (wrapping) sum of its components' hashes: independent of order, and a
// child of a sum (one part replaced by an option's parts) is hashed in
// constant time from its parent's hash.
inline std::uint64_t comp_hash(Comp c) {
    std::uint64_t x = c + 0x9e3779b97f4a7c15ULL;  // splitmix64's finaliser
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

inline std::uint64_t sum_hash(std::span<const std::uint32_t> sum) {
    std::uint64_t h = 0;
    for (std::uint32_t c : sum) h += comp_hash(c);
    return h;
}

// A component as the misère search stores it: its number in a CompIndex.
using Part = std::uint32_t;

// A sorted sum packed into one word, in one of two forms chosen by the sum
// alone (so a sum has one key): of at most 8 parts, each at most 126, byte
// i is part i + 1 and the bytes past the last part are 0; otherwise, of at
// most 4 parts each at most 32765, bit 63 is set and the 15 bits from 15 i
// hold part i + 1 (a few games of many positions each, such as misère Nim
// on three large heaps). A key is never 0: 0 stands for the empty sum or
// for a sum that does not pack. A child of a byte-packed sum is made from
// its parent's word in a few instructions (remove, insert).
namespace packed {
inline constexpr std::size_t max_parts = 8;
inline constexpr Part max_part = 126;  // bytes below 128: insert() compares them eight at a time
inline constexpr std::size_t max_wide_parts = 4;
// Fields below 0x7FFF, so that no key is all ones (PIndex's empty sum).
inline constexpr Part max_wide_part = 32765;
inline constexpr std::uint64_t wide = std::uint64_t{1} << 63;

// The key of `sum`, or 0 when it does not pack.
inline std::uint64_t pack(std::span<const Part> sum) {
    if (sum.size() <= max_parts && std::all_of(sum.begin(), sum.end(), [](Part p) { return p <= max_part; })) {
        std::uint64_t key = 0;
        for (std::size_t i = 0; i < sum.size(); ++i) key |= std::uint64_t{sum[i] + 1} << (8 * i);
        return key;
    }
    if (sum.size() > max_wide_parts) return 0;
    std::uint64_t key = wide;
    for (std::size_t i = 0; i < sum.size(); ++i) {
        if (sum[i] > max_wide_part) return 0;
        key |= std::uint64_t{sum[i] + 1} << (15 * i);
    }
    return key;
}
// The parts of `key` into out (room for max_parts + 1); their number.
inline std::size_t unpack(std::uint64_t key, Part* out) {
    const unsigned width = key & wide ? 15 : 8;
    const std::uint64_t field = (std::uint64_t{1} << width) - 1;
    std::size_t n = 0;
    for (key &= ~wide; key != 0; key >>= width) out[n++] = static_cast<Part>((key & field) - 1);
    return n;
}
// `key` without its part i.
inline std::uint64_t remove(std::uint64_t key, std::size_t i) {
    if (key & wide) {  // the rest may take the byte form
        Part parts[max_parts + 1];
        const std::size_t n = unpack(key, parts);
        for (std::size_t j = i + 1; j < n; ++j) parts[j - 1] = parts[j];
        return pack({parts, n - 1});
    }
    const std::uint64_t below = (std::uint64_t{1} << (8 * i)) - 1;
    return (key & below) | ((key >> 8) & ~below);
}
// `key`, of n parts, with part p merged in; 0 when that sum does not pack.
inline std::uint64_t insert(std::uint64_t key, std::size_t n, Part p) {
    if ((key & wide) || p > max_part || n >= max_parts) {
        if (n >= max_parts) return 0;
        Part parts[max_parts + 1];
        const std::size_t m = unpack(key, parts);
        Part* at = std::upper_bound(parts, parts + m, p);
        std::copy_backward(at, parts + m, parts + m + 1);
        *at = p;
        return pack({parts, m + 1});
    }
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const std::uint64_t b = p + 1;
    // A byte x (below 128) is below b when (x | 0x80) - b keeps its high bit
    // clear; no byte borrows from the next. The 8 - n empty bytes are below
    // b too, so the parts below b number n less the high bits left set,
    // counted by a multiply (x86-64's baseline has no popcnt).
    const std::uint64_t at_least = (((key | highs) - b * ones) & highs) >> 7;
    const std::size_t at = n - static_cast<std::size_t>((at_least * ones) >> 56);
    const std::uint64_t below = (std::uint64_t{1} << (8 * at)) - 1;
    return (key & below) | (b << (8 * at)) | ((key & ~below) << 8);
}
}  // namespace packed

// A child of a sorted sum: `parent` with parent[skip] replaced by `parts`
// (sorted too), merged. The search compares a memo entry with a child
// without writing the child out (is_child), and writes it (write_child) only
// to push it.
inline bool is_child(const std::uint32_t* sum, std::span<const std::uint32_t> parent, std::size_t skip,
                     std::span<const std::uint32_t> parts) {
    const std::uint32_t* x = parent.data();
    const std::size_t n = parent.size();
    auto same = [](const std::uint32_t* a, const std::uint32_t* b, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i)
            if (a[i] != b[i]) return false;
        return true;
    };
    // An option of one part or none (a heap made smaller, or emptied): the
    // parent's runs on either side of the change, compared straight.
    if (parts.empty()) return same(sum, x, skip) && same(sum + skip, x + skip + 1, n - skip - 1);
    if (parts.size() == 1) {
        const std::uint32_t q = parts[0];  // merged after the parts <= q
        std::size_t j;
        if (q < x[skip]) {
            for (j = skip; j > 0 && x[j - 1] > q; --j) {}
            return same(sum, x, j) && sum[j] == q && same(sum + j + 1, x + j, skip - j) &&
                   same(sum + skip + 1, x + skip + 1, n - skip - 1);
        }
        for (j = skip + 1; j < n && x[j] <= q; ++j) {}
        return same(sum, x, skip) && same(sum + skip, x + skip + 1, j - skip - 1) && sum[j - 1] == q &&
               same(sum + j, x + j, n - j);
    }
    const std::uint32_t* p = parts.data();
    const std::uint32_t* const end = p + parts.size();
    for (std::size_t i = 0; i < parent.size(); ++i) {
        if (i == skip) continue;
        for (; p != end && *p < parent[i]; ++p)
            if (*sum++ != *p) return false;
        if (*sum++ != parent[i]) return false;
    }
    for (; p != end; ++p)
        if (*sum++ != *p) return false;
    return true;
}
inline void write_child(std::uint32_t* out, std::span<const std::uint32_t> parent, std::size_t skip,
                        std::span<const std::uint32_t> parts) {
    const std::uint32_t* p = parts.data();
    const std::uint32_t* const end = p + parts.size();
    for (std::size_t i = 0; i < parent.size(); ++i) {
        if (i == skip) continue;
        for (; p != end && *p < parent[i]; ++p) *out++ = *p;
        *out++ = parent[i];
    }
    std::copy(p, end, out);
}

// Open addressing with linear probing, under each table below. A slot is
// placed by the high bits of a 64-bit hash; Slot::top() gives the hash's
// high 32 bits (kept in the slot, or made again, to grow) and
// Slot::empty() marks a free slot. Kept at most three quarters full, so
// that probe runs stay a cache line or two.
template <typename Slot> class OpenSlots {
public:
    // The first slot of the run from `top` that `stop` accepts (a free
    // one at the latest); null in an empty table.
    template <typename Stop> const Slot* probe(std::uint32_t top, Stop&& stop) const {
        if (slots_.empty()) return nullptr;
        for (std::size_t i = index(top);; i = (i + 1) & mask_)
            if (stop(slots_[i])) return &slots_[i];
    }
    template <typename Stop> Slot* probe(std::uint32_t top, Stop&& stop) {
        return const_cast<Slot*>(std::as_const(*this).probe(top, stop));
    }
    // A free slot for a new entry whose hash's high bits are `top`.
    Slot& add(std::uint32_t top) {
        if (4 * (count_ + 1) > 3 * slots_.size()) grow();
        ++count_;
        return free_slot(top);
    }
    void prefetch(std::uint32_t top) const {
        if (!slots_.empty()) __builtin_prefetch(&slots_[index(top)]);
    }
    std::size_t memory_bytes() const { return slots_.capacity() * sizeof(Slot); }

private:
    // Slots are at most 2^32, so the top 32 bits hold every index bit.
    std::size_t index(std::uint32_t top) const { return static_cast<std::size_t>(top) >> shift_; }
    Slot& free_slot(std::uint32_t top) {
        std::size_t i = index(top);
        while (!slots_[i].empty()) i = (i + 1) & mask_;
        return slots_[i];
    }
    void grow() {
        const std::size_t size = slots_.empty() ? 64 : slots_.size() * 2;
        if (size > (std::size_t{1} << 32)) throw std::length_error("too many entries for a flat table");
        std::vector<Slot> old(size);
        old.swap(slots_);
        mask_ = size - 1;
        shift_ = 32 - std::countr_zero(size);
        for (const Slot& s : old)
            if (!s.empty()) free_slot(s.top()) = s;
    }

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    int shift_ = 32;
    std::size_t count_ = 0;
};

inline std::uint32_t top_of(std::uint64_t h) { return static_cast<std::uint32_t>(h >> 32); }

// Entries found by a hash and a test of the entry itself (the arena's sums
// in SumMemo): a slot holds the hash's high bits as a tag, which settles
// most slots without touching an entry, and the entry; 8 bytes.
class FlatSlots {
public:
    // The entry whose hash is h and that `same` accepts, or -1.
    template <typename Same> std::int64_t find(std::uint64_t h, Same&& same) const {
        const std::uint32_t tag = top_of(h);
        const Slot* s =
            slots_.probe(tag, [&](const Slot& x) { return x.empty() || (x.tag == tag && same(x.entry - 1)); });
        return !s || s->empty() ? -1 : std::int64_t{s->entry} - 1;
    }
    // Records entry e (not yet present) under hash h.
    void insert(std::uint32_t e, std::uint64_t h) { slots_.add(top_of(h)) = Slot{top_of(h), e + 1}; }
    std::size_t memory_bytes() const { return slots_.memory_bytes(); }

private:
    struct Slot {
        std::uint32_t tag = 0;
        std::uint32_t entry = 0;  // the entry (SumMemo: where the sum starts) + 1; 0: empty
        bool empty() const { return entry == 0; }
        std::uint32_t top() const { return tag; }
    };
    OpenSlots<Slot> slots_;
};

// Packed sums (see `packed`) to entry numbers: 16-byte slots that hold the
// key itself, so a lookup reads one slot and nothing else. Like FlatSlots,
// a slot is placed by its sum's sum_hash (a child's is its parent's plus a
// difference).
class PackedSlots {
public:
    std::int64_t find(std::uint64_t key, std::uint64_t h) const {
        const Slot* s = slots_.probe(top_of(h), [&](const Slot& x) { return x.key == key || x.empty(); });
        return !s || s->empty() ? -1 : std::int64_t{s->entry};
    }
    // Records entry e under `key` (not 0, not yet present), whose hash is h.
    void insert(std::uint64_t key, std::uint64_t h, std::uint32_t e) {
        slots_.add(top_of(h)) = Slot{key, e, top_of(h)};
    }
    void prefetch(std::uint64_t h) const { slots_.prefetch(top_of(h)); }
    std::size_t memory_bytes() const { return slots_.memory_bytes(); }

private:
    struct Slot {
        std::uint64_t key = 0;  // 0: empty
        std::uint32_t entry = 0;
        std::uint32_t tag = 0;  // the hash's high 32 bits
        bool empty() const { return key == 0; }
        std::uint32_t top() const { return tag; }
    };
    OpenSlots<Slot> slots_;
};

// A set of parts that pack (0..126) and bit 127, which PIndex and the
// search give a meaning of their own.
struct PartMask {
    static constexpr unsigned self = 127;
    std::uint64_t w[2] = {0, 0};
    void set(unsigned bit) { w[bit >> 6] |= std::uint64_t{1} << (bit & 63); }
    bool meets(const PartMask& o) const { return ((w[0] & o.w[0]) | (w[1] & o.w[1])) != 0; }
};

// P-positions that pack, indexed by each sum less one part: under key R,
// the parts q for which R + q is a P-position, and bit `self` when R itself
// is one. The search looks up a sum less each of its parts to find a P
// child in one read per part instead of one per child (Solver::Misere::
// quick_n). The empty sum (key 0) is kept under a key of its own.
class PIndex {
public:
    // `key` 0 is the empty sum.
    PartMask find(std::uint64_t key) const {
        key = stored(key);
        const Slot* s = slots_.probe(Slot::top_of_key(key), [&](const Slot& x) { return x.key == key || x.empty(); });
        return !s || s->empty() ? PartMask{} : s->parts;
    }
    void add(std::uint64_t key, unsigned bit) {
        key = stored(key);
        Slot* s = slots_.probe(Slot::top_of_key(key), [&](const Slot& x) { return x.key == key || x.empty(); });
        if (!s || s->empty()) {
            s = &slots_.add(Slot::top_of_key(key));
            s->key = key;
        }
        s->parts.set(bit);
    }
    std::size_t memory_bytes() const { return slots_.memory_bytes(); }

private:
    struct Slot {
        std::uint64_t key = 0;  // 0: empty
        PartMask parts;
        static std::uint32_t top_of_key(std::uint64_t key) { return top_of(comp_hash(key)); }
        bool empty() const { return key == 0; }
        std::uint32_t top() const { return top_of_key(key); }
    };
    // The empty sum's key in a slot, where 0 marks a free one: never a
    // packed key (see packed::max_wide_part).
    static std::uint64_t stored(std::uint64_t key) { return key != 0 ? key : ~std::uint64_t{0}; }
    OpenSlots<Slot> slots_;
};

// Sums (sorted multisets of parts, not empty) to a state byte. Entries are
// numbered 0, 1, 2, ... and never removed: a sum that must be forgotten
// gets the state `absent`, which lookups report as such and insert()
// reuses.
//
// A sum that packs is found by its key (PackedSlots). Any other is kept in
// an arena as two header words (its size and its entry number) followed by
// its parts, in chunks of 2^16 words that never move, so the memo grows
// without copying; it is found by its sum_hash (FlatSlots, whose entry is
// where the sum starts: chunk << 16 | word). Sizes are below 2^24.
class SumMemo {
public:
    static constexpr std::uint8_t absent = 0xFF;

    std::uint32_t size() const { return static_cast<std::uint32_t>(states_.size()); }
    std::uint8_t state(std::uint32_t e) const { return states_[e]; }
    void set_state(std::uint32_t e, std::uint8_t s) { states_[e] = s; }

    // The entry of `sum` (whose sum_hash is h), or -1; it may be absent.
    std::int64_t find(std::span<const Part> sum, std::uint64_t h) const {
        if (const std::uint64_t key = packed::pack(sum)) return find_packed(key, h);
        return find_if(h, sum.size(), [&](const Part* p) { return std::equal(sum.begin(), sum.end(), p); });
    }
    // The entry of `sum`, made (absent) when there is none.
    std::uint32_t insert(std::span<const Part> sum, std::uint64_t h) {
        const std::int64_t e = find(sum, h);
        return e >= 0 ? static_cast<std::uint32_t>(e) : add(sum, h);
    }
    // The same for a sum known to have no entry.
    std::uint32_t add(std::span<const Part> sum, std::uint64_t h) {
        if (const std::uint64_t key = packed::pack(sum)) return add_packed(key, h);
        return add_unpacked(sum, h);
    }

    // The search's own calls, when it knows whether a sum packs.
    std::int64_t find_packed(std::uint64_t key, std::uint64_t h) const { return packed_.find(key, h); }
    std::uint32_t add_packed(std::uint64_t key, std::uint64_t h) {
        const std::uint32_t e = new_entry();
        packed_.insert(key, h, e);
        return e;
    }
    void prefetch_packed(std::uint64_t h) const { packed_.prefetch(h); }
    // For a sum that does not pack, of `size` parts, not at hand: `is(p)`
    // says whether the parts at p are that sum.
    template <typename Is> std::int64_t find_if(std::uint64_t h, std::size_t size, Is&& is) const {
        const std::int64_t at = slots_.find(h, [&](std::uint32_t w) {
            const Part* x = word(w);
            return x[0] == size && is(x + 2);
        });
        return at < 0 ? -1 : std::int64_t{word(static_cast<std::uint32_t>(at))[1]};
    }
    std::uint32_t add_unpacked(std::span<const Part> sum, std::uint64_t h) {
        const std::size_t words = sum.size() + 2;
        if (sum.size() >= (std::size_t{1} << 24)) throw std::length_error("a sum of too many components");
        if (chunks_.empty() || used_ + words > chunk_words) {
            // A sum longer than a chunk gets a chunk of its own.
            if (chunks_.size() >= (std::size_t{1} << 16)) throw std::length_error("too many sums for the misère memo");
            chunks_.push_back(std::make_unique_for_overwrite<Part[]>(std::max(words, chunk_words)));
            words_ += std::max(words, chunk_words);
            used_ = 0;
        }
        const auto w = static_cast<std::uint32_t>((chunks_.size() - 1) << chunk_bits | used_);
        const std::uint32_t e = new_entry();
        Part* x = chunks_.back().get() + used_;
        x[0] = static_cast<Part>(sum.size());
        x[1] = e;
        std::copy(sum.begin(), sum.end(), x + 2);
        // The next sum starts in a new chunk after one that overflows a chunk.
        used_ = words > chunk_words ? chunk_words : used_ + words;
        slots_.insert(w, h);
        return e;
    }

    std::size_t memory_bytes() const {
        return packed_.memory_bytes() + slots_.memory_bytes() + states_.capacity() +
               chunks_.capacity() * sizeof(chunks_[0]) + words_ * sizeof(Part);
    }

private:
    static constexpr unsigned chunk_bits = 16;
    static constexpr std::size_t chunk_words = std::size_t{1} << chunk_bits;
    const Part* word(std::uint32_t w) const { return chunks_[w >> chunk_bits].get() + (w & (chunk_words - 1)); }
    std::uint32_t new_entry() {
        if (states_.size() >= UINT32_MAX) throw std::length_error("too many sums for the misère memo");
        states_.push_back(absent);
        return static_cast<std::uint32_t>(states_.size() - 1);
    }

    std::vector<std::uint8_t> states_;  // by entry
    PackedSlots packed_;
    FlatSlots slots_;  // sums that do not pack, by where they start
    std::vector<std::unique_ptr<Part[]>> chunks_;
    std::size_t used_ = 0;   // words of the last chunk
    std::size_t words_ = 0;  // in all chunks
};

// Components to dense numbers (Parts) 0, 1, 2, ... in order of first
// insertion.
// Small states (most games' ints, and interned states, which are numbered
// from 0) are looked up in a per-graph array; others are hashed.
class CompIndex {
public:
    static constexpr std::uint32_t dense_limit = 1u << 16;  // at most 256 KB of array per graph

    std::int64_t find(Comp c) const {
        const std::uint32_t g = comp_graph(c), s = comp_state(c);
        if (s < dense_limit) {
            if (g < dense_.size() && s < dense_[g].size()) return std::int64_t{dense_[g][s]} - 1;
            return -1;
        }
        return slots_.find(comp_hash(c), [&](std::uint32_t e) { return comps_[e] == c; });
    }
    // c's number, and whether it is new.
    std::uint32_t insert(Comp c, bool& is_new) {
        if (std::int64_t e = find(c); e >= 0) {
            is_new = false;
            return static_cast<std::uint32_t>(e);
        }
        is_new = true;
        const auto e = static_cast<std::uint32_t>(comps_.size());
        comps_.push_back(c);
        const std::uint32_t g = comp_graph(c), s = comp_state(c);
        if (s < dense_limit) {
            if (g >= dense_.size()) dense_.resize(g + 1);
            if (s >= dense_[g].size()) dense_[g].resize(std::max<std::size_t>(s + 1, 2 * dense_[g].size()));
            dense_[g][s] = e + 1;
        } else {
            slots_.insert(e, comp_hash(c));
        }
        return e;
    }
    std::uint32_t size() const { return static_cast<std::uint32_t>(comps_.size()); }
    Comp comp(Part n) const { return comps_[n]; }
    std::size_t memory_bytes() const {
        std::size_t total = slots_.memory_bytes() + comps_.capacity() * sizeof(Comp);
        for (const auto& d : dense_) total += sizeof(d) + d.capacity() * sizeof(std::uint32_t);
        return total;
    }

private:
    std::vector<std::vector<std::uint32_t>> dense_;  // by graph, by state: number + 1; 0: none
    FlatSlots slots_;  // the rest
    std::vector<Comp> comps_;
};

}  // namespace grundy::solver
