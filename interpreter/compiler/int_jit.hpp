// Native code for a game's int code: each expression of its rules that does
// more than one operation (a move's result, a bound, a `where`, `terminal`,
// the canonical form) is compiled to x86-64 code with asmjit, which the
// tree it came from then runs in its place. What the code cannot compute
// exactly, it hands back to the tree (int_emit.hpp), so results and errors
// are the tree's. Without asmjit, or on another machine, the trees run.
#pragma once

#include <memory>

#include "interpreter/runtime/int_game.hpp"

namespace grundy {

// Whether games compiled from now on get native code (tests compare both).
extern bool jit_enabled;

// Compiles g's expressions in place.
void jit_compile(IntGame& g);
// One tree made native code in place, where that is worth it (and native
// code is on).
void make_native(intpath::IntPtr& tree);
void make_native(intpath::BoolPtr& tree);

namespace intpath {
// Whether this build makes native code (asmjit on x86-64).
bool jit_available();
// The tree run through native code (tests), however small it is; the tree
// itself where no code is made.
IntPtr jit_int(IntPtr tree);
BoolPtr jit_bool(BoolPtr tree);
// A game's whole expansion (IntGame::native_expand), or null where
// the code does not cover the game; `owner` holds the code.
IntGame::NativeExpand compile_expansion(const IntGame& g, std::shared_ptr<const void>& owner);
IntGame::NativeMex compile_mex(const IntGame& g, std::shared_ptr<const void>& owner);
// IntGame::walk_reads_key for a game that has a native walk.
bool walk_reads_key(const IntGame& g);
}  // namespace intpath

}  // namespace grundy
