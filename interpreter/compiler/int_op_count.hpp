// How much of a tree native code would run: the operations it would emit
// and the nodes it would call (an Emitter that emits nothing).
#pragma once

#include "interpreter/runtime/int_emit.hpp"

namespace grundy::intpath {

// The operations arith() takes: + - * / % & | ^ << >> (powers are called).
inline bool native_op(ast::Op op) { return op <= ast::Op::shr; }

// How many operations a tree would run natively, and how many nodes it
// would call: one operation is no faster than the node's own virtual call,
// and a call out of native code costs more than the tree's.
class Counter final : public Emitter {
public:
    int ops = 0, calls = 0;
    V constant(std::int64_t) override { return 0; }
    V load(std::uint32_t) override { return 0; }
    V position_mask() override { return 0; }
    V bit_of(V) override { return ++ops, 0; }
    V has_bit(V, V) override { return ++ops, 0; }
    V allowed(ast::Op, V) override { return ++ops, 0; }
    V span(V, V) override { return ++ops, 0; }
    void store(std::uint32_t, V) override { ++ops; }
    bool has(ast::Op op) const override { return native_op(op); }
    V arith(ast::Op, V, V) override { return ++ops, 0; }
    V neg(V) override { return ++ops, 0; }
    V abs(V) override { return ++ops, 0; }
    V extreme(bool, V, V) override { return ++ops, 0; }
    V compare(ast::Op, V, V) override { return ++ops, 0; }
    V logic_not(V) override { return ++ops, 0; }
    V choose(V, FunctionRef<V()> then, FunctionRef<V()> otherwise) override {
        ++ops;
        then();
        return otherwise();
    }
    V call(const Int&) override { return ++calls, 0; }
    V call(const Bool&) override { return ++calls, 0; }
};

}  // namespace grundy::intpath
