// What a tree of int code computes, told node by node to a code generator
// (compiler/int_jit.cpp makes native code of it). Each node's `emit` says
// what it does in these terms; a node that does not is called as it is.
//
// The operations are those of the nodes, checked alike: where native code
// cannot give a node's exact result (an overflow, the floor division of a
// negative int, a division by what is not a positive int) it gives up, and
// the tree itself is evaluated instead, which gives the result or raises
// the error the rules meet.
#pragma once

#include <cstdint>

#include "function_ref.hpp"
#include "interpreter/ast/ast.hpp"

namespace grundy::intpath {

struct Int;
struct Bool;

class Emitter {
public:
    using V = std::uint32_t;  // a value the emitted code computes
    virtual ~Emitter() = default;

    virtual V constant(std::int64_t x) = 0;
    virtual V load(std::uint32_t reg) = 0;             // a register of the frame
    virtual V position_mask() = 0;                     // Frame::pos_key, where Frame::has_key
    virtual V bit_of(V x) = 0;                         // 1 << x for x in 0..63 (else the tree)
    virtual V has_bit(V set, V x) = 0;                 // 1 when x is in 0..63 and bit x of set is 1, else 0
    virtual V allowed(ast::Op op, V v) = 0;            // the y in 0..63 with y op v, a mask (mask_allowed)
    virtual V span(V lo, V hi) = 0;                    // the y in 0..63 with lo <= y <= hi, a mask
    virtual void store(std::uint32_t reg, V x) = 0;
    virtual bool has(ast::Op op) const = 0;            // arith() takes op
    virtual V arith(ast::Op op, V x, V y) = 0;         // as apply<op> (int_nodes.hpp)
    virtual V neg(V x) = 0;
    virtual V abs(V x) = 0;
    virtual V extreme(bool is_max, V x, V y) = 0;      // std::max, std::min
    virtual V compare(ast::Op op, V x, V y) = 0;       // 1 when x op y holds, else 0
    virtual V logic_not(V x) = 0;                      // of a 1 or 0
    // cond (1 or 0) ? then() : otherwise(); only the arm taken runs.
    virtual V choose(V cond, FunctionRef<V()> then, FunctionRef<V()> otherwise) = 0;
    virtual V call(const Int& n) = 0;                  // n.eval(frame)
    virtual V call(const Bool& b) = 0;                 // b.test(frame), as 1 or 0
};

}  // namespace grundy::intpath
