// The sparse-space (rare value) method of Gangolli and Plambeck for
// take-and-break games, hand-written as a researcher writes it (after
// T. Czajka's octal-games): heaps are "rare" when parity(G & mask) is 0,
// the mask chosen by a Walsh-Hadamard transform to make them few; a common
// value xor a common value has parity 0, so every value of parity 1 comes
// from a pair with a rare heap (exact), and the values of parity 0 below
// the least parity-1 value not reached are looked for among all pairs.
// Shared by grundysparse.cpp (Grundy's game) and octal16.cpp (an octal code
// and its period).
#pragma once

#include <bit>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

struct SparseSpace {
    // The game: whole[k], take[k], split[k] for k = 0..t (octal digit bits
    // 1, 2, 4); no_equal: a split may not leave two equal heaps (Grundy's game).
    std::vector<int> digit;
    bool no_equal = false;
    std::vector<uint32_t> g;
    std::vector<int64_t> rare;
    uint32_t mask = 0;
    unsigned bits = 1;
    std::vector<uint64_t> count = std::vector<uint64_t>(2, 0);
    std::vector<uint32_t> seen = std::vector<uint32_t>(4, 0);
    uint32_t stamp = 0;
    size_t rare_at_check = 0;

    static bool parity(uint32_t x) { return std::popcount(x) & 1; }
    bool is_rare(uint32_t v) const { return !parity(v & mask); }

    void classify() {
        const size_t size = size_t{1} << bits;
        std::vector<int64_t> w(size);
        for (size_t v = 0; v < size; ++v) w[v] = static_cast<int64_t>(count[v]);
        for (size_t len = 1; len < size; len <<= 1)
            for (size_t i = 0; i < size; i += len << 1)
                for (size_t j = i; j < i + len; ++j) {
                    const int64_t a = w[j], b = w[j + len];
                    w[j] = a + b, w[j + len] = a - b;
                }
        const auto n = static_cast<int64_t>(g.size());
        int64_t best = n;
        uint32_t best_mask = 0;
        for (size_t m = 0; m < size; ++m)
            if ((n + w[m]) / 2 < best) best = (n + w[m]) / 2, best_mask = static_cast<uint32_t>(m);
        rare_at_check = rare.size();
        if (!(best + 16 < static_cast<int64_t>(rare.size()))) return;
        mask = best_mask;
        rare.clear();
        for (int64_t h = 0; h < n; ++h)
            if (is_rare(g[h])) rare.push_back(h);
        rare_at_check = rare.size();
    }

    void next() {
        const auto n = static_cast<int64_t>(g.size());
        const int64_t t = static_cast<int64_t>(digit.size()) - 1;
        if (++stamp == 0) std::fill(seen.begin(), seen.end(), 0), stamp = 1;
        uint32_t* mk = seen.data();
        for (int64_t k = 1; k <= t && k <= n; ++k) {
            if ((digit[k] & 1) && k == n) mk[0] = stamp;
            if ((digit[k] & 2) && k < n) mk[g[n - k]] = stamp;
        }
        // Pairs with a rare heap: each rare r as the smaller part a.
        bool splits = false;
        for (int64_t k = 0; k <= t && k <= n; ++k) {
            if (!(digit[k] & 4)) continue;
            splits = true;
            const int64_t r = n - k;
            for (int64_t h : rare) {
                if (h == 0) continue;
                if (h >= r) break;
                if (no_equal && 2 * h == r) continue;
                mk[g[h] ^ g[r - h]] = stamp;  // h the smaller part or the larger: both are pairs
            }
        }
        uint32_t candidate = 0;
        if (mask == 0) candidate = UINT32_MAX;
        else
            while (candidate < seen.size() && (is_rare(candidate) || mk[candidate] == stamp)) ++candidate;
        if (!splits) candidate = UINT32_MAX;
        uint64_t need = 0;
        if (candidate != UINT32_MAX)
            for (uint32_t v = 0; v < candidate; ++v) need += mk[v] != stamp;
        else
            need = UINT64_MAX;
        for (int64_t k = 0; k <= t && k <= n && need; ++k) {
            if (!(digit[k] & 4)) continue;
            const int64_t r = n - k;
            for (int64_t a = 1; 2 * a <= r && need; ++a) {
                if (no_equal && 2 * a == r) continue;
                const uint32_t v = g[a] ^ g[r - a];
                if (mk[v] == stamp) continue;
                mk[v] = stamp;
                if (v < candidate) --need;
            }
        }
        uint32_t v = candidate;
        if (candidate == UINT32_MAX || need) {
            v = 0;
            while (mk[v] == stamp) ++v;
        }
        g.push_back(v);
        if (v >> bits) {
            while (v >> bits) ++bits;
            count.resize(size_t{1} << bits, 0);
            seen.resize((size_t{1} << bits) + 2, 0);
        }
        ++count[v];
        if (is_rare(v)) rare.push_back(n);
        if ((g.size() >= 64 && std::has_single_bit(g.size())) || rare.size() > 2 * rare_at_check + 64) classify();
    }
};

// The digits of an octal code "d0.d1d2...".
inline std::vector<int> octal_digits(const std::string& code) {
    std::vector<int> d{code[0] - '0'};
    for (size_t i = 2; i < code.size(); ++i) d.push_back(code[i] - '0');
    return d;
}
