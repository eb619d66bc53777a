// A stack in fixed chunks of 2^12 items: growing it never copies what it
// holds (a deep search's memory stays what its frames take, with no moment
// of twice that), references to items stay valid while others are pushed
// and popped above them, and an index is a shift and a mask.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace grundy::solver {

template <typename T> class ChunkedStack {
public:
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T& operator[](std::size_t i) { return chunks_[i >> shift][i & mask]; }
    const T& operator[](std::size_t i) const { return chunks_[i >> shift][i & mask]; }
    T& back() { return (*this)[size_ - 1]; }
    void push_back(const T& x) {
        if ((size_ >> shift) == chunks_.size()) chunks_.push_back(std::make_unique<T[]>(std::size_t{1} << shift));
        (*this)[size_++] = x;
    }
    // The chunks stay for the next search: only the top one past the
    // current size is kept when a search ends (release()).
    void pop_back() { --size_; }
    void release() { chunks_.resize(std::min(chunks_.size(), (size_ >> shift) + 1)); }
    std::size_t memory_bytes() const { return chunks_.size() * (sizeof(T) << shift); }

private:
    static constexpr unsigned shift = 12;
    static constexpr std::size_t mask = (std::size_t{1} << shift) - 1;
    std::vector<std::unique_ptr<T[]>> chunks_;
    std::size_t size_ = 0;
};

}  // namespace grundy::solver
