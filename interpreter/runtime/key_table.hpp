// Packed states of one instance: keys of one or two machine words, numbered
// 0, 1, ... in the order they are first met. An open-addressing table from
// key to number holds the key itself, so that a lookup touches one slot,
// not a slot and then the key array (most lookups hit, and each would miss
// the cache twice).
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "interpreter/values/value.hpp"

namespace grundy {

// A key of two words: a tuple whose ints need more than 64 bits in all
// (a set coordinate's mask beside an int).
struct WideKey {
    std::uint64_t lo = 0, hi = 0;
    bool operator==(const WideKey&) const = default;
};

template <typename Key> class KeyTable {
public:
    // At most 2^29 - 1 keys: numbers are ids in a 2^29-wide range.
    static constexpr std::size_t max_keys = (std::size_t{1} << 29) - 1;

    bool find(const Key& key, std::uint32_t& number) const {
        if (slots_.empty()) return false;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = home(key);; i = (i + 1) & mask) {
            const Slot& s = slots_[i];
            if (s.index == 0) return false;
            if (s.key == key) {
                number = s.index - 1;
                return true;
            }
        }
    }
    std::uint32_t intern(const Key& key, bool& is_new) {
        // At most 3/4 full. The old table is freed before the new one is
        // filled from keys_, so they are never held together; its size
        // comes from the keys, so a failed allocation leaves no table and
        // the next call makes it again.
        if ((keys_.size() + 1) * 4 > slots_.size() * 3) {
            std::size_t n = 64;
            while ((keys_.size() + 1) * 4 > n * 3) n *= 2;
            slots_ = {};
            slots_.resize(n, Slot{Key{}, 0});
            shift_ = 64 - static_cast<unsigned>(std::countr_zero(n));
            for (std::size_t k = 0; k < keys_.size(); ++k) {
                std::size_t i = home(keys_[k]);
                while (slots_[i].index) i = (i + 1) & (n - 1);
                slots_[i] = {keys_[k], static_cast<std::uint32_t>(k + 1)};
            }
        }
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = home(key);; i = (i + 1) & mask) {
            Slot& s = slots_[i];
            if (s.index == 0) {
                if (keys_.size() >= max_keys) throw ValueError("too many states in one game instance");
                keys_.push_back(key);
                s = {key, static_cast<std::uint32_t>(keys_.size())};
                is_new = true;
                return static_cast<std::uint32_t>(keys_.size() - 1);
            }
            if (s.key == key) {
                is_new = false;
                return s.index - 1;
            }
        }
    }
    // Starts loading key's slot, for a find soon after.
    void prefetch(const Key& key) const {
        if (!slots_.empty()) __builtin_prefetch(&slots_[home(key)]);
    }
    const Key& key(std::uint32_t number) const { return keys_[number]; }
    std::size_t size() const { return keys_.size(); }
    std::size_t memory_bytes() const { return keys_.capacity() * sizeof(Key) + slots_.capacity() * sizeof(Slot); }

private:
    struct Slot {
        Key key;
        std::uint32_t index;  // 0: empty, else the key's number + 1
    };
    // Where key's probe starts: its words folded, then a Fibonacci hash
    // (one multiply; a lookup runs once per option).
    static std::uint64_t fold(std::uint64_t k) { return k ^ k >> 29; }
    static std::uint64_t fold(const WideKey& k) { return fold(k.lo) ^ fold(k.hi) * 0xC2B2AE3D27D4EB4FULL; }
    std::size_t home(const Key& key) const {
        return static_cast<std::size_t>((fold(key) * 0x9E3779B97F4A7C15ULL) >> shift_);
    }

    std::vector<Key> keys_;
    std::vector<Slot> slots_;
    unsigned shift_ = 64;  // 64 - log2(slots_.size()); unused while the table is empty
};

}  // namespace grundy
