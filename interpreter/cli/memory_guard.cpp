// The command line's operator new: a large block is checked against the
// memory limit before it is allocated (check_allocation), so that a vector
// that doubles cannot pass --max-memory by its whole size between two
// looks of the watchdog. Smaller blocks cost one comparison more.
//
// Sanitizer builds keep the sanitizer's own operator new, whose checks
// (new/delete mismatches) this would hide.
#ifndef GRUNDY_SANITIZE

#include <cstdlib>
#include <new>

#include "interpreter/driver/limits.hpp"
#include "interpreter/values/value.hpp"

void* operator new(std::size_t n) {
    if (n >= grundy::large_block) grundy::check_allocation(n);
    for (;;) {
        if (void* p = std::malloc(n ? n : 1)) return p;
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
    return true;
}();

#endif
