// Interns the states of one game instance as 32-bit ids.
//
// A non-negative int state n below 2^31 is its own id, with no table at all:
// the common one-heap game costs the solver's value array and nothing more.
// Any other state goes into an open-addressing table and gets an id from
// 2^31 up, in order of discovery.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/solver/paged_array.hpp"
#include "interpreter/values/value.hpp"

namespace grundy {

class StateTable {
public:
    static constexpr std::uint32_t first_general = 1u << 31;

    // Returns the id of v; sets is_new when v was not seen before.
    std::uint32_t intern(const Value& v, bool& is_new);
    Value state(std::uint32_t id) const {
        return id < first_general ? Value::integer(id) : states_[id - first_general];
    }
    std::size_t size() const { return ints_ + states_.size(); }
    std::size_t memory_bytes() const;

private:
    void grow();

    solver::PagedArray<std::uint8_t, 0> seen_ints_;
    std::size_t ints_ = 0;
    std::vector<Value> states_;
    std::vector<std::uint32_t> slots_;  // 0: empty; else index into states_ + 1
    std::vector<std::uint32_t> hashes_; // low hash bits per slot, to skip most compares
};

}  // namespace grundy
