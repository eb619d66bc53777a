#include "state_table.hpp"

namespace grundy {

std::uint32_t StateTable::intern(const Value& v, bool& is_new) {
    if (v.is(Kind::integer) && v.as_int() >= 0 && v.as_int() < first_general) {
        auto id = static_cast<std::uint32_t>(v.as_int());
        std::uint8_t& seen = seen_ints_.at(id);
        is_new = !seen;
        if (is_new) {
            seen = 1;
            ++ints_;
        }
        return id;
    }
    if ((states_.size() + 1) * 2 > slots_.size()) grow();
    std::uint64_t h = hash(v);
    auto tag = static_cast<std::uint32_t>(h >> 32);
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        std::uint32_t s = slots_[i];
        if (s == 0) {
            if (states_.size() >= first_general - 1) throw ValueError("too many states in one game instance");
            states_.push_back(v);
            slots_[i] = static_cast<std::uint32_t>(states_.size());
            hashes_[i] = tag;
            is_new = true;
            return first_general + static_cast<std::uint32_t>(states_.size() - 1);
        }
        if (hashes_[i] == tag && states_[s - 1] == v) {
            is_new = false;
            return first_general + s - 1;
        }
    }
}

void StateTable::grow() {
    std::size_t n = slots_.empty() ? 64 : slots_.size() * 2;
    std::vector<std::uint32_t> slots(n, 0), hashes(n, 0);
    for (std::size_t k = 0; k < states_.size(); ++k) {
        std::uint64_t h = hash(states_[k]);
        std::size_t i = h & (n - 1);
        while (slots[i]) i = (i + 1) & (n - 1);
        slots[i] = static_cast<std::uint32_t>(k + 1);
        hashes[i] = static_cast<std::uint32_t>(h >> 32);
    }
    slots_.swap(slots);
    hashes_.swap(hashes);
}

std::size_t StateTable::memory_bytes() const {
    return seen_ints_.memory_bytes() + states_.capacity() * sizeof(Value) +
           (slots_.capacity() + hashes_.capacity()) * sizeof(std::uint32_t);
}

}  // namespace grundy
