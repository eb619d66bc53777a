// Removes the instructions of a function (made by Asm, int_asm.hpp, not
// yet finalized) whose results nothing reads: values a cheaper form made
// needless (a condition used as the flags of a compare, an and-not), and
// values no path reads. What a kept instruction reads, through virtual
// registers or the CPU flags, is kept with it; jumps, calls, returns and
// stores are kept. A function where the flags are read across a label is
// left as it is.
#pragma once

#include <asmjit/x86.h>

namespace grundy::intpath::jit {

void drop_unread(asmjit::x86::Compiler& cc);

}  // namespace grundy::intpath::jit
