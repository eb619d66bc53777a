// The values of a one-heap take-and-break game for a whole range of heaps
// at once: the games of one int position whose every option is a smaller
// heap or a sum of two smaller heaps (a `split` of two parts), as octal
// codes and Grundy's game are, written however the user likes.
//
// A heap option costs one read; a split into three or more parts is
// looked at option by option. A split family of two parts steps through its pairs
// (x, y) with the rare-value (sparse space) method of Gangolli and
// Plambeck, as Flammenkamp and Czajka use it: a bit mask m and the heap's
// parity class each heap "common" or "rare", so that a common heap xor a
// common heap always lands in one half D of the values (parity of v & m),
// and the other half E only comes from pairs with a rare heap. The E values
// are then exact from the few rare heaps; the least E value not reached is
// the candidate, and the D values below it are looked for among all pairs,
// which usually finds them all within a few pairs. Only a rare heap costs
// a full scan. The mask is the one that makes the fewest heaps rare, found
// by a Walsh-Hadamard transform of the value counts. Any mask gives exact
// values; a good one makes them fast.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "int_game.hpp"

namespace grundy {

class HeapEngine {
public:
    // Whether the engine can run the game: one int position that is its
    // own id, every move one int or a split; and whether some split family
    // steps by the sparse method (Move::sparse).
    static bool fits(const CompiledGame& game, const IntGame* g);
    static bool has_sparse(const IntGame& g);

    HeapEngine(const IntGame& g, const IntInstanceData& data);

    // Computes the values of heaps 0..n. False when a move of some heap
    // leaves the class (an option not a smaller heap): `stopped_at()` names
    // it, and the values before it are right. An error of the rules
    // propagates as the rules raise it.
    bool extend(std::int64_t n);
    const std::vector<std::uint32_t>& values() const { return values_; }
    std::int64_t stopped_at() const { return stopped_at_; }
    // The most tokens a move removed (a heap minus the sum of its option's
    // parts) over the heaps computed.
    std::int64_t max_removal() const { return max_removal_; }
    // The most tokens a move removes, as far as the rules show: the most
    // over the heaps computed and over every option of two very large
    // heaps (2^40 and 3 * 2^40). None when those have too many options
    // (the removals grow with the heap). A rule that removes more only
    // from some heaps between is not seen: period(g, t) takes t instead.
    std::optional<std::int64_t> removal_bound();
    // The most parts an option had (1: heaps only).
    std::size_t max_parts() const { return max_parts_; }
    // Whether a period found in the values is proved (IntGame::heap_uniform).
    bool provable() const { return g_.heap_uniform; }
    std::size_t rare_count() const { return rare_.size(); }
    std::uint32_t mask() const { return mask_; }

private:
    // One binding of a split family's outer generators: its pairs
    // (x0 + dx i, y0 + dy i) for a = lo + i in lo..hi.
    struct Row {
        std::int64_t lo, hi, x0, dx, y0, dy;
        const intpath::Move* move;  // for `rest` tests, with the registers in `regs`
        std::uint32_t reg;          // the inner variable's register
        std::size_t regs = 0;       // where the registers are kept (row_regs_), when rest is not empty
    };
    bool solve(std::int64_t n, std::uint32_t& value);
    bool heap_move(const intpath::Move& m, std::size_t gen, std::int64_t n);
    bool split_move(const intpath::Move& m, std::size_t gen, std::int64_t n);
    bool split_row(const intpath::Move& m, std::int64_t n);
    bool exact_row(const intpath::Move& m, std::int64_t n, std::int64_t lo, std::int64_t hi);
    bool rest_holds(const Row& r, std::int64_t a);
    void mark(std::uint32_t v);
    void mark_all(const Row& r);
    bool rare(std::uint32_t value, std::int64_t heap) const;
    bool in_d(std::uint32_t v, std::int64_t n) const;  // v in the half common pairs land in, at heap n
    void classify(bool force);
    void note_removal(std::int64_t n, std::int64_t parts_sum);

    const IntGame& g_;
    const IntInstanceData& data_;
    std::int64_t regs_[IntGame::max_registers];
    intpath::Frame f_;
    std::vector<std::uint32_t> values_;
    std::vector<std::int64_t> rare_;   // the rare heaps, ascending
    std::uint32_t mask_ = 0;
    bool pos_ = false;                 // the heap's parity takes part in the class
    int beta_ = -1;                    // the parity of every split's removal: -1 none seen, 2 mixed
    std::vector<std::uint64_t> counts_;  // by (value << 1) | (heap & 1)
    unsigned bits_ = 1;                  // every value below 2^bits_
    std::size_t rare_at_check_ = 0;
    std::vector<std::uint32_t> marks_;
    std::uint32_t stamp_ = 0;
    std::vector<Row> rows_;
    std::vector<std::int64_t> row_regs_;
    std::int64_t stopped_at_ = -1;
    std::int64_t max_removal_ = 0;
    std::size_t max_parts_ = 1;
    bool stop_ = false;  // this heap's options leave the class
    bool probe_option(std::int64_t n, std::int64_t sum);
    bool probe_binding(const intpath::Move& m);
    static constexpr std::uint64_t probe_budget = 1u << 20;
    bool probing_ = false;  // removal_bound: options are looked at, not solved
    std::uint64_t probe_options_ = 0, probe_bindings_ = 0;
    std::int64_t probe_removal_ = 0;
};

}  // namespace grundy
