// A prefetch the optimiser keeps.
//
// GCC takes __builtin_prefetch for an instruction without effect, and from
// -O2 it assumes loops end (C++ forward progress): a loop whose body only
// prefetches (the options of a state, the predecessors of one a few places
// on) is deleted as a loop that does nothing, and its loads then wait on
// memory. The empty asm statement is an effect it must keep, with the
// prefetch beside it.
#pragma once

namespace grundy::solver {

[[gnu::always_inline]] inline void prefetch_line(const void* p) {
    __builtin_prefetch(p);
    asm volatile("" : : "r"(p));
}

}  // namespace grundy::solver
