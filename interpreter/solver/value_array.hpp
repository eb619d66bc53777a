// Grundy values by state id, one byte each while they are small.
//
// Values past 253 are rare (a game needs that many options), so pages store
// bytes and widen to 32 bits only when a large value arrives: 10^7 heap
// sizes take 10 MB, not 40. Pages of 512 entries are allocated as ids are
// touched, behind a two-level directory (2048 pages a block), so scattered
// ids (n, n / 2, n / 4, ... from 2^31) cost a block each, not a span.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace grundy::solver {

class ValueArray {
public:
    static constexpr std::uint32_t unknown = 0xFFFFFFFF;
    static constexpr std::uint32_t on_path = 0xFFFFFFFE;

    [[gnu::always_inline]] std::uint32_t get(std::uint32_t i) const {
        const Page* p = page(i);
        if (!p) return unknown;
        std::uint32_t j = i & (page_size - 1);
        if (p->wide) return p->wide[j];
        std::uint8_t b = p->narrow[j];
        return b >= narrow_on_path ? unknown - (narrow_unknown - b) : b;
    }

    void set(std::uint32_t i, std::uint32_t v) {
        Page& p = const_cast<Page&>(page(i) ? *page(i) : make_page(i));
        std::uint32_t j = i & (page_size - 1);
        const bool was = p.wide ? p.wide[j] < on_path : p.narrow[j] < narrow_on_path;
        p.known += (v < on_path) - was;
        if (!p.wide && v < narrow_on_path) {
            p.narrow[j] = static_cast<std::uint8_t>(v);
        } else if (!p.wide && v >= on_path) {
            p.narrow[j] = static_cast<std::uint8_t>(narrow_unknown - (unknown - v));
        } else {
            if (!p.wide) widen(p);
            p.wide[j] = v;
        }
    }

    // For a loop that solves ids in order and writes small values in place:
    // the bytes of id i's page (made if need be) from its first id, and the
    // page's count of known ids; null on a wide page.
    std::uint8_t* writable_narrow(std::uint32_t i, std::uint32_t*& known) {
        Page& p = page(i) ? const_cast<Page&>(*page(i)) : make_page(i);
        known = &p.known;
        return p.wide ? nullptr : p.narrow.get();
    }

    // The page holding id i, for loops that step through ids: `narrow` (a
    // byte per id, narrow_on_path and above not known) or `wide`, both null
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
            v.narrow = p->narrow.get();
            v.wide = p->wide.get();
            v.full = p->known == page_size;
        }
        return v;
    }
    static constexpr std::uint32_t page_size = 1u << 9;
    static constexpr std::uint8_t narrow_on_path = 0xFE;
    static constexpr std::uint8_t narrow_unknown = 0xFF;

    std::size_t memory_bytes() const { return bytes_ + dirs_.capacity() * sizeof(dirs_[0]); }
    void clear() {
        dirs_.clear();
        bytes_ = 0;
    }

private:
    static constexpr unsigned page_bits = 9, dir_bits = 11;
    static constexpr std::uint32_t dir_size = 1u << dir_bits;

    struct Page {
        std::unique_ptr<std::uint8_t[]> narrow;
        std::unique_ptr<std::uint32_t[]> wide;
        std::uint32_t known = 0;  // ids on the page with a value
    };
    using Dir = std::array<std::unique_ptr<Page>, dir_size>;

    const Page* page(std::uint32_t i) const {
        const std::uint32_t p = i >> page_bits;
        const std::uint32_t d = p >> dir_bits;
        if (d >= dirs_.size() || !dirs_[d]) return nullptr;
        return (*dirs_[d])[p & (dir_size - 1)].get();
    }
    Page& make_page(std::uint32_t i) {
        const std::uint32_t d = i >> (page_bits + dir_bits);
        if (d >= dirs_.size()) dirs_.resize(d + 1);
        if (!dirs_[d]) {
            dirs_[d] = std::make_unique<Dir>();
            bytes_ += sizeof(Dir);
        }
        auto& slot = (*dirs_[d])[(i >> page_bits) & (dir_size - 1)];
        if (!slot) {
            slot = std::make_unique<Page>();
            slot->narrow = std::make_unique<std::uint8_t[]>(page_size);
            std::fill(slot->narrow.get(), slot->narrow.get() + page_size, narrow_unknown);
            bytes_ += page_size + sizeof(Page);
        }
        return *slot;
    }
    void widen(Page& p) {
        p.wide = std::make_unique<std::uint32_t[]>(page_size);
        for (std::uint32_t j = 0; j < page_size; ++j) {
            std::uint8_t b = p.narrow[j];
            p.wide[j] = b >= narrow_on_path ? unknown - (narrow_unknown - b) : b;
        }
        p.narrow.reset();
        bytes_ += page_size * 3;
    }

    std::vector<std::unique_ptr<Dir>> dirs_;
    std::size_t bytes_ = 0;
};

}  // namespace grundy::solver
