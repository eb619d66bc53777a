// Grundy values by state id, one byte each while they are small.
//
// Values past 251 are rare (a game needs that many options), so pages store
// bytes and widen to 32 bits only when a large value arrives: 10^7 heap
// sizes take 10 MB, not 40. Pages of 512 entries are allocated as ids are
// touched, behind a two-level directory (2048 pages a block), so scattered
// ids (n, n / 2, n / 4, ... from 2^31) cost a block each, not a span.
// The first 2^20 pages (ids below 2^29) are also found in a flat table that
// grows to the highest of them made (8 MB at most), so most reads are one
// load for the page and one for the value (past 2^17 pages, only while
// the table stays dense: see flat_free). Pages are carved from chunks
// (growing with the pages made, up to 256 pages), never freed one by one:
// a game of sparse ids (bitmask sets) makes hundreds of thousands of them.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "prefetch.hpp"

namespace grundy::solver {

class ValueArray {
public:
    static constexpr std::uint32_t unknown = 0xFFFFFFFF;
    static constexpr std::uint32_t on_path = 0xFFFFFFFE;
    // An outcome-only search (solver/outcome.cpp) found the state an
    // N-position without its value: not a value (readers of values take it
    // for unknown), but an answer to the outcome. A P-position's value is 0,
    // so a P outcome is stored as that value.
    static constexpr std::uint32_t known_n = 0xFFFFFFFC;
    // A loopy search for outcomes alone (solver/loopy.cpp) found the state
    // drawn, ∞{K} with 0 not in K, without K: like known_n, an answer to the
    // outcome and no value.
    static constexpr std::uint32_t known_d = 0xFFFFFFFD;
    static bool is_outcome_code(std::uint32_t v) { return v - known_n < 2; }
    // Below finite_limit, a Grundy value. A loopy game's values above it
    // (Solver: an infinite value, or a state's place in a loopy search)
    // live on wide pages and do not count as known: a page is `full` only
    // when every id on it has a finite value, which fast loops read unchecked.
    static constexpr std::uint32_t finite_limit = 0xC0000000;

    [[gnu::always_inline]] std::uint32_t get(std::uint32_t i) const {
        const std::uint32_t f = i >> page_bits;
        if (f < flat_count_) return read(flat_[f], i & (page_size - 1));
        const Page* p = page(i);
        if (!p) return unknown;
        std::uint32_t j = i & (page_size - 1);
        if (p->wide) return p->wide[j];
        return decode(p->narrow[j]);
    }

    // Starts loading id i's entry, for a loop that will read it soon (a
    // search reading the options of many states in an order unrelated to
    // their ids waits on memory, not on work).
    void prefetch(std::uint32_t i) const {
        const std::uint32_t f = i >> page_bits;
        if (f >= flat_count_) return;
        const std::uintptr_t e = flat_[f];
        const std::uint32_t j = i & (page_size - 1);
        if (e & 1) prefetch_line(reinterpret_cast<const std::uint32_t*>(e - 1) + j);
        else prefetch_line(reinterpret_cast<const std::uint8_t*>(e) + j);
    }

    // Returns whether the entry was an outcome code (known_n, known_d).
    bool set(std::uint32_t i, std::uint32_t v) {
        Page& p = const_cast<Page&>(page(i) ? *page(i) : make_page(i));
        std::uint32_t j = i & (page_size - 1);
        const std::uint32_t old = p.wide ? p.wide[j] : decode(p.narrow[j]);
        p.known += (v < finite_limit) - (old < finite_limit);
        if (!p.wide && v < narrow_limit) {
            p.narrow[j] = static_cast<std::uint8_t>(v);
        } else if (!p.wide && v >= known_n) {
            p.narrow[j] = static_cast<std::uint8_t>(v);  // the code's low byte (decode)
        } else {
            if (!p.wide) widen(p, i >> page_bits);
            p.wide[j] = v;
        }
        return is_outcome_code(old);
    }

    // For a loop that solves ids in order and writes small values in place:
    // the bytes of id i's page (made if need be) from its first id, and the
    // page's count of known ids; null on a wide page.
    std::uint8_t* writable_narrow(std::uint32_t i, std::uint32_t*& known) {
        Page& p = page(i) ? const_cast<Page&>(*page(i)) : make_page(i);
        known = &p.known;
        return p.wide ? nullptr : p.narrow;
    }

    // The page holding id i, for loops that step through ids: `narrow` (a
    // byte per id, narrow_limit and above not values) or `wide`, both null
    // when nothing on it is known; `begin` is the page's first id.
    // `full`: every id on the page is known, so a loop reading it needs
    // no check (the rule once queries have climbed past it).
    struct PageView {
        const std::uint8_t* narrow = nullptr;
        const std::uint32_t* wide = nullptr;
        std::uint32_t begin = 0;
        bool full = false;
    };
    PageView view(std::uint32_t i) const {
        PageView v;
        v.begin = i & ~(page_size - 1);
        if (const Page* p = page(i)) {
            v.narrow = p->narrow;
            v.wide = p->wide;
            v.full = p->known == page_size;
        }
        return v;
    }
    // The flat table (see above) for loops that step through pages: entry
    // p is page p, read with read(); `count` entries.
    const std::uintptr_t* flat(std::uint32_t& count) const {
        count = flat_count_;
        return flat_.data();
    }
    // Changes whenever a flat entry does: a copy of entries is good while
    // this stays the same (a column view, runtime/mex_kernel_stepping.hpp),
    // and its generation: unique to this array until it gives its pages
    // back (clear).
    std::uint64_t flat_version() const { return flat_version_; }
    std::uint64_t flat_generation() const { return generation_; }
    // The pages whose flat entries changed from version `since` on, oldest
    // first, to `each`; false, with nothing done, when the log no longer
    // holds them all. A copy of entries then needs only those read again.
    template <typename Each> bool flat_changes(std::uint64_t since, Each&& each) const {
        if (since > flat_version_ || flat_version_ - since > flat_log_size) return false;
        for (std::uint64_t v = since; v < flat_version_; ++v) each(flat_log_[v % flat_log_size]);
        return true;
    }
    [[gnu::always_inline]] static std::uint32_t read(std::uintptr_t e, std::uint32_t j) {
        if (e & 1) return reinterpret_cast<const std::uint32_t*>(e - 1)[j];
        return decode(reinterpret_cast<const std::uint8_t*>(e)[j]);
    }

    static constexpr unsigned page_bits = 9;
    static constexpr std::uint32_t page_size = 1u << page_bits;
    // A narrow page's bytes: a value below narrow_limit, else the low byte
    // of a code (known_n, known_d, on_path, unknown), all at least
    // narrow_limit; known_n right at it, so that 1..narrow_limit are the
    // bytes a walk for the outcome alone takes for N (runtime/mex_kernel.hpp).
    static constexpr std::uint8_t narrow_limit = 0xFC;
    static constexpr std::uint8_t narrow_known_n = 0xFC;
    static constexpr std::uint8_t narrow_known_d = 0xFD;
    static constexpr std::uint8_t narrow_on_path = 0xFE;
    static constexpr std::uint8_t narrow_unknown = 0xFF;
    [[gnu::always_inline]] static std::uint32_t decode(std::uint8_t b) {
        return b >= narrow_limit ? 0xFFFFFF00u | b : b;
    }

    std::size_t memory_bytes() const {
        return bytes_ + dirs_.capacity() * sizeof(dirs_[0]) + flat_.capacity() * sizeof(flat_[0]);
    }
    void clear() {  // and give the memory back
        auto release = [](auto& v) { std::remove_reference_t<decltype(v)>().swap(v); };
        release(dirs_);
        release(flat_);
        release(page_chunks_);
        release(byte_chunks_);
        release(wide_);
        chunk_size_ = chunk_used_ = 0;
        pages_made_ = 0;
        flat_count_ = 0;
        flat_version_ += flat_log_size + 1;  // past the log: copies of entries are made again
        generation_ = next_generation();
        bytes_ = 0;
    }

private:
    // 128 pages a directory block (1 KB): a game of a few thousand states
    // spread over 2^16 ids (sets of 16 elements) needs one, and a run that
    // makes hundreds of such games should not pay 16 KB for each.
    static constexpr unsigned dir_bits = 7;
    static constexpr std::uint32_t dir_size = 1u << dir_bits;
    static constexpr std::uint32_t flat_limit = 1u << 20;  // pages in the flat table at most
    // Past 2^17 pages (1 MB), the table grows only while it stays within
    // 64 entries per page made (8 bytes each, a page being 512 and more,
    // so the table is never larger than the pages it finds): a lone high
    // id (a set holding 28) then costs no 4 MB table, while ids spread
    // thinly over a range (a tuple's ints side by side, most of each row
    // unused) still read a page in one load, not through the directory.
    static constexpr std::uint32_t flat_free = 1u << 17, flat_per_page = 64;
    // Pages; a chunk holds a quarter of the pages made so far (at least
    // one), so at most a fifth of what is carved stands unused.
    static constexpr std::uint32_t max_chunk = 256;

    // The flat entry of a page not made: it reads as all unknown. Aligned:
    // a flat entry's low bit tells a wide page, so a narrow one's address
    // must be even (a byte array may otherwise be placed anywhere).
    alignas(8) static inline const std::array<std::uint8_t, 1u << 9> none_page = [] {
        std::array<std::uint8_t, 1u << 9> a;
        a.fill(0xFF);
        return a;
    }();
    struct Page {
        std::uint8_t* narrow = nullptr;  // in a chunk
        std::uint32_t* wide = nullptr;   // in wide_, once widened
        std::uint32_t known = 0;         // ids on the page with a value
    };
    using Dir = std::array<Page*, dir_size>;
    // A page's flat entry: its wide values with the low bit set, or its bytes.
    static std::uintptr_t entry(const Page& p) {
        return p.wide ? reinterpret_cast<std::uintptr_t>(p.wide) | 1 : reinterpret_cast<std::uintptr_t>(p.narrow);
    }
    void set_flat(std::uint32_t page, const Page& made) {
        const std::uintptr_t e = entry(made);
        if (page >= flat_.size()) {
            if (page >= flat_limit || (page >= flat_free && page >= pages_made_ * std::size_t{flat_per_page})) return;
            // Pages made while the table was too short for them join it now.
            const std::size_t old = flat_.size();
            flat_.resize(page + 1, reinterpret_cast<std::uintptr_t>(none_page.data()));
            for (std::size_t q = old; q < page; ++q)
                if (const Page* early = this->page(static_cast<std::uint32_t>(q << page_bits))) flat_[q] = entry(*early);
            flat_count_ = static_cast<std::uint32_t>(flat_.size());
            flat_version_ += flat_log_size + 1;  // entries the log does not name
        }
        flat_[page] = e;
        flat_log_[flat_version_++ % flat_log_size] = page;
    }

    const Page* page(std::uint32_t i) const {
        const std::uint32_t p = i >> page_bits;
        const std::uint32_t d = p >> dir_bits;
        if (d >= dirs_.size() || !dirs_[d]) return nullptr;
        return (*dirs_[d])[p & (dir_size - 1)];
    }
    Page& make_page(std::uint32_t i) {
        const std::uint32_t d = i >> (page_bits + dir_bits);
        if (d >= dirs_.size()) dirs_.resize(d + 1);
        if (!dirs_[d]) {
            dirs_[d] = std::make_unique<Dir>();
            dirs_[d]->fill(nullptr);
            bytes_ += sizeof(Dir);
        }
        Page*& slot = (*dirs_[d])[(i >> page_bits) & (dir_size - 1)];
        if (!slot) {
            if (chunk_used_ == chunk_size_) {
                chunk_size_ = static_cast<std::uint32_t>(std::clamp<std::size_t>(pages_made_ / 4, 1, max_chunk));
                page_chunks_.push_back(std::make_unique<Page[]>(chunk_size_));
                byte_chunks_.push_back(std::make_unique_for_overwrite<std::uint8_t[]>(std::size_t{chunk_size_} * page_size));
                chunk_used_ = 0;
                bytes_ += chunk_size_ * (sizeof(Page) + page_size);
            }
            slot = &page_chunks_.back()[chunk_used_];
            *slot = Page{byte_chunks_.back().get() + std::size_t{chunk_used_++} * page_size, nullptr, 0};
            ++pages_made_;
            std::fill(slot->narrow, slot->narrow + page_size, narrow_unknown);
            set_flat(i >> page_bits, *slot);
        }
        return *slot;
    }
    void widen(Page& p, std::uint32_t page) {
        // Each page's values start 0 to 7 cache lines into its block (the
        // count cycling over pages): a walk along a packed tuple's high
        // coordinate reads the same place on one page after another, and
        // pages with their values at one offset would share a few sets of
        // the cache (Wythoff 300, simulated L1 misses: 8.4 M -> 6.1 M, at
        // 11 % more bytes per wide page on average).
        const std::uint32_t skew = static_cast<std::uint32_t>(wide_.size() % 8) * 16;
        wide_.push_back(std::make_unique_for_overwrite<std::uint32_t[]>(page_size + skew));
        p.wide = wide_.back().get() + skew;
        for (std::uint32_t j = 0; j < page_size; ++j) p.wide[j] = decode(p.narrow[j]);
        p.narrow = nullptr;  // its bytes stay in the chunk, unused
        bytes_ += (page_size + skew) * 4;
        set_flat(page, p);
    }

    std::vector<std::unique_ptr<Dir>> dirs_;
    std::vector<std::unique_ptr<Page[]>> page_chunks_;
    std::vector<std::unique_ptr<std::uint8_t[]>> byte_chunks_;
    std::uint32_t chunk_size_ = 0, chunk_used_ = 0;  // pages in the last chunk, and taken from it
    std::size_t pages_made_ = 0;
    std::vector<std::unique_ptr<std::uint32_t[]>> wide_;
    std::vector<std::uintptr_t> flat_;  // by page number, below flat_limit
    std::uint64_t flat_version_ = 0;
    static constexpr std::uint32_t flat_log_size = 64;
    std::array<std::uint32_t, flat_log_size> flat_log_;  // page of the change from version v at v % size
    static std::uint64_t next_generation() {
        static std::atomic<std::uint64_t> last{0};
        return ++last;
    }
    std::uint64_t generation_ = next_generation();
    std::uint32_t flat_count_ = 0;
    std::size_t bytes_ = 0;
};

}  // namespace grundy::solver
