// An array indexed by 32-bit ids that allocates storage in small pages as
// ids are touched: dense where a game's states are dense (heap sizes 0..n),
// cheap where they are sparse (packed tuple ids spread over 2^30). Two
// levels of directory keep even a few huge ids from costing megabytes.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace grundy::solver {

template <typename T, T Empty>
class PagedArray {
public:
    static constexpr unsigned page_bits = 10;   // 1024 entries a page
    static constexpr unsigned dir_bits = 10;    // 1024 pages a directory
    static constexpr std::uint32_t page_size = 1u << page_bits;
    static constexpr std::uint32_t dir_size = 1u << dir_bits;

    T get(std::uint32_t i) const {
        std::uint32_t d = i >> (page_bits + dir_bits);
        if (d >= dirs_.size() || !dirs_[d]) return Empty;
        const auto& page = (*dirs_[d])[(i >> page_bits) & (dir_size - 1)];
        return page ? page[i & (page_size - 1)] : Empty;
    }

    T& at(std::uint32_t i) {
        std::uint32_t d = i >> (page_bits + dir_bits);
        if (d >= dirs_.size()) dirs_.resize(d + 1);
        if (!dirs_[d]) dirs_[d] = std::make_unique<Dir>();
        auto& page = (*dirs_[d])[(i >> page_bits) & (dir_size - 1)];
        if (!page) {
            page = std::make_unique<T[]>(page_size);
            std::fill(page.get(), page.get() + page_size, Empty);
            ++pages_;
        }
        return page[i & (page_size - 1)];
    }

    std::size_t memory_bytes() const {
        std::size_t dirs = 0;
        for (auto& d : dirs_) dirs += d ? sizeof(Dir) : 0;
        return pages_ * page_size * sizeof(T) + dirs + dirs_.capacity() * sizeof(dirs_[0]);
    }
    void clear() {
        dirs_.clear();
        pages_ = 0;
    }

private:
    using Dir = std::array<std::unique_ptr<T[]>, dir_size>;
    std::vector<std::unique_ptr<Dir>> dirs_;
    std::size_t pages_ = 0;
};

}  // namespace grundy::solver
