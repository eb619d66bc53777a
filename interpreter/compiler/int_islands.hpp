// Int islands: the pure int expressions of generic code (a top-level
// query's `where`, a user function the int path does not compile, a rule
// of a game off the int path), over locals, globals, rule parameters and
// int literals, run as int trees (and native code, int_jit.hpp) wherever
// each name they read holds an int; anywhere else the generic nodes run,
// which give the same values and errors on ints.
#pragma once

#include "nodes.hpp"

namespace grundy::nodes {

// `code` made an island when it is such an expression with at least two
// operations; else `code` as it is. Islands inside it are dissolved into
// the one made, so an expression compiled bottom up ends as one island.
CodePtr int_island(CodePtr code);

// A set comprehension of int code over int ranges (a set island): its
// elements as a mask, where each is in 0..63 and the names it reads hold
// ints; else false, and the comprehension runs as written. An error is
// the one the comprehension raises first.
bool is_set_island(const Code& c);
bool set_island_mask(const Code& c, Env& env, std::uint64_t& mask);

// The generic code of an island, for matchers of node shapes; else null.
const Code* island_generic(const Code& c);

// Whether programs compiled from now on get islands (tests compare both),
// and how many have been made (dissolved ones too).
extern bool int_islands_enabled;
std::uint64_t int_islands_made();

}  // namespace grundy::nodes
