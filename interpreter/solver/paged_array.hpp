// An array indexed by 32-bit ids that allocates storage in pages as ids are
// touched: dense where a game's states are dense (heap sizes 0..n), cheap
// where they are sparse (a few huge ids), and never moved once allocated.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace grundy::solver {

template <typename T, T Empty, unsigned PageBits = 12>
class PagedArray {
public:
    static constexpr std::uint32_t page_size = 1u << PageBits;

    T get(std::uint32_t i) const {
        std::uint32_t p = i >> PageBits;
        if (p >= pages_.size() || !pages_[p]) return Empty;
        return pages_[p][i & (page_size - 1)];
    }

    T& at(std::uint32_t i) {
        std::uint32_t p = i >> PageBits;
        if (p >= pages_.size()) pages_.resize(std::max<std::size_t>(p + 1, pages_.size() * 3 / 2));
        if (!pages_[p]) {
            pages_[p] = std::make_unique<T[]>(page_size);
            for (std::uint32_t k = 0; k < page_size; ++k) pages_[p][k] = Empty;
            ++allocated_;
        }
        return pages_[p][i & (page_size - 1)];
    }

    std::size_t memory_bytes() const {
        return allocated_ * page_size * sizeof(T) + pages_.capacity() * sizeof(pages_[0]);
    }
    void clear() {
        pages_.clear();
        allocated_ = 0;
    }

private:
    std::vector<std::unique_ptr<T[]>> pages_;
    std::size_t allocated_ = 0;
};

}  // namespace grundy::solver
