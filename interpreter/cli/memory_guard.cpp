// The command line's operator new: a large block is checked against the
// memory limit before it is allocated (check_allocation), so that a vector
// that doubles cannot pass --max-memory by its whole size between two
// looks of the watchdog. Smaller blocks cost one comparison more.
//
// Sanitizer builds keep the sanitizer's own operator new, whose checks
// (new/delete mismatches) this would hide.
#ifndef GRUNDY_SANITIZE

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#include "interpreter/driver/limits.hpp"
#include "interpreter/values/value.hpp"

namespace {

// A block of many megabytes (a solver's table, a loopy search's edges) is
// asked to be backed by 2 MB pages (transparent huge pages; the kernel's
// `madvise` mode gives them only on request): filling it then takes one
// page fault per 2 MB instead of 512. The cost: a vector's capacity not
// yet written is resident 2 MB at a time, not 4 KB.
constexpr std::size_t huge_page = std::size_t{2} << 20;

void advise_huge(void* p, std::size_t n) {
    if (n < 2 * huge_page) return;
    const auto begin = (reinterpret_cast<std::uintptr_t>(p) + huge_page - 1) & ~(huge_page - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(p) + n) & ~(huge_page - 1);
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace

void* operator new(std::size_t n) {
    if (n >= grundy::large_block) grundy::check_allocation(n);
    for (;;) {
        if (void* p = std::malloc(n ? n : 1)) {
            advise_huge(p, n);
            return p;
        }
        std::new_handler handler = std::get_new_handler();
        if (!handler) throw std::bad_alloc();
        handler();
    }
}

// Sequences are allocated with malloc (ListBuilder grows them in place):
// the same check.
static const bool sequences_checked = [] {
    grundy::check_sequence_block = [](std::size_t n) {
        if (n >= grundy::large_block) grundy::check_allocation(n);
    };
    grundy::sequence_block_made = advise_huge;
    return true;
}();

#endif
