// List states of ints too long or too large for one packed word, packed
// into runs of words in one arena: a header word (the length, and the
// width of an item), then the items at the narrowest of 1, 2, 4, ..., 32
// bits that holds them all. A Chomp board of 75 columns of height at most 3
// takes 4 words, where a list Value takes 16 bytes an item and a hash of
// each. The width follows from the items, so equal lists pack equal.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include <boost/container/small_vector.hpp>

namespace grundy {

class ListArena {
public:
    using Words = boost::container::small_vector<std::uint64_t, 16>;
    // Longer lists are left to Values: a state's items are loaded into a
    // buffer of this many on the int path.
    static constexpr std::uint32_t max_items = 256;

    // xs packed into `out`; false when there are too many of them or one is
    // outside 0..2^32-1.
    static bool pack(const std::int64_t* xs, std::size_t n, Words& out) {
        if (n > max_items) return false;
        std::uint64_t all = 0;
        for (std::size_t i = 0; i < n; ++i) all |= static_cast<std::uint64_t>(xs[i]);
        if (all >> 32) return false;
        const unsigned log_width = all < 2 ? 0 : static_cast<unsigned>(std::bit_width(std::bit_width(all) - 1));
        const unsigned width = 1u << log_width;
        out.resize(1 + (n * width + 63) / 64, boost::container::default_init);
        out[0] = n | std::uint64_t{log_width} << 32;
        std::uint64_t* to = out.data() + 1;
        switch (log_width) {  // a width the compiler knows: shifts by constants
            case 0: pack_words<1>(xs, n, to); break;
            case 1: pack_words<2>(xs, n, to); break;
            case 2: pack_words<4>(xs, n, to); break;
            case 3: pack_words<8>(xs, n, to); break;
            case 4: pack_words<16>(xs, n, to); break;
            default: pack_words<32>(xs, n, to); break;
        }
        return true;
    }
    template <unsigned width> static void pack_words(const std::int64_t* xs, std::size_t n, std::uint64_t* to) {
        constexpr std::size_t per = 64 / width;
        std::size_t i = 0;
        for (; i + per <= n; i += per) {
            std::uint64_t word = 0;
            for (std::size_t k = 0; k < per; ++k) word |= static_cast<std::uint64_t>(xs[i + k]) << (k * width);
            *to++ = word;
        }
        if (i < n) {
            std::uint64_t word = 0;
            for (std::size_t k = 0; i + k < n; ++k) word |= static_cast<std::uint64_t>(xs[i + k]) << (k * width);
            *to = word;
        }
    }
    static std::uint64_t hash(const std::uint64_t* words, std::size_t count) {
        std::uint64_t h = 0x51ed270b27c5a3f1ULL;
        for (std::size_t i = 0; i < count; ++i) {
            h = (h ^ words[i]) * 0x9e3779b97f4a7c15ULL;
            h ^= h >> 29;
        }
        return h;
    }
    static std::uint64_t hash(const Words& w) { return hash(w.data(), w.size()); }

    // Stores w; returns where (for the calls below).
    std::uint32_t add(const Words& w) {
        const auto at = static_cast<std::uint32_t>(words_.size());
        words_.insert(words_.end(), w.begin(), w.end());
        return at;
    }
    bool equal(std::uint32_t at, const Words& w) const {
        return words_[at] == w[0] && std::memcmp(&words_[at], w.data(), w.size() * sizeof(std::uint64_t)) == 0;
    }
    std::uint64_t hash(std::uint32_t at) const { return hash(&words_[at], count(words_[at])); }
    std::uint32_t length(std::uint32_t at) const { return static_cast<std::uint32_t>(words_[at]); }
    void unpack(std::uint32_t at, std::int64_t* out) const {
        const std::uint64_t header = words_[at];
        const auto n = static_cast<std::uint32_t>(header);
        const unsigned width = 1u << (header >> 32);
        const std::uint64_t mask = (std::uint64_t{1} << width) - 1;  // width <= 32
        const std::uint64_t* from = &words_[at + 1];
        unsigned shift = 0;
        for (std::uint32_t i = 0; i < n; ++i) {
            out[i] = static_cast<std::int64_t>((*from >> shift) & mask);
            shift += width;
            if (shift == 64) {
                ++from;
                shift = 0;
            }
        }
    }
    std::size_t memory_bytes() const { return words_.capacity() * sizeof(std::uint64_t); }

private:
    static std::size_t count(std::uint64_t header) {
        const auto n = static_cast<std::uint32_t>(header);
        const unsigned per_word = 64 >> (header >> 32);
        return 1 + (n + per_word - 1) / per_word;
    }
    std::vector<std::uint64_t> words_;
};

}  // namespace grundy
